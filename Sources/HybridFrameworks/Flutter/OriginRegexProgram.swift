/// An `OriginRegex` compiled to a nondeterministic automaton and run over all its states at once:
/// time proportional to the text × the states, whatever the expression (no backtracking).
struct OriginRegexProgram: Sendable, Hashable {
    enum Instruction: Sendable, Hashable {
        /// Consume one character of the class, go to the next instruction.
        case character(OriginRegexClass)
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

    /// Whether some match starts anywhere in `text`.
    func findsMatch(in text: [Unicode.Scalar]) -> Bool {
        var current = StateSet(count: instructions.count)
        var next = StateSet(count: instructions.count)
        for position in 0...text.count {
            // Unanchored: a match may begin at every position.
            if add(0, at: position, of: text.count, to: &current) { return true }
            guard position < text.count else { break }
            next.clear()
            for state in current.members {
                if case .character(let set) = instructions[state], set.contains(text[position]) {
                    if add(state + 1, at: position + 1, of: text.count, to: &next) { return true }
                }
            }
            swap(&current, &next)
        }
        return false
    }

    /// Adds `state` and what it reaches without consuming a character; true when that is a match.
    private func add(_ state: Int, at position: Int, of length: Int, to set: inout StateSet) -> Bool {
        var pending = [state]
        while let state = pending.popLast() {
            guard set.insert(state) else { continue }
            switch instructions[state] {
            case .match: return true
            case .character: continue
            case .jump(let target): pending.append(target)
            case .split(let first, let second): pending.append(contentsOf: [second, first])
            case .start: if position == 0 { pending.append(state + 1) }
            case .end: if position == length { pending.append(state + 1) }
            }
        }
        return false
    }

    /// States in insertion order, each once.
    private struct StateSet {
        private var seen: [Bool]
        private(set) var members: [Int] = []

        init(count: Int) { seen = Array(repeating: false, count: count) }

        mutating func insert(_ state: Int) -> Bool {
            if seen[state] { return false }
            seen[state] = true
            members.append(state)
            return true
        }

        mutating func clear() {
            for state in members { seen[state] = false }
            members.removeAll(keepingCapacity: true)
        }
    }

    /// Compiles a parse tree (Thompson's construction), counted repetitions written out.
    struct Builder {
        private var instructions: [Instruction] = []
        /// The most instructions the program may have.
        let limit: Int

        init(limit: Int) { self.limit = limit }

        /// The program, or nil when it would pass `limit` instructions.
        mutating func compile(_ node: OriginRegexNode) -> OriginRegexProgram? {
            guard emit(node) else { return nil }
            instructions.append(.match)
            guard instructions.count <= limit else { return nil }
            return OriginRegexProgram(instructions: instructions)
        }

        private mutating func emit(_ node: OriginRegexNode) -> Bool {
            guard instructions.count < limit else { return false }
            switch node {
            case .character(let set): instructions.append(.character(set))
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
