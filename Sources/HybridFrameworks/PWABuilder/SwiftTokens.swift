/// Swift source as tokens, enough to read the literals of a settings file: words, string literals
/// (escapes decoded), single-character symbols, each with its line, column and brace depth.
/// Comments (nested `/* */` too) and white space are skipped; raw, multi-line and interpolated
/// strings are recognised and skipped as literals that are not read. Linear in the text.
enum SwiftTokens {
    /// One token.
    struct Token: Sendable, Hashable {
        enum Kind: Sendable, Hashable, CustomStringConvertible {
            /// An identifier, keyword or number.
            case word(String)
            /// A plain string literal, escapes decoded.
            case string(String)
            /// A string literal with interpolations: its text, each `\(…)` as
            /// `interpolationMarker`.
            case interpolatedString(String)
            /// A literal WebFence does not read: a raw or multi-line string, a regex.
            case otherString(String)
            /// Any other character.
            case symbol(Character)

            var description: String {
                switch self {
                case .word(let word): "`\(word)`"
                case .string: "a string literal"
                case .interpolatedString: "an interpolated string literal"
                case .otherString(let why): "a \(why) string literal"
                case .symbol(let symbol): "\"\(symbol)\""
                }
            }
        }

        /// What stands for an interpolation in an `interpolatedString`: U+FFFC.
        static let interpolationMarker: Unicode.Scalar = "\u{FFFC}"

        let kind: Kind
        /// 1-based.
        let line: Int
        /// 1-based, in Unicode scalars.
        let column: Int
        /// The number of `{` open before the token.
        let depth: Int
    }

    static func scan(_ text: String) throws(PWABuilderSettingsReader.Failure) -> [Token] {
        var scanner = Scanner(Array(text.unicodeScalars))
        return try scanner.tokens()
    }

    private struct Scanner {
        let scalars: [Unicode.Scalar]
        var index = 0
        var line = 1
        var lineStart = 0
        var depth = 0

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        var column: Int { index - lineStart + 1 }

        func peek(_ offset: Int = 0) -> Unicode.Scalar? {
            index + offset < scalars.count ? scalars[index + offset] : nil
        }

        /// Moves past one scalar, counting lines (`\n`, `\r\n`, `\r`).
        mutating func advance() {
            let scalar = scalars[index]
            index += 1
            if scalar == "\n" || (scalar == "\r" && peek() != "\n") {
                line += 1
                lineStart = index
            }
        }

        func failure(_ line: Int, _ column: Int, _ message: String) -> PWABuilderSettingsReader.Failure {
            PWABuilderSettingsReader.Failure(line: line, column: column, message: message)
        }

        mutating func tokens() throws(PWABuilderSettingsReader.Failure) -> [Token] {
            var tokens: [Token] = []
            while let scalar = peek() {
                let (startLine, startColumn) = (line, column)
                func add(_ kind: Token.Kind) {
                    tokens.append(Token(kind: kind, line: startLine, column: startColumn, depth: depth))
                }
                if scalar.properties.isWhitespace {
                    advance()
                } else if scalar == "/", peek(1) == "/" {
                    while let next = peek(), next != "\n", next != "\r" { advance() }
                } else if scalar == "/", peek(1) == "*" {
                    try skipBlockComment()
                } else if scalar == "#", peek(1) == "/" {
                    add(try regexLiteral())
                } else if scalar == "\"" || (scalar == "#" && (peek(1) == "\"" || peek(1) == "#")) {
                    add(try stringLiteral())
                } else if Self.isWordScalar(scalar) {
                    var word = ""
                    while let next = peek(), Self.isWordScalar(next) {
                        word.unicodeScalars.append(next)
                        advance()
                    }
                    add(.word(word))
                } else {
                    if scalar == "}" { depth = max(0, depth - 1) }
                    add(.symbol(Character(scalar)))
                    if scalar == "{" { depth += 1 }
                    advance()
                }
            }
            return tokens
        }

        /// How deep strings may nest inside interpolations: the stack stays small on any input.
        static let maximumNesting = 16

        static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "_" || scalar == "$" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
        }

        /// An extended regex literal, `#/…/#`, skipped (a quote in it is no string).
        mutating func regexLiteral() throws(PWABuilderSettingsReader.Failure) -> Token.Kind {
            let (startLine, startColumn) = (line, column)
            advance()
            advance()
            while let scalar = peek() {
                if scalar == "/", peek(1) == "#" {
                    advance()
                    advance()
                    return .otherString("regex")
                }
                advance()
            }
            throw failure(startLine, startColumn, "a #/ regex literal that never ends")
        }

        mutating func skipBlockComment() throws(PWABuilderSettingsReader.Failure) {
            let (startLine, startColumn) = (line, column)
            var nesting = 0
            while let scalar = peek() {
                if scalar == "/", peek(1) == "*" {
                    nesting += 1
                    advance()
                } else if scalar == "*", peek(1) == "/" {
                    nesting -= 1
                    advance()
                    if nesting == 0 {
                        advance()
                        return
                    }
                }
                advance()
            }
            throw failure(startLine, startColumn, "a /* comment that never ends")
        }

        /// A string literal starting at `"` or `#`: plain ones are decoded, the others skipped.
        mutating func stringLiteral(nesting: Int = 0) throws(PWABuilderSettingsReader.Failure) -> Token.Kind {
            let (startLine, startColumn) = (line, column)
            guard nesting <= Self.maximumNesting else {
                throw failure(
                    startLine, startColumn, "strings nested more than \(Self.maximumNesting) deep in interpolations")
            }
            var hashes = 0
            while peek() == "#" {
                hashes += 1
                advance()
            }
            guard peek() == "\"" else { throw failure(startLine, startColumn, "expected a string after #") }
            let multiLine = peek(1) == "\"" && peek(2) == "\""
            let quotes = multiLine ? 3 : 1
            for _ in 0..<quotes { advance() }
            var value = ""
            var interpolated = false
            while let scalar = peek() {
                if !multiLine, scalar == "\n" || scalar == "\r" { break }
                if scalar == "\"", closes(quotes: quotes, hashes: hashes) {
                    for _ in 0..<(quotes + hashes) { advance() }
                    if hashes > 0 { return .otherString("raw") }
                    if multiLine { return .otherString("multi-line") }
                    return interpolated ? .interpolatedString(value) : .string(value)
                }
                if scalar == "\\", hashes == 0 || escapeHashes(hashes) {
                    let (escapeLine, escapeColumn) = (line, column)  // where an invalid escape is reported
                    advance()
                    for _ in 0..<hashes { advance() }
                    guard let escaped = peek() else { break }
                    if escaped == "(" {
                        interpolated = true
                        value.unicodeScalars.append(Token.interpolationMarker)
                        try skipInterpolation(nesting: nesting)
                        continue
                    }
                    advance()
                    switch escaped {
                    case "n": value.unicodeScalars.append("\n")
                    case "t": value.unicodeScalars.append("\t")
                    case "r": value.unicodeScalars.append("\r")
                    case "0": value.unicodeScalars.append("\0")
                    case "\"", "'", "\\": value.unicodeScalars.append(escaped)
                    case "u":
                        guard let decoded = unicodeEscape() else {
                            throw failure(escapeLine, escapeColumn, "an invalid \\u{…} escape")
                        }
                        value.unicodeScalars.append(decoded)
                    case "\n", "\r", " ", "\t":
                        // A line continuation, in a multi-line literal only.
                        guard multiLine else {
                            throw failure(escapeLine, escapeColumn, "an invalid escape at the end of a line")
                        }
                    default:
                        throw failure(escapeLine, escapeColumn, "an invalid escape \\\(escaped)")
                    }
                    continue
                }
                value.unicodeScalars.append(scalar)
                advance()
            }
            throw failure(startLine, startColumn, "a string literal that never ends")
        }

        /// Whether the `"` at `index` ends the literal: `quotes` quotes then `hashes` `#`s.
        func closes(quotes: Int, hashes: Int) -> Bool {
            for offset in 0..<quotes where peek(offset) != "\"" { return false }
            for offset in 0..<hashes where peek(quotes + offset) != "#" { return false }
            return true
        }

        /// Whether the `\` at `index` is followed by the raw string's `#`s (an escape in it).
        func escapeHashes(_ hashes: Int) -> Bool {
            for offset in 1...hashes where peek(offset) != "#" { return false }
            return true
        }

        /// `u{` one to eight hex digits `}`, at `index` (after the `u`).
        mutating func unicodeEscape() -> Unicode.Scalar? {
            guard peek() == "{" else { return nil }
            advance()
            var code: UInt32 = 0
            var digits = 0
            while let scalar = peek(), let digit = hex(scalar) {
                guard digits < 8 else { return nil }
                code = code << 4 | digit
                digits += 1
                advance()
            }
            guard digits > 0, peek() == "}" else { return nil }
            advance()
            return Unicode.Scalar(code)
        }

        func hex(_ scalar: Unicode.Scalar) -> UInt32? {
            switch scalar {
            case "0"..."9": scalar.value - 48
            case "a"..."f": scalar.value - 87
            case "A"..."F": scalar.value - 55
            default: nil
            }
        }

        /// From `(` after `\` to its `)`, skipping nested parentheses and strings.
        mutating func skipInterpolation(nesting: Int) throws(PWABuilderSettingsReader.Failure) {
            let (startLine, startColumn) = (line, column)
            var parentheses = 0
            while let scalar = peek() {
                switch scalar {
                case "(":
                    parentheses += 1
                    advance()
                case ")":
                    parentheses -= 1
                    advance()
                    if parentheses == 0 { return }
                case "\"":
                    _ = try stringLiteral(nesting: nesting + 1)
                case "#" where peek(1) == "\"" || peek(1) == "#":
                    _ = try stringLiteral(nesting: nesting + 1)
                default:
                    advance()
                }
            }
            throw failure(startLine, startColumn, "an interpolation that never ends")
        }
    }
}
