import AppBound

/// The user content of one engine content manager, and the web views that use it. WebKitGTK gives
/// a related view (a popup) its opener's manager, as a copied `WKWebViewConfiguration` carries its
/// user content controller: the views share the app's scripts, style sheets and handlers, and the
/// manager can hold only one restriction, so it holds the strictest any of them needs.
@MainActor
final class SharedUserContent {
    var scripts: [UserScript] = []
    var styleSheets: [(css: String, forMainFrameOnly: Bool)] = []
    var handlers: [String] = []
    /// Scripts of an observer (a test harness), in their own content world: never gated.
    var observers: [(source: String, world: String, handler: String)] = []
    private var members: [WeakOwner] = []

    func add(_ webView: FencedWebView) {
        members.removeAll { $0.webView == nil }
        members.append(WeakOwner(webView))
    }

    var views: [FencedWebView] { members.compactMap(\.webView) }

    /// The strictest restriction the views' states call for: every frame, then non-app-bound
    /// subframes, then none.
    func restriction(_ policy: WebFencePolicy) -> Restriction {
        let restrictions = Set(views.map { policy.restriction(for: $0.state) })
        if restrictions.contains(.everyFrame) { return .everyFrame }
        if restrictions.contains(.nonAppBoundSubframes) { return .nonAppBoundSubframes }
        return .none
    }

    /// Service workers are off for all the views when they are off for one.
    var serviceWorkersDisabled: Bool { views.contains(where: \.serviceWorkersDisabled) }
}
