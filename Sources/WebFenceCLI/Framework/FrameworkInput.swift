import Foundation
import StrictXML
import WebFence

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
        if framework == .cordovaIOS, isXML(data) { return try cordovaXML(Array(data), path: path) }
        guard let text = String(data: data, encoding: .utf8) else { throw InputError(path, "not UTF-8 text") }
        return try fromJSON(text, framework, path: path)
    }

    /// Whether the file starts, after white space and a byte order mark, with `<`.
    private static func isXML(_ data: Data) -> Bool {
        data.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) } == UInt8(ascii: "<")
    }

    private static func cordovaXML(_ bytes: [UInt8], path: String) throws(InputError) -> (
        FrameworkPolicy, [FrameworkConfigurationNote]
    ) {
        do throws(XMLError) {
            let (configuration, notes) = try CordovaConfigXMLReader.read(bytes)
            return (.cordovaIOS(CordovaPolicy(configuration)), notes)
        } catch {
            throw InputError(path, at: "line \(error.line), column \(error.column)", error.message)
        }
    }

    private static func fromJSON(
        _ text: String, _ framework: HybridFramework, path: String
    ) throws(InputError) -> (FrameworkPolicy, [FrameworkConfigurationNote]) {
        let json: JSONValue
        do throws(JSONParser.Error) { json = try JSONParser.parse(text) } catch {
            throw InputError(path, at: "line \(error.line), column \(error.column)", error.message)
        }
        // webfence-framework.json wraps the configuration: {"framework": NAME, "configuration": {...}}.
        var configuration = json
        var pointer = ""
        if case .string(let name)? = json["framework"], let wrapped = json["configuration"] {
            guard name == framework.rawValue else {
                throw InputError(path, at: "/framework", "the file is for \(name), not \(framework.rawValue)")
            }
            configuration = wrapped
            pointer = "/configuration"
        }
        do throws(ScenarioError) {
            return try FrameworkConfigurationReader.policy(framework, configuration: configuration, at: pointer)
        } catch {
            throw InputError(path, at: error.pointer.isEmpty ? nil : error.pointer, error.message)
        }
    }
}
