import AppBound
import Foundation
import HybridFrameworks
import ManagedWebViews
import NavigationRules
import WebAddress
import WebFenceNavigation

extension Simulator {
    /// The navigation pipeline of one web view: its navigation rules, the managed-web-view SDK with
    /// the web view's policy delegate, and the app's App-Bound gate.
    func pipeline(for webView: SimulatedWebView) -> NavigationPipeline {
        let delegate = webView.policyDelegate
        let managed = ManagedRouting(
            app: app.managed, viewers: viewers, webView: webView.id, isExternalURL: delegate.map { $0.isExternal })
        return NavigationPipeline(
            app: app.appBound, framework: app.framework, rules: webView.navigationRules, managed: managed)
    }

    /// A frame navigation through the pipeline, then what the verdict says to do: commit the frame,
    /// reset the page for a download, keep the web view's new state. Anything but an allow leaves
    /// the frame where it was.
    mutating func navigate(
        _ start: SimulatedWebView, frame frameID: String, to url: WebURL, redirects: [WebURL] = [],
        delegate: DelegateAnswer = .allow, navigationType: FrameworkNavigationAction.NavigationType = .other,
        opensNewWindow: Bool = false
    ) -> NavigationOutcome {
        var webView = start
        defer { webViews[webView.id] = webView }
        let isMainFrame = frameID == "main"
        let request = NavigationRequest(
            url, redirects: redirects, frame: isMainFrame ? .main : .sub,
            subframeOrigin: webView.originURL(of: frameID), delegate: delegate, navigationType: navigationType,
            opensNewWindow: opensNewWindow)
        let verdict = pipeline(for: webView).decide(request, state: webView.appBound)
        webView.appBound = verdict.state
        switch verdict.result {
        case .download:
            // A download passes and resets the page's app-bound state to none (decision D23).
            webView.frames["main"]?.state = .none
        case .allow(let state):
            // The window for "a restricted API before navigating" closes with the first main-frame
            // commit (decision D18); a page the SDK let through as external shows unmanaged data.
            if isMainFrame {
                webView.appBound.hasNavigated = true
                let unmanaged = verdict.decidingHop?.managed?.outcome == .proceedAsUnmanaged
                viewers.setShowsExternalPage(unmanaged, webView: webView.id)
            }
            webView.commit(frame: frameID, url: redirects.last ?? url, state: state)
        case .cancel, .fail, .openExternally, .openInManagedBrowser:
            break
        }
        let frame = webView.frames[frameID]
        return NavigationOutcome(
            verdict: verdict, frameURL: frame?.url, frameState: frame?.state ?? .none,
            forcedAppBoundMode: webView.appBound.forcedAppBoundMode, openerDelegateNotInherited: nil)
    }

    /// `loadHTMLString` and `loadData`: an HTML document forces app-bound mode at call time (not for
    /// a browser); the base URL (nil means `about:blank`) then goes through the gate (§2).
    mutating func loadDocument(_ webView: SimulatedWebView, isHTML: Bool, baseURL: WebURL?) -> StepOutcome {
        var webView = webView
        if isHTML, !app.appBound.isBrowser { webView.appBound.forcedAppBoundMode = true }
        return .navigation(navigate(webView, frame: "main", to: baseURL ?? Self.aboutBlank))
    }

    /// `about:blank`, where a document with no base URL is.
    static let aboutBlank: WebURL = {
        do { return try WebURL("about:blank") } catch { fatalError("about:blank always parses") }
    }()

    /// Whether a `loadData` MIME type is HTML: its essence (`text/html; charset=utf-8` is HTML too).
    static func isHTML(_ mimeType: String) -> Bool {
        let essence = mimeType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        return essence == "text/html"
    }

    /// `addFrame`: a new frame in `parent`, then its first navigation.
    mutating func addFrame(
        _ id: String, parent: String, url: WebURL, in webView: SimulatedWebView, at pointer: String
    ) throws(ScenarioError) -> StepOutcome {
        var webView = webView
        guard webView.frames[parent] != nil else {
            throw ScenarioError(pointer + "/addFrame/parent", "web view \"\(webView.id)\" has no frame \"\(parent)\"")
        }
        guard webView.frames[id] == nil else {
            throw ScenarioError(pointer + "/addFrame/id", "web view \"\(webView.id)\" already has a frame \"\(id)\"")
        }
        webView.frames[id] = SimulatedWebView.Frame(id: id, parent: parent)
        webView.frameOrder.append(id)
        return .navigation(navigate(webView, frame: id, to: url))
    }

    /// `window.open`: the decision to open a window is not gated; the new web view copies the
    /// opener's configuration (its configured limits, not its forced mode or its before-navigation
    /// flag), and its first load is an ordinary navigation under those limits (§3, D16). The app
    /// gives the new web view the opener's navigation delegate (its rules, D44); the managed-web-view
    /// policy delegate is set per web view, so the new one has none (§4).
    mutating func openWindow(_ id: String, url: WebURL, openedBy opener: SimulatedWebView) -> StepOutcome {
        let window = createWebView(
            id: id, viewer: opener.viewer, dataStore: opener.dataStore, state: opener.appBound.copiedForNewWindow,
            userScripts: opener.userScripts, userStyleSheets: opener.userStyleSheets,
            navigationRules: opener.navigationRules)
        let outcome = navigate(window, frame: "main", to: url, opensNewWindow: true)
        let unasked = opener.policyDelegate != nil && app.managed.identity(of: id, in: viewers).identity == .managed
        return .navigation(
            NavigationOutcome(
                verdict: outcome.verdict, frameURL: outcome.frameURL, frameState: outcome.frameState,
                forcedAppBoundMode: outcome.forcedAppBoundMode, openerDelegateNotInherited: unasked ? opener.id : nil))
    }
}
