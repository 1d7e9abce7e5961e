import WebAddress

/// What App-Bound Domains reads from an app: its Info.plist list and keys, and its entitlements.
public struct AppBoundApp: Sendable, Hashable {
    /// The Info.plist keys whose presence makes a browser's navigations not app-bound (§3.1).
    public static let prohibitedUsageDescriptionKeys = [
        "NSHomeKitUsageDescription", "NSBluetoothAlwaysUsageDescription", "NSPhotoLibraryUsageDescription",
        "NSHealthShareUsageDescription", "NSHealthUpdateUsageDescription", "NSLocationAlwaysUsageDescription",
        "NSLocationAlwaysAndWhenInUseUsageDescription",
    ]

    /// The entitlement that makes an app a browser.
    public static let browserEntitlement = "com.apple.developer.web-browser"
    /// The entitlement that enables service workers everywhere.
    public static let serviceWorkersEntitlement = "com.apple.developer.WebKit.ServiceWorkers"

    /// The list, or nil when Info.plist has no `WKAppBoundDomains` key (the feature is off).
    public let domains: AppBoundDomains?
    /// The app holds `com.apple.developer.web-browser`.
    public let isBrowser: Bool
    /// The prohibited usage description keys Info.plist declares.
    public let prohibitedUsageDescriptions: [String]
    /// The app holds `com.apple.developer.WebKit.ServiceWorkers`.
    public let hasServiceWorkersEntitlement: Bool
    /// Info.plist declares `NSCrossWebsiteTrackingUsageDescription`.
    public let declaresCrossWebsiteTracking: Bool

    /// An app as App-Bound Domains sees it; everything but the list defaults to absent.
    public init(
        domains: AppBoundDomains?, isBrowser: Bool = false, prohibitedUsageDescriptions: [String] = [],
        hasServiceWorkersEntitlement: Bool = false, declaresCrossWebsiteTracking: Bool = false
    ) {
        self.domains = domains
        self.isBrowser = isBrowser
        self.prohibitedUsageDescriptions = prohibitedUsageDescriptions
        self.hasServiceWorkersEntitlement = hasServiceWorkersEntitlement
        self.declaresCrossWebsiteTracking = declaresCrossWebsiteTracking
    }

    /// Whether App-Bound Domains restrict anything: the key is present (even empty) and the app is
    /// not a browser.
    public var isFeatureOn: Bool { domains != nil && !isBrowser }

    /// Is a navigation to `url` app-bound (§2)? `none` when the key is absent.
    public func lookUp(_ url: WebURL) -> AppBoundLookup {
        guard let domains else { return AppBoundLookup(answer: .none, basis: .noKey) }
        if !domains.schemes.isEmpty, domains.containsScheme(url.scheme) {
            return AppBoundLookup(answer: .yes, basis: .scheme)
        }
        guard let host = url.host, host != .empty else { return AppBoundLookup(answer: .no, basis: .noHost) }
        if domains.containsRegistrableDomain(of: host) { return AppBoundLookup(answer: .yes, basis: .domain) }
        if domains.domains.isEmpty && domains.schemes.isEmpty { return AppBoundLookup(answer: .no, basis: .emptyList) }
        return AppBoundLookup(answer: .no, basis: .domain)
    }

    /// Main-frame URLs that are app-bound whether listed or not, and force the mode (§2): the
    /// schemes about, data, blob, file, javascript and the hosts localhost, *.localhost,
    /// 127.x.x.x and [::1].
    public static func isAlwaysAppBound(_ url: WebURL) -> Bool {
        // http(s) and the other special schemes (file aside) are decided by the host alone.
        if url.isSpecial, url.scheme != "file" { return url.host?.isLoopback ?? false }
        switch url.scheme {
        case "about", "data", "blob", "file", "javascript": return true
        default: return url.host.map(isLocalHost) ?? false
        }
    }

    /// The hosts §2 names: localhost, *.localhost, 127.d.d.d and [::1]. A custom scheme's host is
    /// opaque (not parsed as an address), so it is matched as text, as the engine matches it.
    static func isLocalHost(_ host: URLHost) -> Bool {
        guard case .opaque(let text) = host else { return host.isLoopback }
        let name = text.lowercased()
        if name == "localhost" || name.hasSuffix(".localhost") { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127"
            && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }
}

/// The answer of the §2 lookup, with what it was based on. Plain values, so a decision on the
/// navigation path costs no reference counting; `reason(for:)` puts it in words when asked.
public struct AppBoundLookup: Sendable, Hashable {
    /// Whether the navigation is app-bound.
    public enum Answer: Sendable, Hashable {
        /// The feature is off (no `WKAppBoundDomains` key).
        case none
        /// The URL is app-bound.
        case yes
        /// The URL is not app-bound.
        case no
    }

    /// What the answer rests on.
    public enum Basis: Sendable, Hashable {
        /// Info.plist has no `WKAppBoundDomains` key, so nothing was looked up.
        case noKey
        /// The URL's scheme is listed.
        case scheme
        /// The URL has no host, so no domain can match.
        case noHost
        /// The key is present and lists nothing.
        case emptyList
        /// The registrable domain of the URL's host was compared with the list.
        case domain
    }

    /// Whether the URL is app-bound, or `none` when the feature is off.
    public let answer: Answer
    /// What the answer rests on.
    public let basis: Basis

    /// Why, for the URL the lookup was about: e.g. "apple.com is listed (host www.apple.com)".
    public func reason(for url: WebURL) -> String {
        switch basis {
        case .noKey: return "Info.plist has no WKAppBoundDomains"
        case .scheme: return "the scheme \(url.scheme): is listed"
        case .noHost: return "\(url.scheme): URLs without a host never match a domain"
        case .emptyList: return "WKAppBoundDomains is present but lists nothing"
        case .domain:
            guard let host = url.host else { return "no host" }
            let domain = AppBoundDomains.registrableDomain(of: host)
            return "\(domain) is \(answer == .yes ? "" : "not ")listed (host \(host))"
        }
    }
}
