import Foundation

/// Reads a real plist file (XML or binary; or JSON, a plist's values written as JSON) into JSON
/// values, for `app.infoPlistFile`, `app.entitlementsFile` and `webfence aasa lint --entitlements`:
/// strings, booleans, numbers, arrays and dictionaries map one to one.
/// JSON has no date or data, so they become one-key objects, `{"date": "ISO 8601"}` and
/// `{"data": "base64"}`: a reader expecting a string (a `WKAppBoundDomains` entry) sees a wrong
/// type, as the platform would. Keys are sorted (a plist dictionary has no order).
public enum PropertyListFile {
    public static func read(_ url: URL) throws(ScenarioError) -> [JSONValue.Member] {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ScenarioError("/app", "cannot read \(url.path): \(error.localizedDescription)")
        }
        if data.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "{") {
            let parsed: JSONValue
            do { parsed = try JSONParser.parse(String(decoding: data, as: UTF8.self)) } catch {
                throw ScenarioError("/app", "\(url.path) is not valid JSON: \(error)")
            }
            guard case .object(let members) = parsed else { throw ScenarioError("/app", "\(url.path) is not a JSON object") }
            return members
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
        case let date as Date: return .object(["date": .string(ISO8601DateFormatter().string(from: date))])
        case let data as Data: return .object(["data": .string(data.base64EncodedString())])
        case let array as [Any]: return .array(array.map(json))
        case let dictionary as [String: Any]:
            return .object(dictionary.keys.sorted().map { JSONValue.Member($0, json(dictionary[$0] as Any)) })
        default: return .string(String(describing: value))
        }
    }
}
