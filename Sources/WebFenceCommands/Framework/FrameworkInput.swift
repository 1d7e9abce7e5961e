import Foundation
import HybridFrameworks
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
}
