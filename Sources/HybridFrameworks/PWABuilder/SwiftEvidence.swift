/// A Swift source file read as tokens, for the constructs the audit looks for in a project's code
/// (`WebView.swift`, `SceneDelegate.swift`): what is commented out, or inside another literal,
/// does not count, and spacing does not matter.
struct SwiftEvidence {
    let tokens: [SwiftTokens.Token]

    /// The file's tokens; a file the tokenizer cannot read throws, with its line and column.
    init(_ text: String) throws(PWABuilderSettingsReader.Failure) {
        tokens = try SwiftTokens.scan(text)
    }

    /// Whether the code holds `code` (a fragment of Swift, read as tokens) token for token.
    func contains(code: String) -> Bool {
        guard let pattern = try? SwiftTokens.scan(code).map(\.kind), let first = pattern.first else { return false }
        var start = 0
        while start + pattern.count <= tokens.count {
            if tokens[start].kind == first, (1..<pattern.count).allSatisfy({ tokens[start + $0].kind == pattern[$0] }) {
                return true
            }
            start += 1
        }
        return false
    }

    /// Whether a plain string literal is exactly `text`.
    func contains(stringLiteral text: String) -> Bool {
        tokens.contains { $0.kind == .string(text) }
    }

    /// Whether an interpolated string literal holds `text` followed by an interpolation.
    func contains(interpolationAfter text: String) -> Bool {
        let wanted = text + String(SwiftTokens.Token.interpolationMarker)
        return tokens.contains {
            if case .interpolatedString(let literal) = $0.kind { return literal.contains(wanted) }
            return false
        }
    }
}
