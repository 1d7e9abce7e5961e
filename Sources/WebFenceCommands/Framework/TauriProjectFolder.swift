import Foundation
import HybridFrameworks
import WebFenceCommandLine

/// A Tauri project on disk, for `framework bridge --framework tauri --config PATH`: PATH is the
/// project, its `src-tauri/` folder or its `tauri.conf.json`. The files are gathered here and read by
/// `TauriProject` (spec §14a): `tauri.conf.json`, `capabilities/**/*.json`, `build.rs`, `Cargo.lock`
/// (in `src-tauri/` or the folder above, a workspace's).
struct TauriProjectFolder {
    let folder: URL

    /// The project at `path`, or nil when `path` is a JSON file of WebFence's own shape.
    init?(_ path: String) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return nil }
        let url = URL(fileURLWithPath: path)
        if !isFolder.boolValue {
            guard url.lastPathComponent == "tauri.conf.json" else { return nil }
            folder = url.deletingLastPathComponent()
        } else if FileManager.default.fileExists(atPath: url.appendingPathComponent("tauri.conf.json").path) {
            folder = url
        } else if FileManager.default.fileExists(atPath: url.appendingPathComponent("src-tauri/tauri.conf.json").path) {
            folder = url.appendingPathComponent("src-tauri")
        } else {
            throw InputError(path, "a folder without tauri.conf.json or src-tauri/tauri.conf.json: not a Tauri project")
        }
    }

    func policy(version: String?) throws -> BridgePolicy {
        let configuration = folder.appendingPathComponent("tauri.conf.json")
        let files = TauriProject.Files(
            configuration: try Self.bytes(configuration),
            capabilities: try capabilityFiles(),
            lockFile: Self.text(folder.appendingPathComponent("Cargo.lock"))
                ?? Self.text(folder.deletingLastPathComponent().appendingPathComponent("Cargo.lock")),
            buildScript: Self.text(folder.appendingPathComponent("build.rs")))
        do {
            let project = try TauriProject.read(files)
            if let place = project.appleSpelling {
                Terminal.standardError.write(
                    "webfence: \(configuration.path):\(place): limitsNavigationsToAppBoundDomains is Apple's spelling; Tauri's key is limitNavigationsToAppBoundDomains and it refuses this one as an unknown field\n"
                )
            }
            return .tauri(
                try TauriBridge(project.configuration, version: version ?? project.version ?? TauriBridge.latestVersion)
            )
        } catch let error as BridgePolicyError {
            throw InputError(folder.path, error.description)
        } catch let failure as FrameworkBridgeFailure {
            throw InputError(folder.path, failure.reason)
        }
    }

    /// `capabilities/**/*.json`, in path order, each path relative to `src-tauri/`.
    private func capabilityFiles() throws -> [(path: String, bytes: [UInt8])] {
        let root = folder.appendingPathComponent("capabilities")
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var paths: [String] = []
        while let relative = walker.nextObject() as? String {
            if relative.hasSuffix(".json") { paths.append(relative) }
        }
        return try paths.sorted().map { relative in
            ("capabilities/" + relative, try Self.bytes(root.appendingPathComponent(relative)))
        }
    }

    private static func bytes(_ url: URL) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw InputError(url.path, "cannot read the file")
        }
        guard data.count <= FrameworkInput.maximumSize else {
            throw InputError(url.path, "\(data.count) bytes: larger than \(FrameworkInput.maximumSize) bytes")
        }
        return Array(data)
    }

    private static func text(_ url: URL) -> String? {
        FileManager.default.contents(atPath: url.path).map { String(decoding: $0, as: UTF8.self) }
    }
}
