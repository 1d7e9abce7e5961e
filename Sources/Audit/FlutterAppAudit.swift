import AppManifest

/// What a built Flutter app's web view plugins say about who reaches their bridge (spec
/// hybrid-frameworks §13; decision D120). The app's own settings are compiled into `App.framework`
/// and cannot be read: the findings are about the plugin's release and what every release does.
enum FlutterAppAudit {
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
