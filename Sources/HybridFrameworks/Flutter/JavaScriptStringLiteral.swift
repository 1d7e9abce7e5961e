/// What a JavaScript string literal makes of an allow-list entry that flutter_inappwebview pastes
/// into its user script as `new RegExp('<entry>')`, with only `'` escaped (spec/hybrid-frameworks.md
/// §13c): the text the regular expression then sees.
///
/// The script is sloppy-mode JavaScript. A backslash starts an escape, so `\.` reaches the regex as
/// `.`; only `\\` leaves a backslash. An entry that ends in a backslash, holds a raw line break or
/// closes the literal early is a syntax error: the whole script, and with it the bridge, is gone
/// for every origin. Legacy octal escapes (`\1`, `\08`) and `\u{…}` are outside what WebFence
/// evaluates.
enum JavaScriptStringLiteral {
    /// The literal's value, or why there is none.
    enum Outcome: Equatable {
        /// The text the `RegExp` constructor receives.
        case value(String)
        /// The script does not parse: no script, in any frame.
        case syntaxError(String)
        /// An escape whose value WebFence does not compute.
        case outsideSubset(String)
    }

    /// The value of `'` + `entry` (each `'` preceded by a backslash) + `'`.
    static func value(ofPasted entry: String) -> Outcome {
        var source: [Unicode.Scalar] = []
        for scalar in entry.unicodeScalars {
            if scalar == "'" { source.append("\\") }
            source.append(scalar)
        }
        var value = String.UnicodeScalarView()
        var index = 0
        while index < source.count {
            let scalar = source[index]
            index += 1
            switch scalar {
            case "\n", "\r":
                return .syntaxError("a line break ends the string literal before its closing quote")
            case "'":
                return .syntaxError("a quote after a backslash ends the string literal early")
            case "\\":
                guard index < source.count else {
                    return .syntaxError("the final backslash escapes the literal's closing quote")
                }
                let escaped = source[index]
                index += 1
                switch escape(escaped, following: source[index...]) {
                case .scalar(let decoded, let consumed):
                    if let decoded { value.append(decoded) }
                    index += consumed
                case .syntaxError(let reason): return .syntaxError(reason)
                case .outsideSubset(let reason): return .outsideSubset(reason)
                }
            default:
                value.append(scalar)
            }
        }
        return .value(String(value))
    }

    private enum Escape {
        /// The escape's value (nil for a line continuation) and how many scalars after the escaped
        /// one it used.
        case scalar(Unicode.Scalar?, consumed: Int)
        case syntaxError(String)
        case outsideSubset(String)
    }

    private static func escape(_ escaped: Unicode.Scalar, following rest: ArraySlice<Unicode.Scalar>) -> Escape {
        switch escaped {
        case "b": return .scalar("\u{08}", consumed: 0)
        case "f": return .scalar("\u{0C}", consumed: 0)
        case "n": return .scalar("\n", consumed: 0)
        case "r":
            return .scalar("\r", consumed: 0)
        case "t": return .scalar("\t", consumed: 0)
        case "v": return .scalar("\u{0B}", consumed: 0)
        case "\n", "\u{2028}", "\u{2029}": return .scalar(nil, consumed: 0)
        case "\r": return .scalar(nil, consumed: rest.first == "\n" ? 1 : 0)
        case "0" where !(rest.first.map(isDecimalDigit) ?? false): return .scalar("\0", consumed: 0)
        case "0"..."9":
            return .outsideSubset("the legacy escape \\\(escaped) (an octal or a digit escape)")
        case "x": return hex(rest, digits: 2, name: "\\x")
        case "u":
            if rest.first == "{" { return .outsideSubset("the escape \\u{…}") }
            return hex(rest, digits: 4, name: "\\u")
        default: return .scalar(escaped, consumed: 0)
        }
    }

    private static func hex(_ rest: ArraySlice<Unicode.Scalar>, digits: Int, name: String) -> Escape {
        let taken = Array(rest.prefix(digits))
        guard taken.count == digits, let number = UInt32(String(String.UnicodeScalarView(taken)), radix: 16),
            taken.allSatisfy({ $0.properties.isASCIIHexDigit })
        else { return .syntaxError("\(name) is not followed by \(digits) hexadecimal digits") }
        guard let scalar = Unicode.Scalar(number) else {
            return .outsideSubset("\(name) naming half of a surrogate pair")
        }
        return .scalar(scalar, consumed: digits)
    }

    private static func isDecimalDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
}
