import WebFence

/// A form's fields, from an `application/x-www-form-urlencoded` body as the URL Standard reads it:
/// `&`-separated pairs, `+` for a space, percent-decoding, UTF-8 with replacement. Repeated names keep
/// every value, in order.
struct FormBody: Sendable {
    private(set) var fields: [(name: String, value: String)] = []

    init(_ body: [UInt8]) {
        for pair in body.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let equals = pair.firstIndex(of: UInt8(ascii: "="))
            let name = Self.decode(pair[..<(equals ?? pair.endIndex)])
            let value = equals.map { Self.decode(pair[pair.index(after: $0)...]) } ?? ""
            fields.append((name, value))
        }
    }

    /// The first value named `name`, or nil.
    subscript(name: String) -> String? { fields.first { $0.name == name }?.value }

    /// The first value named `name`, without surrounding white space; nil when it is empty.
    func trimmed(_ name: String) -> String? {
        guard let value = self[name] else { return nil }
        let trimmed = value.unicodeScalars.drop(while: \.properties.isWhitespace).reversed()
            .drop(while: \.properties.isWhitespace).reversed()
        return trimmed.isEmpty ? nil : String(String.UnicodeScalarView(trimmed))
    }

    private static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        let spaced = bytes.map { $0 == UInt8(ascii: "+") ? UInt8(ascii: " ") : $0 }
        return String(decoding: PercentEncoding.decode(spaced), as: UTF8.self)
    }
}
