import StrictJSON
import StrictXML
import WebAddress

/// Cordova iOS: every fact WebFence holds about it (`FrameworkDefinition`).
extension CordovaPolicy: FrameworkDefinition {
    /// The framework's name in files and on the command line.
    public static let framework = HybridFramework.cordovaIOS
    /// The name people know it by, with the version WebFence follows.
    public static let displayName = "Cordova iOS"
    /// The versions whose source WebFence follows, the default first.
    public static let versions = ["8", "7"]
    /// The configuration's key naming its version, or nil when it has none.
    public static let versionKey: String? = "version"
    /// Where its configuration file holds what the audit points at.
    public static let places = FrameworkPlaces(
        appBoundFlag: "/widget/preference", startPage: "/widget/content", allowedHosts: "/widget/allow-navigation",
        inspectable: "/widget/preference/InspectableWebview")

    /// Its configuration from JSON, with notes on what it ignores.
    public static func read(_ value: JSONValue, at pointer: String) throws(FrameworkConfigurationError) -> (
        CordovaConfiguration, [FrameworkConfigurationNote]
    ) {
        var reader = try JSONObjectReader<FrameworkConfigurationError>(value, at: pointer)
        let versionText = try reader.string("version") ?? "8"
        guard let version = CordovaConfiguration.Version(rawValue: versionText) else {
            throw FrameworkConfigurationError(
                reader.path("version"), "expected \"8\" or \"7\", found \"\(versionText)\"")
        }
        var configuration = CordovaConfiguration(
            version: version,
            allowNavigation: try FrameworkConfigurationReader.strings(&reader, "allowNavigation") ?? [],
            allowIntent: try FrameworkConfigurationReader.strings(&reader, "allowIntent"),
            scheme: try reader.string("scheme"),
            hostname: try reader.string("hostname"),
            limitsNavigationsToAppBoundDomains: try reader.bool("limitsNavigationsToAppBoundDomains") ?? false,
            contentSource: try reader.string("contentSource"))
        configuration.inspectableWebview = try reader.bool("inspectableWebview")
        try reader.finish(expected: [
            "version", "allowNavigation", "allowIntent", "scheme", "hostname", "limitsNavigationsToAppBoundDomains",
            "contentSource", "inspectableWebview",
        ])
        return (configuration, [])
    }

    /// `config.xml`: text that starts with `<`.
    public static func readOwnFormat(_ bytes: [UInt8]) throws(FrameworkConfigurationText.Failure) -> (
        CordovaConfiguration, [FrameworkConfigurationNote]
    )? {
        guard FrameworkConfigurationText.isXML(bytes) else { return nil }
        do throws(XMLError) {
            return try CordovaConfigXMLReader.read(bytes)
        } catch {
            throw FrameworkConfigurationText.Failure(line: error.line, column: error.column, error.message)
        }
    }

    /// This policy as the navigation pipeline's first stage.
    public var stage: FrameworkPolicy { .cordovaIOS(self) }
    /// Whether its web views are made with `limitsNavigationsToAppBoundDomains`.
    public var limitsNavigationsToAppBoundDomains: Bool { configuration.limitsNavigationsToAppBoundDomains }

    /// `<content src>` on the app's URL (or `file:`), or the source itself when it is a URL.
    public var startPage: String? {
        let source = configuration.contentSource
        if source.contains("://") { return source }
        let path = source.hasPrefix("/") ? source : "/" + source
        return (configuration.appURL ?? "file://") + path
    }

    /// `<content src>` when it is a URL of its own, and each `<allow-navigation href>`.
    public var entries: [FrameworkEntry] {
        let source = configuration.contentSource
        let start = source.contains("://") ? [FrameworkEntry(.startPage, source, at: Self.places.startPage)] : []
        return start
            + configuration.allowNavigation.enumerated().map { index, href in
                FrameworkEntry(.allowed, href, at: Self.places.allowedHosts + "/\(index)")
            }
    }

    /// `<preference name="InspectableWebview">`.
    public var isInspectable: Bool? { configuration.inspectableWebview }

    /// The bridge it installs for this configuration.
    public var bridge: FrameworkBridge { .cordova(customScheme: configuration.appScheme != nil) }

    /// Its navigation rules as it applies them, one sentence each.
    public var rules: [String] {
        return [
            "<allow-navigation> (cordova-ios \(configuration.version.rawValue)): file://"
                + (configuration.appScheme.map { ", \($0)://" } ?? "") + " (implicit)"
                + configuration.allowNavigation.map { ", \($0)" }.joined() + "; every frame",
            "<allow-intent>: " + configuration.allowIntent.joined(separator: ", ")
                + "; opened with UIApplication openURL on a link or a main-document navigation",
            "anything else: cancelled (\"Internal navigation rejected\")",
        ]
    }

    /// Adds what this configuration meant, as rules, to `meant`.
    public func addMeant(to meant: inout MeantNavigation) { meant.translate(configuration) }
}

extension FrameworkBridge {
    /// Cordova iOS: the page loads `cordova.js` itself; the engine registers the `cordova` handler
    /// and, with a custom scheme, one script setting `window.CDV_ASSETS_URL`.
    static func cordova(customScheme: Bool) -> FrameworkBridge {
        FrameworkBridge(
            userScripts: customScheme
                ? [.init(name: "CDV_ASSETS_URL", injectionTime: .atDocumentStart, forMainFrameOnly: true)] : [],
            messageHandlers: ["cordova"], pageBridgeScript: nil, mainFrameOnly: false,
            pageCall: "cordova.exec (window.webkit.messageHandlers.cordova.postMessage)",
            nativeCall:
                "evaluateJavaScript(\"cordova.require('cordova/exec').nativeCallback(…)\") for every plugin result",
            whenPageCallFails:
                "cordova.exec throws \"TypeError: null is not an object (evaluating 'window.webkit.messageHandlers.cordova')\"; deviceready may still fire, every plugin call then fails",
            whenNativeCallFails: "the plugin's callback is lost: Cordova ignores evaluateJavaScript's error",
            cookieSync: nil)
    }
}

extension MeantNavigation {
    mutating func translate(_ configuration: CordovaConfiguration) {
        for (index, href) in configuration.allowNavigation.enumerated() {
            let place = "<allow-navigation>[\(index)] \"\(href)\""
            addCordovaEntry(href, place: place)
        }
        if let appURL = configuration.appURL {
            notes.append(
                "\(appURL)/ (the app's files) is not a network URL: let your delegate allow it before it asks the rule set"
            )
        }
        let intentPolicy = CordovaPolicy(
            .init(version: configuration.version, allowNavigation: [], allowIntent: configuration.allowIntent))
        let opensWeb = ["https://example.invalid/", "http://example.invalid/"].contains { text in
            guard case .success(let url) = WebURL.parse(text) else { return false }
            return intentPolicy.decide(.init(url: url)).action == .openExternally
        }
        othersOpenExternally = opensWeb
        let otherIntents = configuration.allowIntent.filter { !$0.hasPrefix("http") }
        if !otherIntents.isEmpty {
            notes.append(
                "intents \(otherIntents.joined(separator: ", ")): hand them to UIApplication.open in your delegate")
        }
    }

    mutating func addCordovaEntry(_ href: String, place: String) {
        if href == "*" {
            notes.append(
                "\(place) allows every URL of every scheme; a rule set names hosts: list the sites the app visits")
            return
        }
        let entry = CordovaAllowListEntry(href, version: .v8)
        let scheme = href.firstIndex(of: ":").map { String(href[..<$0]).lowercased() }
        let schemes: [String]
        switch entry.scheme?.lowercased() ?? (scheme.flatMap { ["http", "https"].contains($0) ? $0 : nil }) {
        case nil: schemes = ["http", "https"]
        case "*"?: schemes = ["https"]
        case let name? where ["http", "https", "ws", "wss"].contains(name): schemes = [name]
        case "about"?:
            nonNetworkURLs += ["about:blank", "about:srcdoc"]
            return
        case "data"?, "blob"?:
            nonNetworkURLs.append("\(entry.scheme!):")
            return
        case let name?:
            notes.append("\(place): \(name): URLs are not network URLs: let your delegate decide them")
            return
        }
        let port = entry.port.flatMap { UInt16($0) }
        addHost(NamedHosts(entry: href), text: Self.hostPart(href), schemes: schemes, port: port, place: place)
    }
}
