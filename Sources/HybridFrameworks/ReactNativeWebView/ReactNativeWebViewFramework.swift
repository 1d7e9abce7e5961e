import StrictJSON
import WebAddress

/// react-native-webview: every fact WebFence holds about it (`FrameworkDefinition`).
extension ReactNativeWebViewPolicy: FrameworkDefinition {
    /// The framework's name in files and on the command line.
    public static let framework = HybridFramework.reactNativeWebView
    /// The name people know it by, with the version WebFence follows.
    public static let displayName = "react-native-webview 16"
    /// The versions whose source WebFence follows, the default first.
    public static let versions = ["16"]
    /// The configuration's key naming its version, or nil when it has none.
    public static let versionKey: String? = nil
    /// Where its configuration file holds what the audit points at.
    public static let places = FrameworkPlaces(
        appBoundFlag: "/limitsNavigationsToAppBoundDomains", startPage: "/uri", allowedHosts: "/originWhitelist",
        inspectable: "/webviewDebuggingEnabled")

    /// Its configuration from JSON, with notes on what it ignores.
    public static func read(_ value: JSONValue, at pointer: String) throws(FrameworkConfigurationError) -> (
        ReactNativeWebViewConfiguration, [FrameworkConfigurationNote]
    ) {
        var reader = try JSONObjectReader<FrameworkConfigurationError>(value, at: pointer)
        let whitelist: [String]?
        switch reader.valueWithoutMarking("originWhitelist") {
        case nil: whitelist = nil
        case .null?:
            _ = reader.value("originWhitelist")
            whitelist = []
        default: whitelist = try FrameworkConfigurationReader.strings(&reader, "originWhitelist")
        }
        var configuration = ReactNativeWebViewConfiguration(
            originWhitelist: whitelist, requireFullOriginMatch: try reader.bool("requireFullOriginMatch") ?? false,
            handlesOpenWindow: try reader.bool("onOpenWindow") ?? false,
            limitsNavigationsToAppBoundDomains: try reader.bool("limitsNavigationsToAppBoundDomains") ?? false,
            messagingEnabled: try reader.bool("onMessage") ?? false, sourceURI: try reader.string("uri"))
        configuration.webviewDebuggingEnabled = try reader.bool("webviewDebuggingEnabled")
        try reader.finish(expected: [
            "originWhitelist", "requireFullOriginMatch", "onOpenWindow", "limitsNavigationsToAppBoundDomains",
            "onMessage", "uri", "webviewDebuggingEnabled",
        ])
        return (configuration, [])
    }

    /// Its props are JSON.
    public static func readOwnFormat(_ bytes: [UInt8]) -> (
        ReactNativeWebViewConfiguration, [FrameworkConfigurationNote]
    )? {
        nil
    }

    /// This policy as the navigation pipeline's first stage.
    public var stage: FrameworkPolicy { .reactNativeWebView(self) }
    /// Whether its web views are made with `limitsNavigationsToAppBoundDomains`.
    public var limitsNavigationsToAppBoundDomains: Bool { configuration.limitsNavigationsToAppBoundDomains }

    /// The `source` prop's `uri`.
    public var startPage: String? { configuration.sourceURI }

    /// The `uri` prop and each `originWhitelist` entry given (the default list has its own finding).
    public var entries: [FrameworkEntry] {
        let start = configuration.sourceURI.map { [FrameworkEntry(.startPage, $0, at: Self.places.startPage)] } ?? []
        return start
            + (configuration.originWhitelist ?? []).enumerated().map { index, entry in
                FrameworkEntry(.allowed, entry, at: Self.places.allowedHosts + "/\(index)")
            }
    }

    /// `webviewDebuggingEnabled`.
    public var isInspectable: Bool? { configuration.webviewDebuggingEnabled }

    /// The bridge it installs for this configuration.
    public var bridge: FrameworkBridge { .reactNativeWebView(messaging: configuration.messagingEnabled) }

    /// Its navigation rules as it applies them, one sentence each.
    public var rules: [String] {
        let list = configuration.originWhitelist ?? ReactNativeWebViewConfiguration.defaultOriginWhitelist
        return [
            "originWhitelist" + (configuration.originWhitelist == nil ? " (default)" : "") + ": about:blank, "
                + list.joined(separator: ", ")
                + (configuration.requireFullOriginMatch
                    ? " (whole origins)" : " (prefixes of the origin, userinfo included)") + "; every frame",
            "anything else: cancelled and offered to Linking.openURL",
        ]
    }

    /// Adds what this configuration meant, as rules, to `meant`.
    public func addMeant(to meant: inout MeantNavigation) { meant.translate(configuration) }
}

extension FrameworkBridge {
    /// react-native-webview 16: with `onMessage`, the `ReactNativeWebView` handler and its
    /// document-start script (and `injectedJavaScript` at document end); always the history shim.
    static func reactNativeWebView(messaging: Bool) -> FrameworkBridge {
        var scripts: [UserScript] = [
            .init(name: "ReactNativeHistoryShim", injectionTime: .atDocumentStart, forMainFrameOnly: true)
        ]
        if messaging {
            scripts.insert(
                .init(name: "ReactNativeWebView", injectionTime: .atDocumentStart, forMainFrameOnly: true), at: 0)
            scripts.append(.init(name: "injectedJavaScript", injectionTime: .atDocumentEnd, forMainFrameOnly: true))
        }
        return FrameworkBridge(
            userScripts: scripts,
            messageHandlers: messaging ? ["ReactNativeWebView", "ReactNativeHistoryShim"] : ["ReactNativeHistoryShim"],
            pageBridgeScript: messaging ? "ReactNativeWebView" : nil, mainFrameOnly: true,
            pageCall: "window.ReactNativeWebView.postMessage",
            nativeCall: "injectJavaScript() / postMessage() (evaluateJavaScript)",
            whenPageCallFails:
                messaging
                ? "window.ReactNativeWebView is undefined: the page's postMessage throws and onMessage never fires (react-native-webview #1956)"
                : "no onMessage prop: the app installs no bridge at all",
            whenNativeCallFails:
                "RCTLogWarn \"Error evaluating injectedJavaScript: This is possibly due to an unsupported return type…\", though the error is code 14",
            cookieSync: "sharedCookiesEnabled (httpCookieStore.setCookie)")
    }
}

extension MeantNavigation {
    mutating func translate(_ configuration: ReactNativeWebViewConfiguration) {
        nonNetworkURLs.append("about:blank")
        guard let whitelist = configuration.originWhitelist else {
            notes.append("the default originWhitelist admits every http and https site: set one that names your hosts")
            othersOpenExternally = true
            return
        }
        for (index, entry) in whitelist.enumerated() {
            let place = "originWhitelist[\(index)] \"\(entry)\""
            let scheme = entry.firstIndex(of: ":").map { String(entry[..<$0]) }
            guard let scheme, ["http", "https", "ws", "wss"].contains(scheme) else {
                notes.append("\(place): not an http(s) origin: let your delegate decide such URLs")
                continue
            }
            let hostText = Self.hostPart(entry)
            let port = hostText.split(separator: ":").dropFirst().first.flatMap { UInt16($0) }
            addHost(NamedHosts(entry: entry), text: hostText, schemes: [scheme], port: port, place: place)
        }
        othersOpenExternally = true
    }
}
