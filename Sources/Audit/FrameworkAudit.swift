import AppBound
import AppManifest
import Findings
import HybridFrameworks
import StrictJSON
import StrictXML
import WebFenceNavigation

/// The hybrid framework an app is built on, read from its configuration file, and what the audit
/// says about it: the framework's navigation rules as it applies them, the bypass classes its
/// configuration opens, and how its bridge fares under the app's `WKAppBoundDomains` and flag.
public struct FrameworkAudit: Sendable {
    /// The framework; nil when `webfence-framework.json` names none WebFence knows.
    public let framework: HybridFramework?
    /// The framework with its configuration; nil when the app shows the framework (its resource
    /// bundle) but no configuration file says how it is set up.
    public let policy: FrameworkPolicy?
    /// The configuration file read, or the file that showed the framework.
    public let file: SourceFile
    /// Every finding about the framework.
    public let findings: [AuditFinding]
    /// A PWABuilder shell: its settings and whether its code is the template's.
    public let pwabuilderShell: PWABuilderShell?

    /// The framework of `files`, or nil for an app built on none WebFence knows. A built
    /// PWABuilder shell is known by its `infoPlist`'s `CFBundleExecutable`. `builtApp`: the files
    /// are a built app's, so its configuration is the one it ships with (a project folder's may be
    /// a development one, and the findings say so).
    public init?(
        _ files: FrameworkFiles, app: AppBoundApp, infoPlist: PropertyListDocument? = nil, builtApp: Bool = false
    ) {
        guard let read = Self.read(files) ?? infoPlist.flatMap({ Self.builtShell($0, files, app: app) }) else {
            return nil
        }
        framework = read.framework
        file = read.file
        var findings = read.findings
        var shell = read.shell
        if let policy = read.policy {
            if shell == nil, case .pwabuilder(let pwabuilder) = policy {
                let built = infoPlist?["CFBundleExecutable"]?.stringValue == PWABuilderShell.executableName
                shell = PWABuilderShell(
                    pwabuilder.configuration, source: .settings,
                    code: built ? .executable(files.executableStrings) : .unknown)
            }
            let holes =
                shell.map {
                    FrameworkAudit.pwabuilderHoles($0, read.file)
                        + FrameworkAudit.pwabuilderAppBound($0, app: app, file: read.file)
                        + FrameworkAudit.pwabuilderLeftovers($0, read.file)
                } ?? FrameworkAudit.holes(policy, file: read.file)
            let source: ConfigurationSource = builtApp ? .builtApp : .project
            let shipped = FrameworkAudit.shipped(
                policy, app: app, file: read.file, source: source, reported: Set(holes.map(\.key)),
                checksEntries: shell?.source != .inferredFromAppBoundDomains)
            let found = holes + shipped + FrameworkAudit.bridge(policy, app: app, file: read.file)
            findings += found.map { $0.at(key: read.configurationPointer + $0.key) }
            findings += infoPlist.map { FrameworkAudit.shipped(policy, infoPlist: $0, source: source) } ?? []
        }
        policy = read.policy
        pwabuilderShell = shell
        self.findings = findings
    }

    /// The findings a framework's configuration file gives by itself, without the app around it
    /// (`framework lint`): what the framework reads differently from how the file looks, and the
    /// holes its entries open. Findings that need the app's Info.plist (its `WKAppBoundDomains`)
    /// are the audit's.
    public static func lint(_ files: FrameworkFiles) -> [AuditFinding] {
        let findings =
            (FrameworkAudit(files, app: AppBoundApp(domains: nil))?.findings ?? [])
            + (files.file("webfence-framework.json").flatMap(FlutterAppAudit.findings(settingsFile:)) ?? [])
        // Without the app, no WKAppBoundDomains is "not known", not "absent".
        return findings.filter { $0.code != AuditCode.frameworkAppBoundFlagWithoutList.rawValue }
    }

    /// The navigation rules as the framework applies them, one sentence each.
    public var rules: [String] {
        guard let policy else {
            if findings.contains(where: { $0.code == AuditCode.frameworkConfigurationUnreadable.rawValue }) {
                return ["the configuration file does not read: what the framework decides is unknown"]
            }
            return ["no configuration file says how the framework is set up: its rules are not audited"]
        }
        var rules = policy.rules
        if let shell = pwabuilderShell,
            !(shell.matchesBySubstring && shell.allowsPageInitiated && shell.loadsNewWindowsInPlace)
        {
            rules.append(
                "WebView.swift is not the template's (\(shell.webViewBasis)): the rules above are the template's, and the app's own code may decide otherwise"
            )
        }
        return rules
    }

    private struct Read {
        var framework: HybridFramework?
        var policy: FrameworkPolicy?
        var file: SourceFile
        var findings: [AuditFinding]
        /// Where the configuration sits in its file: `/configuration` in `webfence-framework.json`.
        var configurationPointer = ""
        /// A PWABuilder shell read from its project or its built app.
        var shell: PWABuilderShell?
    }

    /// The configuration file that names the framework: Capacitor's first (a Capacitor app carries
    /// a `config.xml` for Cordova plugins too), then Cordova's, then WebFence's props file, then a
    /// framework's resource bundle alone.
    private static func read(_ files: FrameworkFiles) -> Read? {
        if let file = files.file("capacitor.config.json") {
            return readJSON(file, .capacitor)
        }
        if let file = files.file("config.xml") {
            do throws(XMLError) {
                let (configuration, notes) = try CordovaConfigXMLReader.read(file.bytes)
                return Read(
                    framework: .cordovaIOS, policy: .cordovaIOS(CordovaPolicy(configuration)), file: file.source,
                    findings: notes.map { ignored($0, file.source) })
            } catch {
                return Read(
                    framework: .cordovaIOS, policy: nil, file: file.source,
                    findings: [
                        unreadable(
                            file.source, "line \(error.line), column \(error.column): \(error.message)",
                            at: SourcePosition(line: error.line, column: error.column))
                    ])
            }
        }
        // flutter_inappwebview's settings are FlutterAppAudit's (D125): no navigation framework.
        if let file = files.file("webfence-framework.json"), !FlutterAppAudit.isSettingsFile(file) {
            return readProps(file)
        }
        if let file = files.file("Settings.swift"), let text = String(validUTF8: file.bytes),
            PWABuilderShell.isSettings(text)
        {
            return readSettings(text, file.source, files)
        }
        if let marker = files.markers.first(where: { $0.name == "HotwireNative_HotwireNative.bundle" }) {
            return missing(
                .hotwireNative, marker.source,
                "the app carries Hotwire Native's resources, but no webfence-framework.json says its start location: its navigation rules and bridge are not audited"
            )
        }
        return nil
    }

    /// A PWABuilder project's `Settings.swift`, with `WebView.swift` and `SceneDelegate.swift`
    /// beside it when they are there.
    private static func readSettings(_ text: String, _ source: SourceFile, _ files: FrameworkFiles) -> Read {
        do throws(PWABuilderSettingsReader.Failure) {
            let configuration = try PWABuilderSettingsReader.read(text)
            func code(_ name: String) -> String? {
                files.file(name).map { String(decoding: $0.bytes, as: UTF8.self) }
            }
            let shell = PWABuilderShell(
                configuration, source: .settings,
                code: .sources(webView: code("WebView.swift"), sceneDelegate: code("SceneDelegate.swift")))
            return Read(
                framework: .pwabuilder, policy: .pwabuilder(PWABuilderPolicy(configuration)), file: source,
                findings: [], shell: shell)
        } catch {
            return Read(
                framework: .pwabuilder, policy: nil, file: source,
                findings: [
                    unreadable(source, error.description, at: SourcePosition(line: error.line, column: error.column))
                ])
        }
    }

    /// A built PWABuilder shell (`PWAShell` executable): its settings inferred from
    /// `WKAppBoundDomains`.
    private static func builtShell(_ info: PropertyListDocument, _ files: FrameworkFiles, app: AppBoundApp) -> Read? {
        guard info["CFBundleExecutable"]?.stringValue == PWABuilderShell.executableName else { return nil }
        let source = info.file
        guard let entries = app.domains?.entries.map(\.text),
            let configuration = PWABuilderShell.inferred(fromAppBoundDomains: entries)
        else {
            return missing(
                .pwabuilder, source,
                "the app is a built PWABuilder shell, but WKAppBoundDomains, where the generator writes its start URL and permitted URLs, is absent or empty: its navigation rules are not audited"
            )
        }
        let shell = PWABuilderShell(
            configuration, source: .inferredFromAppBoundDomains, code: .executable(files.executableStrings))
        return Read(
            framework: .pwabuilder, policy: .pwabuilder(PWABuilderPolicy(configuration)), file: source, findings: [],
            shell: shell)
    }

    private static func readJSON(_ file: FrameworkFiles.File, _ framework: HybridFramework) -> Read {
        let json: JSONValue
        do throws(JSONParser.Error) { json = try JSONParser.parse(String(decoding: file.bytes, as: UTF8.self)) } catch {
            return Read(
                framework: framework, policy: nil, file: file.source,
                findings: [
                    unreadable(
                        file.source, "line \(error.line), column \(error.column): \(error.message)",
                        at: SourcePosition(line: error.line, column: error.column))
                ])
        }
        return read(json, framework, file.source, at: "")
    }

    /// A configuration read from JSON already parsed, at `pointer` in its file.
    private static func read(
        _ json: JSONValue, _ framework: HybridFramework, _ source: SourceFile, at pointer: String
    ) -> Read {
        do throws(FrameworkConfigurationError) {
            let (policy, notes) = try FrameworkConfigurationReader.policy(framework, configuration: json, at: pointer)
            return Read(
                framework: framework, policy: policy, file: source, findings: notes.map { ignored($0, source) },
                configurationPointer: pointer)
        } catch {
            return Read(
                framework: framework, policy: nil, file: source,
                findings: [unreadable(source, error.description, key: error.pointer)])
        }
    }

    /// `webfence-framework.json`: `{"framework": NAME, "configuration": {...}}`, for the frameworks
    /// configured in code.
    private static func readProps(_ file: FrameworkFiles.File) -> Read {
        let json = try? JSONParser.parse(String(decoding: file.bytes, as: UTF8.self))
        guard let name = json?["framework"]?.stringValue, let framework = HybridFramework(rawValue: name),
            let configuration = json?["configuration"]
        else {
            return Read(
                framework: nil, policy: nil, file: file.source,
                findings: [
                    unreadable(
                        file.source,
                        "expected {\"framework\": \"react-native-webview\" | \"hotwire-native\" | ..., \"configuration\": {...}}"
                    )
                ])
        }
        return read(configuration, framework, file.source, at: "/configuration")
    }

    /// A framework the app shows, with no configuration to say how it is set up.
    private static func missing(_ framework: HybridFramework, _ source: SourceFile, _ message: String) -> Read {
        Read(
            framework: framework, policy: nil, file: source,
            findings: [AuditFinding(.frameworkConfigurationMissing, source, key: "/", message)])
    }

    private static func unreadable(
        _ file: SourceFile, _ message: String, key: String = "", at position: SourcePosition? = nil
    ) -> AuditFinding {
        var finding = AuditFinding(
            .frameworkConfigurationUnreadable, file, key: key.isEmpty ? "/" : key,
            "\(message): WebFence cannot say what the framework decides")
        finding.position = position
        return finding
    }

    private static func ignored(_ note: FrameworkConfigurationNote, _ file: SourceFile) -> AuditFinding {
        var finding = AuditFinding(
            .frameworkConfigurationIgnored, file, key: note.place.hasPrefix("/") ? note.place : "/",
            note.message)
        finding.position = note.position
        return finding
    }
}
