import WebAddress

/// The host part of a rule (spec/navigation-rules.md §2), normalised by the same host parser that
/// parses the URLs it will be compared with: `Bücher.DE` is `xn--bcher-kva.de`, `0x7f.1` is
/// `127.0.0.1`.
public enum HostPattern: Sendable, Hashable, CustomStringConvertible {
    /// `example.com`: the host and every subdomain, on a label boundary (seed 003's semantics).
    case domainAndSubdomains(String)
    /// `=login.example.org`: exactly this host.
    case exactHost(String)
    /// `*.cdn.example.net`: subdomains only, not the apex.
    case subdomainsOnly(String)
    /// `192.0.2.1`, `[2001:db8::1]`: exactly that address, in its serialised form.
    case address(String)

    /// The domain or address the pattern is anchored on.
    public var anchor: String {
        switch self {
        case .domainAndSubdomains(let name), .exactHost(let name), .subdomainsOnly(let name), .address(let name): name
        }
    }

    /// Whether it matches the anchor itself and whether it matches hosts below it.
    var matchesAnchor: Bool {
        switch self {
        case .subdomainsOnly: false
        default: true
        }
    }

    var matchesSubdomains: Bool {
        switch self {
        case .domainAndSubdomains, .subdomainsOnly: true
        case .exactHost, .address: false
        }
    }

    /// Whether a URL's host is one the pattern names (`example.com.` is `example.com`); an opaque
    /// host (`myapp://example.com`) is never one. For one-off checks (a policy delegate's hosts);
    /// a rule set answers from its index, and `BypassTests` holds both to the same answers.
    public func matches(_ host: URLHost) -> Bool {
        switch (host, self) {
        case (.ipv4, .address(let address)), (.ipv6, .address(let address)):
            return host.description == address
        case (.domain(let full), _):
            if case .address = self { return false }
            let name = full.count > 1 && full.hasSuffix(".") ? String(full.dropLast()) : full
            if matchesAnchor, name == anchor { return true }
            return matchesSubdomains && name.hasSuffix("." + anchor)
        default:
            return false
        }
    }

    /// The pattern in the rule language's canonical form.
    public var description: String {
        switch self {
        case .domainAndSubdomains(let name): name
        case .exactHost(let name): "=" + name
        case .subdomainsOnly(let name): "*." + name
        case .address(let address): address
        }
    }

    /// Why a host text was refused.
    public struct Refusal: Error, Sendable, Hashable {
        /// A stable code, e.g. `rules.host.wildcardInLabel`.
        public let code: String
        /// Why, in a sentence for people that quotes the host text.
        public let message: String
    }

    /// The three ways to write a host rule, by their prefix.
    enum Kind {
        case domainAndSubdomains, exactHost, subdomainsOnly
    }

    /// A rule's text split into its kind and the host as written (`=a.example` → exact, `a.example`).
    static func split(_ text: String) -> (Kind, Substring) {
        if text.hasPrefix("=") { return (.exactHost, text.dropFirst()) }
        if text.hasPrefix("*.") { return (.subdomainsOnly, text.dropFirst(2)) }
        return (.domainAndSubdomains, Substring(text))
    }

    /// Reads a rule's host text. Refused, with the reason: wildcards anywhere but a leading `*.`,
    /// schemes, ports, paths and userinfo (they belong in an object rule's fields), hosts the URL
    /// parser rejects, bare top-level domains and public suffixes (they would allow every site
    /// registered under them).
    public static func parse(_ text: String, publicSuffixes: PublicSuffixList = .bundled) -> Result<
        HostPattern, Refusal
    > {
        func refuse(_ code: String, _ message: String) -> Result<HostPattern, Refusal> {
            .failure(Refusal(code: "rules.host." + code, message: message))
        }
        let (kind, body) = split(text)
        guard !body.isEmpty else { return refuse("empty", "the rule names no host") }
        if body.contains("*") {
            return refuse(
                "wildcardInLabel",
                "\"\(text)\": a wildcard may only be a whole leading label (`*.example.com`); `*` inside or after a label would match hosts nobody listed"
            )
        }
        // The rule's own syntax (`*`, a leading `=`) must not arrive through the host parser: `%2a`
        // and a full-width `＊` both become `*`, which would then read back as a wildcard.
        if body.contains("%") {
            return refuse("percentEncoded", "\"\(text)\" is percent-encoded: write the host as it is")
        }
        if body.contains("://") || body.hasPrefix("//") {
            return refuse(
                "hasScheme",
                "\"\(text)\" has a scheme: write the host alone, and list schemes in an object rule's \"schemes\"")
        }
        if body.contains("@") {
            return refuse("hasUserinfo", "\"\(text)\" has userinfo (`@`): a rule names a host, never credentials")
        }
        if let slash = body.firstIndex(where: { $0 == "/" || $0 == "\\" || $0 == "?" || $0 == "#" }) {
            return refuse(
                "hasPath",
                "\"\(text)\" has a path or query (\(body[slash...])): write the host alone, and list path prefixes in an object rule's \"paths\""
            )
        }
        // A colon is a port, unless the text is an IPv6 address (bracketed or not).
        let isIPv6 = body.hasPrefix("[") || body.filter({ $0 == ":" }).count >= 2
        if !isIPv6, body.contains(":") {
            return refuse(
                "hasPort", "\"\(text)\" has a port: write the host alone, and list ports in an object rule's \"ports\"")
        }
        let hostText = isIPv6 && !body.hasPrefix("[") ? "[\(body)]" : String(body)
        let host: URLHost
        switch URLHost.parse(hostText) {
        case .success(let parsed):
            host = parsed
        case .failure(let error):
            return refuse("notAHost", "\"\(text)\" is not a host a browser would load (\(error.code): \(error))")
        }
        switch host {
        case .ipv4, .ipv6:
            guard kind == .domainAndSubdomains else {
                return refuse(
                    "wildcardAddress", "\"\(text)\": an IP address has no subdomains; write the address alone")
            }
            return .success(.address(host.description))
        case .domain(let name):
            // A trailing dot names the same DNS name; the rule keeps the form without it.
            let domain = name.hasSuffix(".") ? String(name.dropLast()) : name
            if domain.contains("*") || domain.hasPrefix("=") {
                return refuse(
                    "wildcardInLabel",
                    "\"\(text)\" is read as \(domain): the rule syntax's `*` or `=` may not come from a mapped character"
                )
            }
            if domain.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) {
                return refuse("emptyLabel", "\"\(text)\" has an empty label")
            }
            guard domain.contains(".") else {
                return refuse(
                    "bareTLD",
                    "\"\(text)\" is a single label (a top-level domain or a local name): it would allow every site under it"
                )
            }
            if let match = publicSuffixes.match(domain), match.registrableDomain == nil {
                let section = match.section.map { " (\($0.rawValue) section, rule \(match.rule))" } ?? ""
                return refuse(
                    "publicSuffix",
                    "\"\(text)\": \(domain) is a public suffix\(section): anyone can register a site under it")
            }
            switch kind {
            case .exactHost: return .success(.exactHost(domain))
            case .subdomainsOnly: return .success(.subdomainsOnly(domain))
            case .domainAndSubdomains: return .success(.domainAndSubdomains(domain))
            }
        case .opaque, .empty:
            return refuse("notAHost", "\"\(text)\" is not a host")
        }
    }
}
