// Fuzz target `pattern`: the pattern matcher of association files (spec §3) against a slow,
// obviously correct reference written here from the spec, and path normalisation.
//
// Input: bytes → UTF-8 (lossy). Up to the first newline is the pattern (a leading `!` means
// caseSensitive: false), the rest is the text to match (as Unicode scalars). The file's variables
// are fixed: v = ["a*", "b?", "", "c"], w = ["x$(v)"] (a value that names a variable: literal), e = [].
//
// Checks: no crash, no hang (every engine is at most input × pattern: a backtracking bug shows up as
// a timeout); the compiled pattern (literal, prefix, glob or automaton, with its prefilters) matches
// exactly when the reference does; path normalisation is idempotent and its result starts with `/`
// or `*` and ends with `/` or `*` (for patterns of two or more characters).

@testable import AssociatedDomains

let variables: [String: [String]] = ["v": ["a*", "b?", "", "c"], "w": ["x$(v)"], "e": []]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPattern(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    Fuzz.currentInput = bytes
    let text = String(decoding: bytes, as: UTF8.self)
    var pattern = String(text.prefix { $0 != "\n" })
    let subject = Array(text.drop { $0 != "\n" }.dropFirst().unicodeScalars.map(\.value).prefix(300))
    let foldsCase = pattern.hasPrefix("!")
    if foldsCase { pattern.removeFirst() }
    guard pattern.unicodeScalars.count <= 80 else { return 0 }

    var builder = PatternStorage.Builder()
    let compiled = builder.compile(pattern, variables: variables, foldsCase: foldsCase)
    let storage = PatternStorage(builder)
    let actual = storage.matches(compiled, subject)
    let expected = Reference(pattern: pattern, foldsCase: foldsCase).matches(subject)
    Fuzz.check(
        actual == expected, "the compiled pattern agrees with the reference",
        "pattern: \(pattern.debugDescription) folds: \(foldsCase) kind: \(compiled.kind)\nsubject: \(subject)\ncompiled: \(actual), reference: \(expected)"
    )

    let normalised = PathNormalisation.pattern(pattern)
    Fuzz.check(
        PathNormalisation.pattern(normalised) == normalised, "path normalisation is idempotent",
        "pattern: \(pattern.debugDescription) → \(normalised.debugDescription)")
    if pattern.unicodeScalars.count >= 2 {
        let first = normalised.unicodeScalars.first
        let last = normalised.unicodeScalars.last
        Fuzz.check(
            (first == "/" || first == "*") && (last == "/" || last == "*"), "a normalised pattern is bounded by / or *",
            "pattern: \(pattern.debugDescription) → \(normalised.debugDescription)")
    }
    return 0
}

/// The spec's pattern language, matched by memoised recursion over (pattern position, text
/// position): slow, and simple enough to trust.
struct Reference {
    enum Piece {
        case literal(UInt32)
        case any, star
        case variable(String)
    }

    let pieces: [Piece]
    let foldsCase: Bool

    init(pattern: String, foldsCase: Bool) {
        self.foldsCase = foldsCase
        pieces = Reference.pieces(pattern, variables: true)
    }

    static func pieces(_ text: String, variables: Bool) -> [Piece] {
        let scalars = Array(text.unicodeScalars)
        var pieces: [Piece] = []
        var index = 0
        while index < scalars.count {
            if variables, scalars[index] == "$", index + 1 < scalars.count, scalars[index + 1] == "(",
                let close = scalars[(index + 2)...].firstIndex(of: ")")
            {
                pieces.append(.variable(String(String.UnicodeScalarView(scalars[(index + 2)..<close]))))
                index = close + 1
                continue
            }
            switch scalars[index] {
            case "*": pieces.append(.star)
            case "?": pieces.append(.any)
            default: pieces.append(.literal(scalars[index].value))
            }
            index += 1
        }
        return pieces
    }

    func fold(_ value: UInt32) -> UInt32 {
        guard foldsCase, let scalar = Unicode.Scalar(value) else { return value }
        if value < 0x80 { return value >= 0x41 && value <= 0x5A ? value + 0x20 : value }
        let lower = scalar.properties.lowercaseMapping.unicodeScalars
        return lower.count == 1 ? lower.first!.value : value
    }

    func matches(_ subject: [UInt32]) -> Bool {
        var memo: [Int: Bool] = [:]
        return match(pieces, 0, subject, 0, &memo)
    }

    /// Whether `pieces[p...]` matches `subject[t...]` exactly.
    func match(_ pieces: [Piece], _ p: Int, _ subject: [UInt32], _ t: Int, _ memo: inout [Int: Bool]) -> Bool {
        let key = p * (subject.count + 1) + t
        if let known = memo[key] { return known }
        let result: Bool
        if p == pieces.count {
            result = t == subject.count
        } else {
            switch pieces[p] {
            case .literal(let value):
                result =
                    t < subject.count && fold(subject[t]) == fold(value) && match(pieces, p + 1, subject, t + 1, &memo)
            case .any: result = t < subject.count && match(pieces, p + 1, subject, t + 1, &memo)
            case .star:
                result =
                    match(pieces, p + 1, subject, t, &memo)
                    || (t < subject.count && match(pieces, p, subject, t + 1, &memo))
            case .variable(let name):
                // Every way the variable can take subject[t..<end], then the rest.
                result = (t...subject.count).contains { end in
                    variableMatches(name, Array(subject[t..<end])) && match(pieces, p + 1, subject, end, &memo)
                }
            }
        }
        memo[key] = result
        return result
    }

    func variableMatches(_ name: String, _ text: [UInt32]) -> Bool {
        func isLetter(_ value: UInt32) -> Bool { Unicode.Scalar(value)?.properties.isAlphabetic ?? false }
        func one(_ test: (UInt32) -> Bool) -> Bool { text.count == 1 && test(text[0]) }
        let digit = { (v: UInt32) in v >= 0x30 && v <= 0x39 }
        switch name {
        case "alpha": return one(isLetter)
        case "upper":
            return one { v in isLetter(v) && (foldsCase || Unicode.Scalar(v)!.properties.isUppercase) }
        case "lower":
            return one { v in isLetter(v) && (foldsCase || Unicode.Scalar(v)!.properties.isLowercase) }
        case "alnum": return one { isLetter($0) || digit($0) }
        case "digit": return one(digit)
        case "xdigit": return one { digit($0) || (0x61...0x66).contains($0 | 0x20) }
        case "region", "lang":
            let codes = name == "region" ? ISOCodes.regions : ISOCodes.languages
            return text.count == 2
                && codes.contains { code in
                    zip(code.unicodeScalars, text).allSatisfy { fold($0.value) == fold($1) }
                }
        default:
            return (variables[name] ?? []).contains { value in
                var memo: [Int: Bool] = [:]
                return match(Reference.pieces(value, variables: false), 0, text, 0, &memo)
            }
        }
    }
}
