/// A regular expression from a flutter_inappwebview allow list, in the syntax JavaScript's `RegExp`
/// (the gate in the page) and ICU's `NSRegularExpression` (the native handler check) read alike,
/// tested as both test it: unanchored, case-sensitive, against an origin (spec §13c–§13d).
///
/// The syntax evaluated, the same in both dialects on the ASCII text of an origin: literal
/// characters; `.`; `^` and `$`; escaped punctuation (`\.`, `\/`); `\d \D \w \W \s \S`; classes
/// `[…]` and `[^…]` of characters, ranges and those escapes; groups `(…)` and `(?:…)`; `|`; the
/// quantifiers `* + ? {n} {n,} {n,m}` (each may be lazy; a count over 100 is not evaluated).
/// A quantifier with nothing to repeat, an unbalanced parenthesis or bracket, a range out of order,
/// a backslash at the end: a syntax error in both, so a definite answer. Everything else
/// (lookaround, backreferences, `\b`, flags, possessive quantifiers, ICU's nested classes, a lone
/// `{`, `}` or `]`) is outside what WebFence evaluates and is refused, never guessed.
struct OriginRegex: Sendable, Hashable {
    /// How the text was read.
    enum Reading: Sendable, Hashable {
        case regex(OriginRegex)
        /// Not a regular expression in either dialect: `new RegExp` throws, ICU reports an error.
        case syntaxError(String)
        /// Outside the syntax both dialects agree on.
        case outsideSubset(String)
    }

    /// The largest count a `{n,m}` may name.
    static let largestCount = 100
    /// The most states an expression may compile to.
    static let largestProgram = 20_000
    /// The most states all the allow lists of one configuration may compile to: what one decision
    /// may cost for each character of the origin, and what compiling may hold in memory.
    static let largestConfiguration = 100_000

    let program: OriginRegexProgram

    /// Reads `text` as a regular expression compiled to at most `states` states (and
    /// `largestProgram`).
    static func read(_ text: String, states: Int = largestProgram) -> Reading {
        var parser = OriginRegexParser(Array(text.unicodeScalars))
        switch parser.parse() {
        case .success(let node):
            var builder = OriginRegexProgram.Builder(limit: min(states, largestProgram))
            guard let program = builder.compile(node) else {
                return .outsideSubset(
                    states < largestProgram
                        ? "the allow lists together compile past \(largestConfiguration) states"
                        : "the expression expands past \(largestProgram) states")
            }
            return .regex(OriginRegex(program: program))
        case .failure(.syntax(let reason)): return .syntaxError(reason)
        case .failure(.outside(let reason)): return .outsideSubset(reason)
        }
    }

    /// Whether the expression finds a match anywhere in `text` (`RegExp.test`, `range(of:)`).
    func findsMatch(in text: String) -> Bool { program.findsMatch(in: text) }
}
