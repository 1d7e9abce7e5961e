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

    /// The first value named `name` without the C0 controls and spaces around it (what the URL
    /// parser strips, so a pasted URL is read as the command line reads it); nil when it is empty.
    func trimmed(_ name: String) -> String? {
        guard let value = self[name] else { return nil }
        let trimmed = Self.trimmingC0ControlsAndSpaces(value)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// `text` without C0 controls (U+0000 to U+001F) and spaces at either end.
    static func trimmingC0ControlsAndSpaces(_ text: String) -> String {
        let scalars = text.unicodeScalars
        let isTrimmed = { (scalar: Unicode.Scalar) in scalar.value <= 0x20 }
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }),
            let last = scalars.lastIndex(where: { !isTrimmed($0) })
        else { return "" }
        return String(scalars[first...last])
    }

    private static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        let spaced = bytes.map { $0 == UInt8(ascii: "+") ? UInt8(ascii: " ") : $0 }
        return String(decoding: PercentEncoding.decode(spaced), as: UTF8.self)
    }
}
