import StrictJSON
import WebAddress

/// Hotwire Native: every fact WebFence holds about it (`FrameworkDefinition`).
extension HotwirePolicy: FrameworkDefinition {
    /// The framework's name in files and on the command line.
    public static let framework = HybridFramework.hotwireNative
    /// The name people know it by, with the version WebFence follows.
    public static let displayName = "Hotwire Native iOS"
    /// The versions whose source WebFence follows, the default first.
    public static let versions = ["1"]
    /// The configuration's key naming its version, or nil when it has none.
    public static let versionKey: String? = nil
    /// Where its configuration file holds what the audit points at.
    public static let places = FrameworkPlaces(
        appBoundFlag: "/limitsNavigationsToAppBoundDomains", startPage: "/startLocation", allowedHosts: "/startLocation"
    )

    /// Its configuration from JSON, with notes on what it ignores.
    public static func read(_ value: JSONValue, at pointer: String) throws(FrameworkConfigurationError) -> (
        HotwireConfiguration, [FrameworkConfigurationNote]
    ) {
        var reader = try JSONObjectReader<FrameworkConfigurationError>(value, at: pointer)
        let configuration = HotwireConfiguration(
            startLocation: try reader.requiredString("startLocation"),
            limitsNavigationsToAppBoundDomains: try reader.bool("limitsNavigationsToAppBoundDomains") ?? false,
            usesBridgeComponents: try reader.bool("bridgeComponents") ?? false)
        try reader.finish(expected: ["startLocation", "limitsNavigationsToAppBoundDomains", "bridgeComponents"])
        return (configuration, [])
    }

    /// Its settings are JSON.
    public static func readOwnFormat(_ bytes: [UInt8]) -> (HotwireConfiguration, [FrameworkConfigurationNote])? { nil }

    /// This policy as the navigation pipeline's first stage.
    public var stage: FrameworkPolicy { .hotwireNative(self) }
    /// Whether its web views are made with `limitsNavigationsToAppBoundDomains`.
    public var limitsNavigationsToAppBoundDomains: Bool { configuration.limitsNavigationsToAppBoundDomains }

    /// The start location.
    public var startPage: String? { configuration.startLocation }

    /// The start location, which is also the one host the router keeps in the app.
    public var entries: [FrameworkEntry] {
        [FrameworkEntry(.startPage, configuration.startLocation, at: Self.places.startPage)]
    }

    /// Hotwire makes its web views inspectable in debug builds only, in code, not in a setting.
    public var isInspectable: Bool? { nil }

    /// The bridge it installs for this configuration.
    public var bridge: FrameworkBridge { .hotwire(bridgeComponents: configuration.usesBridgeComponents) }

    /// Its navigation rules as it applies them, one sentence each.
    public var rules: [String] {
        return [
            "links to \(configuration.startHost ?? "(no host)"): visited in the app (any scheme and port)",
            "links to other http(s) hosts: a universal link or SFSafariViewController; other schemes: UIApplication.open",
            "form submissions, back/forward and subframe loads: not checked",
        ]
    }

    /// Adds what this configuration meant, as rules, to `meant`.
    public func addMeant(to meant: inout MeantNavigation) { meant.translate(configuration) }
}

extension FrameworkBridge {
    /// Hotwire Native: `turbo.js` at document end and the `turbo` handler drive every visit; bridge
    /// components add `bridge.js` at document start and the `bridge` handler.
    static func hotwire(bridgeComponents: Bool) -> FrameworkBridge {
        var scripts: [UserScript] = [.init(name: "turbo.js", injectionTime: .atDocumentEnd, forMainFrameOnly: true)]
        if bridgeComponents {
            scripts.append(.init(name: "bridge.js", injectionTime: .atDocumentStart, forMainFrameOnly: true))
        }
        return FrameworkBridge(
            userScripts: scripts, messageHandlers: bridgeComponents ? ["turbo", "bridge"] : ["turbo"],
            pageBridgeScript: "turbo.js", mainFrameOnly: true,
            pageCall: "turbo.js messages (pageLoaded, visitProposed) to window.webkit.messageHandlers.turbo",
            nativeCall: "evaluateJavaScript(\"window.turboNative.…\")",
            whenPageCallFails:
                "turbo.js never ran: no pageLoaded message, so the visit never completes and links become plain WebKit navigations",
            whenNativeCallFails:
                "the session's JavaScript call fails (didFailJavaScriptEvaluation): it cancels and visits again",
            cookieSync: nil)
    }
}

extension MeantNavigation {
    mutating func translate(_ configuration: HotwireConfiguration) {
        guard case .success(let url) = WebURL.parse(configuration.startLocation), let host = url.host,
            ["http", "https"].contains(url.scheme)
        else {
            notes.append("startLocation \"\(configuration.startLocation)\" is not an http(s) URL: nothing to allow")
            return
        }
        addRule(host.description, prefix: "=", schemes: [url.scheme], port: url.port, place: "startLocation")
        notes.append(
            "Hotwire loads form submissions, back/forward and subframes to any host; under this rule set they are checked too"
        )
        othersOpenExternally = true
    }
}
