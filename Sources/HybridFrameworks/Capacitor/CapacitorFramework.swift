import StrictJSON
import WebAddress

/// Capacitor: every fact WebFence holds about it (`FrameworkDefinition`).
extension CapacitorPolicy: FrameworkDefinition {
    /// The framework's name in files and on the command line.
    public static let framework = HybridFramework.capacitor
    /// The name people know it by, with the version WebFence follows.
    public static let displayName = "Capacitor 8"
    /// The versions whose source WebFence follows, the default first.
    public static let versions = ["8"]
    /// The configuration's key naming its version, or nil when it has none.
    public static let versionKey: String? = nil
    /// Where its configuration file holds what the audit points at.
    public static let places = FrameworkPlaces(
        appBoundFlag: "/ios/limitsNavigationsToAppBoundDomains", startPage: "/server/url",
        allowedHosts: "/server/allowNavigation", inspectable: "/ios/webContentsDebuggingEnabled")

    /// Its configuration from JSON, with notes on what it ignores.
    public static func read(_ value: JSONValue, at pointer: String) throws(FrameworkConfigurationError) -> (
        CapacitorConfiguration, [FrameworkConfigurationNote]
    ) {
        guard case .object = value else {
            throw FrameworkConfigurationError(
                pointer, "expected the object of capacitor.config.json, found \(value.typeName)")
        }
        return CapacitorConfigReader.read(value, at: pointer)
    }

    /// `capacitor.config.json` is JSON.
    public static func readOwnFormat(_ bytes: [UInt8]) -> (CapacitorConfiguration, [FrameworkConfigurationNote])? {
        nil
    }

    /// This policy as the navigation pipeline's first stage.
    public var stage: FrameworkPolicy { .capacitor(self) }
    /// Whether its web views are made with `limitsNavigationsToAppBoundDomains`.
    public var limitsNavigationsToAppBoundDomains: Bool { configuration.limitsNavigationsToAppBoundDomains }

    /// `server.url`, or the bundled app's local URL, with a final slash.
    public var startPage: String? {
        configuration.appURL.hasSuffix("/") ? configuration.appURL : configuration.appURL + "/"
    }

    /// `server.url` and each `server.allowNavigation` host pattern that can match (one with a
    /// scheme, port or path never does).
    public var entries: [FrameworkEntry] {
        let start = configuration.serverURL.map { [FrameworkEntry(.startPage, $0, at: Self.places.startPage)] } ?? []
        return start
            + configuration.allowNavigation.enumerated().compactMap { index, pattern in
                pattern.contains(":") || pattern.contains("/")
                    ? nil
                    : FrameworkEntry(.allowed, pattern, at: Self.places.allowedHosts + "/\(index)", schemeless: true)
            }
    }

    /// `ios.webContentsDebuggingEnabled`.
    public var isInspectable: Bool? { configuration.webContentsDebuggingEnabled }

    /// The bridge it installs for this configuration.
    public var bridge: FrameworkBridge { .capacitor }

    /// Its navigation rules as it applies them, one sentence each.
    public var rules: [String] {
        let allowed = configuration.allowNavigation
        return [
            "allowNavigation: " + (allowed.isEmpty ? "none" : allowed.joined(separator: ", "))
                + " (hosts compared label by label, any scheme and port, every frame)",
            "the app: every URL starting with \(configuration.appURL)"
                + (configuration.serverURL == nil ? "" : " or \(configuration.localURL)")
                + " (a string prefix)",
            "any other top-level URL: cancelled and handed to UIApplication.open (Safari or another app)",
            "subframes: never checked; window.open: always UIApplication.open",
        ]
    }

    /// Adds what this configuration meant, as rules, to `meant`.
    public func addMeant(to meant: inout MeantNavigation) { meant.translate(configuration) }
}

extension FrameworkBridge {
    /// Capacitor 8: `JSExport` injects its globals, `native-bridge.js` and one script per plugin,
    /// all at document start in the main frame; the `bridge` handler carries every plugin call.
    static let capacitor = FrameworkBridge(
        userScripts: [
            .init(name: "Capacitor globals", injectionTime: .atDocumentStart, forMainFrameOnly: true),
            .init(name: "native-bridge.js", injectionTime: .atDocumentStart, forMainFrameOnly: true),
            .init(name: "plugin proxies", injectionTime: .atDocumentStart, forMainFrameOnly: true),
        ],
        messageHandlers: ["bridge"], pageBridgeScript: "native-bridge.js", mainFrameOnly: true,
        pageCall: "Capacitor.Plugins.* (window.webkit.messageHandlers.bridge.postMessage)",
        nativeCall: "evaluateJavaScript(\"window.Capacitor.fromNative(…)\") for every plugin result",
        whenPageCallFails:
            "native-bridge.js never ran: Capacitor.getPlatform() returns \"web\", isNativePlatform() is false, plugins fall back to their web versions or reject as unimplemented (capacitor #4721)",
        whenNativeCallFails:
            "the plugin's result never reaches the page; Capacitor logs WKErrorDomain code 14 \"JavaScript execution targeted a frame that is not in an app-bound domain\"",
        cookieSync: "CapacitorCookies (httpCookieStore.setCookie / getAllCookies)")
}

extension MeantNavigation {
    mutating func translate(_ configuration: CapacitorConfiguration) {
        for (index, pattern) in configuration.allowNavigation.enumerated() {
            let place = "server.allowNavigation[\(index)] \"\(pattern)\""
            if pattern == "*" {
                notes.append("\(place) allows every host; a rule set names hosts: list the sites the app visits")
                continue
            }
            if pattern.contains(":") || pattern.contains("/") {
                notes.append(
                    "\(place) never matches in Capacitor (a pattern is a host, no scheme, port or path); its host is kept"
                )
            }
            addHost(
                NamedHosts(entry: pattern), text: Self.hostPart(pattern), schemes: ["https"], port: nil, place: place)
        }
        if let server = configuration.serverURL {
            if case .success(let url) = WebURL.parse(server), let host = url.host,
                ["http", "https"].contains(url.scheme)
            {
                addRule(host.description, prefix: "=", schemes: [url.scheme], port: url.port, place: "server.url")
                notes.append(
                    "server.url \"\(server)\": only its own host, where Capacitor admitted every URL starting with the text"
                )
            } else {
                notes.append("server.url \"\(server)\" is not an http(s) URL: let your delegate allow it")
            }
        }
        notes.append(
            "\(configuration.localURL)/ (the bundled app) is not a network URL: let your delegate allow URLs starting with \(configuration.localURL)/ before it asks the rule set"
        )
        notes.append("Capacitor loads every subframe; under this rule set, iframes of hosts not listed are cancelled")
        othersOpenExternally = true
    }
}
