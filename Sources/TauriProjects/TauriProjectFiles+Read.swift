import AppManifest
import HybridFrameworks
import TOMLKit

/// Why a Tauri project's files do not give a project: the file, and what is wrong there.
public struct TauriProjectError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file that cannot be used, as reports name it.
    public let file: SourceFile
    /// What is wrong, with its place in the file when known.
    public let message: String

    /// `file: message`.
    public var description: String { "\(file): \(message)" }
}

extension TauriProjectFiles {
    /// The project the files describe (spec hybrid-frameworks §14a), TOML capability files read as
    /// the JSON they hold (`TOMLKit`, decision D122); the first file that cannot be used, with why.
    public func read() throws(TauriProjectError) -> TauriProject {
        if let failure = unreadable.first {
            throw TauriProjectError(file: SourceFile(path: failure.path), message: failure.message)
        }
        var capabilities: [(path: String, bytes: [UInt8])] = []
        for file in self.capabilities {
            capabilities.append((file.name, file.name.hasSuffix(".toml") ? try Self.json(ofTOML: file) : file.bytes))
        }
        do throws(BridgePolicyError) {
            return try TauriProject.read(
                TauriProject.Files(
                    configuration: configuration.bytes, capabilities: capabilities, lockFile: lockFile,
                    buildScript: buildScript))
        } catch {
            // The reader names the capability file in its message; tauri.conf.json otherwise.
            let named = self.capabilities.first { error.description.hasPrefix($0.name) }
            throw TauriProjectError(file: named?.source ?? configuration.source, message: error.description)
        }
    }

    /// A TOML capability file as JSON text: the same tables, arrays and values, which is how Tauri
    /// reads either (serde).
    private static func json(ofTOML file: FrameworkFiles.File) throws(TauriProjectError) -> [UInt8] {
        do {
            let table = try TOMLTable(string: String(decoding: file.bytes, as: UTF8.self))
            return Array(table.convert(to: .json).utf8)
        } catch let error as TOMLParseError {
            throw TauriProjectError(
                file: file.source,
                message: "line \(error.source.begin.line), column \(error.source.begin.column): \(error.description)")
        } catch {
            throw TauriProjectError(file: file.source, message: "not TOML: \(error)")
        }
    }
}
