import WebAddress

/// The straightforward implementation: every rule in a `Set<String>`, each suffix of the host
/// tried from the longest down, built with joins and concatenation.
public struct NaivePublicSuffixList {
    let rules: Set<String>

    /// Reads the list's text (one rule per line, `//` comments). Unicode rules are stored in ASCII
    /// (punycode), the form hosts arrive in; that conversion is load time, not lookup time.
    public init(text: String) {
        var rules = Set<String>()
        for line in text.split(whereSeparator: \.isNewline) {
            guard let rule = line.split(whereSeparator: \.isWhitespace).first, !rule.hasPrefix("//") else {
                continue
            }
            rules.insert(Self.ascii(String(rule)))
        }
        self.rules = rules
    }

    private static func ascii(_ rule: String) -> String {
        if rule.utf8.allSatisfy({ $0 < 0x80 }) { return rule.lowercased() }
        var prefix = ""
        var name = Substring(rule)
        if name.hasPrefix("!") {
            prefix = "!"
            name = name.dropFirst()
        } else if name.hasPrefix("*.") {
            prefix = "*."
            name = name.dropFirst(2)
        }
        guard case .success(let ascii) = UTS46.toASCII(String(name)) else {
            fatalError("NaivePublicSuffixList: rule \(rule) has no ASCII form")
        }
        return prefix + ascii
    }

    public func registrableDomain(of host: String) -> String? {
        let labels = host.split(separator: ".").map(String.init)
        for i in 0..<labels.count {
            let suffix = labels[i...].joined(separator: ".")
            // An exception rule: the public suffix is the rule minus its first label.
            if rules.contains("!" + suffix) {
                return suffix
            }
            // A normal rule, or a wildcard one level up: `suffix` is the public suffix.
            let parent = labels[(i + 1)...].joined(separator: ".")
            if rules.contains(suffix) || (!parent.isEmpty && rules.contains("*." + parent)) {
                return i == 0 ? nil : labels[(i - 1)...].joined(separator: ".")
            }
        }
        // The implicit `*` rule: the last label is the public suffix.
        return labels.count >= 2 ? labels.suffix(2).joined(separator: ".") : nil
    }
}
