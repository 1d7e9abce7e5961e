import Foundation

/// The files that say which hybrid framework an app is built on and how it is configured, as found
/// in a project folder (beside the app's Info.plist) or at the root of a built `.app`:
/// `capacitor.config.json`, Cordova's `config.xml`, and `webfence-framework.json` (the props of a
/// framework configured in code: react-native-webview, Hotwire Native). Read as bytes, capped;
/// what they mean is `HybridFrameworks`' and `Audit`'s to say.
public struct FrameworkFiles: Sendable, Hashable {
    /// One configuration file.
    public struct File: Sendable, Hashable {
        /// Its name (`capacitor.config.json`).
        public let name: String
        /// Where it was read, for reports.
        public let source: SourceFile
        /// Its bytes.
        public let bytes: [UInt8]
    }

    /// The names looked for, in this order.
    public static let names = [
        "capacitor.config.json", "config.xml", "webfence-framework.json",
        // PWABuilder's shell: its settings and the two files whose code the audit checks.
        "Settings.swift", "WebView.swift", "SceneDelegate.swift",
    ]
    /// A framework's resource bundle at a `.app`'s root: its presence names the framework.
    public static let markerBundles = ["HotwireNative_HotwireNative.bundle"]
    /// The largest configuration file read.
    public static let maximumSize = 4 << 20

    /// The files found.
    public let files: [File]
    /// The marker bundles found (as files without bytes).
    public let markers: [File]
    /// Files that were there but could not be read (too large, not a regular file), with why.
    public internal(set) var unreadable: [AppManifestError]
    /// The `ExecutableStrings.markers` the main executable holds (empty for a project).
    public internal(set) var executableStrings: Set<String> = []
    /// The Flutter frameworks a built app carries (`EmbeddedFramework.known`), in name order.
    public internal(set) var embedded: [EmbeddedFramework] = []
    /// The Tauri project an iOS project's Info.plist was generated for (nil for a built app).
    public internal(set) var tauri: TauriProjectFiles?
    /// The `pubspec.lock` of the Flutter project an iOS project's Info.plist belongs to (nil for a
    /// built app).
    public internal(set) var pubspecLock: PubspecLock?

    /// No file.
    public static let none = FrameworkFiles(files: [], markers: [], unreadable: [])

    /// Files found, marker bundles, files that could not be read, and the executable's strings.
    public init(
        files: [File], markers: [File], unreadable: [AppManifestError], executableStrings: Set<String> = [],
        embedded: [EmbeddedFramework] = []
    ) {
        self.files = files
        self.markers = markers
        self.unreadable = unreadable
        self.executableStrings = executableStrings
        self.embedded = embedded
    }

    /// The file named `name`, if found.
    public func file(_ name: String) -> File? { files.first { $0.name == name } }

    /// The names of the files that configure a framework by themselves (what `framework lint` takes).
    public static let configurationNames = [
        "capacitor.config.json", "config.xml", "webfence-framework.json", "Settings.swift",
    ]

    /// The configuration file at `url` alone (for `Settings.swift`, with the shell's `WebView.swift`
    /// and `SceneDelegate.swift` beside it, whose code the checks read), named for reports by
    /// `displayPath`. Throws when the file's name is not one of ``configurationNames`` or it cannot
    /// be read.
    public static func read(configuration url: URL, displayPath: String) throws(AppManifestError) -> FrameworkFiles {
        let name = url.lastPathComponent
        guard configurationNames.contains(name) else {
            throw AppManifestError(
                displayPath,
                "not a framework configuration WebFence reads by name: capacitor.config.json, config.xml, Settings.swift or webfence-framework.json"
            )
        }
        try AppBundle.requireRegularFile(url, displayPath: displayPath)
        let folder = (displayPath as NSString).deletingLastPathComponent
        let all = read(in: url.deletingLastPathComponent()) {
            SourceFile(path: folder.isEmpty ? $0 : (folder as NSString).appendingPathComponent($0))
        }
        let wanted = name == "Settings.swift" ? ["Settings.swift", "WebView.swift", "SceneDelegate.swift"] : [name]
        if let failure = all.unreadable.first(where: { $0.path.hasSuffix(name) }) { throw failure }
        return FrameworkFiles(
            files: all.files.filter { wanted.contains($0.name) }, markers: [],
            unreadable: all.unreadable.filter { error in wanted.contains { error.path.hasSuffix($0) } })
    }

    /// The bytes of the regular file at `url`, at most `maximumSize`; `displayPath` names it in errors.
    static func bytes(of url: URL, displayPath: String) throws(AppManifestError) -> [UInt8] {
        try AppBundle.requireRegularFile(url, displayPath: displayPath)
        let reader = try FileBytes(url: url)
        guard reader.size <= maximumSize else {
            throw AppManifestError(displayPath, "\(reader.size) bytes: larger than \(maximumSize)")
        }
        return try reader.bytes(at: 0, count: reader.size)
    }

    /// Reads the files in `folder`; `source` names a file for reports.
    static func read(in folder: URL, source: (String) -> SourceFile) -> FrameworkFiles {
        var files: [File] = []
        var unreadable: [AppManifestError] = []
        for name in names {
            let url = folder.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            let file = source(name)
            do throws(AppManifestError) {
                files.append(File(name: name, source: file, bytes: try bytes(of: url, displayPath: file.description)))
            } catch {
                unreadable.append(error)
            }
        }
        let markers = markerBundles.filter {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path)
        }
        .map { File(name: $0, source: source($0), bytes: []) }
        return FrameworkFiles(files: files, markers: markers, unreadable: unreadable)
    }
}
