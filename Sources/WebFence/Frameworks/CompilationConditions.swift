/// `#if` / `#elseif` / `#else` / `#endif` in a Swift file, evaluated as the shipped build compiles
/// them: a release build for an iOS device with no custom flags. `DEBUG` and
/// `targetEnvironment(simulator)` are false, `os(iOS)`, `canImport(…)`, `swift(…)` and
/// `compiler(…)` true, any other flag false (an undefined flag is false in Swift); `!`, `&&`, `||`
/// and parentheses combine them.
struct CompilationConditions {
    /// Per open `#if`: whether its current branch is compiled, and whether an earlier one was.
    private var open: [(compiled: Bool, taken: Bool)] = []

    /// Whether a declaration here is compiled: every enclosing branch is.
    var isCompiled: Bool { open.allSatisfy(\.compiled) }

    /// Handles `#directive` whose condition starts at `start`; returns the index after it.
    mutating func directive(_ name: String, _ tokens: [SwiftTokens.Token], after start: Int) -> Int {
        let line = tokens[start - 1].line
        var end = start
        while end < tokens.count, tokens[end].line == line { end += 1 }
        var condition = Condition(tokens: Array(tokens[start..<end]))
        switch name {
        case "if":
            let value = condition.expression()
            open.append((value, value))
        case "elseif":
            guard let last = open.popLast() else { break }
            let value = !last.taken && condition.expression()
            open.append((value, last.taken || value))
        case "else":
            guard let last = open.popLast() else { break }
            open.append((!last.taken, true))
        case "endif":
            _ = open.popLast()
        default:
            return start  // `#available`, `#selector`, …: not a directive
        }
        return end
    }

    /// A condition's tokens, read by recursive descent.
    private struct Condition {
        let tokens: [SwiftTokens.Token]
        var index = 0

        mutating func expression() -> Bool {
            var value = conjunction()
            while symbols("|", "|") { value = conjunction() || value }
            return value
        }

        mutating func conjunction() -> Bool {
            var value = factor()
            while symbols("&", "&") { value = factor() && value }
            return value
        }

        mutating func factor() -> Bool {
            guard index < tokens.count else { return false }
            switch tokens[index].kind {
            case .symbol("!"):
                index += 1
                return !factor()
            case .symbol("("):
                index += 1
                let value = expression()
                if index < tokens.count, tokens[index].kind == .symbol(")") { index += 1 }
                return value
            case .word(let name):
                index += 1
                let argument = call()
                switch name {
                case "os": return argument == "iOS"
                case "targetEnvironment": return argument != "simulator" && argument != "macCatalyst"
                case "canImport", "swift", "compiler", "true": return true
                default: return false  // DEBUG, false, and flags nobody defined
                }
            default:
                index += 1
                return false
            }
        }

        /// `(…)` after a name: its first word, the parentheses skipped.
        mutating func call() -> String? {
            guard index < tokens.count, tokens[index].kind == .symbol("(") else { return nil }
            var depth = 0
            var first: String?
            while index < tokens.count {
                switch tokens[index].kind {
                case .symbol("("): depth += 1
                case .symbol(")"): depth -= 1
                case .word(let word) where first == nil: first = word
                default: break
                }
                index += 1
                if depth == 0 { break }
            }
            return first
        }

        /// Consumes two symbols in a row (`&&`, `||`).
        mutating func symbols(_ first: Character, _ second: Character) -> Bool {
            guard index + 1 < tokens.count, tokens[index].kind == .symbol(first),
                tokens[index + 1].kind == .symbol(second)
            else { return false }
            index += 2
            return true
        }
    }
}
