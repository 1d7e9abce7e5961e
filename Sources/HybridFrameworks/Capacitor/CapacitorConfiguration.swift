/// The navigation-relevant values of `capacitor.config.json`, as `CAPInstanceDescriptor` reads and
/// normalises them (spec §2a).
public struct CapacitorConfiguration: Sendable, Hashable {
    /// `server.allowNavigation`: host patterns. Empty when absent, or when any element is not a
    /// string (Swift's `as? [String]` then fails for the whole list).
    public var allowNavigation: [String]
    /// `server.url`, as typed: the remote start page that replaces the bundled one.
    public var serverURL: String?
    /// `server.iosScheme`, lowercased, or `capacitor` when it is missing, handled by WebKit itself
    /// (`https`, `file`, ...) or not a scheme.
    public var iosScheme: String
    /// `server.hostname`, not validated; `localhost` by default.
    public var hostname: String
    /// `server.errorPath`: the page loaded on the local URL when a navigation fails.
    public var errorPath: String?
    /// `ios.limitsNavigationsToAppBoundDomains` (false by default; no top-level fallback key).
    public var limitsNavigationsToAppBoundDomains: Bool
    /// `ios.webContentsDebuggingEnabled`: Web Inspector on (or off) in every build; nil when
    /// absent, and then on in debug builds only (or where Info.plist's `CAPACITOR_DEBUG` is "true").
    public var webContentsDebuggingEnabled: Bool? = nil

    /// A configuration; `iosScheme` is normalised as Capacitor's `normalize()` does.
    public init(
        allowNavigation: [String] = [], serverURL: String? = nil, iosScheme: String? = nil,
        hostname: String? = nil, errorPath: String? = nil, limitsNavigationsToAppBoundDomains: Bool = false
    ) {
        self.allowNavigation = allowNavigation
        self.serverURL = serverURL.flatMap { $0.isEmpty ? nil : $0 }
        self.iosScheme = Self.normalisedScheme(iosScheme)
        self.hostname = hostname ?? "localhost"
        self.errorPath = errorPath
        self.limitsNavigationsToAppBoundDomains = limitsNavigationsToAppBoundDomains
    }

    /// `localURL`: `<iosScheme>://<hostname>`, no trailing slash.
    public var localURL: String { "\(iosScheme)://\(hostname)" }

    /// `serverURL` as Capacitor compares it: `server.url` when set, else the local URL.
    public var appURL: String { serverURL ?? localURL }

    static func normalisedScheme(_ scheme: String?) -> String {
        guard let scheme = scheme?.lowercased(), !WebKitSchemes.handled.contains(scheme),
            let first = scheme.utf8.first, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z"),
            scheme.utf8.allSatisfy({ byte in
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                    || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
            })
        else { return "capacitor" }
        return scheme
    }
}
