import WebAddress

/// The hosts a configuration entry names, as its author meant them: what the bypass flag compares
/// the real host with (interfaces §6, spec §11).
///
/// Label-bounded: an entry names its host and, where its syntax says subdomains (`*.name`, and
/// `*name`, whose author meant `name` and its subdomains), every subdomain. A trailing dot names the
/// same host. `*` alone names every host. Comparison ignores ASCII case: `App.Example.com` names
/// `app.example.com`, whatever the framework's own matcher does with the case.
public enum NamedHosts: Sendable, Hashable {
    /// Every host (`*`, `http://*`).
    case any
    /// Exactly this host.
    case exactly(String)
    /// This host and its subdomains.
    case withSubdomains(String)
    /// Hosts matching a glob whose `*` stands for part of one label (`example.*`).
    case labelGlob(String)
    /// No host at all (an entry for local files).
    case none

    /// The hosts an author's host text names: `*`, `*.name`, `*name`, a glob, or a host.
    public init(hostText: String) {
        let text = Self.normalised(hostText)
        if text == "*" {
            self = .any
        } else if text.isEmpty {
            self = .none
        } else if text.unicodeScalars.first == "*" {
            let rest = String(text.unicodeScalars.drop { $0 == "*" || $0 == "." })
            self = rest.isEmpty ? .any : rest.unicodeScalars.contains("*") ? .labelGlob(text) : .withSubdomains(rest)
        } else if text.unicodeScalars.contains("*") {
            self = .labelGlob(text)
        } else {
            self = .exactly(text)
        }
    }

    /// The hosts an allowlist entry's author meant (`https://*.example.com/*`, `tel:*`,
    /// `example.com:8080`): the text after `scheme:` and up to two slashes, before the path, without
    /// userinfo or port. `*` alone names every host.
    public init(entry: String) {
        if entry == "*" {
            self = .any
            return
        }
        var authority = Self.authority(ofEntry: entry)
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        if let colon = authority.lastIndex(of: ":"),
            authority[authority.index(after: colon)...].allSatisfy({ $0.isNumber || $0 == "*" })
        {
            authority = authority[..<colon]
        }
        self.init(hostText: String(authority))
    }

    /// The text of an entry between `scheme:` (and up to two slashes) and the path: `https://a.com/x`
    /// gives `a.com`, `tel:*` gives `*`, `example.com:8080` (no scheme: a digit follows the colon)
    /// gives itself.
    static func authority(ofEntry entry: String) -> Substring {
        var rest = Substring(entry)
        if let colon = schemeColon(ofEntry: entry) {
            rest = rest[rest.index(after: colon)...]
            for _ in 0..<2 where rest.first == "/" { rest = rest.dropFirst() }
        }
        return rest.prefix { $0 != "/" }
    }

    /// The colon that ends an entry's scheme (`https:`, `tel:`, `*:`), or nil when the entry has
    /// none: the text before the first colon must be scheme characters, and what follows it not a
    /// port's digit (`example.com:8080`).
    static func schemeColon(ofEntry entry: String) -> String.Index? {
        guard let colon = entry.firstIndex(of: ":"), !entry[..<colon].isEmpty,
            entry[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+-.*".contains($0) }),
            !(entry[entry.index(after: colon)...].first?.isNumber ?? false)
        else { return nil }
        return colon
    }

    /// Whether any of `sets` names `host`: a configuration names a host when one of its entries does.
    public static func anyNames(_ host: URLHost?, in sets: [NamedHosts]) -> Bool {
        guard let host else { return true }
        let name = normalised(host.description)
        return name.isEmpty || sets.contains { $0.names(normalised: name) }
    }

    /// Whether `host` is one of the named hosts. A URL without a host is never a bypass.
    public func names(_ host: URLHost?) -> Bool {
        guard let host else { return true }
        let name = Self.normalised(host.description)
        return name.isEmpty || names(normalised: name)
    }

    /// Whether a host, already `normalised` and not empty, is one of the named hosts.
    private func names(normalised name: String) -> Bool {
        switch self {
        case .any: return true
        case .none: return false
        case .exactly(let named): return name == named
        case .withSubdomains(let named):
            // `name` is `named`, or ends with "." + `named`.
            let (host, suffix) = (name.utf8, named.utf8)
            guard host.count >= suffix.count, host.suffix(suffix.count).elementsEqual(suffix) else { return false }
            return host.count == suffix.count || host.dropLast(suffix.count).last == UInt8(ascii: ".")
        case .labelGlob(let glob): return Self.labelGlob(Array(glob.utf8)[...], matches: Array(name.utf8)[...])
        }
    }

    /// Lowercase (ASCII), without one trailing dot.
    static func normalised(_ text: String) -> String {
        var lowered = String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
        if lowered.count > 1, lowered.hasSuffix(".") { lowered.removeLast() }
        return lowered
    }

    /// `*` matches any run of bytes inside one label (no dot).
    private static func labelGlob(_ glob: ArraySlice<UInt8>, matches name: ArraySlice<UInt8>) -> Bool {
        guard let first = glob.first else { return name.isEmpty }
        if first == UInt8(ascii: "*") {
            var rest = name[...]
            while true {
                if labelGlob(glob.dropFirst(), matches: rest) { return true }
                guard let next = rest.first, next != UInt8(ascii: ".") else { return false }
                rest = rest.dropFirst()
            }
        }
        guard name.first == first else { return false }
        return labelGlob(glob.dropFirst(), matches: name.dropFirst())
    }
}
