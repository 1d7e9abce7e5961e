import WebAddress

/// The bridge question for the five navigation frameworks (spec §2c, §3c, §4c, §6, §12), read from
/// the shape of their bridge (`FrameworkBridge`): the bridge is offered where its user script is
/// added (the main frame, for Capacitor, react-native-webview and Hotwire Native), or in every frame
/// when no script is injected and the page posts to the handler itself (Cordova, whose page loads
/// `cordova.js`, and PWABuilder's shell); a call is accepted from every frame, since WebKit
/// registers the message handlers for every frame of the page's world and none of the five checks
/// the sending frame before native code runs (their sources read 2026-11: Capacitor 8.4.2
/// `WebViewDelegationHandler`, cordova-ios 8.1 `CDVWebViewEngine`, react-native-webview 16
/// `RNCWebViewImpl`, Hotwire Native 1.2 `ScriptMessageHandler` and `Bridge`, whose check compares a
/// URL the message itself carries, and pwa-shell's `WebView.swift`).
public struct NavigationFrameworkBridge: Sendable {
    /// The framework's policy.
    public let policy: FrameworkPolicy
    /// Its bridge, for its configuration.
    let bridge: FrameworkBridge
    /// The origins the configuration names: its start page and the entries that let hosts in.
    let named: [(scheme: String?, hosts: NamedHosts)]

    /// The bridge of `policy`'s framework, its facts read once.
    public init(_ policy: FrameworkPolicy) {
        self.policy = policy
        bridge = policy.bridge
        named = policy.entries.map { entry in (entry.scheme, NamedHosts(hostText: entry.host)) }
    }

    func decide(_ url: WebURL, isMainFrame: Bool) -> FrameworkBridgeDecision {
        let origin = FrameOrigin(of: url).location
        let code = "\(policy.framework.rawValue).bridge"
        // react-native-webview without `onMessage` keeps only its history shim, which reports
        // navigations and carries no call of the page's.
        let noBridge = policy.framework == .reactNativeWebView && bridge.pageBridgeScript == nil
        guard let handler = bridge.primaryHandler, !noBridge else {
            return FrameworkBridgeDecision(
                offered: false, accepted: false, origin: origin,
                rule: .builtIn("\(code).none", "the configuration installs no bridge"), isBypass: false)
        }
        let offered: Bool
        let offeredReason: String
        if let script = bridge.pageBridgeScript {
            offered = isMainFrame || !bridge.mainFrameOnly
            offeredReason =
                offered
                ? "\(script) is added to \(bridge.mainFrameOnly ? "the main frame" : "every frame")"
                : "\(script) is added to the main frame only"
        } else {
            offered = true
            offeredReason =
                "no bridge script is injected: a page calls window.webkit.messageHandlers.\(handler) itself, "
                + "which WebKit gives every frame"
        }
        let reason =
            "\(offeredReason); the \(handler) message handler is registered for every frame and "
            + "\(policy.framework.displayName) does not check the sending frame, so a call from this frame reaches native code"
        let isBypass =
            !named.isEmpty
            && !named.contains { ($0.scheme == nil || $0.scheme == url.scheme) && $0.hosts.names(url.host) }
        return FrameworkBridgeDecision(
            offered: offered, accepted: true, origin: origin, rule: .builtIn("\(code).anyFrame", reason),
            isBypass: isBypass)
    }
}
