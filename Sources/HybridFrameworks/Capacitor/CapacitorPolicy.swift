import WebAddress

/// Capacitor 8's `WebViewDelegationHandler.webView(_:decidePolicyFor:decisionHandler:)` (spec §2b),
/// for an app whose plugins do not override loads.
///
/// 1. A URL whose host matches an `allowNavigation` pattern loads.
/// 2. Else a top-level navigation (main frame or new window) whose URL does not start with the app's
///    URL (`server.url`, or the local `capacitor://localhost`) as a plain string is handed to
///    `UIApplication.open` and cancelled.
/// 3. Everything else loads: the app's own URLs, and every subframe.
public struct CapacitorPolicy: Sendable {
    /// The configuration the decisions follow.
    public let configuration: CapacitorConfiguration
    private let patterns: [CapacitorHostPattern]
    /// The hosts the configuration names: its allowNavigation entries, as meant, and the app's own
    /// hosts (server.url's, the local URL's).
    private let named: [NamedHosts]
    /// `serverURL` then `localURL`, the strings the prefix test compares with.
    private let appPrefixes: [String]

    /// The policy of one app's configuration.
    public init(_ configuration: CapacitorConfiguration) {
        self.configuration = configuration
        self.patterns = configuration.allowNavigation.map(CapacitorHostPattern.init)
        self.named =
            configuration.allowNavigation.map { NamedHosts(entry: $0) }
            + [configuration.appURL, configuration.localURL].map(Self.appHost(of:))
        self.appPrefixes = [configuration.appURL, configuration.localURL]
    }

    /// The decision for one navigation action.
    public func decide(_ action: FrameworkNavigationAction) -> FrameworkDecision {
        let host = action.realHost
        if let foundationHost = FoundationURLView(action.url).host,
            let index = patterns.firstIndex(where: { $0.matches(foundationHost) })
        {
            let rule = FrameworkRule(
                code: "capacitor.allowNavigation", location: "server.allowNavigation[\(index)]",
                entry: patterns[index].text, reason: "the host matches, label by label")
            return FrameworkDecision(.allow, rule: rule, host: host, isBypass: !NamedHosts.anyNames(host, in: named))
        }
        let href = action.url.href
        let prefix = appPrefixes.first { href.hasPrefix($0) }
        if let prefix {
            let isServer = configuration.serverURL == prefix
            let rule = FrameworkRule(
                code: "capacitor.appURL", location: isServer ? "server.url" : "local URL", entry: prefix,
                reason: "the URL starts with the app's URL (a string prefix, not a host comparison)")
            return FrameworkDecision(.allow, rule: rule, host: host, isBypass: !NamedHosts.anyNames(host, in: named))
        }
        if action.target != .sub {
            return FrameworkDecision(
                .openExternally,
                rule: .builtIn(
                    "capacitor.external",
                    "a top-level URL outside the app and allowNavigation: UIApplication.open, then cancel"),
                host: host)
        }
        return FrameworkDecision(
            .allow, rule: .builtIn("capacitor.subframe", "subframes are never filtered"), host: host)
    }

    /// The app URL's own host: what the prefix rule means to admit.
    static func appHost(of prefix: String) -> NamedHosts {
        guard case .success(let url) = WebURL.parse(prefix), let host = url.host else { return .none }
        return .exactly(NamedHosts.normalised(host.description))
    }
}
