import WebAddress

/// `WKAppBoundDomains` as the engine reads it (spec §1): the app-bound domains and schemes, and
/// what became of every entry, once per app process.
public struct AppBoundDomains: Sendable, Hashable {
    /// The most distinct domains plus schemes the engine reads; later entries are ignored.
    public static let capacity = 10

    /// Registrable domains (or whole hosts that have none), lowercase, in the order accepted.
    public var domains: [String] { domainSet.members }
    /// The domains, as the navigation path compares hosts with them.
    public private(set) var domainSet = RegistrableDomainSet([])
    /// Schemes, without the colon, exactly as written (case kept; compared case-sensitively).
    public private(set) var schemes: [String] = []
    /// What happened to each entry, in order.
    public private(set) var entries: [Entry] = []

    /// One entry of the array and what the engine made of it.
    public struct Entry: Sendable, Hashable {
        /// The entry's position in the array, from 0.
        public let index: Int
        /// The entry as Info.plist writes it.
        public let text: String
        /// What the engine made of the entry.
        public let outcome: Outcome
    }

    /// What the engine made of one entry: a domain, a scheme, a repeat, or nothing.
    public enum Outcome: Sendable, Hashable {
        /// Accepted as this domain; `host` is the URL host it was reduced from.
        case domain(String, host: String)
        /// Accepted as an app-bound scheme.
        case scheme(String)
        /// Already accepted (the entry at `index`); it uses no slot.
        case duplicate(of: Int)
        /// Dropped, and why.
        case dropped(Reason)
        /// Not read: the 10 slots were full before it.
        case pastCapacity
    }

    /// Why the engine dropped an entry.
    public enum Reason: Sendable, Hashable, CustomStringConvertible {
        /// Not a URL even with `https:` in front; the parser's error.
        case notAURL(URLParseError)
        /// A URL with no host, e.g. `localhost:8000` (scheme `localhost`) or `file:///x`.
        case noHost(parsedAs: String)

        /// The reason in a sentence, with the parser's error code when there is one.
        public var description: String {
            switch self {
            case .notAURL(let error): "not a URL, even with https: in front (\(error.code): \(error))"
            case .noHost(let href) where !href.contains("//"):
                "parses as \(href), a URL with no host: a `name:port` entry reads as scheme `name`"
            case .noHost(let href): "parses as \(href), a URL with no host"
            }
        }
    }

    /// Reads the entries in order, as the engine does: `name:` is a scheme, anything else a URL
    /// (with `https:` in front when it has no scheme) reduced to its host's registrable domain.
    public init(entries texts: [String]) {
        for (index, text) in texts.enumerated() {
            if domains.count + schemes.count >= Self.capacity {
                entries.append(Entry(index: index, text: text, outcome: .pastCapacity))
                continue
            }
            entries.append(Entry(index: index, text: text, outcome: read(text)))
        }
    }

    private mutating func read(_ text: String) -> Outcome {
        // 1. `name:` with at least one character before the colon is a scheme, kept verbatim.
        if text.count > 1, text.hasSuffix(":") {
            let scheme = String(text.dropLast())
            if let first = entries.first(where: { $0.outcome == .scheme(scheme) }) {
                return .duplicate(of: first.index)
            }
            schemes.append(scheme)
            return .scheme(scheme)
        }
        // 2. A URL; with no scheme, parsed again as `https:` + entry.
        let url: WebURL
        switch WebURL.parse(text) {
        case .success(let parsed): url = parsed
        case .failure(.missingSchemeNonRelativeURL):
            switch WebURL.parse("https:" + text) {
            case .success(let parsed): url = parsed
            case .failure(let error): return .dropped(.notAURL(error))
            }
        case .failure(let error): return .dropped(.notAURL(error))
        }
        guard let host = url.host, host != .empty else { return .dropped(.noHost(parsedAs: url.href)) }
        // 3. The registrable domain, or the whole host when it has none (single label, IP address).
        let domain = Self.registrableDomain(of: host)
        if let first = entries.first(where: {
            if case .domain(domain, _) = $0.outcome { return true } else { return false }
        }) {
            return .duplicate(of: first.index)
        }
        domainSet = RegistrableDomainSet(domains + [domain])
        return .domain(domain, host: host.description)
    }

    /// The domain a host is compared by: its registrable domain, or the host itself when it has
    /// none (a single label, an IP address). A custom scheme's opaque host
    /// (`in-app-browser://www.apple.com`) is read as a domain name, as the engine reads every host.
    public static func registrableDomain(of host: URLHost) -> String {
        if case .opaque(let text) = host {
            return PublicSuffixList.bundled.registrableDomain(of: text) ?? text.lowercased()
        }
        return PublicSuffixList.bundled.registrableDomain(of: host) ?? host.description
    }

    /// True when `scheme` (a URL's scheme, lowercase) is listed. `MyScheme:` never matches.
    public func containsScheme(_ scheme: String) -> Bool { schemes.contains(scheme) }

    /// True when `domain` (a registrable domain, or a host that has none) is listed.
    public func containsDomain(_ domain: String) -> Bool { domains.contains(domain) }

    /// Whether the registrable domain of `host` (or the host itself when it has none) is listed:
    /// `containsDomain(registrableDomain(of: host))` without building the domain, as every
    /// navigation asks it.
    public func containsRegistrableDomain(of host: URLHost) -> Bool {
        guard case .domain(let name) = host else { return containsDomain(Self.registrableDomain(of: host)) }
        return domainSet.containsRegistrableDomain(ofDomain: name)
    }

    /// The entries the engine dropped or never read, each with the reason: what a linter reports.
    public var diagnostics: [String] {
        entries.compactMap { entry in
            let quoted = "entry \(entry.index) \"\(entry.text)\""
            switch entry.outcome {
            case .dropped(let reason): return "\(quoted) is dropped: \(reason)"
            case .pastCapacity: return "\(quoted) is ignored: the \(Self.capacity) slots were already used"
            case .duplicate(let first): return "\(quoted) repeats entry \(first) and uses no slot"
            case .scheme(let scheme) where scheme != scheme.lowercased():
                return "\(quoted) never matches: schemes are compared with a URL's lowercase scheme"
            case .domain, .scheme: return nil
            }
        }
    }
}
