import Foundation
import StrictJSON

/// Writes JSON values as real property lists (XML or binary), as Xcode writes Info.plist and
/// `.entitlements` files.
///
/// `{"date": "ISO 8601"}` and `{"data": "base64"}` become a date and data,
/// the inverse of `AppManifest.PropertyList`.
public enum PropertyListWriter {
    /// An XML property list or a binary one (`bplist00`).
    public enum Format: Sendable { case xml, binary }

    /// The bytes of `value` as a property list in `format`.
    public static func data(_ value: JSONValue, format: Format) throws -> Data {
        try PropertyListSerialization.data(
            fromPropertyList: object(value), format: format == .xml ? .xml : .binary, options: 0)
    }

    /// Writes `value` as a property list file at `url`, making its folder if needed.
    public static func write(_ value: JSONValue, format: Format, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data(value, format: format).write(to: url)
    }

    /// The Foundation value `PropertyListSerialization` writes for `value`.
    public static func object(_ value: JSONValue) -> Any {
        switch value {
        case .null: return ""
        case .bool(let flag): return flag
        case .int(let number): return number
        case .double(let number): return number
        case .string(let text): return text
        case .array(let items): return items.map(object)
        case .object(let members):
            if members.count == 1, members[0].key == "date", let text = members[0].value.stringValue,
                let date = ISO8601DateFormatter().date(from: text)
            {
                return date
            }
            if members.count == 1, members[0].key == "data", let text = members[0].value.stringValue,
                let data = Data(base64Encoded: text)
            {
                return data
            }
            var dictionary: [String: Any] = [:]
            for member in members { dictionary[member.key] = object(member.value) }
            return dictionary
        }
    }
}
