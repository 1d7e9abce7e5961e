import Foundation
import StrictJSON

/// Property lists as the platform reads them (XML or binary), and JSON text written in their place
/// (scenarios may give plist values as JSON), turned into JSON values. Strings, booleans, numbers,
/// arrays and dictionaries map one to one. JSON has no date or data, so they become one-key
/// objects, `{"date": "ISO 8601"}` and `{"data": "base64"}`: a reader expecting a string sees a
/// wrong type, as the platform would. Dictionary keys are sorted (a plist dictionary has no order).
public enum PropertyList {
    /// How the bytes were written.
    public enum Format: String, Sendable, Hashable {
        /// XML, binary, the old OpenStep text form (which Foundation also reads), or JSON text.
        case xml, binary, openStep, json
    }

    /// Bytes that are no property list, with what is wrong.
    public struct ReadError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong, in a sentence for people.
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// Reads plist bytes (`bplist00…`, `<?xml …`) or JSON text (its first non-blank byte is `{`).
    public static func read(_ data: Data) -> Result<(value: JSONValue, format: Format), ReadError> {
        // `{` starts JSON, and also an OpenStep dictionary (`{ Key = value; }`): JSON first, then
        // Foundation's reader; an error names both.
        var jsonError: String?
        if data.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "{") {
            do { return .success((try JSONParser.parse(String(decoding: data, as: UTF8.self)), .json)) } catch {
                jsonError = "\(error)"
            }
        }
        var format = PropertyListSerialization.PropertyListFormat.xml
        let root: Any
        do { root = try PropertyListSerialization.propertyList(from: data, options: [], format: &format) } catch {
            if let jsonError {
                return .failure(ReadError("not valid JSON (\(jsonError)) nor an OpenStep property list"))
            }
            return .failure(ReadError("not a property list: \(error.localizedDescription)"))
        }
        // A damaged binary plist can still parse as OpenStep text (`bplist00` is a bare word):
        // bytes that say binary must be read as binary.
        if data.starts(with: Array("bplist".utf8)), format != .binary {
            return .failure(
                ReadError("a damaged binary property list (it starts with bplist but does not read as one)"))
        }
        switch format {
        case .binary: return .success((json(root), .binary))
        case .openStep: return .success((json(root), .openStep))
        default: return .success((json(root), .xml))
        }
    }

    /// Reads bytes that must hold a dictionary (Info.plist, `.entitlements`): its members, keys
    /// sorted, and how it was written.
    public static func readDictionary(_ data: Data) -> Result<(members: [JSONValue.Member], format: Format), ReadError>
    {
        switch read(data) {
        case .failure(let error): .failure(error)
        case .success((.object(let members), let format)): .success((members, format))
        case .success((let other, _)): .failure(ReadError("holds \(other.typeName), not a dictionary"))
        }
    }

    /// One property-list value as JSON.
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
            // The values themselves, not `dictionary[key] as Any`: that wraps each in an Optional,
            // which hides a Bool from the check above and reads `<true/>` as the number 1.
            return .object(dictionary.sorted { $0.key < $1.key }.map { JSONValue.Member($0.key, json($0.value)) })
        default: return .string(String(describing: value))
        }
    }
}
