/// An address a framework's configuration names, as its file holds it: the start page, or one
/// entry of a list that lets hosts into the web view. The audit reads these for what a shipped
/// app should not load: cleartext, a development machine's address, every host at once.
public struct FrameworkEntry: Sendable, Hashable {
    /// What the address is to the framework.
    public enum Role: String, Sendable, Hashable {
        /// The page the web view starts on.
        case startPage
        /// An entry that lets hosts load in the web view.
        case allowed
    }

    /// The start page or an allowed entry.
    public let role: Role
    /// The text as written.
    public let text: String
    /// Where the configuration file holds it: a JSON pointer, or for `config.xml` the element's
    /// path with its index (`/widget/allow-navigation/2`).
    public let place: String
    /// The scheme the address requires, lowercased; nil when the entry names hosts of any scheme
    /// (Capacitor's host patterns, PWABuilder's origins, `*://`).
    public let scheme: String?
    /// The host text the author wrote, without scheme, userinfo, port or path: `*` for every host,
    /// `*.example.com`, `192.168.1.20`, `[::1]`.
    public let host: String

    /// An entry whose scheme is written before `:` (`https://*.example.com/*`, `http://10.0.2.2:3001`,
    /// `tel:*`) or, when `schemeless`, a host pattern that names any scheme (`example.com`,
    /// `accounts.google.com/o/oauth2`).
    public init(_ role: Role, _ text: String, at place: String, schemeless: Bool = false) {
        self.role = role
        self.text = text
        self.place = place
        // The scheme as the entry's host is read after it (`tel:*`, `https://…`, `*://…`); a host
        // pattern has none, and its host runs to the first slash.
        let colon = schemeless ? nil : NamedHosts.schemeColon(ofEntry: text)
        scheme = colon.map { text[..<$0].lowercased() }.flatMap { $0 == "*" ? nil : $0 }
        var authority = schemeless ? Substring(text).prefix { $0 != "/" } : NamedHosts.authority(ofEntry: text)
        authority = authority.prefix { $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        if let colon = authority.lastIndex(of: ":"), !authority.hasSuffix("]"),
            authority.hasPrefix("[") || !authority[..<colon].contains(":")
        {
            authority = authority[..<colon]
        }
        host = String(authority)
    }

    /// The schemes whose URLs name a host on the network.
    public static let networkSchemes: Set<String> = ["http", "https", "ws", "wss"]

    /// Whether the entry names network addresses: a network scheme, or any scheme (`tel:*` and
    /// `app://localhost` name none: a number, the app's own scheme handler).
    public var isNetwork: Bool { scheme.map(Self.networkSchemes.contains) ?? true }

    /// Every host: `*` as the host of a network scheme or of any scheme (`http://*/*`, `https://*`,
    /// `*://*/*`, `*` alone); not `tel:*` or `data:*`, which name no host.
    public var namesEveryHost: Bool { host == "*" && isNetwork }
}
