/// `#if` / `#elseif` / `#else` / `#endif` in a Swift file, evaluated as the shipped build compiles
/// them: ``ReleaseDeviceBuild``, a release build of the shell's project for an iPhone. `!`, `&&`,
/// `||` and parentheses combine its answers.
struct CompilationConditions {
    /// Per open `#if`: whether its current branch is compiled, and whether an earlier one was.
    private var open: [(compiled: Bool, taken: Bool)] = []

    /// Whether a declaration here is compiled: every enclosing branch is.
    var isCompiled: Bool { open.allSatisfy(\.compiled) }

    /// How deep `!` and parentheses may nest in one condition.
    static let maximumNesting = 32

    /// Handles `#directive` whose condition starts at `start`; returns the index after it. A
    /// condition nested deeper than ``maximumNesting`` is refused, not recursed into.
    mutating func directive(
        _ name: String, _ tokens: [SwiftTokens.Token], after start: Int
    ) throws(PWABuilderSettingsReader.Failure) -> Int {
        let line = tokens[start - 1].line
        var end = start
        while end < tokens.count, tokens[end].line == line { end += 1 }
        var condition = Condition(tokens: Array(tokens[start..<end]))
        func evaluated() throws(PWABuilderSettingsReader.Failure) -> Bool {
            let value = condition.expression()
            guard !condition.tooDeep else {
                throw PWABuilderSettingsReader.Failure(
                    line: line, column: tokens[start - 1].column,
                    message: "#\(name) nests ! and parentheses deeper than \(Self.maximumNesting) levels")
            }
            return value
        }
        switch name {
        case "if":
            let value = try evaluated()
            open.append((value, value))
        case "elseif":
            guard let last = open.popLast() else { break }
            let value = try evaluated() && !last.taken
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
        var nesting = 0
        /// Set when the condition nests past ``CompilationConditions/maximumNesting``.
        var tooDeep = false

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
            guard index < tokens.count, !tooDeep else { return false }
            nesting += 1
            defer { nesting -= 1 }
            if nesting > CompilationConditions.maximumNesting {
                tooDeep = true
                return false
            }
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
                return ReleaseDeviceBuild.answer(name, call())
            default:
                index += 1
                return false
            }
        }

        /// `(…)` after a name: the text inside, tokens joined without spaces (`>=5.9`, `UIKit`);
        /// nil when no parenthesis follows.
        mutating func call() -> String? {
            guard index < tokens.count, tokens[index].kind == .symbol("(") else { return nil }
            var depth = 0
            var text = ""
            while index < tokens.count {
                let kind = tokens[index].kind
                index += 1
                switch kind {
                case .symbol("("):
                    depth += 1
                    if depth > 1 { text += "(" }
                case .symbol(")"):
                    depth -= 1
                    if depth == 0 { return text }
                    text += ")"
                case .symbol(let symbol): text.append(symbol)
                case .word(let word): text += word
                case .string(let string), .interpolatedString(let string), .otherString(let string): text += string
                }
            }
            return text
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
