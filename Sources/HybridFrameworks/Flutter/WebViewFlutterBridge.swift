import WebAddress

/// webview_flutter's JavaScript channels on iOS (3.26, spec §13h): each channel is a document-start
/// user script in every frame plus a message handler of its name, and the handler forwards only the
/// message's body, so every frame of every origin reaches every channel and the app cannot tell
/// them apart.
public struct WebViewFlutterBridge: Sendable, Hashable {
    /// The channel names (`addJavaScriptChannel`); `fltConsoleMessage` when `setOnConsoleMessage` is used.
    public let channels: [String]

    /// The bridge of a web view with `channels`.
    public init(channels: [String]) { self.channels = channels }

    /// The decision for a frame at `url`.
    public func decide(_ url: WebURL, isMainFrame: Bool) -> FrameworkBridgeDecision {
        let origin = FrameOrigin(of: url).location
        guard !channels.isEmpty else {
            return FrameworkBridgeDecision(
                offered: false, accepted: false, origin: origin,
                rule: .builtIn("webview-flutter.channels.none", "no JavaScript channel: no bridge"), isBypass: false)
        }
        let names = channels.joined(separator: ", ")
        return FrameworkBridgeDecision(
            offered: true, accepted: true, origin: origin,
            rule: FrameworkRule(
                code: "webview-flutter.channels.everyFrame", location: "channels", entry: names,
                reason:
                    "each channel's script is added to every frame and its handler never sees the sending frame's "
                    + "origin: every origin is served"),
            isBypass: false)
    }
}
