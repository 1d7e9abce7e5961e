import WebAddress

/// react-native-webview 16's navigation check (spec §4b, §11): every navigation of every frame is
/// sent to JavaScript, which lets it load when its origin passes the whitelist and otherwise cancels
/// it and offers it to `Linking.openURL`. An app's own `onShouldStartLoadWithRequest`, asked only
/// after the whitelist passed, is not modelled: WebFence cannot run the app's code.
public struct ReactNativeWebViewPolicy: Sendable {
    /// The configuration the decisions follow.
    public let configuration: ReactNativeWebViewConfiguration
    /// `about:blank`, then the prop's entries or the default.
    private let whitelist: [String]
    /// The same entries, split at their `*`s.
    private let patterns: [OriginWhitelist.Pattern]
    /// The hosts the entries name together (`about:blank` names none).
    private let named: [NamedHosts]

    /// The policy of one `<WebView>`'s props.
    public init(_ configuration: ReactNativeWebViewConfiguration) {
        self.configuration = configuration
        whitelist = configuration.effectiveWhitelist
        patterns = whitelist.map(OriginWhitelist.Pattern.init)
        named = whitelist.dropFirst().map { NamedHosts(entry: $0) }
    }

    /// Schemes no app can open: `Linking.canOpenURL` is false, so nothing opens.
    static let unopenableSchemes: Set<String> = ["about", "blob", "data", "javascript"]

    /// The decision for one navigation action.
    public func decide(_ action: FrameworkNavigationAction) -> FrameworkDecision {
        let host = action.realHost
        if configuration.handlesOpenWindow, action.target == .newWindow {
            return FrameworkDecision(
                .cancel,
                rule: .builtIn(
                    "react-native-webview.onOpenWindow",
                    "a new window: cancelled natively and handed to onOpenWindow, before the whitelist"),
                host: host)
        }
        let origin = OriginWhitelist.origin(of: action.url.href)
        if let index = patterns.firstIndex(where: {
            $0.matches(origin, wholeOrigin: configuration.requireFullOriginMatch)
        }) {
            let isImplicit = index == 0
            let rule = FrameworkRule(
                code: isImplicit ? "react-native-webview.aboutBlank" : "react-native-webview.originWhitelist",
                location: isImplicit
                    ? "implicit entry"
                    : configuration.originWhitelist == nil
                        ? "default originWhitelist[\(index - 1)]" : "originWhitelist[\(index - 1)]",
                entry: whitelist[index],
                reason: configuration.requireFullOriginMatch
                    ? "the entry matches the whole origin \"\(origin)\""
                    : "the entry matches the start of the origin \"\(origin)\" (no end anchor)")
            return FrameworkDecision(.allow, rule: rule, host: host, isBypass: !NamedHosts.anyNames(host, in: named))
        }
        let scheme = action.url.scheme
        let opens: String
        if Self.unopenableSchemes.contains(scheme) {
            opens = "; no app opens \(scheme): URLs, so nothing opens"
        } else if scheme == "http" || scheme == "https" {
            opens = ""
        } else {
            opens = "; it opens only if \(scheme) is in the app's LSApplicationQueriesSchemes and an app handles it"
        }
        return FrameworkDecision(
            .openExternally,
            rule: .builtIn(
                "react-native-webview.notWhitelisted",
                "the origin \"\(origin)\" passes no originWhitelist entry: cancelled and offered to Linking.openURL\(opens)"
            ),
            host: host)
    }
}

extension ReactNativeWebViewPolicy {
    /// Why an `originWhitelist` entry can match no origin WebKit hands over, or nil when it can: a
    /// path (the origin stops before the first `/`), capitals in an http(s) entry (WebKit's URLs are
    /// lower case), or the scheme's default port (WebKit drops it).
    public static func deadEntry(_ entry: String) -> String? {
        guard let colon = entry.firstIndex(of: ":") else { return nil }
        let scheme = entry[..<colon].lowercased()
        var rest = entry[entry.index(after: colon)...]
        if rest.hasPrefix("//") { rest = rest.dropFirst(2) }
        if rest.contains("/") { return "a path: the origin it is compared with stops before the first /" }
        if scheme == "http" || scheme == "https", entry.contains(where: \.isUppercase) {
            return "capitals: the URLs WebKit hands over are lower case, and the comparison keeps case"
        }
        if (scheme == "https" && rest.hasSuffix(":443")) || (scheme == "http" && rest.hasSuffix(":80")) {
            return "the default port: WebKit drops it from the URL"
        }
        return nil
    }
}
