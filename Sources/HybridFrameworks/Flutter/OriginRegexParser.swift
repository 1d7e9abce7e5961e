/// The parse tree of an `OriginRegex`.
indirect enum OriginRegexNode: Hashable, Sendable {
    /// One character from a set.
    case character(OriginRegexClass)
    /// `^`.
    case start
    /// `$`.
    case end
    /// Nodes one after another.
    case sequence([OriginRegexNode])
    /// `a|b`.
    case alternatives([OriginRegexNode])
    /// A node repeated between `minimum` and `maximum` (nil: no upper bound) times.
    case repeated(OriginRegexNode, minimum: Int, maximum: Int?)
}

/// A set of characters: listed ranges, or everything outside them. Its members below U+0080 are
/// also kept as bits, worked out once when the class is made (in time proportional to its ranges):
/// an origin is ASCII, and a bit test costs less than a walk through the ranges.
struct OriginRegexClass: Equatable, Hashable, Sendable {
    let ranges: [ClosedRange<UInt32>]
    let negated: Bool
    /// Members U+0000–U+003F and U+0040–U+007F, one bit each.
    let asciiLow: UInt64
    let asciiHigh: UInt64

    init(ranges: [ClosedRange<UInt32>], negated: Bool = false) {
        self.ranges = ranges
        self.negated = negated
        let low = Self.bits(ranges, from: 0)
        let high = Self.bits(ranges, from: 64)
        (asciiLow, asciiHigh) = negated ? (~low, ~high) : (low, high)
    }

    func contains(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 64 { return asciiLow & (1 << UInt64(value)) != 0 }
        if value < 128 { return asciiHigh & (1 << UInt64(value - 64)) != 0 }
        return ranges.contains { $0.contains(value) } != negated
    }

    /// The ranges' members from `start` to `start + 63`, as bits from the lowest.
    private static func bits(_ ranges: [ClosedRange<UInt32>], from start: UInt32) -> UInt64 {
        var bits: UInt64 = 0
        for range in ranges {
            let low = max(range.lowerBound, start)
            let high = min(range.upperBound, start + 63)
            guard low <= high else { continue }
            let count = UInt64(high - low + 1)
            let run: UInt64 = count == 64 ? .max : (1 << count) - 1
            bits |= run << UInt64(low - start)
        }
        return bits
    }

    static func single(_ scalar: Unicode.Scalar) -> OriginRegexClass {
        OriginRegexClass(ranges: [scalar.value...scalar.value])
    }

    /// Any character but a line feed, a carriage return or a line or paragraph separator:
    /// JavaScript's `.`; ICU's also leaves out U+000B, U+000C and U+0085. An origin holds none of them.
    static let dot = OriginRegexClass(ranges: [0x0A...0x0A, 0x0D...0x0D, 0x2028...0x2029], negated: true)
    static let digit = OriginRegexClass(ranges: [0x30...0x39])
    static let word = OriginRegexClass(ranges: [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A])
    /// JavaScript's `\s` on ASCII; ICU's leaves out U+000B. An origin holds none of them.
    static let space = OriginRegexClass(ranges: [0x09...0x0D, 0x20...0x20])
}

/// Reads the syntax `OriginRegex` evaluates; see there.
struct OriginRegexParser {
    enum Failure: Error, Equatable {
        case syntax(String)
        case outside(String)
    }

    /// The deepest nesting of groups read: deeper is refused, so that reading never runs out of
    /// stack whatever the text.
    static let deepestNesting = 50

    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var depth = 0

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    mutating func parse() -> Result<OriginRegexNode, Failure> {
        do throws(Failure) {
            let node = try alternatives()
            // Only a `)` stops `alternatives` before the end.
            guard index == scalars.count else { throw .syntax("an unmatched ')' at position \(index + 1)") }
            return .success(node)
        } catch {
            return .failure(error)
        }
    }

    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private mutating func alternatives() throws(Failure) -> OriginRegexNode {
        var branches = [try sequence()]
        while current == "|" {
            index += 1
            branches.append(try sequence())
        }
        return branches.count == 1 ? branches[0] : .alternatives(branches)
    }

    private mutating func sequence() throws(Failure) -> OriginRegexNode {
        var nodes: [OriginRegexNode] = []
        while let scalar = current, scalar != "|", scalar != ")" {
            let position = index + 1
            switch scalar {
            case "^", "$":
                index += 1
                nodes.append(scalar == "^" ? .start : .end)
                if let next = current, "*+?{".unicodeScalars.contains(next) {
                    throw .outside("a quantifier after '\(scalar)' at position \(position)")
                }
                continue
            case "*", "+", "?":
                throw .syntax("'\(scalar)' at position \(position) has nothing to repeat")
            default:
                let atom = try self.atom()
                nodes.append(try quantified(atom))
            }
        }
        return nodes.count == 1 ? nodes[0] : .sequence(nodes)
    }

    private mutating func atom() throws(Failure) -> OriginRegexNode {
        let position = index + 1
        let scalar = scalars[index]
        index += 1
        switch scalar {
        case ".": return .character(.dot)
        case "(": return try group(at: position)
        case "[": return .character(try characterClass(at: position))
        case "\\": return .character(try escape(at: position))
        case "{", "}", "]": throw .outside("a lone '\(scalar)' at position \(position)")
        default:
            guard scalar.value <= 0xFFFF else {
                throw .outside("the character \(scalar) outside the Basic Multilingual Plane")
            }
            return .character(.single(scalar))
        }
    }

    private mutating func group(at position: Int) throws(Failure) -> OriginRegexNode {
        if current == "?" {
            guard index + 1 < scalars.count, scalars[index + 1] == ":" else {
                throw .outside("the group syntax '(?' at position \(position) (lookaround, names or flags)")
            }
            index += 2
        }
        guard depth < Self.deepestNesting else {
            throw .outside("groups nested deeper than \(Self.deepestNesting), at position \(position)")
        }
        depth += 1
        let inner = try alternatives()
        depth -= 1
        guard current == ")" else { throw .syntax("the '(' at position \(position) is never closed") }
        index += 1
        return inner
    }

    private mutating func quantified(_ atom: OriginRegexNode) throws(Failure) -> OriginRegexNode {
        guard let scalar = current else { return atom }
        let position = index + 1
        var bounds: (Int, Int?)
        switch scalar {
        case "*": bounds = (0, nil)
        case "+": bounds = (1, nil)
        case "?": bounds = (0, 1)
        case "{":
            guard let counted = try counts(at: position) else {
                throw .outside("a '{' that is not a count, at position \(position)")
            }
            bounds = counted
        default: return atom
        }
        if scalar != "{" { index += 1 }
        if current == "?" { index += 1 }  // lazy: the same matches for a yes-or-no search
        if let next = current, "*+?{".unicodeScalars.contains(next) {
            throw .outside("a quantifier after a quantifier at position \(index + 1) (possessive in ICU)")
        }
        return .repeated(atom, minimum: bounds.0, maximum: bounds.1)
    }

    /// `{n}`, `{n,}` or `{n,m}` from the `{` at `index`, consumed; nil when the text is not one.
    private mutating func counts(at position: Int) throws(Failure) -> (Int, Int?)? {
        var cursor = index + 1
        func number() -> Int? {
            let start = cursor
            var value = 0
            while cursor < scalars.count, ("0"..."9").contains(scalars[cursor]) {
                value = min(value * 10 + Int(scalars[cursor].value - 0x30), 1_000_000)
                cursor += 1
            }
            return cursor > start ? value : nil
        }
        guard let minimum = number() else { return nil }
        var maximum: Int? = minimum
        if cursor < scalars.count, scalars[cursor] == "," {
            cursor += 1
            maximum = number()
        }
        guard cursor < scalars.count, scalars[cursor] == "}" else { return nil }
        index = cursor + 1
        if let maximum, maximum < minimum {
            throw .syntax("the count at position \(position) has its numbers out of order")
        }
        guard max(minimum, maximum ?? 0) <= OriginRegex.largestCount else {
            throw .outside("a count over \(OriginRegex.largestCount) at position \(position)")
        }
        return (minimum, maximum)
    }

    private mutating func escape(at position: Int) throws(Failure) -> OriginRegexClass {
        guard let scalar = current else { throw .syntax("the pattern ends in a backslash") }
        index += 1
        switch scalar {
        case "d": return .digit
        case "D": return OriginRegexClass(ranges: OriginRegexClass.digit.ranges, negated: true)
        case "w": return .word
        case "W": return OriginRegexClass(ranges: OriginRegexClass.word.ranges, negated: true)
        case "s": return .space
        case "S": return OriginRegexClass(ranges: OriginRegexClass.space.ranges, negated: true)
        default:
            guard scalar.isASCII, !scalar.properties.isAlphabetic, !("0"..."9").contains(scalar),
                scalar.value > 0x20, scalar.value < 0x7F
            else { throw .outside("the escape \\\(scalar) at position \(position)") }
            return .single(scalar)
        }
    }

    private mutating func characterClass(at position: Int) throws(Failure) -> OriginRegexClass {
        var ranges: [ClosedRange<UInt32>] = []
        var negated = false
        if current == "^" {
            negated = true
            index += 1
        }
        if current == "]" { throw .outside("an empty class or a leading ']' at position \(position)") }
        if current == ":" { throw .outside("'[:' at position \(position) (a POSIX class in ICU)") }
        while let scalar = current, scalar != "]" {
            let itemPosition = index + 1
            let first = try classItem(at: itemPosition)
            if current == "-", index + 1 < scalars.count, scalars[index + 1] != "]" {
                if scalars[index + 1] == "-" {
                    throw .outside("'--' inside a class at position \(index + 1) (a set difference in ICU)")
                }
                index += 1
                let last = try classItem(at: index + 1)
                guard let low = first.single, let high = last.single else {
                    throw .outside("a range with a class escape at position \(itemPosition)")
                }
                guard low <= high else {
                    throw .syntax("the range at position \(itemPosition) is out of order")
                }
                ranges.append(low...high)
                if current == "-", index + 1 < scalars.count, scalars[index + 1] != "]" {
                    throw .outside("a '-' right after a range at position \(index + 1) (ICU reads it otherwise)")
                }
            } else {
                ranges.append(contentsOf: first.ranges)
                if first.negated { throw .outside("a negated class escape inside [] at position \(itemPosition)") }
            }
        }
        guard current == "]" else { throw .syntax("the '[' at position \(position) is never closed") }
        index += 1
        return OriginRegexClass(ranges: ranges, negated: negated)
    }

    private mutating func classItem(at position: Int) throws(Failure) -> OriginRegexClass {
        let scalar = scalars[index]
        index += 1
        switch scalar {
        case "\\": return try escape(at: position)
        case "[", "{", "}", "$":
            throw .outside("'\(scalar)' inside a class at position \(position) (ICU reads it otherwise)")
        case "&" where current == "&", "-" where current == "-":
            throw .outside("'\(scalar)\(scalar)' inside a class at position \(position) (a set operation in ICU)")
        default:
            guard scalar.value <= 0xFFFF else {
                throw .outside("the character \(scalar) outside the Basic Multilingual Plane")
            }
            return .single(scalar)
        }
    }
}

extension OriginRegexClass {
    /// The one character this class is, when it is one.
    fileprivate var single: UInt32? {
        ranges.count == 1 && !negated && ranges[0].lowerBound == ranges[0].upperBound ? ranges[0].lowerBound : nil
    }
}
