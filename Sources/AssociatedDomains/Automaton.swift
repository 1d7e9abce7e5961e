/// A Thompson automaton for patterns with character classes and variables, simulated breadth-first:
/// every input character advances the set of live states once, so the work is input length ×
/// number of states, whatever the pattern (no backtracking at all).
///
/// The pattern is first laid out as a program (reads, splits, jumps), then reduced to its states —
/// the instructions that read a character, and `accept` — each with the set of states reachable
/// after it without reading (its closure), computed once. Matching is then two lists of states and
/// a mark per state, all in one stack allocation.
final class Automaton: Sendable {
    private enum Instruction {
        case read(Test)
        /// Go on at both.
        case split(Int, Int)
        case jump(Int)
        case accept
    }

    enum Test: Sendable, Equatable {
        case literal(UInt32)
        case any
        case characterClass(PatternTokens.CharacterClass)
        case accept
    }

    /// State `i` tests `tests[i]`; `accept` is the state that ends a match.
    private let tests: [Test]
    /// The closure of state `i` (the states reachable after it reads) is
    /// `closures[closureStarts[i]..<closureStarts[i + 1]]`; the last range is the start's closure.
    private let closureStarts: [Int32]
    private let closures: [Int32]

    init(_ tokens: [PatternTokens.Token]) {
        var program: [Instruction] = []
        Self.emit(tokens, into: &program)
        program.append(.accept)

        // States: the reads and the accept, numbered in program order.
        var stateOf = [Int](repeating: -1, count: program.count)
        var tests: [Test] = []
        var programCounters: [Int] = []
        for (pc, instruction) in program.enumerated() {
            switch instruction {
            case .read(let test):
                stateOf[pc] = tests.count
                tests.append(test)
                programCounters.append(pc)
            case .accept:
                stateOf[pc] = tests.count
                tests.append(.accept)
                programCounters.append(pc)
            case .split, .jump: break
            }
        }
        // Closures: after state i reads, from pc + 1; the start's from pc 0.
        var starts: [Int32] = []
        var closures: [Int32] = []
        // The origin that last visited each instruction: no clearing between origins, so the work
        // is the size of the closures, never states × program (a file of thousands of `$(region)`
        // would otherwise take minutes to compile).
        var visitedBy = [Int](repeating: -1, count: program.count)
        var stack: [Int] = []
        for (number, origin) in (programCounters.map({ $0 + 1 }) + [0]).enumerated() {
            starts.append(Int32(closures.count))
            guard origin < program.count else { continue }
            stack.append(origin)
            while let pc = stack.popLast() {
                guard visitedBy[pc] != number else { continue }
                visitedBy[pc] = number
                switch program[pc] {
                case .split(let a, let b): stack += [b, a]
                case .jump(let target): stack.append(target)
                case .read, .accept: closures.append(Int32(stateOf[pc]))
                }
            }
        }
        starts.append(Int32(closures.count))
        self.tests = tests
        self.closureStarts = starts
        self.closures = closures
    }

    private static func emit(_ tokens: [PatternTokens.Token], into program: inout [Instruction]) {
        for token in tokens {
            switch token {
            case .literal(let scalar): program.append(.read(.literal(scalar)))
            case .any: program.append(.read(.any))
            case .characterClass(let characterClass): program.append(.read(.characterClass(characterClass)))
            case .star:
                // L: split(L+1, L+3); L+1: any; L+2: jump L
                let start = program.count
                program.append(.split(start + 1, start + 3))
                program.append(.read(.any))
                program.append(.jump(start))
            case .alternatives(let options):
                // A chain of splits, one per option but the last; each option jumps past the rest.
                var jumps: [Int] = []
                for (index, option) in options.enumerated() {
                    let isLast = index == options.count - 1
                    let split = program.count
                    if !isLast { program.append(.split(split + 1, -1)) }
                    emit(option, into: &program)
                    jumps.append(program.count)
                    program.append(.jump(-1))
                    if !isLast { program[split] = .split(split + 1, program.count) }
                }
                for jump in jumps { program[jump] = .jump(program.count) }
            }
        }
    }

    func matches<Input: RandomAccessCollection>(_ input: Input, foldsCase: Bool) -> Bool
    where Input.Element: FixedWidthInteger, Input.Index == Int {
        let count = tests.count
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 3 * count) { buffer in
            // current states, next states, and for each state the step it was last added at.
            let base = buffer.baseAddress!
            var current = base
            var next = base + count
            let addedAt = base + 2 * count
            addedAt.initialize(repeating: -1, count: count)
            var currentCount = add(closureOf: count, to: current, count: 0, step: 0, addedAt: addedAt)
            var step: Int32 = 0
            for element in input {
                step += 1
                let character = PatternStorage.fold(UInt32(truncatingIfNeeded: element), foldsCase)
                var nextCount = 0
                for index in 0..<currentCount {
                    let state = Int(current[index])
                    if reads(tests[state], character) {
                        nextCount = add(closureOf: state, to: next, count: nextCount, step: step, addedAt: addedAt)
                    }
                }
                if nextCount == 0 { return false }
                swap(&current, &next)
                currentCount = nextCount
            }
            for index in 0..<currentCount where tests[Int(current[index])] == .accept { return true }
            return false
        }
    }

    /// Adds the closure of `state` (or of the start, for `tests.count`) to `states`.
    @inline(__always)
    private func add(
        closureOf state: Int, to states: UnsafeMutablePointer<Int32>, count: Int, step: Int32,
        addedAt: UnsafeMutablePointer<Int32>
    ) -> Int {
        var count = count
        for index in Int(closureStarts[state])..<Int(closureStarts[state + 1]) {
            let target = Int(closures[index])
            if addedAt[target] != step {
                addedAt[target] = step
                states[count] = Int32(target)
                count += 1
            }
        }
        return count
    }

    @inline(__always)
    private func reads(_ test: Test, _ character: UInt32) -> Bool {
        switch test {
        case .literal(let expected): expected == character
        case .any: true
        case .characterClass(let characterClass): Self.isMember(character, characterClass)
        case .accept: false
        }
    }

    /// Membership in a built-in class. Letters are Unicode letters (a decoded path can hold `é`);
    /// digits and hex digits are ASCII only.
    static func isMember(_ value: UInt32, _ characterClass: PatternTokens.CharacterClass) -> Bool {
        let isDigit = value >= 0x30 && value <= 0x39
        if value < 0x80 {
            let isUpper = value >= 0x41 && value <= 0x5A
            let isLower = value >= 0x61 && value <= 0x7A
            switch characterClass {
            case .alpha: return isUpper || isLower
            case .upper: return isUpper
            case .lower: return isLower
            case .alnum: return isUpper || isLower || isDigit
            case .digit: return isDigit
            case .xdigit: return isDigit || (value | 0x20 >= 0x61 && value | 0x20 <= 0x66)
            case .oneOf(let low, let high):
                return value < 64 ? low & (1 << value) != 0 : high & (1 << (value - 64)) != 0
            }
        }
        guard let scalar = Unicode.Scalar(value) else { return false }
        let properties = scalar.properties
        switch characterClass {
        case .alpha, .alnum: return properties.isAlphabetic
        case .upper: return properties.isAlphabetic && properties.isUppercase
        case .lower: return properties.isAlphabetic && properties.isLowercase
        case .digit, .xdigit: return false
        case .oneOf: return false
        }
    }
}
