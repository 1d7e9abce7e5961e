/// One compiled `CDVAllowListPattern` (spec §3b): scheme and host compared without case and in full,
/// an explicit port, and a case-sensitive path glob in which `*` spans anything but a line
/// terminator and a trailing `/*` also accepts the path without it.
struct CordovaAllowListPattern: Sendable, Hashable {
    let scheme: String?
    let host: Host
    let port: Int?
    let path: PathGlob?

    /// The host part: any, `*.name` (the name and its subdomains of `[a-z0-9.-]` labels), or literal.
    enum Host: Sendable, Hashable {
        case any
        case subdomains(of: String)
        case literal(String)
    }

    /// A pattern of an entry's parts; scheme and host are kept lower case, as they are compared.
    init(scheme: String?, host: String?, port: String?, path: String?) {
        self.scheme = scheme == "*" ? nil : scheme?.lowercased()
        switch host?.lowercased() {
        case nil, "*"?: self.host = .any
        case let name? where name.hasPrefix("*."): self.host = .subdomains(of: String(name.dropFirst(2)))
        case let name?: self.host = .literal(name)
        }
        self.port = port.map(Self.integerValue) ?? nil
        self.path = path == nil || path == "/*" ? nil : PathGlob(path!)
    }

    /// Whether the pattern admits a URL whose scheme and host, lower case, are given.
    func matches(lowerScheme urlScheme: String, lowerHost urlHost: String?, _ url: FoundationURLView) -> Bool {
        if let scheme, scheme != urlScheme { return false }
        switch host {
        case .any: break
        case .subdomains(let name):
            guard let urlHost, Self.isSubdomainOrSelf(urlHost, of: name) else { return false }
        case .literal(let name):
            guard urlHost == name else { return false }
        }
        if let port, url.port.map(Int.init) != port { return false }
        if let path {
            guard let urlPath = url.path, path.matches(urlPath) else { return false }
        }
        return true
    }

    /// `([a-z0-9.-]*\.)?name$`, both lower case.
    private static func isSubdomainOrSelf(_ host: String, of name: String) -> Bool {
        if host == name { return true }
        let suffix = "." + name
        guard host.hasSuffix(suffix) else { return false }
        return host.utf8.dropLast(suffix.utf8.count).allSatisfy { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
        }
    }

    /// `NSString.integerValue`: leading ASCII digits, saturating; 0 when there are none.
    private static func integerValue(_ digits: String) -> Int? {
        var value = 0
        for byte in digits.utf8 {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { break }
            value = value > (Int.max - 9) / 10 ? Int.max : value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}

/// A path pattern as `regexFromPattern:allowWildcards:YES` builds it, matched as ICU does: anchored
/// at the start, `$` at the end or before one final line terminator.
struct PathGlob: Sendable, Hashable {
    enum Token: Sendable, Hashable {
        case literal([Unicode.Scalar])
        /// `.*`: any run without a line terminator.
        case star
        /// `(\/.*)?`: nothing, or `/` and a run without a line terminator.
        case optionalSlashStar
    }

    let tokens: [Token]

    init(_ pattern: String) {
        var text = Array(pattern.unicodeScalars)
        var trailing = false
        if text.count >= 2, text[text.count - 2] == "/", text[text.count - 1] == "*" {
            text.removeLast(2)
            trailing = true
        }
        var tokens: [Token] = []
        var literal: [Unicode.Scalar] = []
        for scalar in text {
            if scalar == "*" {
                if !literal.isEmpty { tokens.append(.literal(literal)) }
                literal = []
                tokens.append(.star)
            } else {
                literal.append(scalar)
            }
        }
        if !literal.isEmpty { tokens.append(.literal(literal)) }
        if trailing { tokens.append(.optionalSlashStar) }
        self.tokens = tokens
    }

    /// Whether the glob matches `path` from its start to an end ICU's `$` accepts.
    func matches(_ path: String) -> Bool {
        let text = Array(path.unicodeScalars)
        // reachable[i] holds the positions a match of the first i tokens can end at.
        var reachable = [Bool](repeating: false, count: text.count + 1)
        reachable[0] = true
        for token in tokens {
            var next = [Bool](repeating: false, count: text.count + 1)
            for start in 0...text.count where reachable[start] {
                switch token {
                case .literal(let literal):
                    let end = start + literal.count
                    if end <= text.count, text[start..<end].elementsEqual(literal) { next[end] = true }
                case .star:
                    Self.markRun(from: start, in: text, into: &next)
                case .optionalSlashStar:
                    next[start] = true
                    if start < text.count, text[start] == "/" { Self.markRun(from: start + 1, in: text, into: &next) }
                }
            }
            reachable = next
        }
        return Self.dollarPositions(text).contains { reachable[$0] }
    }

    private static func markRun(from start: Int, in text: [Unicode.Scalar], into next: inout [Bool]) {
        var position = start
        next[position] = true
        while position < text.count, !CordovaAllowListEntry.isLineTerminator(text[position]) {
            position += 1
            // Marked already: a run from an earlier start (starts go in order) came here and went on
            // to the line's end, so the rest is marked. Each position is marked once per token, and
            // a glob's match is linear in the path for each of its stars.
            if next[position] { return }
            next[position] = true
        }
    }

    /// Where ICU's `$` (not multiline) matches: the end, before a final line terminator (but not
    /// between `\r` and `\n`), and before a final `\r\n`.
    private static func dollarPositions(_ text: [Unicode.Scalar]) -> [Int] {
        var positions = [text.count]
        let count = text.count
        if count >= 1, CordovaAllowListEntry.isLineTerminator(text[count - 1]),
            !(text[count - 1] == "\n" && count >= 2 && text[count - 2] == "\r")
        {
            positions.append(count - 1)
        }
        if count >= 2, text[count - 2] == "\r", text[count - 1] == "\n" { positions.append(count - 2) }
        return positions
    }
}
