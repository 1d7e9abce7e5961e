import StrictJSON

/// A framework's configuration from the text of its file, as `framework check --config`, `framework
/// rules` and the server's page read it: `capacitor.config.json`, Cordova's `config.xml` (text that
/// starts with `<`) or its JSON object, the props JSON of react-native-webview and Hotwire Native,
/// or `webfence-framework.json`, which wraps any of them (interfaces §6).
public enum FrameworkConfigurationText {
    /// Why the text cannot be used: where (a line and column, or a JSON pointer; nil for the whole
    /// text) and what.
    public struct Failure: Error, Sendable, Hashable {
        /// The place in the text, or nil.
        public let place: String?
        /// What is wrong.
        public let message: String

        /// Text that is not UTF-8.
        static let notUTF8 = Failure(place: nil, message: "not UTF-8 text")

        /// A reader's error at a line and column of the text.
        init(line: Int, column: Int, _ message: String) {
            self.init(place: "line \(line), column \(column)", message: message)
        }

        init(place: String?, message: String) {
            self.place = place
            self.message = message
        }
    }

    /// The framework's policy for `bytes`, and the notes on what the framework ignores.
    public static func policy(_ framework: HybridFramework, _ bytes: [UInt8]) throws(Failure) -> (
        FrameworkPolicy, [FrameworkConfigurationNote]
    ) {
        if let read = try framework.definition.stage(ownFormat: bytes) { return read }
        guard let text = String(validUTF8: bytes) else {
            throw Failure.notUTF8
        }
        let json: JSONValue
        do throws(JSONParser.Error) { json = try JSONParser.parse(text) } catch {
            throw Failure(line: error.line, column: error.column, error.message)
        }
        let (configuration, pointer) = try unwrapped(json, for: framework.rawValue)
        do throws(FrameworkConfigurationError) {
            return try FrameworkConfigurationReader.policy(framework, configuration: configuration, at: pointer)
        } catch {
            throw Failure(place: error.pointer.isEmpty ? nil : error.pointer, message: error.message)
        }
    }

    /// The configuration `json` holds for the framework `name`, and its JSON pointer:
    /// `webfence-framework.json` wraps it, `{"framework": NAME, "configuration": {...}}` (a file for
    /// another framework is refused); any other JSON is the configuration itself.
    public static func unwrapped(_ json: JSONValue, for name: String) throws(Failure) -> (JSONValue, String) {
        guard case .string(let named)? = json["framework"], let wrapped = json["configuration"] else {
            return (json, "")
        }
        guard named == name else {
            throw Failure(place: "/framework", message: "the file is for \(named), not \(name)")
        }
        return (wrapped, "/configuration")
    }

    /// Whether the text starts, after white space and a byte order mark, with `<`.
    static func isXML(_ bytes: [UInt8]) -> Bool { firstSignificant(bytes) == UInt8(ascii: "<") }

    /// Whether the text starts, after white space and a byte order mark, with `{` (else it is
    /// Swift source: `Settings.swift`).
    static func isJSONObject(_ bytes: [UInt8]) -> Bool { firstSignificant(bytes) == UInt8(ascii: "{") }

    private static func firstSignificant(_ bytes: [UInt8]) -> UInt8? {
        bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
    }
}
