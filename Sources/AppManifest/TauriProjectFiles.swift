import Foundation

/// A Tauri project's files, found above an iOS project's Info.plist (Tauri generates it in
/// `src-tauri/gen/apple/<app>_iOS/`, decision D121): `tauri.conf.json`, `capabilities/**/*.json`,
/// `build.rs` and `Cargo.lock` (in `src-tauri/` or the workspace above). Read as bytes here; a
/// TOML capability file is turned into JSON and the whole understood by `TauriProject` in the
/// `TauriProjects` module.
public struct TauriProjectFiles: Sendable, Hashable {
    /// `tauri.conf.json`.
    public let configuration: FrameworkFiles.File
    /// The capability files (`.json` and `.toml`), in path order, each named by its path from
    /// `src-tauri/` (`capabilities/default.json`).
    public let capabilities: [FrameworkFiles.File]
    /// Capability files that are there but could not be read (over `FrameworkFiles.maximumSize`, not
    /// a regular file), with why: a capability left out could have held a deny.
    public let unreadable: [AppManifestError]
    /// `Cargo.lock`'s text, when there is one.
    public let lockFile: String?
    /// `build.rs`'s text, when there is one.
    public let buildScript: String?

    /// How many folders above an Info.plist `tauri.conf.json` is looked for: `gen/apple/<app>_iOS/`
    /// is three below `src-tauri/`.
    static let levelsAbove = 3
    /// The most capability files read.
    static let maximumCapabilities = 200

    /// The project whose `tauri.conf.json` is in `folder` or up to `levels` folders above it (at most
    /// `levelsAbove`: never above the folder the user named, so that nothing outside it is read);
    /// `source` names a file by its path relative to `folder` (`../../../tauri.conf.json`).
    public static func find(above folder: URL, levels: Int, source: (String) -> SourceFile) -> TauriProjectFiles? {
        var root = folder
        var relative = ""
        for level in 0...max(0, min(levels, levelsAbove)) {
            if level > 0 {
                root = root.deletingLastPathComponent()
                relative += "../"
            }
            let configuration = root.appendingPathComponent("tauri.conf.json")
            guard AppBundle.isFile(configuration), let bytes = Self.bytes(configuration) else { continue }
            let (capabilities, unreadable) = capabilities(in: root, relative: relative, source: source)
            return TauriProjectFiles(
                configuration: FrameworkFiles.File(
                    name: "tauri.conf.json", source: source(relative + "tauri.conf.json"), bytes: bytes),
                capabilities: capabilities, unreadable: unreadable,
                lockFile: text(root.appendingPathComponent("Cargo.lock"))
                    ?? text(root.deletingLastPathComponent().appendingPathComponent("Cargo.lock")),
                buildScript: text(root.appendingPathComponent("build.rs")))
        }
        return nil
    }

    private static func capabilities(in root: URL, relative: String, source: (String) -> SourceFile)
        -> ([FrameworkFiles.File], [AppManifestError])
    {
        let folder = root.appendingPathComponent("capabilities")
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return ([], []) }
        var paths: [String] = []
        while let path = walker.nextObject() as? String, paths.count <= maximumCapabilities {
            if path.hasSuffix(".json") || path.hasSuffix(".toml") { paths.append(path) }
        }
        var files: [FrameworkFiles.File] = []
        var unreadable: [AppManifestError] = []
        if paths.count > maximumCapabilities {
            unreadable.append(
                AppManifestError(
                    source(relative + "capabilities").description,
                    "more than \(maximumCapabilities) capability files: the others are not read"))
            paths = Array(paths.prefix(maximumCapabilities))
        }
        for path in paths.sorted() {
            let url = folder.appendingPathComponent(path)
            let file = source(relative + "capabilities/" + path)
            if !AppBundle.isFile(url) {
                // A folder named like a capability file is not one; anything else is refused.
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
                    continue
                }
                unreadable.append(AppManifestError(file.description, "not a regular file"))
            } else if let bytes = bytes(url) {
                files.append(FrameworkFiles.File(name: "capabilities/" + path, source: file, bytes: bytes))
            } else {
                unreadable.append(
                    AppManifestError(file.description, "unreadable, or larger than \(FrameworkFiles.maximumSize) bytes")
                )
            }
        }
        return (files, unreadable)
    }

    /// `path` with each `folder/..` removed (`a/b/../c` is `a/c`); `..` with no folder before it stays.
    /// (Foundation's `standardizingPath` leaves `..` in a relative path.)
    static func resolvingParents(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: false) {
            if part == "..", let last = parts.last, last != "..", !last.isEmpty {
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// A regular file's bytes, when it reads and is at most `FrameworkFiles.maximumSize`.
    private static func bytes(_ url: URL) -> [UInt8]? {
        guard let reader = try? FileBytes(url: url), reader.size <= FrameworkFiles.maximumSize else { return nil }
        return try? reader.bytes(at: 0, count: reader.size)
    }

    private static func text(_ url: URL) -> String? {
        guard AppBundle.isFile(url) else { return nil }
        return bytes(url).map { String(decoding: $0, as: UTF8.self) }
    }
}
