/// The Public Suffix List (https://publicsuffix.org): which part of a domain is a public suffix
/// (`com`, `co.uk`, `github.io`) and which is the registrable domain, or eTLD+1 (`example.co.uk`).
///
/// Rules compile once into a `LabelTrie`. A lookup reads the host's labels from the right, one
/// hash probe per label (a node's `*` child is kept on the node), and allocates nothing but its
/// answer, so its cost depends on the host, not on the size of the list.
///
/// Decisions about odd inputs, all documented in docs/public-suffix-list.md:
/// - IP addresses, single labels with no matching rule, and public suffixes themselves have no
///   registrable domain.
/// - A host with an empty label (`.example.com`, `a..b.com`) has none either.
/// - One trailing dot (a fully qualified name) is ignored for the lookup and kept in the answer:
///   `www.example.com.` → `example.com.`, as Chromium and Firefox answer.
/// - A wildcard is honoured only as a rule's leftmost label, the only place the list uses one.
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
    public static let bundledVersion = (
        date: PublicSuffixListData.version, commit: PublicSuffixListData.commit, source: PublicSuffixListData.source
    )

    private var trie: LabelTrie

    /// Compiles rules given as the list's text for each section (one rule per line; blank lines and
    /// `//` comments allowed). Unicode rules are converted to ASCII with UTS #46.
    public init(icann: String, private privateRules: String = "") {
        // Each rule adds about one node: size the table once.
        let lines = icann.utf8.count(where: { $0 == 0x0A }) + privateRules.utf8.count(where: { $0 == 0x0A })
        trie = LabelTrie(expectedNodes: lines + 64)
        for (text, section) in [(icann, Section.icann), (privateRules, Section.private)] {
            // The list is ASCII but for its IDN rules, so lines are cut on bytes; a rule ends at the
            // first whitespace, as the list's format says.
            for line in text.utf8.split(whereSeparator: { $0 == 0x0A || $0 == 0x0D }) {
                guard let rule = line.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 }).first,
                    !rule.starts(with: "//".utf8)
                else { continue }
                insert(Substring(rule), section: section)
            }
        }
    }

    private mutating func insert(_ rule: Substring, section: Section) {
        let isException = rule.hasPrefix("!")
        guard let ascii = Self.asciiForm(of: isException ? rule.dropFirst() : rule) else { return }
        let labels = ascii.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard !labels.contains(where: \.isEmpty), !labels.dropFirst().contains(where: { $0.elementsEqual("*".utf8) })
        else { return }
        var node = LabelTrie.root
        for label in labels.reversed() { node = trie.child(of: node, insertingLabel: label) }
        trie.setRule(LabelTrie.Rule(isException: isException, section: section), at: node)
    }

    /// A rule's labels in ASCII: `公司.cn` → `xn--55qx5d.cn`; `*` labels stay as they are.
    private static func asciiForm(of rule: Substring) -> String? {
        if rule.utf8.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: rule.utf8.map(ASCII.lowercased), as: UTF8.self)
        }
        var labels: [String] = []
        for label in rule.split(separator: ".", omittingEmptySubsequences: false) {
            if label == "*" || label.utf8.allSatisfy({ $0 < 0x80 }) {
                labels.append(label.lowercased())
            } else {
                guard case .success(let ascii) = UTS46.toASCII(String(label)) else { return nil }
                labels.append(ascii)
            }
        }
        return labels.joined(separator: ".")
    }

    // MARK: - Answers

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

    /// The rules strictly below `domain` (ASCII, lowercase), as the list writes them (`*.` for a
    /// wildcard, `!` for an exception): `s3.amazonaws.com`'s below `amazonaws.com`. A host at or
    /// below one of them has a registrable domain other than `domain`'s subdomains have. For code
    /// that must judge hosts against a domain without the list at hand (a page's script), once.
    public func rules(below domain: String) -> [String] {
        var node = LabelTrie.root
        for label in domain.lowercased().utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).reversed() {
            guard let next = Array(label).withUnsafeBufferPointer({ trie.child(of: node, label: $0) }) else { return [] }
            node = next
        }
        return trie.rules(below: node).map { ($0.rule.isException ? "!" : "") + $0.text }.sorted()
    }

    /// The registrable domain (eTLD+1) of a URL's host; nil for IP addresses, opaque and empty
    /// hosts, public suffixes and hosts with empty labels. This is the hot path: no allocation but
    /// the answer.
    public func registrableDomain(of host: URLHost) -> String? {
        guard case .domain(let name) = host else { return nil }
        return name.withUTF8Bytes { bytes in
            guard let lookup = lookUp(bytes) else { return nil }
            return lookup.registrableDomainStart.map {
                String(decoding: UnsafeBufferPointer(rebasing: bytes[$0...]), as: UTF8.self)
            }
        }
    }

    /// Where the registrable domain of an ASCII domain's bytes starts; nil when it has none.
    func registrableDomainStart(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        lookUp(bytes)?.registrableDomainStart
    }

    /// The public suffix and registrable domain of a URL's host, with the deciding rule; nil when
    /// the host is not a domain or has an empty label.
    public func match(_ host: URLHost) -> Match? {
        guard case .domain(let name) = host else { return nil }
        return match(asciiDomain: name, display: nil)
    }

    /// The registrable domain (eTLD+1) of a host written as text, ASCII or Unicode, in any case.
    public func registrableDomain(of host: String) -> String? {
        // ASCII text is answered in its canonical (lowercase) form: the fast path applies.
        guard host.utf8.allSatisfy({ $0 < 0x80 }) else { return match(host)?.registrableDomain }
        guard let parsed = Self.domain(host) else { return nil }
        return registrableDomain(of: parsed)
    }

    /// A host written as text, as a domain: nil for IP addresses, invalid hosts and text with `%`
    /// (a host written as text is not percent-decoded).
    private static func domain(_ text: String) -> URLHost? {
        guard !text.isEmpty, !text.utf8.contains(UInt8(ascii: "%")),
            case .success(let host) = URLHost.parse(Array(text.utf8), isOpaque: false), case .domain = host
        else { return nil }
        return host
    }

    /// The number of rules compiled (each section's rules, less any that could not be read).
    var ruleCount: Int { trie.nodes.count(where: { $0.rule != nil }) }

    /// The public suffix and registrable domain of a host written as text (`WWW.Example.co.uk`,
    /// `食狮.公司.cn`, `xn--85x722f.xn--55qx5d.cn`), answered in the host's own form, lowercased.
    /// Nil when the text is not a domain (an IP address, invalid IDNA, an empty label).
    public func match(_ host: String) -> Match? {
        guard case .domain(let ascii)? = Self.domain(host) else { return nil }
        guard !host.utf8.allSatisfy({ $0 < 0x80 }) else { return match(asciiDomain: ascii, display: nil) }
        // IDNA maps the ideographic full stops to `.`; splitting on them keeps labels aligned.
        let display = host.lowercased().split(
            omittingEmptySubsequences: false, whereSeparator: { $0 == "." || "．。｡".contains($0) }
        ).joined(separator: ".")
        return match(asciiDomain: ascii, display: display)
    }

    /// A full answer for an ASCII domain; the labels are cut from `display` when it has as many.
    private func match(asciiDomain: String, display: String?) -> Match? {
        guard let lookup = asciiDomain.withUTF8Bytes({ lookUp($0) }) else { return nil }
        let labels = asciiDomain.split(separator: ".", omittingEmptySubsequences: false)
        let shown =
            display.map { $0.split(separator: ".", omittingEmptySubsequences: false) }
            .flatMap { $0.count == labels.count ? $0 : nil } ?? labels
        let trailingDot = labels.count > 1 && labels.last?.isEmpty == true
        let named = trailingDot ? Array(shown.dropLast()) : Array(shown)
        let suffix = named.suffix(lookup.suffixLength).joined(separator: ".") + (trailingDot ? "." : "")
        let registrable =
            lookup.registrableDomainStart == nil
            ? nil : named.suffix(lookup.suffixLength + 1).joined(separator: ".") + (trailingDot ? "." : "")
        let rule = lookup.decidingNode.map { node in
            (trie.nodes[Int(node)].rule?.isException == true ? "!" : "") + trie.text(at: node)
        }
        return Match(
            publicSuffix: suffix, registrableDomain: registrable, rule: rule ?? "*",
            section: lookup.decidingNode.flatMap { trie.nodes[Int($0)].rule?.section })
    }

    // MARK: - The lookup

    private struct Lookup {
        /// The number of labels in the public suffix.
        var suffixLength: Int
        /// The byte offset where the registrable domain starts; nil when there is none.
        var registrableDomainStart: Int?
        /// The prevailing rule's node; nil for the implicit `*` rule.
        var decidingNode: Int32?
    }

    /// The publicsuffix.org algorithm on an ASCII domain's bytes. Nil when a label is empty
    /// (one trailing dot excepted).
    private func lookUp(_ bytes: UnsafeBufferPointer<UInt8>) -> Lookup? {
        let dot = UInt8(ascii: ".")
        var end = bytes.count
        if end > 1, bytes[end - 1] == dot { end -= 1 }
        guard end > 0 else { return nil }

        // Walk the labels from the right. At each level the node's wildcard child (`*.ck`) and the
        // child for the label itself (`ck` → `www`) may end a rule; the longest normal rule and the
        // longest exception rule are remembered. Once the trie runs out, the walk only checks the
        // remaining labels are not empty.
        var depth = 0
        var normal: (length: Int, node: Int32)? = nil
        var exception: (length: Int, node: Int32)? = nil
        var node: Int32? = LabelTrie.root
        var labelEnd = end
        while true {
            var start = labelEnd
            while start > 0, bytes[start - 1] != dot { start -= 1 }
            guard start < labelEnd else { return nil }  // an empty label
            depth += 1
            if let parent = node {
                if let wildcard = trie.wildcardChild(of: parent), let rule = trie.nodes[Int(wildcard)].rule,
                    !rule.isException, depth > normal?.length ?? 0
                {
                    normal = (depth, wildcard)
                }
                node = trie.child(of: parent, label: UnsafeBufferPointer(rebasing: bytes[start..<labelEnd]))
                if let child = node, let rule = trie.nodes[Int(child)].rule {
                    if rule.isException {
                        if depth > exception?.length ?? 0 { exception = (depth, child) }
                    } else if depth > normal?.length ?? 0 {
                        normal = (depth, child)
                    }
                }
            }
            guard start > 0 else { break }
            labelEnd = start - 1
        }

        // An exception rule prevails, and its public suffix is the rule minus its leftmost label;
        // with no rule at all, the implicit `*` makes the last label the public suffix.
        let suffixLength: Int
        let decidingNode: Int32?
        if let exception {
            (suffixLength, decidingNode) = (exception.length - 1, exception.node)
        } else if let normal {
            (suffixLength, decidingNode) = (normal.length, normal.node)
        } else {
            (suffixLength, decidingNode) = (1, nil)
        }
        return Lookup(
            suffixLength: suffixLength,
            registrableDomainStart: depth > suffixLength ? Self.start(ofLabel: suffixLength, in: bytes, end: end) : nil,
            decidingNode: decidingNode)
    }

    /// Where the label at `depth` (0 = rightmost) of `bytes[..<end]` starts.
    private static func start(ofLabel depth: Int, in bytes: UnsafeBufferPointer<UInt8>, end: Int) -> Int {
        var remaining = depth
        var index = end
        while index > 0 {
            if bytes[index - 1] == UInt8(ascii: ".") {
                if remaining == 0 { return index }
                remaining -= 1
            }
            index -= 1
        }
        return 0
    }
}
