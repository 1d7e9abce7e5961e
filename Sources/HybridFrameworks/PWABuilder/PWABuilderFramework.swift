import StrictJSON
import WebAddress

/// PWABuilder iOS shell: every fact WebFence holds about it (`FrameworkDefinition`).
extension PWABuilderPolicy: FrameworkDefinition {
    /// The framework's name in files and on the command line.
    public static let framework = HybridFramework.pwabuilder
    /// The name people know it by, with the version WebFence follows.
    public static let displayName = "PWABuilder iOS shell"
    /// PWABuilder's template has no version number: the pwabuilder-ios commit WebFence follows.
    public static let versions = ["1d101e40"]
    /// The configuration's key naming its version, or nil when it has none.
    public static let versionKey: String? = nil
    /// Where its configuration file holds what the audit points at.
    public static let places = FrameworkPlaces(
        appBoundFlag: "/", startPage: "/rootUrl", allowedHosts: "/allowedOrigins")

    /// `{"rootUrl", "allowedOrigins", "authOrigins"}`: the values of the shell's `Settings.swift`.
    public static func read(_ value: JSONValue, at pointer: String) throws(FrameworkConfigurationError) -> (
        PWABuilderConfiguration, [FrameworkConfigurationNote]
    ) {
        var reader = try JSONObjectReader<FrameworkConfigurationError>(value, at: pointer)
        let configuration = PWABuilderConfiguration(
            rootURL: try reader.string("rootUrl"),
            allowedOrigins: try FrameworkConfigurationReader.strings(&reader, "allowedOrigins") ?? [],
            authOrigins: try FrameworkConfigurationReader.strings(&reader, "authOrigins") ?? [])
        try reader.finish(expected: ["rootUrl", "allowedOrigins", "authOrigins"])
        return (configuration, [])
    }

    /// `Settings.swift`: text that is not a JSON object.
    public static func readOwnFormat(_ bytes: [UInt8]) throws(FrameworkConfigurationText.Failure) -> (
        PWABuilderConfiguration, [FrameworkConfigurationNote]
    )? {
        guard !FrameworkConfigurationText.isJSONObject(bytes) else { return nil }
        guard let text = String(validUTF8: bytes) else {
            throw FrameworkConfigurationText.Failure.notUTF8
        }
        do throws(PWABuilderSettingsReader.Failure) {
            return (try PWABuilderSettingsReader.read(text), [])
        } catch {
            throw FrameworkConfigurationText.Failure(line: error.line, column: error.column, error.message)
        }
    }

    /// This policy as the navigation pipeline's first stage.
    public var stage: FrameworkPolicy { .pwabuilder(self) }
    /// Whether its web views are made with `limitsNavigationsToAppBoundDomains`.
    public var limitsNavigationsToAppBoundDomains: Bool { configuration.limitsNavigationsToAppBoundDomains }

    /// `rootUrl`.
    public var startPage: String? { configuration.rootURL }

    /// `rootUrl`, then each `authOrigins` and `allowedOrigins` entry that can occur in a host (each
    /// names a host of any scheme).
    public var entries: [FrameworkEntry] {
        let start = configuration.rootURL.map { [FrameworkEntry(.startPage, $0, at: Self.places.startPage)] } ?? []
        let lists = [
            ("/authOrigins", configuration.authOrigins), (Self.places.allowedHosts, configuration.allowedOrigins),
        ]
        return start
            + lists.flatMap { place, origins in
                origins.enumerated().compactMap { index, origin in
                    Self.deadEntry(origin) == nil
                        ? FrameworkEntry(.allowed, origin, at: place + "/\(index)", schemeless: true) : nil
                }
            }
    }

    /// The template makes its web view inspectable in debug builds only, in code, not in a setting.
    public var isInspectable: Bool? { nil }

    /// The bridge it installs for this configuration.
    public var bridge: FrameworkBridge { .pwabuilder }

    /// Its navigation rules as it applies them, one sentence each.
    public var rules: [String] {
        func list(_ entries: [String]) -> String {
            entries.isEmpty ? "none" : entries.map { "\"\($0)\"" }.joined(separator: ", ")
        }
        return [
            "authOrigins: \(list(configuration.authOrigins)); then allowedOrigins: \(list(configuration.allowedOrigins)) (each matched anywhere in the host, any scheme and port, every frame; an auth origin shows the Done toolbar)",
            "a page-initiated navigation (redirect, script, meta refresh, iframe): allowed to any host",
            "anything else: http(s) in SFSafariViewController, other schemes to UIApplication.open; tel: and mailto: to the system; about: allowed, blob: downloaded",
        ]
    }

    /// Adds what this configuration meant, as rules, to `meant`.
    public func addMeant(to meant: inout MeantNavigation) { meant.translate(configuration) }
}

extension FrameworkBridge {
    /// PWABuilder's iOS shell: no user script; five message handlers the page calls directly (print
    /// and push notifications), `evaluateJavaScript` for push events and universal links, and a
    /// cookie set for the start URL's host (spec §12a).
    static let pwabuilder = FrameworkBridge(
        userScripts: [],
        messageHandlers: ["print", "push-subscribe", "push-permission-request", "push-permission-state", "push-token"],
        pageBridgeScript: nil, mainFrameOnly: false,
        pageCall:
            "window.webkit.messageHandlers['push-subscribe'].postMessage (and print, push-permission-*, push-token)",
        nativeCall:
            "evaluateJavaScript(\"this.dispatchEvent(new CustomEvent('push-…'))\") for push events, \"location.href = '<url>'\" for universal links and shortcuts",
        whenPageCallFails:
            "window.webkit.messageHandlers is undefined: printing and push subscription throw TypeError in the page",
        whenNativeCallFails:
            "the push event or the universal link's location change is lost: the shell ignores evaluateJavaScript's error",
        cookieSync: "the app-platform cookie (httpCookieStore.setCookie for the start URL's host)")
}

extension MeantNavigation {
    mutating func translate(_ configuration: PWABuilderConfiguration) {
        nonNetworkURLs.append("about:blank")
        let scheme = configuration.rootURL.flatMap { $0.lowercased().hasPrefix("http:") ? "http" : nil } ?? "https"
        let lists = [("authOrigins", configuration.authOrigins), ("allowedOrigins", configuration.allowedOrigins)]
        for (name, entries) in lists {
            for (index, entry) in entries.enumerated() {
                let place = "\(name)[\(index)] \"\(entry)\""
                let hostAndPort = entry.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
                if hostAndPort.count < entry.count {
                    notes.append(
                        "\(place) never occurs in a host (it has a path or query); the rule allows its host \(hostAndPort)"
                    )
                }
                // The hosts the entry names, as the bypass flag reads them; a port only after a host.
                let parts = NamedHosts.authority(ofEntry: entry).split(separator: ":")
                let port = parts.count == 2 ? UInt16(parts[1]) : nil
                addHost(
                    PWABuilderConfiguration.named(entry), text: String(parts.first ?? ""), schemes: [scheme],
                    port: port, place: place)
            }
        }
        notes.append(
            "the shell allowed any host to a page-initiated navigation (script, redirect, iframe); under this rule set those are checked too"
        )
        notes.append("tel: and mailto: links: hand them to UIApplication.open in your delegate")
        othersOpenExternally = true
    }
}
