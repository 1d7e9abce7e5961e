import WebAddress

/// Hotwire Native iOS's web-view policy handlers and default router, once the cold boot is done
/// (spec §6, §11).
///
/// Policy handlers, first match wins: a main-frame reload is redone by the framework; a link that
/// asks for a new window (or is clicked in an iframe) is routed; a link, or a main-frame `other`
/// navigation, is routed unless its scheme is `about`, `data`, `file` or `javascript` (cancelled);
/// anything else loads with no host check (form submissions, back/forward, subframe loads).
///
/// The router: the start location's host, compared as strings, is visited in the app; another
/// http(s) host goes to a universal link or `SFSafariViewController`; anything else to
/// `UIApplication.open`.
public struct HotwirePolicy: Sendable {
    /// The configuration the decisions follow.
    public let configuration: HotwireConfiguration
    private let startHost: String?
    /// The start location's host as meant (case and a trailing dot aside): what an unchecked
    /// main-frame load is compared with.
    private let named: NamedHosts

    /// The policy of one app's start location.
    public init(_ configuration: HotwireConfiguration) {
        self.configuration = configuration
        self.startHost = configuration.startHost
        self.named = configuration.startHost.map { .exactly(NamedHosts.normalised($0)) } ?? .none
    }

    static let invalidSchemes: Set<String> = ["about", "data", "file", "javascript"]

    /// The decision for one navigation action.
    public func decide(_ action: FrameworkNavigationAction) -> FrameworkDecision {
        let isMainFrame = action.target == .main
        let host = action.realHost
        if isMainFrame, action.navigationType == .reload {
            return unchecked(
                action,
                .builtIn("hotwire.reload", "a main-frame reload: cancelled, and the framework reloads the visit"))
        }
        if action.navigationType == .link, !isMainFrame {
            return route(
                action, handler: "new-window-policy", why: "a link asking for a new window or clicked in an iframe")
        }
        if action.navigationType == .link || (isMainFrame && action.navigationType == .other) {
            if Self.invalidSchemes.contains(action.url.scheme) {
                return FrameworkDecision(
                    .cancel,
                    rule: .builtIn(
                        "hotwire.invalidScheme",
                        "external-navigation-policy: \(action.url.scheme): URLs are cancelled without routing"),
                    host: host)
            }
            return route(action, handler: "external-navigation-policy", why: "a link or a main-frame script navigation")
        }
        return unchecked(
            action,
            .builtIn(
                "hotwire.unhandled",
                "no policy handler claims the \(action.navigationType.rawValue) navigation in the \(isMainFrame ? "main frame" : "subframe"): allowed with no host check"
            ))
    }

    /// An allow no host check made: a bypass when it loads another host in the main frame.
    private func unchecked(_ action: FrameworkNavigationAction, _ rule: FrameworkRule) -> FrameworkDecision {
        let isBypass = action.target == .main && !named.names(action.realHost)
        return FrameworkDecision(.allow, rule: rule, host: action.realHost, isBypass: isBypass)
    }

    /// The default router's decision for a URL a policy handler routed.
    private func route(_ action: FrameworkNavigationAction, handler: String, why: String) -> FrameworkDecision {
        let host = action.realHost
        let locationHost = FoundationURLView(action.url).host
        if locationHost == startHost {
            return FrameworkDecision(
                .allow,
                rule: FrameworkRule(
                    code: "hotwire.router.appNavigation", location: "startLocation", entry: configuration.startLocation,
                    reason:
                        "\(handler) (\(why)) routes it; app-navigation: the host equals the start location's, so the framework visits it in the app"
                ),
                host: host)
        }
        let scheme = action.url.scheme
        if scheme == "http" || scheme == "https" {
            return FrameworkDecision(
                .openExternally,
                rule: .builtIn(
                    "hotwire.router.safari",
                    "\(handler) (\(why)) routes it; safari: another host, opened as a universal link or in SFSafariViewController"
                ),
                host: host)
        }
        return FrameworkDecision(
            .openExternally,
            rule: .builtIn(
                "hotwire.router.system",
                "\(handler) (\(why)) routes it; system-navigation: another host, handed to UIApplication.open"),
            host: host)
    }
}
