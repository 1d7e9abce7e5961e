import Foundation

extension AppFiles {
    /// The apps read from a path, and the ones in it that could not be read.
    public struct Reading: Sendable {
        /// The apps that could be read.
        public var apps: [AppFiles] = []
        /// Apps found in a folder that could not be read (a damaged `.ipa`, an Info.plist that
        /// does not read): each says which file and why. The others are still audited.
        public var unusable: [AppManifestError] = []

        /// The apps read and those that could not be.
        public init(apps: [AppFiles] = [], unusable: [AppManifestError] = []) {
            self.apps = apps
            self.unusable = unusable
        }
    }

    /// Reads the app or apps at `url`: an `.app` folder (any folder holding an Info.plist and the
    /// executable it names), an `.ipa`, an Info.plist (with `entitlements`, the project's
    /// `.entitlements` file, or else each `.entitlements` file beside it), or a folder holding any of them (each bundle and `.ipa` in it, or else
    /// each Info.plist with each `.entitlements` file beside it). `displayPath` is `url` as the user
    /// wrote it; reported paths start with it.
    ///
    /// Throws when nothing usable is there: no such file, a file that is not a regular file, no app
    /// in a folder, an Info.plist that cannot be read, an archive that is not an app. In a folder,
    /// an app that cannot be read is listed in `unusable` and the others are read.
    ///
    /// An archive is read within `limits` (entries listed, bytes extracted), into a private
    /// temporary folder removed before this returns.
    public static func read(
        at url: URL, displayPath: String, entitlements: URL? = nil, entitlementsDisplayPath: String? = nil,
        limits: ArchiveLimits = ArchiveLimits()
    ) throws(AppManifestError) -> Reading {
        let project = try entitlements.map { (url: URL) throws(AppManifestError) in
            try PropertyListDocument.read(url, as: SourceFile(path: entitlementsDisplayPath ?? url.path))
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw AppManifestError(displayPath, "no such file or folder")
        }
        if isDirectory.boolValue {
            if isBundle(url) {
                let app = try readBundle(url, kind: .app, path: displayPath, project: project) {
                    SourceFile(path: join(displayPath, $0))
                }
                return Reading(apps: [app])
            }
            return try readFolder(url, displayPath: displayPath, project: project, limits: limits)
        }
        try AppBundle.requireRegularFile(url, displayPath: displayPath)
        if url.pathExtension.lowercased() == "ipa" || isZip(url) {
            return Reading(apps: [try readIPA(url, displayPath: displayPath, project: project, limits: limits)])
        }
        // A project's Info.plist: with the entitlements given, or with each `.entitlements` file
        // beside it, as in a folder.
        // The Info.plist keeps the name it was given (an upload is stored under another).
        let folder = (displayPath as NSString).deletingLastPathComponent
        return Reading(
            apps: try readProject(
                url.deletingLastPathComponent(), relative: url.lastPathComponent, displayPath: folder,
                infoPlistDisplayPath: displayPath, project: project)
        )
    }

    /// A bundle as the system tells one: named `.app` (in any case), or holding an Info.plist (at
    /// its root or in `Contents/`) whose `CFBundleExecutable` names a file beside it. A project
    /// folder holds an Info.plist too, but no executable.
    static func isBundle(_ url: URL) -> Bool {
        if url.pathExtension.lowercased() == "app" { return true }
        guard let bundle = try? AppBundle(contentsOf: url), let executable = bundle.executableURL else { return false }
        return AppBundle.isFile(executable)
    }

    /// A folder that is not itself a bundle: the bundles and archives in it (three levels down at
    /// most, never inside a bundle), or else each Info.plist (the folder's own included) with each
    /// `.entitlements` file beside it (a project often has one per configuration).
    private static func readFolder(
        _ url: URL, displayPath: String, project: PropertyListDocument?, limits: ArchiveLimits
    ) throws(AppManifestError) -> Reading {
        var bundles: [String] = []
        var archives: [String] = []
        var plists: [String] = []
        func walk(_ relative: String, depth: Int) {
            let folder = relative.isEmpty ? url : url.appendingPathComponent(relative)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names.sorted() where !name.hasPrefix(".") {
                let child = relative.isEmpty ? name : relative + "/" + name
                let childURL = url.appendingPathComponent(child)
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: childURL.path, isDirectory: &isDirectory) else { continue }
                if isDirectory.boolValue {
                    if isBundle(childURL) {
                        bundles.append(child)
                    } else if depth < 3, !Self.skippedFolders.contains(name) {
                        walk(child, depth: depth + 1)
                    }
                } else if name.lowercased().hasSuffix(".ipa") {
                    archives.append(child)
                } else if name == "Info.plist"
                    || Self.isCordovaInfoPlist(name, in: url.appendingPathComponent(relative))
                {
                    plists.append(child)
                }
            }
        }
        walk("", depth: 0)
        var reading = Reading()
        // One app that cannot be read does not hide the others.
        func attempt(_ read: () throws(AppManifestError) -> [AppFiles]) {
            do { reading.apps += try read() } catch { reading.unusable.append(error) }
        }
        if !bundles.isEmpty || !archives.isEmpty {
            for relative in bundles {
                let display = join(displayPath, relative)
                attempt { () throws(AppManifestError) in
                    [
                        try readBundle(
                            url.appendingPathComponent(relative), kind: .app, path: display, project: project
                        ) {
                            SourceFile(path: join(display, $0))
                        }
                    ]
                }
            }
            for relative in archives {
                attempt { () throws(AppManifestError) in
                    [
                        try readIPA(
                            url.appendingPathComponent(relative), displayPath: join(displayPath, relative),
                            project: project, limits: limits)
                    ]
                }
            }
            return reading
        }
        guard !plists.isEmpty else {
            throw AppManifestError(displayPath, "holds no .app, .ipa or Info.plist (looked three folders deep)")
        }
        for relative in plists {
            attempt { () throws(AppManifestError) in
                try readProject(url, relative: relative, displayPath: displayPath, project: project)
            }
        }
        return reading
    }

    /// A project's Info.plist with the given `.entitlements` file, or with each one beside it
    /// (one app each), or alone.
    private static func readProject(
        _ url: URL, relative: String, displayPath: String, infoPlistDisplayPath: String? = nil,
        project: PropertyListDocument?
    ) throws(AppManifestError) -> [AppFiles] {
        let display = infoPlistDisplayPath ?? join(displayPath, relative)
        let info = try PropertyListDocument.read(url.appendingPathComponent(relative), as: SourceFile(path: display))
        let folder = (relative as NSString).deletingLastPathComponent
        var frameworks = FrameworkFiles.read(in: url.appendingPathComponent(folder)) {
            SourceFile(path: join(displayPath, folder.isEmpty ? $0 : folder + "/" + $0))
        }
        let depth = folder.split(separator: "/").count
        let inProject = { (name: String) in
            SourceFile(
                path: TauriProjectFiles.resolvingParents(join(displayPath, folder.isEmpty ? name : folder + "/" + name))
            )
        }
        frameworks.tauri = TauriProjectFiles.find(
            above: url.appendingPathComponent(folder), insideNamed: depth, source: inProject)
        switch PubspecLock.find(above: url.appendingPathComponent(folder), insideNamed: depth, source: inProject) {
        case .success(let lock)?: frameworks.pubspecLock = lock
        case .failure(let error)?: frameworks.unreadable.append(error)
        case nil: break
        }
        if let project {
            return [
                AppFiles(
                    kind: .project, path: display, infoPlist: info, projectEntitlements: project,
                    frameworkFiles: frameworks)
            ]
        }
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: url.appendingPathComponent(folder).path)) ?? []
        let candidates = names.filter { $0.hasSuffix(".entitlements") }.sorted()
        guard !candidates.isEmpty else {
            return [AppFiles(kind: .project, path: display, infoPlist: info, frameworkFiles: frameworks)]
        }
        var apps: [AppFiles] = []
        for name in candidates {
            let file = folder.isEmpty ? name : folder + "/" + name
            let entitlements = try PropertyListDocument.read(
                url.appendingPathComponent(file), as: SourceFile(path: join(displayPath, file)))
            let path = candidates.count == 1 ? display : "\(display) with \(name)"
            apps.append(
                AppFiles(
                    kind: .project, path: path, infoPlist: info, projectEntitlements: entitlements,
                    frameworkFiles: frameworks))
        }
        return apps
    }

    /// An `.ipa` or a zipped `.app`: only the files an audit reads are extracted, into a private
    /// temporary folder that is removed before this returns. Reported paths name the archive and
    /// the entry.
    private static func readIPA(
        _ url: URL, displayPath: String, project: PropertyListDocument?, limits: ArchiveLimits
    ) throws(AppManifestError) -> AppFiles {
        let archive = try IPAArchive(url: url, limits: limits)
        let folder = try PrivateFolder(prefix: "webfence-ipa")
        defer { folder.remove() }
        let scratch = folder.url
        let bundle = try archive.extractApp(to: scratch)
        let prefix = archive.root + archive.appName
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
        var strings: Set<String> = []
        if let executableURL = bundle.executableURL, let name = bundle.executableName {
            let relative =
                contents + (executableURL.deletingLastPathComponent().lastPathComponent == "MacOS" ? "MacOS/" : "")
                + name
            let source = file(relative)
            if !AppBundle.isFile(executableURL) {
                executable = .missing(source)
            } else {
                do {
                    let bytes = try FileBytes(url: executableURL)
                    executable = .read(source, try MachOExecutable.read(bytes, path: source.description))
                    if ExecutableStrings.executableNames.contains(name) {
                        strings = (try? ExecutableStrings.find(in: bytes)) ?? []
                    }
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
        var frameworks = FrameworkFiles.read(in: bundle.contentsURL) { file(contents + $0) }
        frameworks.executableStrings = strings
        frameworks.embedded = EmbeddedFramework.read(in: bundle.contentsURL) { file(contents + $0) }
        return AppFiles(
            kind: kind, path: path, infoPlist: info, projectEntitlements: project, executable: executable,
            profile: profile, frameworkFiles: frameworks)
    }

    /// Folders a project search never enters: dependencies and build products hold other
    /// projects' Info.plists.
    static let skippedFolders: Set<String> = ["node_modules", "Pods", "build", "DerivedData", "Carthage", ".build"]

    /// A Cordova platform's `App-Info.plist` (`<Name>-Info.plist` in 7.x): a `-Info.plist` with
    /// `config.xml` beside it. Other `-Info.plist` files (`GoogleService-Info.plist`) are not apps.
    static func isCordovaInfoPlist(_ name: String, in folder: URL) -> Bool {
        name.hasSuffix("-Info.plist") && name != "GoogleService-Info.plist"
            && FileManager.default.fileExists(atPath: folder.appendingPathComponent("config.xml").path)
    }

    /// `PK\u{3}\u{4}` (a zip's first local header) or `PK\u{5}\u{6}` (an empty zip).
    private static func isZip(_ url: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 4)) ?? Data()
        return head == Data([0x50, 0x4B, 0x03, 0x04]) || head == Data([0x50, 0x4B, 0x05, 0x06])
    }

    private static func join(_ base: String, _ relative: String) -> String {
        if base.isEmpty { return relative }
        return relative.isEmpty ? base : (base.hasSuffix("/") ? base + relative : base + "/" + relative)
    }
}
