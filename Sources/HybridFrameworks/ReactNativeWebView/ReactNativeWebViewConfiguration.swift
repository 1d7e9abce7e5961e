/// The props of a `<WebView>` that decide navigations and its bridge (spec §4a). They live in the
/// app's JavaScript, so WebFence reads them from a small JSON file.
public struct ReactNativeWebViewConfiguration: Sendable, Hashable {
    /// The default `originWhitelist`: any http or https origin.
    public static let defaultOriginWhitelist = ["http://*", "https://*"]

    /// `originWhitelist` as given: nil when the prop is absent (the default applies); an explicit
    /// `[]` or `null` allows `about:blank` only.
    public var originWhitelist: [String]?
    /// Match whole origins (`^…$`), as the open fix (PR #4003) would; false is the shipped 16.0.0.
    public var requireFullOriginMatch: Bool
    /// `onOpenWindow` is set: new-window navigations are cancelled and handed to it, before the
    /// whitelist is consulted.
    public var handlesOpenWindow: Bool
    /// `limitsNavigationsToAppBoundDomains` (false by default).
    public var limitsNavigationsToAppBoundDomains: Bool
    /// `onMessage` is set: the `ReactNativeWebView` bridge and `injectedJavaScript` are installed.
    public var messagingEnabled: Bool
    /// `source={{uri}}`: the page the web view starts on, when the props file says.
    public var sourceURI: String?
    /// `webviewDebuggingEnabled`: Web Inspector on in every build; nil when the prop is absent
    /// (off: the library sets `inspectable` from the prop alone).
    public var webviewDebuggingEnabled: Bool? = nil

    /// A configuration with the props given, the defaults elsewhere.
    public init(
        originWhitelist: [String]? = nil, requireFullOriginMatch: Bool = false, handlesOpenWindow: Bool = false,
        limitsNavigationsToAppBoundDomains: Bool = false, messagingEnabled: Bool = false, sourceURI: String? = nil
    ) {
        self.originWhitelist = originWhitelist
        self.requireFullOriginMatch = requireFullOriginMatch
        self.handlesOpenWindow = handlesOpenWindow
        self.limitsNavigationsToAppBoundDomains = limitsNavigationsToAppBoundDomains
        self.messagingEnabled = messagingEnabled
        self.sourceURI = sourceURI
    }

    /// The list the check compiles: `about:blank`, then the prop's entries or the default.
    public var effectiveWhitelist: [String] {
        ["about:blank"] + (originWhitelist ?? Self.defaultOriginWhitelist)
    }
}
