import Foundation
import HybridFrameworks
import StrictJSON
import WebFenceCommandLine

/// Reading a framework's configuration file: `capacitor.config.json`, Cordova's `config.xml` (or
/// the JSON object of `--jsonl`), the props JSON of react-native-webview and Hotwire Native.
/// Anything unusable is an `InputError` (exit 2) naming the file and the place.
enum FrameworkInput {
    /// The largest configuration file read: real ones are a few kilobytes.
    static let maximumSize = 4 << 20

    static func policy(
        _ framework: HybridFramework, configPath path: String
    ) throws -> (FrameworkPolicy, [FrameworkConfigurationNote]) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(path, "cannot read the file")
        }
        guard data.count <= maximumSize else {
            throw InputError(path, "\(data.count) bytes: larger than \(maximumSize) bytes, not a configuration file")
        }
        do throws(FrameworkConfigurationText.Failure) {
            return try FrameworkConfigurationText.policy(framework, Array(data))
        } catch {
            throw InputError(path, at: error.place, error.message)
        }
    }

    /// The bridge policy of `framework` (a name of `BridgePolicy.frameworkNames`) in `version` from
    /// its configuration file.
    static func bridgePolicy(_ framework: String, version: String?, configPath path: String) throws -> BridgePolicy {
        if let navigationFramework = HybridFramework(rawValue: framework) {
            let definition = navigationFramework.definition
            guard let version, version != definition.versions.first else {
                return .navigationFramework(
                    NavigationFrameworkBridge(try policy(navigationFramework, configPath: path).0))
            }
            guard definition.versions.contains(version) else {
                throw InputError(
                    path, "\(framework) \(version): WebFence follows \(definition.versions.joined(separator: ", "))")
            }
            guard definition.versionKey != nil, let data = FileManager.default.contents(atPath: path),
                case .success(let json) = Result(catching: {
                    try JSONParser.parse(String(decoding: data, as: UTF8.self))
                })
            else {
                throw InputError(
                    path, "--version \(version) needs the configuration as its JSON object, which holds the version")
            }
            do throws(BridgePolicyError) {
                return try BridgePolicy.read(framework: framework, version: version, configuration: json, at: "")
            } catch {
                throw InputError(path, error.description)
            }
        }
        if framework == "tauri", let project = try TauriProjectFolder(path) {
            return try project.policy(version: version)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(path, "cannot read the file")
        }
        guard data.count <= maximumSize else {
            throw InputError(path, "\(data.count) bytes: larger than \(maximumSize) bytes, not a configuration file")
        }
        let json: JSONValue
        do throws(JSONParser.Error) { json = try JSONParser.parse(String(decoding: data, as: UTF8.self)) } catch {
            throw InputError(path, at: "line \(error.line), column \(error.column)", error.message)
        }
        // webfence-framework.json wraps the settings (D125).
        let configuration: JSONValue
        let pointer: String
        do throws(FrameworkConfigurationText.Failure) {
            (configuration, pointer) = try FrameworkConfigurationText.unwrapped(json, for: framework)
        } catch {
            throw InputError(path, at: error.place, error.message)
        }
        do throws(BridgePolicyError) {
            return try BridgePolicy.read(
                framework: framework, version: version, configuration: configuration, at: pointer)
        } catch {
            switch error {
            case .configuration(let shape):
                throw InputError(path, at: shape.pointer.isEmpty ? nil : shape.pointer, shape.message)
            case .failure(let failure): throw InputError(path, failure.reason)
            }
        }
    }
}
