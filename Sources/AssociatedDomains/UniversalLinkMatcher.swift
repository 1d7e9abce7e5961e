import WebAddress

/// An association file compiled for matching: for each app ID, the rules of the first details
/// entry that lists it, with defaults resolved and patterns compiled once (spec §2–3).
///
///     let matcher = UniversalLinkMatcher(file)
///     let url = try WebURL("https://example.com/buy/42")
///     matcher.decide(url, domain: LinkDomain("example.com")!, appID: "ABCDE12345.com.example.app")
///     // match: rule 1 {"/":"/buy/*"} matched
public struct UniversalLinkMatcher: Sendable {
    /// Every entry's rules, compiled (one reference: copying a matcher costs nothing).
    let ruleSet: RuleSet

    /// Compiles the rules of `file` once, for every app ID it lists.
    public init(_ file: AssociationFile) {
        ruleSet = RuleSet(file)
    }

    /// The file as read.
    public var file: AssociationFile { ruleSet.file }

    /// The characters of the file's compiled patterns, all together: deciding a link takes at most
    /// about this many steps for each character of the link (each pattern is a Thompson automaton
    /// or simpler, never backtracking), whatever the patterns.
    public var patternLength: Int { ruleSet.storage.characterCount }

    /// The app IDs a service lists, in file order, each once: for applinks those of the details
    /// entries, for other services their `apps`.
    public func appIDs(for service: String) -> [String] {
        var seen: Set<String> = []
        let all = service == "applinks" ? (file.applinks?.details ?? []).flatMap(\.appIDs) : file.apps[service] ?? []
        return all.filter { seen.insert($0).inserted }
    }

    /// The services the file defines, applinks first.
    public var services: [String] {
        (file.applinks == nil ? [] : ["applinks"]) + file.apps.keys.sorted()
    }

    // MARK: - Deciding

    /// The universal-link decision for `url` on `domain` and the app `appID` (spec §3).
    /// `explain`: also say why each rule before the deciding one did not match.
    public func decide(_ url: WebURL, domain: LinkDomain, appID: String, explain: Bool = false) -> UniversalLinkDecision
    {
        if let refusal = Self.refusal(url, domain: domain) { return refusal }
        guard let entryIndex = ruleSet.entry(for: appID) else {
            return .init(.noMatch, .appIDNotListed, note: "no applinks details entry lists \(appID)")
        }
        let range = ruleSet.entryRanges[entryIndex]
        guard !range.isEmpty else {
            let pointer = ruleSet.entryPointers[entryIndex]
            return .init(.noMatch, .noRules, note: "the entry at \(pointer) that lists \(appID) has no rules")
        }
        let index = ruleSet.entryIndexes[entryIndex]
        return LinkComponents.with(url) { link in
            var misses: [UniversalLinkDecision.RuleMiss] = []
            // With `explain`, every rule, so that each one before the decision is explained;
            // otherwise only those that can match this path (RuleIndex), in the same order.
            var candidates = index.candidates(key: link.pathKey, foldedKey: link.foldedPathKey)
            var all = range.makeIterator()
            while let rule = explain ? all.next() : candidates.next() {
                guard let miss = ruleSet.miss(rule, &link) else {
                    return .init(
                        ruleSet.rules[rule].excludes ? .exclude : .match, .rule, rule: ruleSet.references[rule],
                        misses: misses)
                }
                if explain { misses.append(self.explain(miss, entryIndex, rule - range.lowerBound, &link)) }
            }
            return .init(
                .noMatch, .noRuleMatched, misses: misses, note: ruleSet.entryPointers[entryIndex],
                ruleCount: range.count)
        }
    }

    /// The decision for a service other than applinks: no patterns, so any URL of the domain
    /// counts when the service lists the app ID.
    public func decide(service: String, _ url: WebURL, domain: LinkDomain, appID: String, explain: Bool = false)
        -> UniversalLinkDecision
    {
        if service == "applinks" { return decide(url, domain: domain, appID: appID, explain: explain) }
        if let refusal = Self.refusal(url, domain: domain) { return refusal }
        guard file.apps[service]?.contains(appID) == true else {
            return .init(.noMatch, .appIDNotListed, note: "\(service).apps does not list \(appID)")
        }
        return .init(.match, .listed, note: "\(service).apps lists \(appID); the service has no patterns")
    }

    /// Universal links are http(s) URLs on exactly the domain.
    private static func refusal(_ url: WebURL, domain: LinkDomain) -> UniversalLinkDecision? {
        guard url.scheme == "https" || url.scheme == "http" else {
            return .init(.noMatch, .notHTTP, note: "a \(url.scheme): URL is never a universal link")
        }
        guard url.host == domain.host else {
            let host = url.host?.description ?? ""
            return .init(.noMatch, .hostMismatch, note: "the URL's host \(host) is not the domain \(domain.host)")
        }
        return nil
    }

    /// The failed part of a rule in words: the pattern and the value it was compared with.
    private func explain(_ miss: CompiledRule.Miss, _ entryIndex: Int, _ index: Int, _ link: inout LinkComponents)
        -> UniversalLinkDecision.RuleMiss
    {
        let global = ruleSet.entryRanges[entryIndex].lowerBound + index
        let rule = ruleSet.rules[global]
        let fields = ruleSet.fields[global]
        func text(_ bytes: some Collection<UInt8>, _ scalars: [UInt32]) -> String {
            if rule.percentEncoded { return String(decoding: bytes, as: UTF8.self) }
            return String(String.UnicodeScalarView(scalars.compactMap(Unicode.Scalar.init)))
        }
        let decoded = rule.percentEncoded ? nil : link.decodedComponents()
        let component: String
        let pattern: String
        let value: String
        switch miss {
        case .path:
            let normalised = PathNormalisation.pattern(fields.path ?? "*")
            (component, pattern, value) = ("path", normalised, text(link.path, decoded?.path ?? []))
        case .query:
            let queryPattern = if case .whole(let whole)? = fields.query { whole } else { "" }
            (component, pattern, value) = ("query", queryPattern, text(link.query, decoded?.query ?? []))
        case .queryItem(let itemIndex):
            let name = String(decoding: ruleSet.itemNames[Int(ruleSet.items[Int(itemIndex)].name)].bytes, as: UTF8.self)
            var itemPattern = ""
            if case .items(let items)? = fields.query, let item = items.first(where: { $0.name == name }) {
                itemPattern = item.pattern
            }
            let values = LinkComponents.queryItems(link.query).filter {
                rule.percentEncoded
                    ? $0.name.elementsEqual(name.utf8)
                    : LinkComponents.decode($0.name) == name.unicodeScalars.map(\.value)
            }.map { text($0.value, LinkComponents.decode($0.value)) }
            let shown = values.joined(separator: "\", \"")
            (component, pattern, value) = (
                values.isEmpty ? "query item \(name) (absent)" : "query item \(name)", itemPattern, shown
            )
        case .fragment:
            (component, pattern, value) = (
                "fragment", fields.fragment ?? "*", text(link.fragment, decoded?.fragment ?? [])
            )
        }
        return .init(rule: ruleSet.references[global], component: component, pattern: pattern, value: value)
    }
}

/// The domain an association file was served from: a host (lowercase ASCII, punycode for an IDN),
/// optionally with a port.
public struct LinkDomain: Sendable, Hashable, CustomStringConvertible {
    /// The host, as a URL's host is parsed.
    public let host: URLHost
    /// The port; nil when none (a written `:443` is dropped, as a URL drops it).
    public let port: UInt16?

    /// Parses `example.com`, `Bücher.example` or `example.com:8443`; nil for anything that is not
    /// a host (a scheme, a path, a user name, an empty string).
    public init?(_ text: String) {
        // Read as UTF-8 bytes: every character looked for is ASCII (a domain is read per request).
        let bytes = text.utf8
        guard !bytes.isEmpty,
            !bytes.contains(where: { $0 == 0x2F || $0 == 0x3F || $0 == 0x23 || $0 == 0x40 || $0 == 0x5C })  // / ? # @ \
        else { return nil }
        // The port follows the last `:` outside an IPv6 address's brackets, as in a URL's authority.
        var hostText = Substring(text)
        var port: UInt16? = nil
        let closingBracket = bytes.lastIndex(of: UInt8(ascii: "]"))
        if let colon = bytes.lastIndex(of: UInt8(ascii: ":")),
            closingBracket.map({ colon > $0 }) ?? (bytes.first != UInt8(ascii: "["))
        {
            let digits = text[bytes.index(after: colon)...]
            guard digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            if !digits.isEmpty {
                guard let value = UInt16(digits) else { return nil }
                // 443 is https's default: a URL drops it, and so does this.
                port = value == 443 ? nil : value
            }
            hostText = text[..<colon]
        }
        guard let host = try? URLHost(String(hostText)) else { return nil }
        self.host = host
        self.port = port
    }

    /// The host of a URL already parsed (no second parse).
    public init(host: URLHost, port: UInt16? = nil) {
        self.host = host
        self.port = port
    }

    /// The host, then `:` and the port when there is one.
    public var description: String { host.description + (port.map { ":\($0)" } ?? "") }
}
