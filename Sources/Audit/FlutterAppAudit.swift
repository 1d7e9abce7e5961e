import AppManifest
import Findings
import HybridFrameworks
import StrictJSON

/// What a Flutter app's web view plugins say about who reaches their bridge (spec
/// hybrid-frameworks §13): a built app's frameworks (decision D120) or a project's `pubspec.lock`
/// (D124). The app's own settings are Dart code (compiled into `App.framework`) and are not read:
/// the findings are about the plugin's release and what every release does.
enum FlutterAppAudit {
    /// Whether `file` (`webfence-framework.json`) holds flutter_inappwebview's settings.
    static func isSettingsFile(_ file: FrameworkFiles.File) -> Bool { settingsJSON(file) != nil }

    /// The file's JSON when it holds flutter_inappwebview's settings.
    private static func settingsJSON(_ file: FrameworkFiles.File) -> JSONValue? {
        let json = try? JSONParser.parse(String(decoding: file.bytes, as: UTF8.self))
        return json?["framework"]?.stringValue == "flutter-inappwebview" ? json : nil
    }

    /// The findings of flutter_inappwebview's allow lists in `webfence-framework.json`,
    /// `{"framework": "flutter-inappwebview", "configuration": {settings}}` (the settings live in
    /// Dart code, so the app writes them there as data, D125); nil for a file of another framework.
    static func findings(settingsFile file: FrameworkFiles.File) -> [AuditFinding]? {
        guard let json = settingsJSON(file) else { return nil }
        let settings: FlutterInAppWebViewSettings
        do throws(FrameworkConfigurationError) {
            settings = try FlutterInAppWebViewSettings.read(json["configuration"] ?? .object([]), at: "/configuration")
        } catch {
            return [
                AuditFinding(
                    .frameworkConfigurationUnreadable, file.source, key: error.pointer.isEmpty ? "/" : error.pointer,
                    "\(error.message): WebFence cannot say who reaches flutter_inappwebview's bridge")
            ]
        }
        return settings.allowListProblems.map { problem in
            let code: AuditCode =
                switch problem.kind {
                case .pageSyntaxError: .flutterInAppWebViewEntrySyntaxError
                case .handlerNeverMatches: .flutterInAppWebViewHandlerEntryNeverMatches
                case .androidWildcard: .flutterInAppWebViewEntryAndroidWildcard
                case .escapeLost: .flutterInAppWebViewEntryEscapeLost
                case .dotAnyCharacter: .flutterInAppWebViewEntryDotAnyCharacter
                case .unanchored: .flutterInAppWebViewEntryUnanchored
                }
            return AuditFinding(
                code, file.source, key: "/configuration/\(problem.setting)/\(problem.index)",
                "\(problem.setting)[\(problem.index)] \"\(problem.entry)\": \(problem.reason)")
        }
    }

    /// The findings for a project's locked packages.
    static func findings(_ lock: PubspecLock) -> [AuditFinding] {
        var findings: [AuditFinding] = []
        func at(_ package: PubspecLock.Package, _ finding: AuditFinding) -> AuditFinding {
            var finding = finding
            finding.position = SourcePosition(line: package.line, column: 5)
            return finding
        }
        if let plugin = lock.packages["flutter_inappwebview"], let release = release(plugin.version),
            release.lexicographicallyPrecedes([6, 2, 0])
        {
            findings.append(
                at(
                    plugin,
                    AuditFinding(
                        .flutterInAppWebViewBridgeEveryFrame, lock.source,
                        key: "/packages/flutter_inappwebview/version",
                        "pubspec.lock locks flutter_inappwebview \(plugin.version): before 6.2.0-beta.1 the plugin "
                            + "injects its bridge into every frame, and its handler accepts a call from any frame of "
                            + "any origin, with no secret and no origin check")))
        }
        if let plugin = lock.packages["webview_flutter_wkwebview"] ?? lock.packages["webview_flutter"] {
            findings.append(
                at(
                    plugin,
                    AuditFinding(
                        .flutterWebViewFlutterChannelsEveryFrame, lock.source, key: "/packages/\(plugin.name)/version",
                        "pubspec.lock locks \(plugin.name) \(plugin.version): each JavaScript channel the app adds is "
                            + "a message handler in every frame of every page its web view loads, and the Dart side "
                            + "receives the message alone, without the frame or its origin")))
        }
        return findings
    }

    /// `MAJOR.MINOR.PATCH` of a Dart package version (`6.2.0-beta.3+1` is 6.2.0: every 6.2.0
    /// pre-release has the origin settings); nil for one that is not written so.
    static func release(_ version: String) -> [Int]? {
        let core = version.prefix { $0 != "-" && $0 != "+" }
        let parts = core.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 3, parts.allSatisfy({ $0 != nil }) else { return nil }
        return parts.compactMap { $0 }
    }

    /// The findings for the frameworks an app carries.
    static func findings(_ embedded: [EmbeddedFramework]) -> [AuditFinding] {
        var findings: [AuditFinding] = []
        // Markers nil: the executable was not read, and the release is not known.
        if let plugin = embedded.first(where: { $0.name == "flutter_inappwebview_ios" }),
            plugin.markers?.isEmpty == true
        {
            findings.append(
                AuditFinding(
                    .flutterInAppWebViewBridgeEveryFrame, plugin.source, key: "/",
                    "flutter_inappwebview_ios\(plugin.version.map { " (Info.plist says \($0))" } ?? "") has neither "
                        + "javaScriptHandlersOriginAllowList nor _bridgeSecret, which every release from 6.2.0-beta.1 "
                        + "has: before 6.2 the plugin injects its bridge into every frame, and its handler accepts a "
                        + "call from any frame of any origin, with no secret and no origin check"))
        }
        if let plugin = embedded.first(where: { $0.name == "webview_flutter_wkwebview" }) {
            findings.append(
                AuditFinding(
                    .flutterWebViewFlutterChannelsEveryFrame, plugin.source, key: "/",
                    "webview_flutter_wkwebview\(plugin.version.map { " \($0)" } ?? ""): each JavaScript channel the "
                        + "app adds is a message handler in every frame of every page its web view loads, and the "
                        + "Dart side receives the message alone, without the frame or its origin"))
        }
        return findings
    }
}
