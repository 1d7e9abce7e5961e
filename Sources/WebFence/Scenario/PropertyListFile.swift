import Foundation

/// Reads a real plist file (XML or binary) into JSON values, for `app.infoPlistFile` and
/// `app.entitlementsFile`: strings, booleans, numbers, arrays and dictionaries map one to one;
/// dates become ISO 8601 strings and data becomes base64. Keys are sorted (a plist dictionary has
/// no order).
enum PropertyListFile {
    static func read(_ url: URL) throws(ScenarioError) -> [JSONValue.Member] {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ScenarioError("/app", "cannot read \(url.path): \(error.localizedDescription)")
        }
        let root: Any
        do { root = try PropertyListSerialization.propertyList(from: data, format: nil) } catch {
            throw ScenarioError("/app", "\(url.path) is not a property list: \(error.localizedDescription)")
        }
        guard case .object(let members) = json(root) else {
            throw ScenarioError("/app", "\(url.path) holds a \(type(of: root)), not a dictionary")
        }
        return members
    }

    static func json(_ value: Any) -> JSONValue {
        // Foundation on Linux gives Bool for <true/> and NSNumber (which also casts to Bool) for numbers.
        if type(of: value) == Bool.self, let flag = value as? Bool { return .bool(flag) }
        switch value {
        case let text as String: return .string(text)
        case let number as NSNumber:
            let double = number.doubleValue
            return double == double.rounded() && abs(double) < 9e15 ? .int(number.intValue) : .double(double)
        case let date as Date: return .string(ISO8601DateFormatter().string(from: date))
        case let data as Data: return .string(data.base64EncodedString())
        case let array as [Any]: return .array(array.map(json))
        case let dictionary as [String: Any]:
            return .object(dictionary.keys.sorted().map { JSONValue.Member($0, json(dictionary[$0] as Any)) })
        default: return .string(String(describing: value))
        }
    }
}

extension Scenario {
    /// Reads a scenario file; plist files it names are read relative to it.
    public static func load(contentsOf url: URL) throws(ScenarioError) -> Scenario {
        let text: String
        do { text = try String(contentsOf: url, encoding: .utf8) } catch {
            throw ScenarioError("", "cannot read the file: \(error.localizedDescription)")
        }
        let directory = url.deletingLastPathComponent()
        return try parse(text) { (path: String) throws(ScenarioError) in
            try PropertyListFile.read(URL(fileURLWithPath: path, relativeTo: directory))
        }
    }
}
