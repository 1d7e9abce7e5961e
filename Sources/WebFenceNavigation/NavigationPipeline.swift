import AppBound
import HybridFrameworks
import ManagedWebViews
import NavigationRules
import WebAddress

/// The navigation pipeline: every stage that decides a frame navigation in an app's web view, in
/// the order WebKit and the SDKs run them, for the request and again for each server redirect hop:
///
/// 1. the app's own delegate: its scripted answer, part of the request, then at every hop the
///    hybrid framework's navigation code when the app is built on one (a cancel stops, a download
///    stops and resets the page's state, `openExternally` hands the URL to the system);
/// 2. the navigation rules, the app's delegate as data: a cancel stops, `openExternally` hands the
///    URL to the system (through the managed browser when the tenant requires one);
/// 3. for a main frame, the managed-web-view SDK's `isExternalURL` question and browser routing;
/// 4. the App-Bound gate (spec/app-bound-domains.md §3).
///
/// One value serves an app's `webView(_:decidePolicyFor:decisionHandler:)`, the simulator and the
/// WebKitGTK package alike. It performs nothing: the verdict says what to do, and the caller does
/// it (commits the frame, opens the browser, keeps the web view's new state).
public struct NavigationPipeline: Sendable {
    /// Stage 1 at every hop: the hybrid framework's navigation code; nil for an app without one.
    public var framework: AppFramework?
    /// Stage 2: the web view's navigation rules; nil lets everything through.
    public var rules: NavigationRuleSet?
    /// Stage 3: the managed-web-view SDK; nil when the app has none.
    public var managed: ManagedRouting?
    /// Stage 4: the App-Bound gate for the app.
    public let gate: NavigationGate

    /// The pipeline of an app with `app`'s App-Bound Domains and, optionally, navigation rules and a
    /// managed-web-view SDK.
    public init(
        app: AppBoundApp, framework: AppFramework? = nil, rules: NavigationRuleSet? = nil,
        managed: ManagedRouting? = nil
    ) {
        self.framework = framework
        self.rules = rules
        self.managed = managed
        gate = NavigationGate(app: app)
    }

    /// The app's App-Bound facts.
    public var app: AppBoundApp { gate.app }

    /// Decides `request` for a web view in `state`.
    public func decide(_ request: NavigationRequest, state: AppBoundWebViewState) -> NavigationVerdict {
        var state = state
        var hops: [NavigationVerdict.Hop] = []
        func verdict(_ result: NavigationVerdict.Result, _ stage: NavigationVerdict.Stage) -> NavigationVerdict {
            NavigationVerdict(request: request, hops: hops, result: result, decidedBy: stage, state: state)
        }
        switch request.delegate {
        case .cancel: return verdict(.cancel, .delegate)
        case .download: return verdict(.download, .delegate)
        case .allow: break
        }
        var committed = FrameAppBoundState.none
        for url in request.hops {
            hops.append(NavigationVerdict.Hop(url: url))
            let stop = judge(url, request, state: &state, into: &hops[hops.count - 1])
            if case .stop(let result, let stage) = stop { return verdict(result, stage) }
            if case .pass(let frameState) = stop { committed = frameState }
        }
        return verdict(.allow(committed), .appBound)
    }

    /// What one hop's stages end with: a stop, or a pass with the frame's state.
    private enum HopEnd {
        case stop(NavigationVerdict.Result, NavigationVerdict.Stage)
        case pass(FrameAppBoundState)
    }

    /// The framework's stage and stages 2–4 for one hop, recording each stage's decision in `hop`.
    private func judge(
        _ url: WebURL, _ request: NavigationRequest, state: inout AppBoundWebViewState,
        into hop: inout NavigationVerdict.Hop
    ) -> HopEnd {
        if let framework {
            let decision = framework.decide(request.frameworkAction(for: url))
            hop.framework = decision
            switch decision.action {
            case .allow: break
            case .cancel: return .stop(.cancel, .framework)
            case .openExternally: return .stop(.openExternally(url), .framework)
            case .download: return .stop(.download, .framework)
            }
        }
        if let rules {
            let ruling = rules.decide(url, frame: request.frame)
            hop.rules = ruling
            switch ruling.action {
            case .allow: break
            case .cancel: return .stop(.cancel, .navigationRules)
            case .openExternally: return openExternally(url, into: &hop)
            }
        }
        if request.isMainFrame, let managed {
            let external = managed.decide(url)
            hop.managed = external
            switch external.outcome {
            case .stay, .proceedAsUnmanaged: break
            case .openInManagedBrowser(let target): return .stop(.openInManagedBrowser(target), .managedWebViews)
            case .blockedBrowserMissing: return .stop(.cancel, .managedWebViews)
            }
        }
        // A subframe going to local content is judged by the frame's current origin (§2).
        let origin = !request.isMainFrame && AppBoundApp.isAlwaysAppBound(url) ? request.subframeOrigin : nil
        let decision = gate.decide(url, isMainFrame: request.isMainFrame, origin: origin, state: state)
        if decision.forcesAppBoundMode { state.forcedAppBoundMode = true }
        hop.appBound = decision
        hop.lookedUp = origin ?? url
        switch decision.outcome {
        case .allow(let frameState): return .pass(frameState)
        case .fail(let error): return .stop(.fail(error, decision.rule), .appBound)
        }
    }

    /// The rules said `openExternally`: the system opens the URL, unless the managed-web-view SDK
    /// routes it to the managed browser (or blocks it, that browser missing).
    private func openExternally(_ url: WebURL, into hop: inout NavigationVerdict.Hop) -> HopEnd {
        guard let managed else { return .stop(.openExternally(url), .navigationRules) }
        let route = managed.routeOpenedExternally(url)
        switch route.outcome {
        case .openInManagedBrowser(let target):
            hop.managed = route
            return .stop(.openInManagedBrowser(target), .managedWebViews)
        case .blockedBrowserMissing:
            hop.managed = route
            return .stop(.cancel, .managedWebViews)
        case .stay, .proceedAsUnmanaged:
            return .stop(.openExternally(url), .navigationRules)
        }
    }
}
