/// The pattern language's tokens (spec §3): literals, `*`, `?`, and `$(name)` expanded to its
/// alternatives.
enum PatternTokens {
    enum Token: Sendable, Hashable {
        /// A character (already case-folded when the pattern folds case).
        case literal(UInt32)
        /// `?`
        case any
        /// `*`
        case star
        /// One character of a built-in class.
        case characterClass(CharacterClass)
        /// One of several sequences: a substitution variable.
        case alternatives([[Token]])
    }

    enum CharacterClass: Sendable, Hashable {
        case alpha, upper, lower, alnum, digit, xdigit
        /// One of a set of ASCII characters, as a bit mask (bit `c` of `low` for c < 64, bit
        /// `c - 64` of `high` otherwise): the second letters of ISO codes sharing a first letter.
        case oneOf(low: UInt64, high: UInt64)

        /// The class of the ASCII characters `members`.
        static func oneOf(_ members: some Sequence<UInt32>) -> CharacterClass {
            var low: UInt64 = 0
            var high: UInt64 = 0
            for member in members where member < 128 {
                if member < 64 { low |= 1 << member } else { high |= 1 << (member - 64) }
            }
            return .oneOf(low: low, high: high)
        }
    }

    /// The tokens of `text`. With `variables` nil (inside a variable's value), `$(` is literal.
    static func tokens(_ text: String, variables: [String: [String]]?, foldsCase: Bool) -> [Token] {
        var tokens: [Token] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if let variables, let (name, end) = variable(in: scalars, at: index) {
                tokens.append(variable(name, variables: variables, foldsCase: foldsCase))
                index = end
                continue
            }
            switch scalar {
            case "*": if tokens.last != .star { tokens.append(.star) }
            case "?": tokens.append(.any)
            default: tokens.append(.literal(PatternStorage.fold(scalar.value, foldsCase)))
            }
            index += 1
        }
        return tokens
    }

    /// `$(name)` starting at `index`: the name and the index after `)`.
    private static func variable(in scalars: [Unicode.Scalar], at index: Int) -> (String, Int)? {
        guard scalars[index] == "$", index + 1 < scalars.count, scalars[index + 1] == "(",
            let close = scalars[(index + 2)...].firstIndex(of: ")")
        else { return nil }
        return (String(String.UnicodeScalarView(scalars[(index + 2)..<close])), close + 1)
    }

    /// The variables `text` uses that are neither built in nor defined with at least one value:
    /// each makes the pattern match nothing.
    static func undefinedVariables(_ text: String, variables: [String: [String]]) -> [String] {
        let scalars = Array(text.unicodeScalars)
        var names: [String] = []
        var index = 0
        while index < scalars.count {
            if let (name, end) = variable(in: scalars, at: index) {
                if BuiltInVariable(rawValue: name) == nil, variables[name]?.isEmpty ?? true { names.append(name) }
                index = end
            } else {
                index += 1
            }
        }
        return names
    }

    static func isEmptyAlternatives(_ token: Token) -> Bool {
        if case .alternatives(let options) = token { options.isEmpty } else { false }
    }

    /// A variable's token: a built-in class or code list, a file variable, or (undefined) nothing.
    private static func variable(_ name: String, variables: [String: [String]], foldsCase: Bool) -> Token {
        if let builtIn = BuiltInVariable(rawValue: name) {
            switch builtIn {
            case .alpha: return .characterClass(.alpha)
            case .upper: return .characterClass(foldsCase ? .alpha : .upper)
            case .lower: return .characterClass(foldsCase ? .alpha : .lower)
            case .alnum: return .characterClass(.alnum)
            case .digit: return .characterClass(.digit)
            case .xdigit: return .characterClass(.xdigit)
            case .region: return foldsCase ? foldedRegions : regions
            case .lang: return foldsCase ? foldedLanguages : languages
            }
        }
        // A value may hold `*` and `?` but not another variable: `$(` in a value is literal.
        return .alternatives((variables[name] ?? []).map { tokens($0, variables: nil, foldsCase: foldsCase) })
    }

    // Built once: a file may use a code list thousands of times. (`Token` is not `indirect`: an
    // indirect case is a box behind a tagged pointer, which LeakSanitizer cannot follow from a
    // global, so every run of the fuzzers would end in a false leak report.)
    private static let regions = codes(ISOCodes.regions, foldsCase: false)
    private static let foldedRegions = codes(ISOCodes.regions, foldsCase: true)
    private static let languages = codes(ISOCodes.languages, foldsCase: false)
    private static let foldedLanguages = codes(ISOCodes.languages, foldsCase: true)

    /// Two-letter codes as a small trie: one alternative per first letter, then the class of the
    /// second letters that follow it. 249 regions become 26 alternatives of two steps each.
    private static func codes(_ codes: Set<String>, foldsCase: Bool) -> Token {
        var seconds: [UInt32: Set<UInt32>] = [:]
        for code in codes {
            let scalars = code.unicodeScalars.map { PatternStorage.fold($0.value, foldsCase) }
            seconds[scalars[0], default: []].insert(scalars[1])
        }
        return .alternatives(
            seconds.keys.sorted().map { first in
                [.literal(first), .characterClass(.oneOf(seconds[first, default: []]))]
            })
    }
}

/// The built-in substitution variables (spec §3): each matches exactly one alternative.
enum BuiltInVariable: String, Sendable, CaseIterable {
    case alpha, upper, lower, alnum, digit, xdigit, region, lang
}
