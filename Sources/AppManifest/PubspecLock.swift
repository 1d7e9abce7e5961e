import Foundation

/// A Flutter project's `pubspec.lock`, found above its iOS project's Info.plist (Flutter keeps it
/// in `ios/Runner/`, two folders below the lock; decision D124): the packages the project locks,
/// each with its exact version and line. Only the lines `pub` writes are read: `packages:`, each
/// package's name two spaces in, and its `version:` four spaces in.
public struct PubspecLock: Sendable, Hashable {
    /// One locked package.
    public struct Package: Sendable, Hashable {
        /// The package's name (`flutter_inappwebview`).
        public let name: String
        /// Its version as locked (`6.1.5`, `6.2.0-beta.3`).
        public let version: String
        /// The line of its `version:`, from 1.
        public let line: Int
    }

    /// The file, for reports.
    public let source: SourceFile
    /// The packages, by name.
    public let packages: [String: Package]

    /// How many folders above an Info.plist the lock is looked for: `ios/Runner/` is two below it.
    static let levelsAbove = 2

    /// The lock `text` says, read from `source`.
    public init(_ text: String, source: SourceFile) {
        self.source = source
        var packages: [String: Package] = [:]
        var inPackages = false
        var current: String?
        // Lines end at LF, CR or CR LF (one Character in Swift), as `SourcePosition` counts them.
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        for (index, line) in lines.enumerated() {
            let indent = line.prefix { $0 == " " }.count
            let content = line.dropFirst(indent)
            if content.isEmpty || content.hasPrefix("#") { continue }
            switch indent {
            case 0:
                inPackages = content == "packages:"
                current = nil
            case 2 where inPackages && content.hasSuffix(":"):
                current = content.count > 1 ? String(content.dropLast()) : nil
            case 4 where inPackages && content.hasPrefix("version: "):
                guard let name = current else { continue }
                let value = content.dropFirst("version: ".count)
                let version =
                    value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"")
                    ? value.dropFirst().dropLast() : value
                packages[name] = Package(name: name, version: String(version), line: index + 1)
            default:
                continue
            }
        }
        self.packages = packages
    }

    /// The lock in `folder` or a folder above it, looking at most `insideNamed` folders up (never
    /// more than `levelsAbove`), so that nothing outside what was named is read; `source` names a
    /// file by its path relative to `folder` (`../../pubspec.lock`). A lock that cannot be read (too
    /// large, not a regular file) is an error, never skipped.
    public static func find(above folder: URL, insideNamed: Int, source: (String) -> SourceFile)
        -> Result<PubspecLock, AppManifestError>?
    {
        var root = folder
        var relative = ""
        for level in 0...max(0, min(insideNamed, levelsAbove)) {
            if level > 0 {
                root = root.deletingLastPathComponent()
                relative += "../"
            }
            let url = root.appendingPathComponent("pubspec.lock")
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            let file = source(relative + "pubspec.lock")
            do throws(AppManifestError) {
                let bytes = try FrameworkFiles.bytes(of: url, displayPath: file.description)
                return .success(PubspecLock(String(decoding: bytes, as: UTF8.self), source: file))
            } catch {
                return .failure(error)
            }
        }
        return nil
    }
}
