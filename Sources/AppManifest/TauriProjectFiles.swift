import Foundation

/// A Tauri project's files, found above an iOS project's Info.plist (Tauri generates it in
/// `src-tauri/gen/apple/<app>_iOS/`, decision D121): `tauri.conf.json`, `capabilities/**/*.json`
/// and `*.toml`, `build.rs` and `Cargo.lock` (in `src-tauri/`, or the workspace's beside it when
/// that is inside the folder named). Read as bytes here; a TOML capability file is turned into JSON
/// and the whole understood by `TauriProject` in the `TauriProjects` module.
public struct TauriProjectFiles: Sendable, Hashable {
    /// `tauri.conf.json` (no bytes when it is one of `unreadable`).
    public let configuration: FrameworkFiles.File
    /// The capability files (`.json` and `.toml`), in path order, each named by its path from
    /// `src-tauri/` (`capabilities/default.json`).
    public let capabilities: [FrameworkFiles.File]
    /// Files that are there but could not be read (over `FrameworkFiles.maximumSize`, not a regular
    /// file, past the most capability files read), with why: never skipped, since a capability
    /// left out could have held a deny.
    public let unreadable: [AppManifestError]
    /// `Cargo.lock`'s text, when there is one.
    public let lockFile: String?
    /// `build.rs`'s text, when there is one.
    public let buildScript: String?

    /// How many folders above an Info.plist `tauri.conf.json` is looked for: `gen/apple/<app>_iOS/`
    /// is three below `src-tauri/`.
    static let levelsAbove = 3
    /// The most capability files read, and the most entries walked under `capabilities/`.
    static let maximumCapabilities = 200
    static let maximumEntries = 10_000

    /// The project whose `tauri.conf.json` is in `folder` or in a folder above it, looking at most
    /// `insideNamed` folders up (and never more than `levelsAbove`): `insideNamed` counts the folders
    /// between `folder` and the one the user named, so that nothing outside what was named is read.
    /// `source` names a file by its path relative to `folder` (`../../../tauri.conf.json`).
    public static func find(above folder: URL, insideNamed: Int, source: (String) -> SourceFile)
        -> TauriProjectFiles?
    {
        var root = folder
        var relative = ""
        let levels = max(0, min(insideNamed, levelsAbove))
        for level in 0...levels {
            if level > 0 {
                root = root.deletingLastPathComponent()
                relative += "../"
            }
            let configuration = root.appendingPathComponent("tauri.conf.json")
            guard AppBundle.isFile(configuration) else { continue }
            var unreadable: [AppManifestError] = []
            func read(_ url: URL, _ name: String) -> [UInt8]? {
                guard AppBundle.isFile(url) else { return nil }
                switch Self.bytes(url) {
                case .success(let bytes): return bytes
                case .failure(let error):
                    unreadable.append(AppManifestError(source(relative + name).description, error.message))
                    return nil
                }
            }
            let configurationBytes = read(configuration, "tauri.conf.json") ?? []
            let (capabilities, refused) = capabilities(in: root, relative: relative, source: source)
            // The workspace's Cargo.lock beside src-tauri/, only when that folder was named too.
            let lock =
                read(root.appendingPathComponent("Cargo.lock"), "Cargo.lock")
                ?? (insideNamed > level
                    ? read(root.deletingLastPathComponent().appendingPathComponent("Cargo.lock"), "../Cargo.lock")
                    : nil)
            let build = read(root.appendingPathComponent("build.rs"), "build.rs")
            return TauriProjectFiles(
                configuration: FrameworkFiles.File(
                    name: "tauri.conf.json", source: source(relative + "tauri.conf.json"), bytes: configurationBytes),
                capabilities: capabilities, unreadable: unreadable + refused,
                lockFile: lock.map { String(decoding: $0, as: UTF8.self) },
                buildScript: build.map { String(decoding: $0, as: UTF8.self) })
        }
        return nil
    }

    private static func capabilities(in root: URL, relative: String, source: (String) -> SourceFile)
        -> ([FrameworkFiles.File], [AppManifestError])
    {
        let folder = root.appendingPathComponent("capabilities")
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return ([], []) }
        var paths: [String] = []
        var entries = 0
        var files: [FrameworkFiles.File] = []
        var unreadable: [AppManifestError] = []
        while let path = walker.nextObject() as? String, paths.count <= maximumCapabilities {
            entries += 1
            guard entries <= maximumEntries else {
                unreadable.append(
                    AppManifestError(
                        source(relative + "capabilities").description,
                        "more than \(maximumEntries) entries: the capability files are not all read"))
                break
            }
            if path.hasSuffix(".json") || path.hasSuffix(".toml") { paths.append(path) }
        }
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
            } else {
                switch bytes(url) {
                case .success(let bytes):
                    files.append(FrameworkFiles.File(name: "capabilities/" + path, source: file, bytes: bytes))
                case .failure(let error): unreadable.append(AppManifestError(file.description, error.message))
                }
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

    /// A regular file's bytes, or why not: it does not read, or is over `FrameworkFiles.maximumSize`.
    private static func bytes(_ url: URL) -> Result<[UInt8], AppManifestError> {
        do throws(AppManifestError) {
            let reader = try FileBytes(url: url)
            guard reader.size <= FrameworkFiles.maximumSize else {
                throw AppManifestError(url.path, "\(reader.size) bytes: larger than \(FrameworkFiles.maximumSize)")
            }
            return .success(try reader.bytes(at: 0, count: reader.size))
        } catch {
            return .failure(error)
        }
    }
}
