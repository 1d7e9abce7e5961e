/// A strict JSON parser (RFC 8259) that keeps member order and says where input is wrong.
///
/// WebFence reads its inputs with this rather than Foundation's `JSONSerialization`, which on Linux
/// drops a U+FEFF that follows an escape (`"\/\u{FEFF}"`) and accepts trailing commas: a URL test
/// must reach the parser exactly as written, and a typo in a scenario must be an error.
///
/// Decisions: duplicate keys are an error (a scenario with two `expect` keys is a mistake); a number
/// beyond a Double's range (`1e999`) is an error, not infinity;
/// an unpaired surrogate escape becomes U+FFFD, as a browser's string conversion does; nesting is
/// limited to 512 levels so hostile input cannot exhaust the stack.
public struct JSONParser {
    /// Why the input is not JSON, and where: the line and column at which reading stopped.
    public struct Error: Swift.Error, Hashable, Sendable, CustomStringConvertible {
        /// The line, counting from 1.
        public let line: Int
        /// The column, counting from 1, in characters.
        public let column: Int
        /// What is wrong, in a sentence for people.
        public let message: String
        /// The position and the message in one line: `line 3, column 7: …`.
        public var description: String { "line \(line), column \(column): \(message)" }
    }

    /// The deepest nesting of arrays and objects the parser reads; deeper input is an error.
    public static let maximumDepth = 512

    /// What to do with a key an object already has.
    public enum DuplicateKeys: Sendable {
        /// An error (the default: in a file WebFence reads, a repeated key is a mistake).
        case reject
        /// The later value replaces the earlier one, in the earlier one's place, as Foundation's
        /// `JSONSerialization` (and so an iOS device) reads it.
        case keepLast
    }

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    private let duplicateKeys: DuplicateKeys
    /// The JSON pointer of the value being read, as tokens: kept only when something reads it (the
    /// pointers of repeated keys with `.keepLast`, a source map), as appending a token for every
    /// value is a large share of parsing a small body.
    private var path: [PathToken] = []
    private var tracksPath: Bool { reportsRepeatedKeys || offsets != nil }
    /// Whether the pointers of repeated keys are kept (`.keepLast`, read by `parse`).
    private let reportsRepeatedKeys: Bool
    /// Where the text of each member of the root object is, or of each object in the root array,
    /// when asked for (``JSONDocument``).
    private var memberTexts: [JSONDocument.MemberText]?
    /// For a root array read as a document: where each element's members begin in `memberTexts`.
    private var elementStarts: [Int] = []
    /// Whether the root is an array with elements, read as a document: the members of its objects
    /// are kept (those of objects deeper down are not).
    private var rootIsArray = false
    /// Pointers of keys that repeated (with `.keepLast`).
    private var repeatedKeys: [String] = []
    /// Where each value is written, by JSON pointer (``JSONSourceMap``); nil when not asked for.
    private var offsets: [String: Int]?

    /// Parses `text` as exactly one JSON value (surrounding whitespace allowed).
    public static func parse(_ text: String) throws(Error) -> JSONValue {
        try parse(text, duplicateKeys: .reject).value
    }

    /// Parses `text` as one JSON value; with `.keepLast`, also says which keys repeated (JSON
    /// pointers, in order).
    public static func parse(_ text: String, duplicateKeys: DuplicateKeys) throws(Error)
        -> (value: JSONValue, repeatedKeys: [String])
    {
        var parser = JSONParser(bytes: Array(text.utf8), duplicateKeys: duplicateKeys)
        let value = try parser.parseWhole()
        return (value, parser.repeatedKeys)
    }

    /// Parses `text` as one JSON value, as ``parse(_:duplicateKeys:)`` does, and keeps where the
    /// text of each member of the root object is (``JSONDocument/member(_:)``), or of each member
    /// of each object in the root array (``JSONDocument/member(_:ofElement:)``); which keys
    /// repeated is not kept.
    public static func document(_ text: String, duplicateKeys: DuplicateKeys) throws(Error) -> JSONDocument {
        var parser = JSONParser(bytes: Array(text.utf8), duplicateKeys: duplicateKeys, reportsRepeatedKeys: false)
        parser.memberTexts = []
        parser.memberTexts?.reserveCapacity(8)  // a request's members, or one case's, without growing
        let value = try parser.parseWhole()
        return JSONDocument(
            value: value, utf8: parser.bytes, members: parser.memberTexts ?? [], elementStarts: parser.elementStarts)
    }

    /// Where every value of `text` is written (``JSONSourceMap``). Repeated keys are read as
    /// `.keepLast` reads them: the later member is the one located.
    public static func sourceMap(_ text: String) throws(Error) -> JSONSourceMap {
        var parser = JSONParser(bytes: Array(text.utf8), duplicateKeys: .keepLast)
        parser.offsets = [:]
        parser.skipWhitespace()
        parser.offsets?[""] = parser.index
        _ = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return JSONSourceMap(bytes: parser.bytes, offsets: parser.offsets ?? [:])
    }

    /// RFC 6901: `~` is written `~0` and `/` is written `~1`.
    public static func pointer(_ tokens: [String]) -> String {
        tokens.map { "/" + $0.replacingTildesAndSlashes() }.joined()
    }

    /// One step of the path to the value being read: written as text only for a pointer asked for.
    private enum PathToken {
        case key(String)
        case index(Int)
    }

    /// The JSON pointer of the value being read.
    private func pointer() -> String {
        Self.pointer(
            path.map {
                switch $0 {
                case .key(let key): key
                case .index(let index): String(index)
                }
            })
    }

    private init(bytes: [UInt8], duplicateKeys: DuplicateKeys, reportsRepeatedKeys: Bool = true) {
        self.duplicateKeys = duplicateKeys
        self.reportsRepeatedKeys = reportsRepeatedKeys && duplicateKeys == .keepLast
        self.bytes = bytes
        // A UTF-8 byte order mark before the value is tolerated.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    // MARK: - Values

    private mutating func parseWhole() throws(Error) -> JSONValue {
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw error("unexpected text after the JSON value") }
        return value
    }

    private mutating func parseValue() throws(Error) -> JSONValue {
        guard let byte = peek() else { throw error("unexpected end of input, expected a value") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("unexpected character \(describe(byte)), expected a value")
        }
    }

    private mutating func parseObject() throws(Error) -> JSONValue {
        try enter()
        index += 1
        var members: [JSONValue.Member] = []
        // Keys are compared code point by code point (as their UTF-8), as RFC 8259 does: Swift's
        // String equality would call "café" written two ways the same key. `members` holds every
        // distinct key: a small object is searched, a larger one gets a map from each key to its
        // place, so that an object of many keys each written twice costs no search per key.
        var places: [[UInt8]: Int]? = nil
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw error("expected a member name in double quotes") }
            let keyStart = index
            let key = try parseString()
            let earlier: Int?
            if places == nil, members.count < 16 {
                earlier = members.firstIndex { $0.key.hasSameUTF8(as: key) }
            } else {
                if places == nil {
                    places = Dictionary(uniqueKeysWithValues: members.indices.map { (Array(members[$0].key.utf8), $0) })
                }
                earlier = places?[Array(key.utf8)]
            }
            if earlier != nil, duplicateKeys == .reject {
                index = keyStart
                throw error("duplicate key \"\(key)\"")
            }
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw error("expected ':' after \"\(key)\"") }
            index += 1
            skipWhitespace()
            if tracksPath { path.append(.key(key)) }
            if offsets != nil {
                let pointer = pointer()
                offsets?[pointer] = keyStart
            }
            let valueStart = index
            let value = try parseValue()
            if tracksPath { path.removeLast() }
            if depth == 1 || (depth == 2 && rootIsArray), memberTexts != nil {
                memberTexts?.append(JSONDocument.MemberText(key: key, range: valueStart..<index))
            }
            if let earlier {
                members[earlier].value = value
                if tracksPath {
                    path.append(.key(key))
                    repeatedKeys.append(pointer())
                    path.removeLast()
                }
            } else {
                places?[Array(key.utf8)] = members.count  // nil for a small object: nothing evaluated
                members.append(JSONValue.Member(key, value))
            }
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                depth -= 1
                return .object(members)
            default: throw error("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func parseArray() throws(Error) -> JSONValue {
        try enter()
        index += 1
        var values: [JSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(values)
        }
        if depth == 1, memberTexts != nil { rootIsArray = true }
        while true {
            skipWhitespace()
            if rootIsArray, depth == 1 { elementStarts.append(memberTexts?.count ?? 0) }
            if tracksPath { path.append(.index(values.count)) }
            if offsets != nil {
                let pointer = pointer()
                offsets?[pointer] = index
            }
            values.append(try parseValue())
            if tracksPath { path.removeLast() }
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                depth -= 1
                return .array(values)
            default: throw error("expected ',' or ']' in an array")
            }
        }
    }

    private mutating func enter() throws(Error) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw error("nested deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func parseLiteral(_ word: String, _ value: JSONValue) throws(Error) -> JSONValue {
        guard bytes[index...].starts(with: word.utf8) else { throw error("invalid literal, expected \(word)") }
        index += word.utf8.count
        return value
    }

    private mutating func parseNumber() throws(Error) -> JSONValue {
        let start = index
        if peek() == UInt8(ascii: "-") { index += 1 }
        guard let first = peek(), ASCII.isDigit(first) else { throw error("invalid number") }
        if first == UInt8(ascii: "0") {
            index += 1
            if let next = peek(), ASCII.isDigit(next) { throw error("a number cannot have a leading zero") }
        } else {
            skipDigits()
        }
        var isInteger = true
        if peek() == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard let digit = peek(), ASCII.isDigit(digit) else { throw error("expected a digit after '.'") }
            skipDigits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard let digit = peek(), ASCII.isDigit(digit) else { throw error("expected a digit in the exponent") }
            skipDigits()
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let value = Int(text) { return .int(value) }
        // A literal beyond a Double's range would read as infinity, which JSON cannot write back.
        guard let value = Double(text), value.isFinite else { throw error("number out of range: \(text)") }
        return .double(value)
    }

    private mutating func skipDigits() {
        while let byte = peek(), ASCII.isDigit(byte) { index += 1 }
    }

    // MARK: - Strings

    private mutating func parseString() throws(Error) -> String {
        index += 1  // the opening quote
        let start = index
        // The decoded bytes, kept only once an escape is met: most strings have none, and are made
        // from their bytes at once (the input is valid UTF-8, and a run ends at an ASCII byte).
        var decoded: [UInt8]? = nil
        var runStart = index
        while true {
            // The run up to the next byte that is not plain text, in one tight loop.
            index = bytes.withUnsafeBufferPointer { buffer in
                var end = index
                while end < buffer.count, buffer[end] >= 0x20, buffer[end] != 0x22, buffer[end] != 0x5C { end += 1 }
                return end
            }
            guard let byte = peek() else { throw error("unterminated string") }
            switch byte {
            case UInt8(ascii: "\""):
                let text: String
                if var escaped = decoded.take() {
                    escaped.append(contentsOf: bytes[runStart..<index])
                    text = String(decoding: escaped, as: UTF8.self)
                } else {
                    text = String(decoding: bytes[start..<index], as: UTF8.self)
                }
                index += 1
                return text
            case UInt8(ascii: "\\"):
                var escaped = decoded.take() ?? []
                escaped.append(contentsOf: bytes[runStart..<index])
                index += 1
                UTF8.encode(try parseEscape()) { escaped.append($0) }
                decoded = escaped
                runStart = index
            default:  // below 0x20: the loop above stops only at these three kinds of byte
                throw error("control character \(describe(byte)) in a string must be escaped")
            }
        }
    }

    private mutating func parseEscape() throws(Error) -> Unicode.Scalar {
        guard let byte = peek() else { throw error("unterminated escape") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try parseHex4()
            switch unit {
            case 0xD800...0xDBFF:
                // A high surrogate pairs with an immediately following \u low surrogate.
                if bytes[index...].starts(with: "\\u".utf8) {
                    let save = index
                    index += 2
                    let low = try parseHex4()
                    if (0xDC00...0xDFFF).contains(low) {
                        let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                        return Unicode.Scalar(value) ?? "\u{FFFD}"
                    }
                    index = save
                }
                return "\u{FFFD}"
            case 0xDC00...0xDFFF:
                return "\u{FFFD}"
            default:
                return Unicode.Scalar(unit) ?? "\u{FFFD}"
            }
        default:
            index -= 1
            throw error("invalid escape \\\(describe(byte))")
        }
    }

    private mutating func parseHex4() throws(Error) -> UInt16 {
        guard index + 4 <= bytes.count else { throw error("incomplete \\u escape") }
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard let digit = ASCII.hexValue(bytes[index]) else { throw error("invalid \\u escape") }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    // MARK: - Reading

    private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    private func describe(_ byte: UInt8) -> String {
        byte >= 0x21 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "0x" + String(byte, radix: 16)
    }

    /// An error at the current position, with line and column counted in characters.
    private func error(_ message: String) -> Error {
        let consumed = bytes[..<min(index, bytes.count)]
        let line = consumed.count(where: { $0 == 0x0A }) + 1
        let lineStart = consumed.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let column = String(decoding: bytes[lineStart..<min(index, bytes.count)], as: UTF8.self).count + 1
        return Error(line: line, column: column, message: message)
    }
}

/// ASCII digit tests for the JSON parser.
private enum ASCII {
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    static func hexValue(_ byte: UInt8) -> UInt16? {
        switch byte {
        case 0x30...0x39: UInt16(byte - 0x30)
        case 0x41...0x46: UInt16(byte - 0x41 + 10)
        case 0x61...0x66: UInt16(byte - 0x61 + 10)
        default: nil
        }
    }
}

extension String {
    fileprivate func replacingTildesAndSlashes() -> String {
        var output = ""
        for character in self {
            switch character {
            case "~": output += "~0"
            case "/": output += "~1"
            default: output.append(character)
            }
        }
        return output
    }
}
