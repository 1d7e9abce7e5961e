import Foundation

extension AppFiles {
    /// Reads the app or apps at `url`: an `.app` folder, an `.ipa`, an Info.plist (with
    /// `entitlements`, the project's `.entitlements` file), or a folder holding any of them (each
    /// `.app` and `.ipa` in it, or else each Info.plist with the `.entitlements` file beside it).
    /// `displayPath` is `url` as the user wrote it; reported paths start with it.
    ///
    /// Throws when nothing usable is there: no such file, no app in a folder, an Info.plist that
    /// cannot be read, an archive that is not an app.
    public static func read(
        at url: URL, displayPath: String, entitlements: URL? = nil, entitlementsDisplayPath: String? = nil
    ) throws(AppManifestError) -> [AppFiles] {
        let project = try entitlements.map { (url: URL) throws(AppManifestError) in
            try PropertyListDocument.read(url, as: SourceFile(path: entitlementsDisplayPath ?? url.path))
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw AppManifestError(displayPath, "no such file or folder")
        }
        if isDirectory.boolValue {
            // A bundle by its name, as Finder and the system tell one: a project folder holds an
            // Info.plist too.
            if url.pathExtension == "app" {
                return [try readBundle(url, kind: .app, path: displayPath, project: project) { SourceFile(path: join(displayPath, $0)) }]
            }
            return try readFolder(url, displayPath: displayPath, project: project)
        }
        if url.pathExtension.lowercased() == "ipa" || isZip(url) {
            return [try readIPA(url, displayPath: displayPath, project: project)]
        }
        let info = try PropertyListDocument.read(url, as: SourceFile(path: displayPath))
        return [AppFiles(kind: .project, path: displayPath, infoPlist: info, projectEntitlements: project)]
    }

    /// A folder that is not itself a bundle: the apps and archives in it (two levels down at most,
    /// never inside a bundle), or else each Info.plist (the folder's own included) with the one
    /// `.entitlements` file beside it.
    private static func readFolder(
        _ url: URL, displayPath: String, project: PropertyListDocument?
    ) throws(AppManifestError) -> [AppFiles] {
        var bundles: [String] = []
        var archives: [String] = []
        var plists: [String] = []
        func walk(_ relative: String, depth: Int) {
            let folder = relative.isEmpty ? url : url.appendingPathComponent(relative)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names.sorted() where !name.hasPrefix(".") {
                let child = relative.isEmpty ? name : relative + "/" + name
                var isDirectory: ObjCBool = false
                FileManager.default.fileExists(atPath: url.appendingPathComponent(child).path, isDirectory: &isDirectory)
                if isDirectory.boolValue {
                    if name.hasSuffix(".app") {
                        bundles.append(child)
                    } else if depth < 2 {
                        walk(child, depth: depth + 1)
                    }
                } else if name.lowercased().hasSuffix(".ipa") {
                    archives.append(child)
                } else if name == "Info.plist" {
                    plists.append(child)
                }
            }
        }
        walk("", depth: 0)
        if !bundles.isEmpty || !archives.isEmpty {
            var apps: [AppFiles] = []
            for relative in bundles {
                let display = join(displayPath, relative)
                apps.append(try readBundle(url.appendingPathComponent(relative), kind: .app, path: display, project: project) {
                    SourceFile(path: join(display, $0))
                })
            }
            for relative in archives {
                apps.append(try readIPA(url.appendingPathComponent(relative), displayPath: join(displayPath, relative), project: project))
            }
            return apps
        }
        guard !plists.isEmpty else {
            throw AppManifestError(displayPath, "holds no .app, .ipa or Info.plist (looked two folders deep)")
        }
        var apps: [AppFiles] = []
        for relative in plists {
            let display = join(displayPath, relative)
            let info = try PropertyListDocument.read(url.appendingPathComponent(relative), as: SourceFile(path: display))
            var entitlements = project
            if entitlements == nil {
                let folder = (relative as NSString).deletingLastPathComponent
                let names = (try? FileManager.default.contentsOfDirectory(atPath: url.appendingPathComponent(folder).path)) ?? []
                let candidates = names.filter { $0.hasSuffix(".entitlements") }.sorted()
                if candidates.count > 1 {
                    throw AppManifestError(
                        join(displayPath, folder),
                        "holds \(candidates.count) .entitlements files (\(candidates.joined(separator: ", "))): name one with --entitlements")
                }
                if let name = candidates.first {
                    let file = folder.isEmpty ? name : folder + "/" + name
                    entitlements = try PropertyListDocument.read(
                        url.appendingPathComponent(file), as: SourceFile(path: join(displayPath, file)))
                }
            }
            apps.append(AppFiles(kind: .project, path: display, infoPlist: info, projectEntitlements: entitlements))
        }
        return apps
    }

    /// An `.ipa`: only the three files an audit reads are extracted, into a temporary folder that
    /// is removed before this returns. Reported paths name the archive and the entry.
    private static func readIPA(
        _ url: URL, displayPath: String, project: PropertyListDocument?
    ) throws(AppManifestError) -> AppFiles {
        let archive = try IPAArchive(url: url)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("webfence-ipa-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        do { try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true) } catch {
            throw AppManifestError(scratch.path, "cannot create a temporary folder: \(error.localizedDescription)")
        }
        let bundle = try archive.extractApp(to: scratch)
        let prefix = "Payload/\(archive.appName)"
        return try readBundle(bundle, kind: .ipa, path: displayPath, project: project) {
            SourceFile(path: displayPath, member: prefix + "/" + $0)
        }
    }

    /// An `.app` folder on disk; `file` names a path relative to the bundle for reports.
    private static func readBundle(
        _ url: URL, kind: Kind, path: String, project: PropertyListDocument?, file: (String) -> SourceFile
    ) throws(AppManifestError) -> AppFiles {
        let bundle = try AppBundle(contentsOf: url, displayPath: path)
        let contents = bundle.contentsURL.path == url.path ? "" : "Contents/"
        let info = PropertyListDocument(
            file: file(contents + "Info.plist"), members: bundle.infoPlist, format: bundle.infoPlistFormat)
        let executable: Executable
        if let executableURL = bundle.executableURL, let name = bundle.executableName {
            let relative = contents + (executableURL.deletingLastPathComponent().lastPathComponent == "MacOS" ? "MacOS/" : "") + name
            let source = file(relative)
            if !AppBundle.isFile(executableURL) {
                executable = .missing(source)
            } else {
                do {
                    let bytes = try FileBytes(url: executableURL)
                    executable = .read(source, try MachOExecutable.read(bytes, path: source.description))
                } catch {
                    executable = .unreadable(source, error.message)
                }
            }
        } else {
            executable = .notNamed
        }
        var profile: Profile?
        if let profileURL = bundle.provisioningProfileURL {
            let source = file(contents + profileURL.lastPathComponent)
            do { profile = .read(source, try ProvisioningProfile(contentsOf: profileURL)) } catch {
                profile = .unreadable(source, error.message)
            }
        }
        return AppFiles(
            kind: kind, path: path, infoPlist: info, projectEntitlements: project, executable: executable, profile: profile)
    }

    /// `PK\u{3}\u{4}` (a zip's first local header) or `PK\u{5}\u{6}` (an empty zip).
    private static func isZip(_ url: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 4)) ?? Data()
        return head == Data([0x50, 0x4B, 0x03, 0x04]) || head == Data([0x50, 0x4B, 0x05, 0x06])
    }

    private static func join(_ base: String, _ relative: String) -> String {
        relative.isEmpty ? base : (base.hasSuffix("/") ? base + relative : base + "/" + relative)
    }
}
