// Fuzz target `zip`: `.ipa` archives and provisioning profiles (Sources/AppManifest) — the zip
// directory checks in front of ZIPFoundation, bounded extraction, and the CMS reader and signature
// check of `embedded.mobileprovision`.
//
// Input: the raw bytes, given whole to both readers (no selector byte, so that any .ipa or
// .mobileprovision file is a seed as it is):
//   - `IPAArchive(data:)`; when it opens, `extractApp(to:)` into a fresh temporary folder, removed
//     afterwards;
//   - `ProvisioningProfile(der:)`.
//
// Checks: no crash, no hang (a deflate stream that runs past its entry must end in an error, where
// ZIPFoundation's own reader loops for ever), no out-of-bounds read (ASan); and
//   - opening is deterministic: the same bytes open again to the same app name, or fail with the
//     same message; an app name ends in `.app` and holds no `/`;
//   - an extraction that succeeds writes only `<Name>.app/Info.plist`, `<Name>.app/embedded.mobileprovision`
//     and at most one other file directly in `<Name>.app` (the executable), each within its cap; an
//     extraction that fails leaves no file behind;
//   - an extracted profile reads from its file exactly as its bytes read with `init(der:)`;
//   - a profile that reads reads again to the same content and the same signature verdict, and its
//     accessors (name, team, entitlements, dates, devices) answer without trapping.

import Foundation

@testable import AppManifest

/// FUZZ_VERBOSE=1: say on stderr what became of each input.
let verbose = getenv("FUZZ_VERBOSE").map { String(cString: $0) == "1" } ?? false
func note(_ message: @autoclosure () -> String) { if verbose { fputs(message() + "\n", stderr) } }

/// One folder per process for the extractions; each input gets a fresh folder inside it.
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("webfence-fuzz-zip-\(getpid())")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzZip(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    Fuzz.currentInput = bytes
    checkArchive(Data(bytes))
    checkProfile(bytes)
    return 0
}

// MARK: - Archives

func checkArchive(_ data: Data) {
    let archive: IPAArchive
    do {
        archive = try IPAArchive(data: data)
    } catch {
        note("archive refused: \(error)")
        do {
            _ = try IPAArchive(data: data)
            Fuzz.fail("opening is deterministic", "refused once (\(error)), then opened")
        } catch let again {
            Fuzz.check(again == error, "opening is deterministic", "first: \(error)\nagain: \(again)")
        }
        return
    }
    Fuzz.check(
        archive.appName.hasSuffix(".app") && !archive.appName.contains("/"), "an app name is a plain .app name",
        "app name: \(archive.appName.debugDescription)")
    Fuzz.check(
        (try? IPAArchive(data: data))?.appName == archive.appName, "opening is deterministic",
        "app name: \(archive.appName.debugDescription)")

    let folder = scratch.appendingPathComponent(UUID().uuidString)
    defer { try? FileManager.default.removeItem(at: folder) }
    do {
        let app = try archive.extractApp(to: folder)
        note("extracted \(app.lastPathComponent)")
        checkExtraction(folder, app: archive.appName)
    } catch {
        note("extraction refused: \(error)")
        Fuzz.check(
            files(below: folder).isEmpty, "a failed extraction leaves nothing",
            "files: \(files(below: folder))\nerror: \(error)")
    }
}

func checkExtraction(_ folder: URL, app: String) {
    let found = files(below: folder)
    let known = ["\(app)/Info.plist", "\(app)/embedded.mobileprovision"]
    let others = found.filter { !known.contains($0) }
    Fuzz.check(found.contains("\(app)/Info.plist"), "an extraction writes Info.plist", "files: \(found)")
    Fuzz.check(
        others.count <= 1
            && others.allSatisfy { $0.hasPrefix("\(app)/") && !$0.dropFirst(app.count + 1).contains("/") },
        "an extraction writes only Info.plist, the profile and the executable", "files: \(found)")
    let limits = [
        "\(app)/Info.plist": AppBundle.maximumInfoPlistSize,
        "\(app)/embedded.mobileprovision": ProvisioningProfile.maximumSize,
    ]
    for path in found {
        let attributes = try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(path).path)
        let size = attributes?[.size] as? Int ?? -1
        Fuzz.check(
            size >= 0 && size <= limits[path, default: IPAArchive.maximumExecutableSize],
            "each extracted file is within its cap", "\(path): \(size) bytes")
    }
    let profileURL = folder.appendingPathComponent("\(app)/embedded.mobileprovision")
    if let bytes = FileManager.default.contents(atPath: profileURL.path) {
        let fromFile = Result { () throws(AppManifestError) in try ProvisioningProfile(contentsOf: profileURL) }
        let fromBytes = Result { () throws(AppManifestError) in try ProvisioningProfile(der: [UInt8](bytes)) }
        switch (fromFile, fromBytes) {
        case (.success(let a), .success(let b)):
            Fuzz.check(
                a.content == b.content && a.signature == b.signature, "a profile reads the same from its file", "")
        case (.failure, .failure): break
        default: Fuzz.fail("a profile reads the same from its file", "file: \(fromFile)\nbytes: \(fromBytes)")
        }
    }
}

/// Every regular file below `url`, relative to it, sorted.
func files(below url: URL) -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: url.path) else { return [] }
    var found: [String] = []
    while let path = enumerator.nextObject() as? String {
        if AppBundle.isFile(url.appendingPathComponent(path)) { found.append(path) }
    }
    return found.sorted()
}

// MARK: - Profiles

func checkProfile(_ bytes: [UInt8]) {
    let profile: ProvisioningProfile
    do {
        profile = try ProvisioningProfile(der: bytes)
    } catch {
        note("profile refused: \(error)")
        return
    }
    note("profile read: \(profile.signature)")
    guard let again = try? ProvisioningProfile(der: bytes) else {
        Fuzz.fail("reading a profile is deterministic", "read once, then refused")
    }
    Fuzz.check(
        again.content == profile.content && again.signature == profile.signature, "reading a profile is deterministic",
        "first: \(profile.signature)\nagain: \(again.signature)")
    if case .invalid(let reason) = profile.signature {
        Fuzz.check(!reason.isEmpty, "an invalid signature says why", "")
    }
    _ = (profile.name, profile.appIDName, profile.teamName, profile.uuid, profile.teamIdentifiers, profile.entitlements)
    _ = (profile.expirationDate, profile.creationDate, profile.provisionedDeviceCount, profile.provisionsAllDevices)
}
