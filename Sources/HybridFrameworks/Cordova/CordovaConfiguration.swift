/// The navigation-relevant parts of a Cordova app's `config.xml` (spec §3a).
public struct CordovaConfiguration: Sendable, Hashable {
    /// The cordova-ios major version: the entry syntax and the app scheme differ.
    public enum Version: String, Sendable, Hashable, CaseIterable {
        /// cordova-ios 8: lowercase schemes with digits, `+`, `.`, `-`; the app scheme `app` by default.
        case v8 = "8"
        /// cordova-ios 7: schemes of letters and `-` in any case; `file://` unless `scheme` is set.
        case v7 = "7"
    }

    /// The app template's `<allow-intent>` list, which `cordova create` writes into every project.
    public static let templateIntents = [
        "http://*/*", "https://*/*", "tel:*", "sms:*", "mailto:*", "geo:*", "itms:*", "itms-apps:*",
    ]

    /// The cordova-ios version.
    public var version: Version
    /// `<allow-navigation href>` values, in document order.
    public var allowNavigation: [String]
    /// `<allow-intent href>` values, in document order.
    public var allowIntent: [String]
    /// `<preference name="scheme">`; nil when absent.
    public var scheme: String?
    /// `<preference name="hostname">`; `localhost` by default.
    public var hostname: String
    /// `<preference name="LimitsNavigationsToAppBoundDomains">` (false by default).
    public var limitsNavigationsToAppBoundDomains: Bool
    /// `<content src>`: the start page, relative to the app's URL or absolute.
    public var contentSource: String
    /// `<preference name="InspectableWebview">`: Web Inspector on (or off) in every build; nil when
    /// absent or not a boolean Cordova reads, and then on in debug builds only.
    public var inspectableWebview: Bool? = nil

    /// A configuration; `allowIntent` nil means the app template's list.
    public init(
        version: Version = .v8, allowNavigation: [String] = [], allowIntent: [String]? = nil, scheme: String? = nil,
        hostname: String? = nil, limitsNavigationsToAppBoundDomains: Bool = false, contentSource: String? = nil
    ) {
        self.version = version
        self.allowNavigation = allowNavigation
        self.allowIntent = allowIntent ?? Self.templateIntents
        self.scheme = scheme
        self.hostname = hostname ?? "localhost"
        self.limitsNavigationsToAppBoundDomains = limitsNavigationsToAppBoundDomains
        self.contentSource = contentSource ?? "index.html"
    }

    /// The custom scheme the app's files are served on, after the engine's normalisation: nil when
    /// they load from `file://` (7.x without `scheme`, or `scheme` = `file`); `app` when the
    /// preference is missing (8.x) or names a scheme WebKit handles itself.
    public var appScheme: String? {
        switch version {
        case .v7 where scheme == nil || scheme == "file": return nil
        case .v8 where scheme == "file": return nil
        default:
            guard let scheme, !WebKitSchemes.handled.contains(scheme.lowercased()) else { return "app" }
            return scheme
        }
    }

    /// The URL the app's own files are served from: `app://localhost`, or nil for `file://`.
    public var appURL: String? { appScheme.map { "\($0)://\(hostname)" } }

}
