/// The Public Suffix List (https://publicsuffix.org): which part of a domain is a public suffix
/// (`com`, `co.uk`, `github.io`) and which is the registrable domain, or eTLD+1 (`example.co.uk`).
///
/// Rules compile once into a `SuffixTable`. A lookup hashes the host's suffixes in one pass from
/// the right, one probe per label, and allocates nothing but its answer, so its cost depends on the
/// host, not on the size of the list.
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

    private var table: SuffixTable

    /// Compiles rules given as the list's text for each section (one rule per line; blank lines and
    /// `//` comments allowed). Unicode rules are converted to ASCII with UTS #46.
    public init(icann: String, private privateRules: String = "") {
        // Each rule adds about one node: size the table once.
        let lines = icann.utf8.count(where: { $0 == 0x0A }) + privateRules.utf8.count(where: { $0 == 0x0A })
        table = SuffixTable(expectedEntries: lines + 64)
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
        // `*.K` is kept on K's entry; a lone `*` is the implicit rule.
        if labels[0].elementsEqual("*".utf8) {
            guard labels.count > 1, !isException else { return }
            table.insert(Array(ascii.utf8.dropFirst(2)), kind: \.wildcard, section: section)
        } else {
            table.insert(Array(ascii.utf8), kind: isException ? \.exception : \.normal, section: section)
        }
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

        /// The registrable domain, the public suffix and the rule that decided them, in one line.
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
        let domain = domain.lowercased()
        let below = "." + domain
        var found: [String] = []
        for index in table.entries.indices {
            let rules = table.entries[index].rules
            guard rules != SuffixTable.Rules() else { continue }
            let key = table.key(of: Int32(index))
            let isBelow = key.hasSuffix(below)
            if isBelow, rules.normal != nil { found.append(key) }
            if isBelow, rules.exception != nil { found.append("!" + key) }
            if isBelow || key == domain, rules.wildcard != nil { found.append("*." + key) }
        }
        return found.sorted()
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
        // A plain ASCII domain is answered from its lowercase bytes, made on the stack; anything
        // else (Unicode, `xn--`, a number, a forbidden character) goes through the host parser.
        let plain: String?? = host.withUTF8Bytes { text in
            guard !text.isEmpty, text.count <= 1024 else { return .none }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: text.count) { lowercase -> String?? in
                var labelStart = true
                for index in 0..<text.count {
                    let byte = text[index]
                    if URLHost.forbiddenDomainCodePoints.contains(byte) { return .none }
                    if labelStart, byte | 0x20 == UInt8(ascii: "x"), index + 3 < text.count,
                        text[index + 1] | 0x20 == UInt8(ascii: "n"), text[index + 2] == UInt8(ascii: "-"),
                        text[index + 3] == UInt8(ascii: "-")
                    {
                        return .none
                    }
                    labelStart = byte == UInt8(ascii: ".")
                    lowercase[index] = ASCII.lowercased(byte)
                }
                let bytes = UnsafeBufferPointer(lowercase)
                // An IPv4 address, or no host at all: no registrable domain either way.
                if IPv4Address.endsInANumber(bytes) { return .some(nil) }
                guard let start = lookUp(bytes)?.registrableDomainStart else { return .some(nil) }
                return .some(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self))
            }
        }
        if let plain { return plain }
        guard host.utf8.allSatisfy({ $0 < 0x80 }) else { return match(host)?.registrableDomain }
        return Self.domain(host).flatMap(registrableDomain(of:))
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
    var ruleCount: Int {
        table.entries.reduce(0) { count, entry in
            count + [entry.rules.normal, entry.rules.exception, entry.rules.wildcard].count(where: { $0 != nil })
        }
    }

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
        var rule = "*"
        var section: Section? = nil
        if let decision = lookup.decision {
            let key = table.key(of: decision.entry)
            let rules = table.entries[Int(decision.entry)].rules
            switch decision.kind {
            case .normal: (rule, section) = (key, rules.normal)
            case .exception: (rule, section) = ("!" + key, rules.exception)
            case .wildcard: (rule, section) = ("*." + key, rules.wildcard)
            }
        }
        return Match(publicSuffix: suffix, registrableDomain: registrable, rule: rule, section: section)
    }

    // MARK: - The lookup

    private struct Lookup {
        /// The number of labels in the public suffix.
        var suffixLength: Int
        /// The byte offset where the registrable domain starts; nil when there is none.
        var registrableDomainStart: Int?
        /// The prevailing rule: its entry and which of the entry's rules; nil for the implicit `*`.
        var decision: (entry: Int32, kind: RuleKind)?
    }

    private enum RuleKind { case normal, exception, wildcard }

    /// The publicsuffix.org algorithm on an ASCII domain's bytes. Nil when a label is empty
    /// (one trailing dot excepted).
    private func lookUp(_ bytes: UnsafeBufferPointer<UInt8>) -> Lookup? {
        let dot = UInt8(ascii: ".")
        var end = bytes.count
        if end > 1, bytes[end - 1] == dot { end -= 1 }
        guard end > 0 else { return nil }

        // Walk the labels from the right, hashing each suffix as it grows. At each depth the
        // suffix's own entry may end a normal or an exception rule, and the shorter suffix's
        // wildcard (`*.ck`) covers it; the longest of each kind is remembered. Once a suffix has no
        // entry no longer one can, and the walk only checks the remaining labels are not empty.
        var depth = 0
        var normal: (length: Int, entry: Int32, kind: RuleKind)? = nil
        var exception: (length: Int, entry: Int32)? = nil
        var previous: Int32? = nil
        var searching = true
        var hash = SuffixTable.HashState()
        var labelEnd = end
        while true {
            var start = labelEnd
            while start > 0, bytes[start - 1] != dot {
                start -= 1
                if searching { hash.add(bytes[start]) }
            }
            guard start < labelEnd else { return nil }  // an empty label
            depth += 1
            if searching {
                if let previous, table.entries[Int(previous)].rules.wildcard != nil, depth > normal?.length ?? 0 {
                    normal = (depth, previous, .wildcard)
                }
                if let entry = table.find(UnsafeBufferPointer(rebasing: bytes[start..<end]), hash: hash.value) {
                    let rules = table.entries[Int(entry)].rules
                    if rules.exception != nil, depth > exception?.length ?? 0 { exception = (depth, entry) }
                    if rules.normal != nil, depth > normal?.length ?? 0 { normal = (depth, entry, .normal) }
                    previous = entry
                } else {
                    searching = false
                }
            }
            guard start > 0 else { break }
            if searching { hash.add(dot) }
            labelEnd = start - 1
        }

        // An exception rule prevails, and its public suffix is the rule minus its leftmost label;
        // with no rule at all, the implicit `*` makes the last label the public suffix.
        let suffixLength: Int
        let decision: (entry: Int32, kind: RuleKind)?
        if let exception {
            (suffixLength, decision) = (exception.length - 1, (exception.entry, .exception))
        } else if let normal {
            (suffixLength, decision) = (normal.length, (normal.entry, normal.kind))
        } else {
            (suffixLength, decision) = (1, nil)
        }
        return Lookup(
            suffixLength: suffixLength,
            registrableDomainStart: depth > suffixLength ? Self.start(ofLabel: suffixLength, in: bytes, end: end) : nil,
            decision: decision)
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
