import Findings

/// Reads the three constants of a PWABuilder shell's `Settings.swift` as the template writes them
/// (spec §12a): `let rootUrl = URL(string: "…")!`, `let allowedOrigins: [String] = ["…"]` (or the
/// template's older `let allowedOrigin = "…"`) and `let authOrigins: [String] = ["…", …]`, among
/// comments and the file's other settings. Only these literals are read; the code is not run.
///
/// A file it cannot read (no `allowedOrigins`, a value that is not a literal or that the code goes
/// on to change, an unterminated string or comment) is an error with its line and column. `#if`
/// branches are taken as the shipped build compiles them (`CompilationConditions`).
public enum PWABuilderSettingsReader {
    /// Why the file cannot be read, and where.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// 1-based line and column.
        public let line: Int
        /// 1-based column, in characters.
        public let column: Int
        /// What is wrong.
        public let message: String

        /// `line L, column C: message`.
        public var description: String { "line \(line), column \(column): \(message)" }
    }

    /// The configuration of `text`.
    public static func read(_ text: String) throws(Failure) -> PWABuilderConfiguration {
        let tokens = try SwiftTokens.scan(text)
        let values = try declarations(tokens)
        func strings(_ name: String) throws(Failure) -> [String]? {
            guard let declaration = values[name] else { return nil }
            switch declaration.value {
            case .list(let items): return items.map(\.text)
            case .string: throw failure(declaration.name, "\(name) should be an array of strings")
            }
        }
        func string(_ name: String) throws(Failure) -> String? {
            guard let declaration = values[name] else { return nil }
            switch declaration.value {
            case .string(let literal): return literal.text
            case .list: throw failure(declaration.name, "\(name) should be a string")
            }
        }
        let allowed: [String]
        if let list = try strings("allowedOrigins") {
            allowed = list
        } else if let single = try string("allowedOrigin") {
            allowed = [single]
        } else {
            let end = tokens.last.map { ($0.line, $0.column) } ?? (1, 1)
            throw Failure(
                line: end.0, column: end.1,
                message: "no allowedOrigins (or allowedOrigin) constant: not a PWABuilder shell's Settings.swift")
        }
        return PWABuilderConfiguration(
            rootURL: try string("rootUrl"), allowedOrigins: allowed, authOrigins: try strings("authOrigins") ?? [])
    }

    /// Where each value ``read(_:)`` takes is written, by the key a finding names: `/rootUrl`,
    /// `/allowedOrigins/N` (the older `allowedOrigin` too, as element 0) and `/authOrigins/N` at
    /// their literals; `/allowedOrigins` and `/authOrigins` at the constant's name. Empty when the
    /// file cannot be read.
    public static func positions(_ text: String) -> [String: SourcePosition] {
        guard let tokens = try? SwiftTokens.scan(text), let values = try? declarations(tokens) else { return [:] }
        var positions: [String: SourcePosition] = [:]
        func place(_ token: SwiftTokens.Token) -> SourcePosition {
            SourcePosition(line: token.line, column: token.column)
        }
        for (name, declaration) in values {
            let key = name == "allowedOrigin" ? "allowedOrigins" : name
            switch declaration.value {
            case .string(let literal):
                positions["/\(key)"] = place(literal.token)
                if name == "allowedOrigin" { positions["/allowedOrigins/0"] = place(literal.token) }
            case .list(let items):
                positions["/\(key)"] = place(declaration.name)
                for (index, item) in items.enumerated() { positions["/\(key)/\(index)"] = place(item.token) }
            }
        }
        return positions
    }

    /// A constant WebFence reads: its name's token and its value.
    private struct Declaration {
        let name: SwiftTokens.Token
        let value: Value
    }

    /// The wanted constants declared at the file's top level, in the branches a release build compiles.
    private static func declarations(_ tokens: [SwiftTokens.Token]) throws(Failure) -> [String: Declaration] {
        var values: [String: Declaration] = [:]
        var index = 0
        // `#if` branches: only the one the shipped build compiles (a release build for a device,
        // no custom flags) declares the app's values (`CompilationConditions`).
        var branches = CompilationConditions()
        while index < tokens.count {
            if case .symbol("#") = tokens[index].kind, index + 1 < tokens.count,
                case .word(let directive) = tokens[index + 1].kind
            {
                index = try branches.directive(directive, tokens, after: index + 2)
                continue
            }
            // `let NAME` or `var NAME` at the file's top level (depth 0), in a compiled branch.
            guard branches.isCompiled, tokens[index].depth == 0, case .word(let keyword) = tokens[index].kind,
                keyword == "let" || keyword == "var",
                index + 1 < tokens.count, case .word(let name) = tokens[index + 1].kind, wanted.contains(name)
            else {
                index += 1
                continue
            }
            let (value, next) = try self.value(tokens, after: index + 2, name: name)
            if next < tokens.count, let why = continues(tokens[next], after: tokens[next - 1]) {
                throw failure(tokens[next], "\(name) is \(why): WebFence reads a literal value only")
            }
            if values[name] != nil {
                throw failure(tokens[index + 1], "\(name) is declared twice")
            }
            values[name] = Declaration(name: tokens[index + 1], value: value)
            index = next
        }
        return values
    }

    private static let wanted: Set<String> = ["rootUrl", "allowedOrigins", "allowedOrigin", "authOrigins"]

    /// Why the token after a value makes the value something else (`["a"] + more`,
    /// `[...].filter {...}`), or nil when a new statement starts there.
    private static func continues(_ next: SwiftTokens.Token, after last: SwiftTokens.Token) -> String? {
        guard case .symbol(let symbol) = next.kind else {
            return next.line == last.line ? "followed by \(next.kind) on the same line" : nil
        }
        if symbol == ";" || symbol == "}" || symbol == "#" || symbol == "@" { return nil }
        return "followed by \"\(symbol)\""
    }

    /// A string literal and where it is written.
    private struct Literal {
        let text: String
        let token: SwiftTokens.Token
    }

    private enum Value {
        case string(Literal)
        case list([Literal])
    }

    /// After the name: an optional `: Type`, `=`, then a string literal, `URL(string: "…")` with
    /// an optional `!`, or an array of string literals.
    private static func value(
        _ tokens: [SwiftTokens.Token], after start: Int, name: String
    ) throws(Failure) -> (Value, Int) {
        var index = start
        func token(_ what: String) throws(Failure) -> SwiftTokens.Token {
            guard index < tokens.count else {
                let last = tokens[tokens.count - 1]
                throw failure(last, "the file ends where \(name)'s \(what) should be")
            }
            defer { index += 1 }
            return tokens[index]
        }
        func expect(_ symbol: Character, _ what: String) throws(Failure) {
            let next = try token(what)
            guard case .symbol(symbol) = next.kind else {
                throw failure(next, "expected \(what) (\"\(symbol)\") in \(name)'s declaration, found \(next.kind)")
            }
        }
        // `: [String]`, `: String`, `: URL`: skip to `=`.
        if index < tokens.count, case .symbol(":") = tokens[index].kind {
            while index < tokens.count, tokens[index].kind != .symbol("=") { index += 1 }
        }
        try expect("=", "\"=\"")
        let first = try token("value")
        switch first.kind {
        case .string(let text):
            return (.string(Literal(text: text, token: first)), index)
        case .word("URL"):
            try expect("(", "\"(\"")
            let label = try token("string: label")
            guard case .word("string") = label.kind else {
                throw failure(label, "\(name): only URL(string: \"…\") is read")
            }
            try expect(":", "\":\"")
            let literal = try token("URL text")
            guard case .string(let text) = literal.kind else {
                throw failure(literal, "\(name): URL(string:) is given \(literal.kind), not a string literal")
            }
            try expect(")", "\")\"")
            if index < tokens.count, case .symbol("!") = tokens[index].kind { index += 1 }
            return (.string(Literal(text: text, token: literal)), index)
        case .symbol("["):
            // `[String]()`: an empty array, written as a call.
            if index + 3 < tokens.count, tokens[index].kind == .word("String"), tokens[index + 1].kind == .symbol("]"),
                tokens[index + 2].kind == .symbol("("), tokens[index + 3].kind == .symbol(")")
            {
                return (.list([]), index + 4)
            }
            var items: [Literal] = []
            while true {
                let next = try token("array element")
                switch next.kind {
                case .symbol("]"): return (.list(items), index)
                case .string(let text):
                    items.append(Literal(text: text, token: next))
                    let separator = try token("\",\" or \"]\"")
                    if case .symbol("]") = separator.kind { return (.list(items), index) }
                    guard case .symbol(",") = separator.kind else {
                        throw failure(separator, "expected \",\" or \"]\" in \(name), found \(separator.kind)")
                    }
                default:
                    throw failure(
                        next, "\(name) holds \(next.kind), not a string literal: WebFence reads literals only")
                }
            }
        default:
            throw failure(first, "\(name) is \(first.kind), not a literal: WebFence reads literals only")
        }
    }

    private static func failure(_ token: SwiftTokens.Token, _ message: String) -> Failure {
        Failure(line: token.line, column: token.column, message: message)
    }
}
