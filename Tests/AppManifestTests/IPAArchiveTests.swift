import AppFixtures
import Foundation
import Testing

@testable import AppManifest

/// Reading `.ipa` archives (issue 6): finding the one app, extracting only what an audit reads,
/// and refusing damaged or hostile archives with an error, never a crash, a hang or a full disk.
@Suite("AppManifest: .ipa archives")
final class IPAArchiveTests {
    let directory: URL

    /// Each test's folder goes with it (Swift Testing makes one instance per test).
    deinit { try? FileManager.default.removeItem(at: directory) }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("ipa-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// Bytes that start as a 64-bit Mach-O file does (`cf fa ed fe`), so that extraction inflates
    /// them whole.
    static let executable = Data([0xCF, 0xFA, 0xED, 0xFE] + (4..<5_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })

    /// An app archive as Xcode exports it: Info.plist, the executable, the profile, and files an
    /// audit does not read.
    static func shop(
        _ format: PropertyListSerialization.PropertyListFormat = .binary, deflated: Bool = true
    ) throws -> (ipa: Data, profile: [UInt8]) {
        let profile = try ProvisioningProfileBuilder().build()
        let ipa = try ZipBuilder.ipa(
            infoPlist: try AppBundleTests.info(format),
            files: [
                ("ShopApp", executable), ("embedded.mobileprovision", Data(profile)),
                ("_CodeSignature/CodeResources", Data("<plist/>".utf8)), ("Assets.car", Data(count: 3_000)),
                ("Frameworks/Web.framework/Web", Data("framework".utf8)), ("en.lproj/Main.strings", Data("a".utf8)),
            ],
            deflated: deflated)
        return (ipa, profile)
    }

    /// The archive's error message; fails the test when it opens and extracts.
    func failure(_ ipa: Data, _ sourceLocation: SourceLocation = #_sourceLocation) -> String {
        do {
            let archive = try IPAArchive(data: ipa)
            _ = try archive.extractApp(to: directory.appendingPathComponent(UUID().uuidString))
            Issue.record("the archive was read and extracted", sourceLocation: sourceLocation)
            return ""
        } catch {
            return error.message
        }
    }

    /// Every file below `url`, relative.
    func files(below url: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: url.path)
        var found: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if !AppBundle.isFile(url.appendingPathComponent(path)) { continue }
            found.append(path)
        }
        return found.sorted()
    }

    @Test(
        "a good .ipa: XML or binary Info.plist, deflated or stored, from a file or memory",
        arguments: [
            (PropertyListSerialization.PropertyListFormat.xml, true), (.xml, false), (.binary, true), (.binary, false),
        ])
    func goodArchive(format: PropertyListSerialization.PropertyListFormat, deflated: Bool) throws {
        let (ipa, profile) = try Self.shop(format, deflated: deflated)
        let file = directory.appendingPathComponent("Shop.ipa")
        try ipa.write(to: file)
        for archive in [try IPAArchive(url: file), try IPAArchive(data: ipa)] {
            #expect(archive.appName == "Shop.app")
            let app = try archive.extractApp(to: directory.appendingPathComponent(UUID().uuidString))
            #expect(app.lastPathComponent == "Shop.app")
            let bundle = try AppBundle(contentsOf: app)
            #expect(bundle.infoPlistFormat == (format == .xml ? .xml : .binary))
            #expect(bundle.executableName == "ShopApp")
            #expect(try Data(contentsOf: app.appendingPathComponent("ShopApp")) == Self.executable)
            let profileURL = try #require(bundle.provisioningProfileURL)
            #expect(try [UInt8](Data(contentsOf: profileURL)) == profile)
            #expect(try ProvisioningProfile(contentsOf: profileURL).name == "Shop Development")
        }
    }

    @Test(
        "a zipped .app (Finder's Compress, ditto --keepParent) is read as an .ipa is; Payload/ wins when both are there"
    )
    func zippedApp() throws {
        let info = try AppBundleTests.info(.binary)
        let zipped = try ZipBuilder.archive([
            .directory("Shop.app/"), .file("Shop.app/Info.plist", info), .file("Shop.app/ShopApp", Self.executable),
            .file("Shop.app/Assets.car", Data(count: 100)),
        ])
        let archive = try IPAArchive(data: zipped)
        #expect(archive.root == "" && archive.appName == "Shop.app")
        let app = try archive.extractApp(to: directory)
        #expect(files(below: directory) == ["Shop.app/Info.plist", "Shop.app/ShopApp"])
        #expect(try AppBundle(contentsOf: app).executableName == "ShopApp")
        let both = try ZipBuilder.archive([
            .file("Other.app/Info.plist", info), .file("Payload/Shop.app/Info.plist", info),
        ])
        let ipa = try IPAArchive(data: both)
        #expect(ipa.root == "Payload/" && ipa.appName == "Shop.app")
    }

    @Test("limits: too many entries refused before listing; extraction stops at its byte budget, leaving nothing")
    func limits() throws {
        let (ipa, _) = try Self.shop()
        let entries = try ZipBuilder.archive(
            (0..<40).map { .file("Payload/Shop.app/\($0).txt", Data("x".utf8)) }
                + [.file("Payload/Shop.app/Info.plist", try AppBundleTests.info(.xml))])
        #expect(throws: AppManifestError.self) {
            try IPAArchive(data: entries, limits: ArchiveLimits(maximumEntries: 40))
        }
        do {
            _ = try IPAArchive(data: entries, limits: ArchiveLimits(maximumEntries: 40))
        } catch {
            #expect(error.message == "41 entries: more than the 40 this reader accepts")
        }
        // The executable alone (5,000 bytes) fits 6,000; Info.plist with it does not.
        let tight = try IPAArchive(data: ipa, limits: ArchiveLimits(maximumExtractedSize: 6_000))
        let target = directory.appendingPathComponent("tight")
        #expect {
            _ = try tight.extractApp(to: target)
        } throws: { error in
            (error as? AppManifestError)?.message.contains("would extract more than the 6000 bytes") == true
        }
        #expect(files(below: target).isEmpty)
        let roomy = try IPAArchive(data: ipa, limits: ArchiveLimits(maximumEntries: 10, maximumExtractedSize: 1 << 20))
        #expect(try AppBundle(contentsOf: try roomy.extractApp(to: directory)).executableName == "ShopApp")
    }

    @Test("a private folder is made with mode 0700 and removed with everything in it")
    func privateFolder() throws {
        let folder = try PrivateFolder(prefix: "webfence-test")
        let mode = try FileManager.default.attributesOfItem(atPath: folder.url.path)[.posixPermissions] as? Int
        #expect(mode == 0o700)
        try Data("x".utf8).write(to: folder.url.appendingPathComponent("upload.ipa"))
        folder.remove()
        #expect(!FileManager.default.fileExists(atPath: folder.url.path))
    }

    @Test("extraction writes Info.plist, the executable and the profile, and nothing else")
    func onlyThreeFiles() throws {
        let target = directory.appendingPathComponent("out")
        let app = try IPAArchive(data: try Self.shop().ipa).extractApp(to: target)
        #expect(
            files(below: target) == ["Shop.app/Info.plist", "Shop.app/ShopApp", "Shop.app/embedded.mobileprovision"])
        #expect(app.path == target.appendingPathComponent("Shop.app").path)
    }

    @Test("a Flutter app: the plugins' Info.plist and flutter_inappwebview_ios's executable are extracted and read")
    func flutterFrameworks() throws {
        func info(_ version: String) throws -> Data {
            try PropertyListSerialization.data(
                fromPropertyList: ["CFBundleShortVersionString": version], format: .xml, options: 0)
        }
        let plugin = Data("\0_bridgeSecret\0javaScriptHandlersOriginAllowList\0".utf8)
        let ipa = try ZipBuilder.ipa(
            infoPlist: try AppBundleTests.info(.xml),
            files: [
                ("ShopApp", Self.executable),
                ("Frameworks/Flutter.framework/Info.plist", try info("1.0")),
                ("Frameworks/Flutter.framework/Flutter", Data("engine".utf8)),
                ("Frameworks/flutter_inappwebview_ios.framework/Info.plist", try info("0.0.1")),
                ("Frameworks/flutter_inappwebview_ios.framework/flutter_inappwebview_ios", plugin),
                ("Frameworks/webview_flutter_wkwebview.framework/Info.plist", try info("3.26.0")),
                ("Frameworks/Other.framework/Info.plist", try info("2.0")),
            ])
        let app = try IPAArchive(data: ipa).extractApp(to: directory)
        #expect(
            files(below: directory) == [
                "Shop.app/Frameworks/Flutter.framework/Info.plist",
                "Shop.app/Frameworks/flutter_inappwebview_ios.framework/Info.plist",
                "Shop.app/Frameworks/flutter_inappwebview_ios.framework/flutter_inappwebview_ios",
                "Shop.app/Frameworks/webview_flutter_wkwebview.framework/Info.plist",
                "Shop.app/Info.plist", "Shop.app/ShopApp",
            ])
        let embedded = EmbeddedFramework.read(in: app) { SourceFile(path: $0) }
        #expect(embedded.map(\.name) == ["Flutter", "flutter_inappwebview_ios", "webview_flutter_wkwebview"])
        #expect(embedded.map(\.version) == ["1.0", "0.0.1", "3.26.0"])
        #expect(embedded[1].markers == ["_bridgeSecret", "javaScriptHandlersOriginAllowList"])
        #expect(embedded[1].source.path == "Frameworks/flutter_inappwebview_ios.framework")
        // A framework whose executable is not searched has no markers read; the engine's is not.
        #expect(embedded[0].markers == nil && embedded[2].markers == nil)
    }

    @Test("no profile and no executable in the archive: Info.plist alone is extracted")
    func infoPlistOnly() throws {
        let ipa = try ZipBuilder.ipa(infoPlist: try AppBundleTests.info(.xml))
        let app = try IPAArchive(data: ipa).extractApp(to: directory)
        #expect(files(below: directory) == ["Shop.app/Info.plist"])
        #expect(try AppBundle(contentsOf: app).provisioningProfileURL == nil)
    }

    @Test("an archive without one app is refused: no Payload, two apps, no Info.plist, a link for the app")
    func notOneApp() throws {
        let info = try AppBundleTests.info(.xml)
        let noPayload = try ZipBuilder.archive([.file("Build/Shop.app/Info.plist", info)])
        #expect(failure(noPayload).contains("no Payload/<Name>.app/ folder and no <Name>.app/ at the top"))
        let twoApps = try ZipBuilder.archive([
            .file("Payload/A.app/Info.plist", info), .file("Payload/B.app/Info.plist", info),
        ])
        #expect(failure(twoApps).contains("2 apps in Payload/ (A.app, B.app)"))
        let twoZippedApps = try ZipBuilder.archive([.file("A.app/Info.plist", info), .file("B.app/Info.plist", info)])
        #expect(failure(twoZippedApps).contains("2 apps at the top of the archive (A.app, B.app)"))
        let noInfo = try ZipBuilder.archive([.file("Payload/Shop.app/ShopApp", Self.executable)])
        #expect(failure(noInfo).contains("Payload/Shop.app/ has no Info.plist"))
        let linkedApp = try ZipBuilder.archive([
            .symbolicLink("Payload/Shop.app", to: "/"), .file("Payload/Shop.app/Info.plist", info),
        ])
        #expect(failure(linkedApp).contains("Payload/Shop.app is a symbolic link"))
        let twice = try ZipBuilder.archive([
            .file("Payload/Shop.app/Info.plist", info), .file("Payload/Shop.app/Info.plist", info),
        ])
        #expect(failure(twice).contains("appears 2 times"))
    }

    @Test(
        "a CFBundleExecutable that is no plain file name is refused and nothing is left behind",
        arguments: [
            "../../evil", "../ShopApp", "a/b", "..", ".", "", "x\\y",
        ])
    func executableEscape(name: String) throws {
        let info = try PropertyListSerialization.data(
            fromPropertyList: ["CFBundleExecutable": name], format: .xml, options: 0)
        var entries: [ZipBuilder.Entry] = [
            .file("Payload/Shop.app/Info.plist", info), .file("Payload/evil", Data("x".utf8)),
        ]
        // An entry at the name too (a file entry `Payload/Shop.app/` would make the app a file).
        if !name.isEmpty { entries.append(.file("Payload/Shop.app/\(name)", Data("x".utf8))) }
        let ipa = try ZipBuilder.archive(entries)
        #expect(failure(ipa).contains("is not a plain file name"))
        #expect(files(below: directory).isEmpty)
    }

    @Test("a CFBundleExecutable naming Info.plist does not overwrite it")
    func executableNamedInfoPlist() throws {
        let info = try PropertyListSerialization.data(
            fromPropertyList: ["CFBundleExecutable": "Info.plist"], format: .xml, options: 0)
        #expect(failure(try ZipBuilder.ipa(infoPlist: info)).contains("cannot create"))
        #expect(files(below: directory).isEmpty)
    }

    @Test("an .ipa reached through a symbolic link opens")
    func linkedArchive() throws {
        let file = directory.appendingPathComponent("Shop.ipa")
        try Self.shop().ipa.write(to: file)
        let link = directory.appendingPathComponent("link.ipa")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file)
        #expect(try IPAArchive(url: link).appName == "Shop.app")
    }

    @Test("a CFBundleExecutable that is no string is refused")
    func executableNotString() throws {
        let info = try PropertyListSerialization.data(
            fromPropertyList: ["CFBundleExecutable": 3], format: .xml, options: 0)
        #expect(failure(try ZipBuilder.ipa(infoPlist: info)).contains("CFBundleExecutable is a number"))
    }

    @Test(
        "symbolic-link entries for the files an audit reads are refused",
        arguments: [
            "Info.plist", "ShopApp", "embedded.mobileprovision",
        ])
    func symbolicLinks(name: String) throws {
        var entries: [ZipBuilder.Entry] = [
            .file("Payload/Shop.app/Info.plist", try AppBundleTests.info(.xml)),
            .file("Payload/Shop.app/ShopApp", Self.executable),
            .file("Payload/Shop.app/embedded.mobileprovision", Data("p".utf8)),
        ]
        entries.removeAll { $0.path.hasSuffix("/\(name)") }
        entries.append(.symbolicLink("Payload/Shop.app/\(name)", to: "/etc/passwd"))
        #expect(failure(try ZipBuilder.archive(entries)).contains("\(name) is a symbolic link: refused"))
        #expect(files(below: directory).isEmpty)
    }

    @Test("a folder where a file should be is refused")
    func folderForFile() throws {
        let ipa = try ZipBuilder.archive([.directory("Payload/Shop.app/Info.plist/")])
        #expect(failure(ipa).contains("Info.plist is a folder"))
    }

    @Test("an entry over its cap is refused from its declared size, unread")
    func declaredOverCap() throws {
        let zeros = Data(count: AppBundle.maximumInfoPlistSize + 1)
        let ipa = try ZipBuilder.ipa(infoPlist: zeros)
        #expect(ipa.count < 100_000)
        #expect(failure(ipa).contains("declares 8388609 bytes: larger than any real one"))

        let bigProfile = try ZipBuilder.ipa(
            infoPlist: try AppBundleTests.info(.xml),
            files: [("embedded.mobileprovision", Data(count: ProvisioningProfile.maximumSize + 1))])
        #expect(failure(bigProfile).contains("limit \(ProvisioningProfile.maximumSize)"))
        #expect(files(below: directory).isEmpty)
    }

    @Test("a deflated entry whose declared size lies stops at the declared size (a zip bomb fills nothing)")
    func lyingSizeBomb() throws {
        let bomb = try ZipBuilder.ipa(infoPlist: Data(count: 64 * 1_048_576))
        let lying = try ZipBuilder.lying(bomb, about: "Payload/Shop.app/Info.plist", .uncompressedSize(1_000))
        #expect(failure(lying).contains("inflates past the 1000 bytes its directory entry declares"))
        #expect(files(below: directory).isEmpty)

        let short = try ZipBuilder.lying(
            try ZipBuilder.ipa(infoPlist: try AppBundleTests.info(.xml)), about: "Payload/Shop.app/Info.plist",
            .uncompressedSize(100_000))
        #expect(failure(short).contains("where its directory entry declares 100000: damaged"))
    }

    @Test("a CRC-32 mismatch is an error, stored or deflated", arguments: [true, false])
    func crcMismatch(deflated: Bool) throws {
        let ipa = try ZipBuilder.ipa(infoPlist: try AppBundleTests.info(.xml), deflated: deflated)
        let lying = try ZipBuilder.lying(ipa, about: "Payload/Shop.app/Info.plist", .crc32(0x1234_5678))
        #expect(failure(lying).contains("CRC-32"))
    }

    @Test("a deflate stream that does not end inside its entry is an error, not a hang")
    func unendingDeflate() throws {
        // A non-final stored block announcing 65,535 bytes, with 20 present: ZIPFoundation's own
        // reader would read to the end of the file and then loop for ever.
        let stream = Data([0x00, 0xFF, 0xFF, 0x00, 0x00] + Array(repeating: 0x41, count: 20))
        let ipa = try ZipBuilder.ipa(infoPlist: stream, deflated: false)
        let lying = try ZipBuilder.lying(ipa, about: "Payload/Shop.app/Info.plist", .compressionMethod(8))
        #expect(failure(lying).contains("deflate stream does not end within its 25 bytes"))
    }

    @Test("damaged deflate data and unknown compression methods are errors")
    func damagedDeflate() throws {
        let ipa = try ZipBuilder.ipa(infoPlist: Data([0xFF, 0xFF, 0xFF, 0xFF]), deflated: false)
        let invalid = try ZipBuilder.lying(ipa, about: "Payload/Shop.app/Info.plist", .compressionMethod(8))
        #expect(failure(invalid).contains("damaged deflate data"))
        let bzip2 = try ZipBuilder.lying(ipa, about: "Payload/Shop.app/Info.plist", .compressionMethod(12))
        #expect(failure(bzip2).contains("compression method 12"))
    }

    @Test("a central directory that lies is refused before ZIPFoundation reads it")
    func lyingDirectory() throws {
        let ipa = try Self.shop().ipa
        let info = "Payload/Shop.app/Info.plist"
        let lies: [(ZipBuilder.Lie, String)] = [
            (.localHeaderOffset(7), "no local header at offset 7"),
            (.localHeaderOffset(UInt32(ipa.count + 1_000)), "is not before the central directory"),
            (.localHeaderOffset(0), "names another file"),
            (.entryCount(200), "the end record counts more entries than the directory holds"),
            (.directoryOffset(3), "missing"),
            (.directoryOffset(0xFFFF_FF00), "does not lie before the end record"),
            (.flags(1), "is encrypted: not supported"),
            (.uncompressedSize(0xFFFF_FFFF), "uses ZIP64 fields"),
        ]
        for (lie, expected) in lies {
            let message = failure(try ZipBuilder.lying(ipa, about: info, lie))
            #expect(message.contains(expected), "\(lie): \(message)")
        }
    }

    @Test("an archive cut short at any length is an error or a smaller good archive, never a crash")
    func truncatedEverywhere() throws {
        let ipa = try ZipBuilder.ipa(infoPlist: try AppBundleTests.info(.binary), files: [("ShopApp", Self.executable)])
        for length in 0..<ipa.count {
            let message = failure(ZipBuilder.truncated(ipa, at: length))
            #expect(!message.isEmpty, "cut at \(length)")
        }
        let file = directory.appendingPathComponent("cut.ipa")
        try ZipBuilder.truncated(ipa, at: ipa.count / 2).write(to: file)
        #expect(throws: AppManifestError.self) { try IPAArchive(url: file) }
    }

    @Test(
        "files that are no zip are errors",
        arguments: [
            Data(), Data("PK".utf8), Data("<?xml version=\"1.0\"?><plist/>".utf8), Data(count: 100_000),
            Data([0x50, 0x4B, 0x05, 0x06] + Array(repeating: 0, count: 18)),
        ])
    func notZip(data: Data) {
        #expect(throws: AppManifestError.self) { try IPAArchive(data: data) }
    }

    @Test("an empty zip archive has no app")
    func emptyZip() {
        #expect(failure(Data([0x50, 0x4B, 0x05, 0x06] + Array(repeating: 0, count: 18))).contains("no Payload"))
    }

    @Test("a 1 GB file of zeros is refused for its last 64 KiB, where no end-of-central-directory record is")
    func gigabyteOfZeros() throws {
        let file = directory.appendingPathComponent("zeros.ipa")
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        do {
            _ = try IPAArchive(url: file)
            Issue.record("1 GB of zeros opened as an archive")
        } catch {
            #expect(error.message.contains("no end-of-central-directory record"))
        }
    }

    @Test("paths that are no archive: missing, a folder")
    func notAFile() {
        #expect(throws: AppManifestError.self) { try IPAArchive(url: directory.appendingPathComponent("missing.ipa")) }
        #expect(throws: AppManifestError.self) { try IPAArchive(url: directory) }
    }

    @Test("an existing app folder at the target is not written into")
    func existingTarget() throws {
        let archive = try IPAArchive(data: try Self.shop().ipa)
        let existing = directory.appendingPathComponent("Shop.app")
        try FileManager.default.createSymbolicLink(at: existing, withDestinationURL: URL(fileURLWithPath: "/tmp"))
        #expect(throws: AppManifestError.self) { try archive.extractApp(to: directory) }
        try FileManager.default.removeItem(at: existing)
        _ = try archive.extractApp(to: directory)
        #expect(throws: AppManifestError.self) { try archive.extractApp(to: directory) }
    }

    @Test("an executable that does not start as Mach-O is not inflated: only its first bytes are written")
    func notMachO() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ipa-not-macho-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let info = try PropertyListSerialization.data(
            fromPropertyList: ["CFBundleExecutable": "Shop"], format: .xml, options: 0)
        let zeros = Data(count: 8 * 1_048_576)
        let archive = try IPAArchive(
            data: ZipBuilder.ipa(infoPlist: info, files: [("Shop", Data("#!/bin/sh\n".utf8) + zeros)]))
        let app = try archive.extractApp(to: directory)
        #expect(try Data(contentsOf: app.appendingPathComponent("Shop")) == Data("#!/b".utf8))
    }

}
