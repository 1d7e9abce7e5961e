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
    /// Its JSON pointer in the framework's configuration file.
    public let place: String
    /// The scheme the address requires, lowercased; nil when the entry names hosts of any scheme
    /// (Capacitor's host patterns, PWABuilder's origins).
    public let scheme: String?
    /// The host text the author wrote, without scheme, userinfo, port or path: `*` for every host,
    /// `*.example.com`, `192.168.1.20`, `[::1]`.
    public let host: String

    /// An entry whose scheme is written before `://` (`https://*.example.com/*`, `http://10.0.2.2:3001`)
    /// or, when `schemeless`, a host pattern that names any scheme (`example.com`,
    /// `accounts.google.com/o/oauth2`).
    public init(_ role: Role, _ text: String, at place: String, schemeless: Bool = false) {
        self.role = role
        self.text = text
        self.place = place
        if !schemeless, let separator = text.range(of: "://"),
            case let scheme = text[..<separator.lowerBound].lowercased(), !scheme.isEmpty,
            scheme.unicodeScalars.allSatisfy({
                ("a"..."z").contains($0) || ("0"..."9").contains($0) || "+-.*".unicodeScalars.contains($0)
            })
        {
            self.scheme = scheme == "*" ? nil : scheme
        } else {
            scheme = nil
        }
        var authority = NamedHosts.authority(ofEntry: schemeless ? "x://" + text : text)
        authority = authority.prefix { $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        if let colon = authority.lastIndex(of: ":"), !authority.hasSuffix("]"),
            authority.hasPrefix("[") || !authority[..<colon].contains(":")
        {
            authority = authority[..<colon]
        }
        host = String(authority)
    }

    /// Every host: `*` as the host (`http://*/*`, `https://*`, `*://*/*`), or `*` alone.
    public var namesEveryHost: Bool { host == "*" || text == "*" }
}
