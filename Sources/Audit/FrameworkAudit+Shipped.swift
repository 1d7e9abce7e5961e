import AppBound
import AppManifest
import HybridFrameworks

/// What a configuration the app ships with should not hold: a start page or an allowed entry
/// over cleartext or at a development machine's address, an entry that lets every host in, Web
/// Inspector on in every build, and the limits flag with no `WKAppBoundDomains` to limit to.
extension FrameworkAudit {
    /// Whether the audit read a built app or a project folder, whose configuration may not be the
    /// one the app ships with; the findings' messages say which.
    enum ConfigurationSource: Sendable {
        case builtApp
        case project

        /// `consequence` as the audit can state it: as fact for a built app, as a condition for a
        /// project folder.
        func shipped(_ consequence: String) -> String {
            switch self {
            case .builtApp: consequence
            case .project:
                "if this configuration is the one the app ships with (a project folder may hold a development one), \(consequence)"
            }
        }
    }

    /// The findings of `policy`'s shipped configuration; `reported` holds the keys a framework's own
    /// finding already names, where every host is not said twice (`"*"` has its own code in
    /// Capacitor and Cordova).
    static func shipped(
        _ policy: FrameworkPolicy, app: AppBoundApp, file: SourceFile, source: ConfigurationSource,
        reported: Set<String>,
        checksEntries: Bool = true
    ) -> [AuditFinding] {
        var findings: [AuditFinding] = []
        let name = policy.framework.displayName
        for entry in checksEntries ? policy.entries : [] {
            if let finding = address(entry, file: file, source: source, framework: name, reported: reported) {
                findings.append(finding)
            }
        }
        if policy.isInspectable == true, let place = policy.places.inspectable {
            findings.append(
                AuditFinding(
                    .frameworkWebInspectorEnabled, file, key: place,
                    source.shipped(
                        "Web Inspector is on in release builds too: anyone with the device and a Mac can read and change every page the web view shows, its storage and its bridge calls"
                    )))
        }
        if policy.limitsNavigationsToAppBoundDomains, app.domains == nil {
            findings.append(
                AuditFinding(
                    .frameworkAppBoundFlagWithoutList, file, key: policy.places.appBoundFlag,
                    "\(name) turns limitsNavigationsToAppBoundDomains on, but Info.plist has no WKAppBoundDomains: App-Bound Domains are off, so the flag restricts nothing; every site loads and every page gets the bridge, as if the flag were off"
                ))
        }
        return findings
    }

    /// What the app's Info.plist turns on for the framework in every build: Capacitor's
    /// `CAPACITOR_DEBUG` "true" makes the web view inspectable where `ios.webContentsDebuggingEnabled`
    /// is not set (`CAPInstanceDescriptor`).
    static func shipped(
        _ policy: FrameworkPolicy, infoPlist: PropertyListDocument, source: ConfigurationSource
    ) -> [AuditFinding] {
        guard case .capacitor(let capacitor) = policy, capacitor.configuration.webContentsDebuggingEnabled == nil,
            infoPlist["CAPACITOR_DEBUG"]?.stringValue == "true"
        else { return [] }
        return [
            AuditFinding(
                .frameworkWebInspectorEnabled, infoPlist.file, key: "/CAPACITOR_DEBUG",
                source.shipped(
                    "CAPACITOR_DEBUG \"true\" turns Capacitor's web debugging on in release builds too (where ios.webContentsDebuggingEnabled is not set): anyone with the device and a Mac can read and change every page the web view shows"
                ))
        ]
    }

    /// The finding for an address a shipped configuration should not name, if any: one per entry,
    /// the first that applies of every host, a development address, cleartext.
    private static func address(
        _ entry: FrameworkEntry, file: SourceFile, source: ConfigurationSource, framework: String, reported: Set<String>
    ) -> AuditFinding? {
        let start = entry.role == .startPage
        if entry.namesEveryHost, !start {
            guard !reported.contains(entry.place) else { return nil }
            let schemes = entry.scheme.map { "every \($0) host" } ?? "every host"
            return AuditFinding(
                .frameworkAllowedEveryHost, file, key: entry.place,
                "\"\(entry.text)\" lets \(schemes) load in the web view, with \(framework)'s bridge: any site a link, a redirect or an injected script reaches can call native code"
            )
        }
        // A custom scheme's host (`app://localhost`) is the app's own scheme handler, not the network.
        guard entry.isNetwork else { return nil }
        let cleartext = entry.scheme == "http"
        if let development = DevelopmentAddress(host: entry.host) {
            let over = cleartext ? ", over cleartext http" : ""
            return start
                ? AuditFinding(
                    .frameworkStartPageDevelopmentServer, file, key: entry.place,
                    "the start page \(entry.text) is at \(development.phrase): "
                        + source.shipped(
                            "the app loads its pages from whatever answers at that address on the user's network\(over), and gives it \(framework)'s bridge"
                        ))
                : AuditFinding(
                    .frameworkAllowedDevelopmentServer, file, key: entry.place,
                    "\"\(entry.text)\" names \(development.phrase): "
                        + source.shipped(
                            "whatever answers at that address on the user's network may load in the web view\(over), with \(framework)'s bridge"
                        ))
        }
        guard cleartext else { return nil }
        return start
            ? AuditFinding(
                .frameworkStartPageCleartext, file, key: entry.place,
                "the start page \(entry.text) is plain http: anyone on the network path (a café's Wi-Fi, a hostile router) can change the app's pages and call \(framework)'s bridge from them"
            )
            : AuditFinding(
                .frameworkAllowedCleartext, file, key: entry.place,
                "\"\(entry.text)\" allows plain http: a page on that host can be changed by anyone on the network path, and it runs with \(framework)'s bridge"
            )
    }
}
