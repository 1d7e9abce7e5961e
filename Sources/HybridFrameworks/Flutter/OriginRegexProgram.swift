/// An `OriginRegex` compiled to a nondeterministic automaton and run over all its states at once:
/// time proportional to the text × the states, whatever the expression (no backtracking).
struct OriginRegexProgram: Sendable, Hashable {
    enum Instruction: Sendable, Hashable {
        /// Consume one character of the class (an index in `classes`), go to the next instruction.
        case character(Int)
        /// Continue at both.
        case split(Int, Int)
        /// Continue at the target.
        case jump(Int)
        /// Continue only at the text's start.
        case start
        /// Continue only at the text's end.
        case end
        /// A match.
        case match
    }

    let instructions: [Instruction]
    /// The character classes of `.character` instructions.
    let classes: [OriginRegexClass]
    /// Each class's members below U+0080 (`OriginRegexClass.asciiLow`, `asciiHigh`), copied out so
    /// that the run reads plain words.
    private let asciiLow: [UInt64]
    private let asciiHigh: [UInt64]

    init(instructions: [Instruction], classes: [OriginRegexClass]) {
        self.instructions = instructions
        self.classes = classes
        asciiLow = classes.map(\.asciiLow)
        asciiHigh = classes.map(\.asciiHigh)
    }

    /// Whether class `index` holds `scalar`.
    func classContains(_ index: Int, _ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 64 { return asciiLow[index] & (1 << value) != 0 }
        if value < 128 { return asciiHigh[index] & (1 << (value - 64)) != 0 }
        return classes[index].contains(scalar)
    }

    /// Whether some match starts anywhere in `text`.
    func findsMatch(in text: String) -> Bool {
        let count = instructions.count
        // One allocation for the whole run: the generation each state was last added in, the states
        // of the step being read and of the one being built, and the work list of `add`.
        var storage = [Int](repeating: -1, count: 5 * count + 1)
        return storage.withUnsafeMutableBufferPointer { storage in
            instructions.withUnsafeBufferPointer { instructions in
                var run = OriginRegexRun(
                    instructions: instructions, marks: storage[0..<count],
                    current: storage[count..<2 * count], next: storage[2 * count..<3 * count],
                    pending: storage[(3 * count)...])
                return run.findsMatch(in: text, program: self)
            }
        }
    }

    /// Compiles a parse tree (Thompson's construction), counted repetitions written out.
    struct Builder {
        private var instructions: [Instruction] = []
        private var classes: [OriginRegexClass] = []
        /// The most instructions the program may have.
        let limit: Int

        init(limit: Int) { self.limit = limit }

        /// The program, or nil when it would pass `limit` instructions.
        mutating func compile(_ node: OriginRegexNode) -> OriginRegexProgram? {
            guard emit(node) else { return nil }
            instructions.append(.match)
            guard instructions.count <= limit else { return nil }
            return OriginRegexProgram(instructions: instructions, classes: classes)
        }

        private mutating func emit(_ node: OriginRegexNode) -> Bool {
            guard instructions.count < limit else { return false }
            switch node {
            case .character(let set):
                classes.append(set)
                instructions.append(.character(classes.count - 1))
            case .start: instructions.append(.start)
            case .end: instructions.append(.end)
            case .sequence(let nodes):
                for node in nodes where !emit(node) { return false }
            case .alternatives(let branches): return emit(alternatives: branches[...])
            case .repeated(let inner, let minimum, let maximum):
                for _ in 0..<minimum where !emit(inner) { return false }
                guard let maximum else { return emitStar(inner) }
                for _ in minimum..<maximum where !emitOptional(inner) { return false }
            }
            return true
        }

        private mutating func emit(alternatives branches: ArraySlice<OriginRegexNode>) -> Bool {
            guard let first = branches.first else { return true }
            if branches.count == 1 { return emit(first) }
            let split = placeholder()
            guard emit(first) else { return false }
            let jump = placeholder()
            instructions[split] = .split(split + 1, instructions.count)
            guard emit(alternatives: branches.dropFirst()) else { return false }
            instructions[jump] = .jump(instructions.count)
            return true
        }

        private mutating func emitStar(_ inner: OriginRegexNode) -> Bool {
            let split = placeholder()
            guard emit(inner) else { return false }
            instructions.append(.jump(split))
            instructions[split] = .split(split + 1, instructions.count)
            return true
        }

        private mutating func emitOptional(_ inner: OriginRegexNode) -> Bool {
            let split = placeholder()
            guard emit(inner) else { return false }
            instructions[split] = .split(split + 1, instructions.count)
            return true
        }

        private mutating func placeholder() -> Int {
            instructions.append(.match)
            return instructions.count - 1
        }
    }
}

/// One run of a program over a text: sets of states as lists in storage the caller allocates once,
/// a state's membership told by the generation (text position) it was last added in, so that no set
/// is ever cleared.
private struct OriginRegexRun {
    typealias Storage = Slice<UnsafeMutableBufferPointer<Int>>

    let instructions: UnsafeBufferPointer<OriginRegexProgram.Instruction>
    /// For each state, the generation it was last added in (-1: never).
    var marks: Storage
    /// The states reached before the character being read (`current`), and after it (`next`).
    var current: Storage
    var next: Storage
    /// The work list of `add`: each state it takes pushes at most two, so twice the states and one
    /// suffice.
    var pending: Storage
    var currentCount = 0
    var nextCount = 0
    var generation = 0

    init(
        instructions: UnsafeBufferPointer<OriginRegexProgram.Instruction>, marks: Storage, current: Storage,
        next: Storage, pending: Storage
    ) {
        self.instructions = instructions
        self.marks = marks
        self.current = current
        self.next = next
        self.pending = pending
    }

    mutating func findsMatch(in text: String, program: OriginRegexProgram) -> Bool {
        // A program that starts with `^` can only match from the start: once no state is left, none will be.
        let anchored = instructions.first == .start
        var scalars = text.unicodeScalars.makeIterator()
        var scalar = scalars.next()
        var atStart = true
        while true {
            // Unanchored: a match may begin at every position (at the first only, after a leading `^`).
            if atStart || !anchored, add(0, atStart: atStart, atEnd: scalar == nil, toNext: false) { return true }
            guard let character = scalar, !(anchored && currentCount == 0) else { return false }
            scalar = scalars.next()
            generation += 1
            nextCount = 0
            for index in current.startIndex..<(current.startIndex + currentCount) {
                let state = current[index]
                if case .character(let set) = instructions[state], program.classContains(set, character),
                    add(state + 1, atStart: false, atEnd: scalar == nil, toNext: true)
                {
                    return true
                }
            }
            swap(&current, &next)
            currentCount = nextCount
            atStart = false
        }
    }

    /// Adds `state` and what it reaches without consuming a character to the set being built (the
    /// next step's, or the current one's for a match beginning here); true when that is a match.
    private mutating func add(_ state: Int, atStart: Bool, atEnd: Bool, toNext: Bool) -> Bool {
        let base = pending.startIndex
        var depth = 1
        pending[base] = state
        while depth > 0 {
            depth -= 1
            let state = pending[base + depth]
            guard marks[marks.startIndex + state] != generation else { continue }
            marks[marks.startIndex + state] = generation
            if toNext {
                next[next.startIndex + nextCount] = state
                nextCount += 1
            } else {
                current[current.startIndex + currentCount] = state
                currentCount += 1
            }
            switch instructions[state] {
            case .match: return true
            case .character: continue
            case .jump(let target):
                pending[base + depth] = target
                depth += 1
            case .split(let first, let second):
                pending[base + depth] = second
                pending[base + depth + 1] = first
                depth += 2
            case .start:
                if atStart {
                    pending[base + depth] = state + 1
                    depth += 1
                }
            case .end:
                if atEnd {
                    pending[base + depth] = state + 1
                    depth += 1
                }
            }
        }
        return false
    }
}
