import WebAddress

/// Cordova iOS's `CDVIntentAndNavigationFilter` (spec §3b), which the engine asks for every
/// navigation in every frame.
///
/// 1. A URL that `<allow-navigation>` admits loads (the implicit `file://` and `<scheme>://` first).
/// 2. Else a URL that `<allow-intent>` admits is cancelled, and handed to `UIApplication openURL`
///    when it is a link activation, or an `other` navigation of the main document.
/// 3. Else it is cancelled.
public struct CordovaPolicy: Sendable {
    /// The configuration the decisions follow.
    public let configuration: CordovaConfiguration
    /// The navigation hrefs in the filter's order: `file://`, the app scheme's, then the file's.
    private let navigationHrefs: [String]
    private let implicitCount: Int
    private let navigations: CordovaAllowList
    private let intents: CordovaAllowList
    /// The hosts the navigation entries name, together: a host one of them names is no bypass.
    private let named: [NamedHosts]

    /// The policy of one app's configuration.
    public init(_ configuration: CordovaConfiguration) {
        self.configuration = configuration
        let implicit = ["file://"] + (configuration.appScheme.map { ["\($0)://"] } ?? [])
        navigationHrefs = implicit + configuration.allowNavigation
        implicitCount = implicit.count
        navigations = CordovaAllowList(navigationHrefs, version: configuration.version)
        intents = CordovaAllowList(configuration.allowIntent, version: configuration.version)
        named =
            [.none] + (configuration.appScheme == nil ? [] : [.exactly(NamedHosts.normalised(configuration.hostname))])
            + configuration.allowNavigation.map { NamedHosts(entry: $0) }
    }

    /// The decision for one navigation action.
    public func decide(_ action: FrameworkNavigationAction) -> FrameworkDecision {
        let view = FoundationURLView(action.url)
        let host = action.realHost
        if let index = navigations.match(scheme: action.url.scheme, view) {
            let rule = navigationRule(index)
            return FrameworkDecision(
                .allow, rule: rule, host: host, isBypass: !NamedHosts.anyNames(host, in: named))
        }
        if let index = intents.match(scheme: action.url.scheme, view) {
            let opens =
                action.navigationType == .link || (action.navigationType == .other && action.isMainDocument)
            let rule = FrameworkRule(
                code: opens ? "cordova.allowIntent" : "cordova.allowIntent.notOpened",
                location: "<allow-intent>[\(index)]", entry: configuration.allowIntent[index],
                reason: opens
                    ? "an intent: cancelled and handed to UIApplication openURL"
                    : "an intent, but neither a link activation nor the main document's own navigation: cancelled, nothing opens"
            )
            return FrameworkDecision(opens ? .openExternally : .cancel, rule: rule, host: host)
        }
        return FrameworkDecision(
            .cancel,
            rule: .builtIn(
                "cordova.rejected",
                "no <allow-navigation> or <allow-intent> entry admits the URL: \"Internal navigation rejected\""),
            host: host)
    }

    private func navigationRule(_ index: Int) -> FrameworkRule {
        if index < implicitCount {
            return FrameworkRule(
                code: "cordova.allowNavigation.implicit", location: "implicit <allow-navigation>",
                entry: navigationHrefs[index], reason: "the app's own scheme, any host, is always allowed")
        }
        return FrameworkRule(
            code: "cordova.allowNavigation", location: "<allow-navigation>[\(index - implicitCount)]",
            entry: navigationHrefs[index], reason: "the entry admits the URL: it loads in the web view")
    }

}
