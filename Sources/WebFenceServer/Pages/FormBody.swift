import WebAddress

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

    /// The text fields and files of a `multipart/form-data` body (a form with a file input), each
    /// part's content as UTF-8 with replacement; nil when the body is not form-data.
    init?(multipart body: [UInt8], boundary: String) {
        guard
            let parts = body.withUnsafeBytes({ bytes in
                try? MultipartFormData(bytes, boundary: boundary).parts.map { part in
                    (part.name, String(decoding: UnsafeRawBufferPointer(rebasing: bytes[part.content]), as: UTF8.self))
                }
            })
        else { return nil }
        fields = parts.map { (name: $0.0, value: $0.1) }
    }

    /// The form of a request: form-data when `contentType` says so, else URL-encoded.
    init(_ body: [UInt8], contentType: String?) {
        if let contentType, let boundary = MultipartFormData.boundary(contentType: contentType),
            let form = FormBody(multipart: body, boundary: boundary)
        {
            self = form
        } else {
            self.init(body)
        }
    }

    /// The first value named `name` that is not empty: a file input when one was chosen, else the
    /// text field it stands beside.
    func firstGiven(_ names: String...) -> String? {
        for name in names {
            if let value = self[name], !value.isEmpty { return value }
        }
        return nil
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
