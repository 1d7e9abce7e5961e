/// What decides a Hotwire Native app's navigations: the start location given to its `Navigator`
/// (spec §6). It lives in Swift code, so WebFence reads it from a small JSON file.
public struct HotwireConfiguration: Sendable, Hashable {
    /// `Navigator.Configuration.startLocation`, as typed: its host, case kept, is what the default
    /// router compares every link's host with.
    public var startLocation: String
    /// Whether `Hotwire.config.makeCustomWebView` sets `limitsNavigationsToAppBoundDomains`.
    public var limitsNavigationsToAppBoundDomains: Bool
    /// Whether the app registers bridge components (`bridge.js` and the `bridge` handler).
    public var usesBridgeComponents: Bool

    /// A configuration.
    public init(
        startLocation: String, limitsNavigationsToAppBoundDomains: Bool = false, usesBridgeComponents: Bool = false
    ) {
        self.startLocation = startLocation
        self.limitsNavigationsToAppBoundDomains = limitsNavigationsToAppBoundDomains
        self.usesBridgeComponents = usesBridgeComponents
    }

    /// `startLocation.host()` as Foundation reports it for the text as typed: case and a trailing
    /// dot kept, without userinfo, port or IPv6 brackets; nil when the URL has no authority.
    public var startHost: String? { Self.foundationHost(of: startLocation) }

    static func foundationHost(of text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let afterScheme = text[text.index(after: colon)...]
        guard afterScheme.hasPrefix("//") else { return nil }
        var authority = afterScheme.dropFirst(2).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        if authority.first == "[", let close = authority.firstIndex(of: "]") {
            return String(authority[authority.index(after: authority.startIndex)..<close])
        }
        if let portColon = authority.lastIndex(of: ":") { authority = authority[..<portColon] }
        return authority.isEmpty ? nil : String(authority)
    }
}
