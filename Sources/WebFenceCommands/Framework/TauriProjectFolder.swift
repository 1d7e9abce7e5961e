import AppManifest
import Foundation
import HybridFrameworks
import TauriProjects
import WebFenceCommandLine

/// A Tauri project on disk, for `framework bridge --framework tauri --config PATH`: PATH is the
/// project, its `src-tauri/` folder or its `tauri.conf.json`. Its files are read as the audit reads
/// them (`TauriProjectFiles`, spec §14a): `tauri.conf.json`, `capabilities/**/*.json` and `*.toml`,
/// `build.rs`, `Cargo.lock` (in `src-tauri/` or the folder above, a workspace's); a file that cannot
/// be read is an error naming it.
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
        guard
            // One folder up counts as named: a workspace's Cargo.lock sits beside src-tauri/.
            let files = TauriProjectFiles.find(
                above: folder, insideNamed: 1,
                source: { SourceFile(path: (folder.appendingPathComponent($0).path as NSString).standardizingPath) })
        else {
            throw InputError(folder.appendingPathComponent("tauri.conf.json").path, "cannot read the file")
        }
        let project: TauriProject
        do throws(TauriProjectError) { project = try files.read() } catch {
            throw InputError(error.file.path, error.message)
        }
        if let place = project.appleSpelling {
            Terminal.standardError.write(
                "webfence: \(files.configuration.source.path):\(place): limitsNavigationsToAppBoundDomains is Apple's spelling; Tauri's key is limitNavigationsToAppBoundDomains and it refuses this one as an unknown field\n"
            )
        }
        do throws(FrameworkBridgeFailure) {
            return .tauri(
                try TauriBridge(project.configuration, version: version ?? project.version ?? TauriBridge.latestVersion)
            )
        } catch {
            throw InputError(folder.path, error.reason)
        }
    }
}
