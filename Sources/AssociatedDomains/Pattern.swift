/// A pattern of the association-file language (spec §3), compiled once.
///
/// `*` is zero or more characters (crossing `/`), `?` exactly one, `$(name)` one alternative of a
/// substitution variable, anything else itself; there are no escapes and the whole component must
/// match. Matching never backtracks exponentially: literal and prefix patterns are direct
/// comparisons, `*`/`?` patterns use the two-pointer wildcard walk (at most input × pattern steps),
/// and patterns with variables run as a Thompson automaton (input × states).
///
/// A `Pattern` is a plain value, a handle into its file's `PatternStorage`: walking a hundred rules
/// copies handles, never reference-counted arrays.
struct Pattern: Sendable, Hashable {
    enum Kind: UInt8, Sendable {
        /// `*`
        case everything
        /// An undefined variable (or one with no values).
        case nothing
        /// Only literal characters: equal, character by character.
        case literal
        /// Literal characters then `*`.
        case prefix
        /// Literals, `*` and `?`: the two-pointer walk.
        case glob
        /// Classes or variables: the automaton `storage.automata[automaton]`.
        case automaton
    }

    let kind: Kind
    let foldsCase: Bool
    /// Where its characters are in `storage.scalars`: for literal, prefix and glob the pattern (a
    /// glob's `*` and `?` as `PatternStorage.star` and `.any`); for an automaton, the longest run
    /// of literal characters every match contains, a cheap test before running it.
    let start: Int32
    let count: Int32
    var automaton: Int32 = 0
    /// For an automaton: how many (offset, character) pairs follow the literal run in
    /// `storage.scalars`: characters every match has at fixed offsets, tested first.
    var fixedChecks: Int32 = 0

    /// True when every input matches (`*`).
    var matchesEverything: Bool { kind == .everything }

    /// True when no input matches (an undefined variable).
    var matchesNothing: Bool { kind == .nothing }
}

/// The characters of every pattern of one file, in one buffer, and their automata.
final class PatternStorage: @unchecked Sendable {
    /// Codes beyond Unicode for a glob's `*` and `?`.
    static let star: UInt32 = 0xFFFF_FFFF
    static let any: UInt32 = 0xFFFF_FFFE

    /// Immutable after `init`, so sharing it between threads is safe.
    private let scalars: UnsafeMutableBufferPointer<UInt32>
    private let automata: [Automaton]

    init(_ builder: Builder) {
        scalars = .allocate(capacity: max(builder.scalars.count, 1))
        _ = scalars.initialize(from: builder.scalars)
        automata = builder.automata
    }

    deinit { scalars.deallocate() }

    /// How many characters the patterns have, all together (a decision's work is at most this
    /// many steps for each character of the link it reads).
    var characterCount: Int { scalars.count }

    /// Collects patterns as they are compiled.
    struct Builder {
        fileprivate var scalars: [UInt32] = []
        fileprivate var automata: [Automaton] = []

        /// Compiles `text`. `variables`: the file's substitution variables. `foldsCase`:
        /// `caseSensitive: false`.
        mutating func compile(_ text: String, variables: [String: [String]], foldsCase: Bool) -> Pattern {
            let tokens = PatternTokens.tokens(text, variables: variables, foldsCase: foldsCase)
            func stored(_ kind: Pattern.Kind, _ characters: [UInt32]) -> Pattern {
                defer { scalars += characters }
                return Pattern(
                    kind: kind, foldsCase: foldsCase, start: Int32(scalars.count), count: Int32(characters.count))
            }
            if tokens == [.star] { return Pattern(kind: .everything, foldsCase: foldsCase, start: 0, count: 0) }
            if tokens.contains(where: PatternTokens.isEmptyAlternatives) {
                return Pattern(kind: .nothing, foldsCase: foldsCase, start: 0, count: 0)
            }
            var glob: [UInt32] = []
            for token in tokens {
                switch token {
                case .literal(let scalar): glob.append(scalar)
                case .star: glob.append(PatternStorage.star)
                case .any: glob.append(PatternStorage.any)
                case .characterClass, .alternatives:
                    let (checks, checkedTokens) = Self.fixedChecks(tokens)
                    let run = Self.longestLiteralRun(tokens)
                    // When the fixed checks already cover the run, searching for it adds nothing.
                    var pattern = stored(.automaton, run.end <= checkedTokens ? [] : run.scalars)
                    pattern.automaton = Int32(automata.count)
                    automata.append(Automaton(tokens))
                    pattern.fixedChecks = Int32(checks.count)
                    for (offset, scalar) in checks { scalars += [UInt32(offset), scalar] }
                    return pattern
                }
            }
            let literals = glob.prefix { $0 != PatternStorage.star && $0 != PatternStorage.any }
            if literals.count == glob.count { return stored(.literal, glob) }
            if literals.count == glob.count - 1, glob.last == PatternStorage.star {
                return stored(.prefix, Array(literals))
            }
            return stored(.glob, glob)
        }

        /// The literal characters at fixed offsets (after the first, up to 32), found while every
        /// token before them has a fixed width: `/$(lang)_$(region)/x` gives `_` at 3, `/` at 6,
        /// `x` at 7; and how many tokens that covers.
        static func fixedChecks(_ tokens: [PatternTokens.Token]) -> (checks: [(Int, UInt32)], tokens: Int) {
            var checks: [(Int, UInt32)] = []
            var offset = 0
            for (index, token) in tokens.enumerated() {
                guard checks.count < 32, let width = Self.width(token) else { return (checks, index) }
                if case .literal(let scalar) = token, offset > 0 { checks.append((offset, scalar)) }
                offset += width
            }
            return (checks, tokens.count)
        }

        /// A token's width in characters when it is fixed; nil for `*` and for alternatives of
        /// different widths.
        static func width(_ token: PatternTokens.Token) -> Int? {
            switch token {
            case .literal, .any, .characterClass: return 1
            case .star: return nil
            case .alternatives(let options):
                let widths = options.map { option in
                    option.reduce(Optional(0)) { total, token in
                        guard let total, let width = width(token) else { return nil }
                        return total + width
                    }
                }
                guard let first = widths.first, let fixed = first, widths.allSatisfy({ $0 == fixed }) else {
                    return nil
                }
                return fixed
            }
        }

        /// The longest run of consecutive literal tokens (every match contains it), and the index
        /// of the token after it.
        static func longestLiteralRun(_ tokens: [PatternTokens.Token]) -> (scalars: [UInt32], end: Int) {
            var longest: (scalars: [UInt32], end: Int) = ([], 0)
            var run: [UInt32] = []
            for (index, token) in (tokens + [.any]).enumerated() {
                if case .literal(let scalar) = token {
                    run.append(scalar)
                } else {
                    if run.count > longest.scalars.count { longest = (run, index) }
                    run.removeAll()
                }
            }
            return longest
        }
    }

    // MARK: - Matching

    /// Whether `pattern` matches all of `input`: bytes for a component compared as written,
    /// Unicode scalar values for a percent-decoded one.
    @inline(__always)
    func matches<Input: RandomAccessCollection>(_ pattern: Pattern, _ input: Input) -> Bool
    where Input.Element: FixedWidthInteger, Input.Index == Int {
        let characters = UnsafeBufferPointer(
            start: scalars.baseAddress! + Int(pattern.start), count: Int(pattern.count))
        switch pattern.kind {
        case .everything: return true
        case .nothing: return false
        case .literal: return input.count == characters.count && Self.startsWith(input, characters, pattern.foldsCase)
        case .prefix: return input.count >= characters.count && Self.startsWith(input, characters, pattern.foldsCase)
        case .glob: return Self.globMatches(characters, input, foldsCase: pattern.foldsCase)
        case .automaton:
            let checks = Int(pattern.start + pattern.count)
            for check in 0..<Int(pattern.fixedChecks) {
                let offset = Int(scalars[checks + 2 * check])
                guard offset < input.count,
                    Self.fold(UInt32(truncatingIfNeeded: input[input.startIndex + offset]), pattern.foldsCase)
                        == scalars[checks + 2 * check + 1]
                else { return false }
            }
            guard Self.contains(input, characters, pattern.foldsCase) else { return false }
            return automata[Int(pattern.automaton)].matches(input, foldsCase: pattern.foldsCase)
        }
    }

    /// For a normalised path pattern: every normalised path (which starts and ends with `/`) matches.
    func matchesEveryPath(_ pattern: Pattern) -> Bool {
        let characters = Array(scalars[Int(pattern.start)..<Int(pattern.start + pattern.count)])
        switch pattern.kind {
        case .everything: return true
        case .prefix: return characters == [0x2F]
        case .glob: return characters == [Self.star, 0x2F]
        default: return false
        }
    }

    @inline(__always)
    private static func startsWith<Input: RandomAccessCollection>(
        _ input: Input, _ literal: UnsafeBufferPointer<UInt32>, _ foldsCase: Bool
    ) -> Bool where Input.Element: FixedWidthInteger, Input.Index == Int {
        var index = input.startIndex
        for expected in literal {
            guard fold(UInt32(truncatingIfNeeded: input[index]), foldsCase) == expected else { return false }
            index += 1
        }
        return true
    }

    /// Whether `input` contains `literal` anywhere (the naive search: both are short).
    private static func contains<Input: RandomAccessCollection>(
        _ input: Input, _ literal: UnsafeBufferPointer<UInt32>, _ foldsCase: Bool
    ) -> Bool where Input.Element: FixedWidthInteger, Input.Index == Int {
        guard let first = literal.first else { return true }
        guard input.count >= literal.count else { return false }
        var start = input.startIndex
        let last = input.endIndex - literal.count
        while start <= last {
            if fold(UInt32(truncatingIfNeeded: input[start]), foldsCase) == first {
                var offset = 1
                while offset < literal.count,
                    fold(UInt32(truncatingIfNeeded: input[start + offset]), foldsCase) == literal[offset]
                {
                    offset += 1
                }
                if offset == literal.count { return true }
            }
            start += 1
        }
        return false
    }

    /// The two-pointer wildcard walk for `*` and `?`: on a mismatch, retry from the last `*` one
    /// character further. Each retry moves the input forward, so the cost is at most
    /// input × pattern, never exponential.
    private static func globMatches<Input: RandomAccessCollection>(
        _ tokens: UnsafeBufferPointer<UInt32>, _ input: Input, foldsCase: Bool
    ) -> Bool where Input.Element: FixedWidthInteger, Input.Index == Int {
        var t = 0
        var i = input.startIndex
        var starToken = -1
        var starInput = input.startIndex
        while i < input.endIndex {
            if t < tokens.count {
                let token = tokens[t]
                if token == star {
                    starToken = t
                    starInput = i
                    t += 1
                    continue
                }
                if token == any || token == fold(UInt32(truncatingIfNeeded: input[i]), foldsCase) {
                    t += 1
                    i += 1
                    continue
                }
            }
            guard starToken >= 0 else { return false }
            t = starToken + 1
            starInput += 1
            i = starInput
        }
        while t < tokens.count, tokens[t] == star { t += 1 }
        return t == tokens.count
    }

    /// Case folding for `caseSensitive: false`: ASCII letters directly, other scalars by their
    /// Unicode lowercase mapping when it is one scalar.
    @inline(__always)
    static func fold(_ value: UInt32, _ foldsCase: Bool) -> UInt32 {
        guard foldsCase else { return value }
        if value < 0x80 { return value >= 0x41 && value <= 0x5A ? value | 0x20 : value }
        return foldNonASCII(value)
    }

    private static func foldNonASCII(_ value: UInt32) -> UInt32 {
        guard let scalar = Unicode.Scalar(value) else { return value }
        let lower = scalar.properties.lowercaseMapping.unicodeScalars
        return lower.count == 1 ? lower.first?.value ?? value : value
    }
}
