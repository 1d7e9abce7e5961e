/// What an `<allow-navigation>` href turns out to mean once Cordova's parser has read it: what its
/// author wrote, any host, or nothing at all (spec §3b's edge cases).
public enum CordovaEntryReading: Sendable, Hashable {
    /// The entry means what it looks like.
    case ordinary
    /// A host starting with `*` but not `*.` reads as `*`: every host (`https://*youtube.com/*`).
    /// The associated value is the host the author meant.
    case anyHost(meant: String)
    /// The entry can match no URL WebKit hands the filter; the associated value says why.
    case neverMatches(String)
}

extension CordovaPolicy {
    /// How Cordova reads `href` (an `<allow-navigation>` or `<allow-intent>` value).
    public static func entryReading(_ href: String, version: CordovaConfiguration.Version) -> CordovaEntryReading {
        let entry = CordovaAllowListEntry(href, version: version)
        let authority = NamedHosts.authority(ofEntry: href)
        if entry.host == "*", authority.hasPrefix("*"), authority != "*", !authority.hasPrefix("*.") {
            return .anyHost(meant: String(authority.drop { $0 == "*" }))
        }
        if version == .v8, let colon = href.firstIndex(of: ":"), href[href.index(after: colon)...].hasPrefix("//"),
            href[..<colon].contains(where: \.isUppercase)
        {
            return .neverMatches(
                "cordova-ios 8 reads schemes in lower case only, so \(href[..<colon]) becomes the host")
        }
        if let scheme = entry.scheme?.lowercased(), let port = entry.port,
            (scheme == "https" && port == "443") || (scheme == "http" && port == "80")
        {
            return .neverMatches("WebKit drops the default port :\(port), and the entry requires the URL to carry one")
        }
        if entry.scheme?.lowercased() == "about", let host = entry.host, host != "*" {
            return .neverMatches("about: URLs have no host, and the entry reads \(host) as one (write about:*)")
        }
        if let host = entry.host, host.contains("@") {
            return .neverMatches("userinfo is read as part of the host \(host)")
        }
        if let host = entry.host, host != "*", host.hasSuffix("."), authority.hasPrefix(host + "*") {
            return .neverMatches("the host stops at the wildcard (\(host)): a * inside a host is not one")
        }
        return .ordinary
    }

}
