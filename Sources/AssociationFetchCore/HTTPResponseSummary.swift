/// One header line of a response, as the server sent it.
public struct HTTPHeaderField: Sendable, Hashable {
    /// The field name, with the server's spelling.
    public var name: String
    /// The field value.
    public var value: String

    /// A field named `name` with `value`, as sent.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// The status line and headers of a response: everything that arrives before the body.
public struct HTTPResponseSummary: Sendable, Hashable {
    /// The status code, such as 200 or 404.
    public var status: Int
    /// The reason phrase the server sent, such as `Not Found`.
    public var reasonPhrase: String
    /// The protocol version, such as `HTTP/1.1` or `HTTP/2.0`.
    public var httpVersion: String
    /// Every header field, in the order the server sent them.
    public var headers: [HTTPHeaderField]

    /// A response head from its parts.
    public init(status: Int, reasonPhrase: String, httpVersion: String, headers: [HTTPHeaderField]) {
        self.status = status
        self.reasonPhrase = reasonPhrase
        self.httpVersion = httpVersion
        self.headers = headers
    }

    /// Every value of the named field, in order. Names compare without regard to ASCII case.
    public func values(of name: String) -> [String] {
        headers.filter { asciiLowercased($0.name) == asciiLowercased(name) }.map(\.value)
    }

    /// The first value of the named field, or nil when the server did not send it.
    public func value(of name: String) -> String? {
        values(of: name).first
    }

    /// The `Content-Length` the server declared, when it sent exactly one valid value.
    public var declaredContentLength: Int? {
        let lengths = values(of: "Content-Length")
        // Two different lengths, or anything but digits, is no declaration we can rely on.
        guard let first = lengths.first, lengths.allSatisfy({ $0 == first }) else { return nil }
        let trimmed = first.trimmingASCIIWhitespace()
        guard !trimmed.isEmpty, trimmed.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(trimmed)
    }

    /// Whether the status is in the redirection class (300–399).
    public var isRedirect: Bool { (300...399).contains(status) }
}

/// Lowercases ASCII letters only: header names are ASCII, and locale rules must not apply.
func asciiLowercased(_ text: String) -> String {
    String(decoding: text.utf8.map { ($0 >= 0x41 && $0 <= 0x5A) ? $0 + 0x20 : $0 }, as: UTF8.self)
}

extension String {
    /// The string without leading and trailing spaces and tabs (HTTP's optional whitespace).
    func trimmingASCIIWhitespace() -> String {
        let bytes = Array(utf8)
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
