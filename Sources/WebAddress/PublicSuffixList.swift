/// The Public Suffix List (https://publicsuffix.org): which part of a domain is a public suffix
/// (`com`, `co.uk`, `github.io`) and which is the registrable domain, or eTLD+1 (`example.co.uk`).
///
/// Rules compile once into a trie of labels read from the right, so a lookup costs one dictionary
/// probe per label of the host, whatever the size of the list.
///
/// Decisions about odd inputs, all documented in docs/public-suffix-list.md:
/// - IP addresses, single labels with no matching rule, and public suffixes themselves have no
///   registrable domain.
/// - A host with an empty label (`.example.com`, `a..b.com`) has none either.
/// - One trailing dot (a fully qualified name) is ignored for the lookup and kept in the answer:
///   `www.example.com.` → `example.com.`, as Chromium and Firefox answer.
public struct PublicSuffixList: Sendable {
    /// The two sections of the list.
    public enum Section: String, Sendable, Hashable {
        /// Suffixes delegated by registries (`com`, `co.uk`, `*.kawasaki.jp`).
        case icann
        /// Suffixes run by companies (`github.io`, `blogspot.com`).
        case `private`
    }

    /// The list bundled with WebAddress; see `bundledVersion`.
    public static let bundled = PublicSuffixList(
        icann: PublicSuffixListData.icann, private: PublicSuffixListData.private)

    /// The bundled list's VERSION line (when publicsuffix.org published it) and upstream commit.
    public static let bundledVersion = (date: PublicSuffixListData.version, commit: PublicSuffixListData.commit)

    private struct Node: Sendable {
        var children: [String: Int32] = [:]
        /// Set when a rule ends at this node.
        var rule: (isException: Bool, section: Section)? = nil
        /// The parent node and this node's label, to spell the rule out when it decides.
        var parent: Int32 = -1
        var label = ""
    }

    private var nodes = [Node()]

    /// Compiles rules given as the list's text for each section (one rule per line; blank lines and
    /// `//` comments allowed). Unicode rules are converted to ASCII with UTS #46.
    public init(icann: String, private privateRules: String = "") {
        for (text, section) in [(icann, Section.icann), (privateRules, Section.private)] {
            for line in text.split(whereSeparator: \.isNewline) {
                guard let rule = line.split(whereSeparator: \.isWhitespace).first, !rule.hasPrefix("//") else {
                    continue
                }
                insert(rule, section: section)
            }
        }
    }

    private mutating func insert(_ rule: Substring, section: Section) {
        let isException = rule.hasPrefix("!")
        guard let ascii = Self.asciiForm(of: isException ? rule.dropFirst() : rule) else { return }
        var node = 0
        for label in ascii.split(separator: ".", omittingEmptySubsequences: false).reversed() {
            let key = String(label)
            if let child = nodes[node].children[key] {
                node = Int(child)
            } else {
                nodes.append(Node(parent: Int32(node), label: key))
                nodes[node].children[key] = Int32(nodes.count - 1)
                node = nodes.count - 1
            }
        }
        nodes[node].rule = (isException, section)
    }

    /// The rule ending at `node`, as the list writes it (in ASCII).
    private func ruleText(at node: Int) -> String {
        var labels: [String] = []
        var current = node
        while current > 0 {
            labels.append(nodes[current].label)
            current = Int(nodes[current].parent)
        }
        let text = labels.joined(separator: ".")
        return nodes[node].rule?.isException == true ? "!" + text : text
    }

    /// A rule's labels in ASCII: `公司.cn` → `xn--55qx5d.cn`; `*` labels stay as they are.
    private static func asciiForm(of rule: Substring) -> String? {
        if rule.utf8.allSatisfy({ $0 < 0x80 }) { return rule.lowercased() }
        var labels: [String] = []
        for label in rule.split(separator: ".", omittingEmptySubsequences: false) {
            if label == "*" || label.utf8.allSatisfy({ $0 < 0x80 }) {
                labels.append(label.lowercased())
            } else {
                guard case .success(let ascii) = UTS46.toASCII(Array(label.utf8)) else { return nil }
                labels.append(ascii)
            }
        }
        return labels.joined(separator: ".")
    }

    // MARK: - Lookup

    /// The outcome of a lookup, with the rule that decided it.
    public struct Match: Hashable, Sendable, CustomStringConvertible {
        /// The public suffix, in the form the host was given (`co.uk`, `公司.cn`).
        public let publicSuffix: String
        /// The public suffix plus one label, or nil when the host is itself a public suffix.
        public let registrableDomain: String?
        /// The prevailing rule as the list writes it in ASCII (`*.ck`, `!www.ck`), or `*` for the
        /// implicit rule that applies when nothing matches.
        public let rule: String
        /// The section of the prevailing rule; nil for the implicit `*` rule.
        public let section: Section?

        public var description: String {
            let domain = registrableDomain.map { "registrable domain \($0)" } ?? "no registrable domain"
            return "\(domain) (public suffix \(publicSuffix), rule \(rule)\(section.map { ", \($0.rawValue)" } ?? ""))"
        }
    }

    /// The registrable domain (eTLD+1) of a URL's host; nil for IP addresses, opaque and empty
    /// hosts, public suffixes and hosts with empty labels.
    public func registrableDomain(of host: Host) -> String? {
        guard case .domain(let name) = host else { return nil }
        return match(asciiDomain: name, display: nil)?.registrableDomain
    }

    /// The registrable domain (eTLD+1) of a host written as text, ASCII or Unicode, in any case.
    public func registrableDomain(of host: String) -> String? {
        match(host)?.registrableDomain
    }

    /// The public suffix and registrable domain of a host written as text (`WWW.Example.co.uk`,
    /// `食狮.公司.cn`, `xn--85x722f.xn--55qx5d.cn`), answered in the host's own form, lowercased.
    /// Nil when the text is not a domain (an IP address, invalid IDNA, an empty label).
    public func match(_ host: String) -> Match? {
        guard !host.isEmpty, case .success(.domain(let ascii)) = Host.parse(Array(host.utf8)[...], isOpaque: false)
        else { return nil }
        // IDNA maps the ideographic full stops to `.`; splitting on them keeps labels aligned.
        let display = host.lowercased().split(
            omittingEmptySubsequences: false, whereSeparator: { $0 == "." || "．。｡".contains($0) }
        ).joined(separator: ".")
        return match(asciiDomain: ascii, display: display)
    }

    /// The public suffix and registrable domain of a URL's host; nil when it is not a domain.
    public func match(_ host: Host) -> Match? {
        guard case .domain(let name) = host else { return nil }
        return match(asciiDomain: name, display: nil)
    }

    /// The lookup on a canonical ASCII domain; answers are cut from `display` when it is given.
    private func match(asciiDomain: String, display: String?) -> Match? {
        var labels = asciiDomain.split(separator: ".", omittingEmptySubsequences: false)
        var trailingDot = ""
        if labels.count > 1, labels.last?.isEmpty == true {
            labels.removeLast()
            trailingDot = "."
        }
        guard !labels.contains(where: \.isEmpty) else { return nil }

        // Walk the trie from the rightmost label, following both the label itself and `*`.
        // The longest normal rule and the longest exception rule that match are remembered.
        var normal: (length: Int, node: Int)? = nil
        var exception: (length: Int, node: Int)? = nil
        func walk(_ node: Int, depth: Int) {
            guard depth < labels.count else { return }
            let label = String(labels[labels.count - 1 - depth])
            for key in CollectionOfOne(label) + (label == "*" ? [] : ["*"]) {
                guard let child = nodes[node].children[key].map(Int.init) else { continue }
                if let rule = nodes[child].rule {
                    if rule.isException {
                        if depth + 1 > exception?.length ?? 0 { exception = (depth + 1, child) }
                    } else if depth + 1 > normal?.length ?? 0 {
                        normal = (depth + 1, child)
                    }
                }
                walk(child, depth: depth + 1)
            }
        }
        walk(0, depth: 0)

        // An exception rule prevails, and its public suffix is the rule minus its leftmost label;
        // with no rule at all, the implicit `*` makes the last label the public suffix.
        let suffixLength: Int
        let decidingNode: Int?
        if let exception {
            (suffixLength, decidingNode) = (exception.length - 1, exception.node)
        } else if let normal {
            (suffixLength, decidingNode) = (normal.length, normal.node)
        } else {
            (suffixLength, decidingNode) = (1, nil)
        }
        let displayLabels = display?.split(separator: ".", omittingEmptySubsequences: false)
        let shown: [Substring] =
            if let displayLabels, displayLabels.count == labels.count + (trailingDot.isEmpty ? 0 : 1) {
                Array(displayLabels.prefix(labels.count))
            } else {
                labels
            }
        let registrable: String? =
            labels.count > suffixLength ? shown.suffix(suffixLength + 1).joined(separator: ".") + trailingDot : nil
        return Match(
            publicSuffix: shown.suffix(suffixLength).joined(separator: ".") + trailingDot,
            registrableDomain: registrable,
            rule: decidingNode.map(ruleText) ?? "*",
            section: decidingNode.flatMap { nodes[$0].rule?.section }
        )
    }
}
