import Foundation

/// A Tauri project's files, found above an iOS project's Info.plist (Tauri generates it in
/// `src-tauri/gen/apple/<app>_iOS/`, decision D121): `tauri.conf.json`, `capabilities/**/*.json`,
/// `build.rs` and `Cargo.lock` (in `src-tauri/` or the workspace above). Read as bytes here and
/// understood by `TauriProject` (HybridFrameworks).
public struct TauriProjectFiles: Sendable, Hashable {
    /// `tauri.conf.json`.
    public let configuration: FrameworkFiles.File
    /// The capability files, in path order, each named by its path from `src-tauri/`
    /// (`capabilities/default.json`).
    public let capabilities: [FrameworkFiles.File]
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
    static func find(above folder: URL, levels: Int, source: (String) -> SourceFile) -> TauriProjectFiles? {
        var root = folder
        var relative = ""
        for level in 0...max(0, min(levels, levelsAbove)) {
            if level > 0 {
                root = root.deletingLastPathComponent()
                relative += "../"
            }
            let configuration = root.appendingPathComponent("tauri.conf.json")
            guard AppBundle.isFile(configuration), let bytes = Self.bytes(configuration) else { continue }
            return TauriProjectFiles(
                configuration: FrameworkFiles.File(
                    name: "tauri.conf.json", source: source(relative + "tauri.conf.json"), bytes: bytes),
                capabilities: capabilities(in: root, relative: relative, source: source),
                lockFile: text(root.appendingPathComponent("Cargo.lock"))
                    ?? text(root.deletingLastPathComponent().appendingPathComponent("Cargo.lock")),
                buildScript: text(root.appendingPathComponent("build.rs")))
        }
        return nil
    }

    private static func capabilities(in root: URL, relative: String, source: (String) -> SourceFile)
        -> [FrameworkFiles.File]
    {
        let folder = root.appendingPathComponent("capabilities")
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var paths: [String] = []
        while let path = walker.nextObject() as? String, paths.count < maximumCapabilities {
            if path.hasSuffix(".json") { paths.append(path) }
        }
        return paths.sorted().compactMap { path in
            let url = folder.appendingPathComponent(path)
            guard AppBundle.isFile(url), let bytes = bytes(url) else { return nil }
            return FrameworkFiles.File(
                name: "capabilities/" + path, source: source(relative + "capabilities/" + path), bytes: bytes)
        }
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
