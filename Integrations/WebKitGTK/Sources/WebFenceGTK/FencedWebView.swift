import AppBound
import CWebKitGTK
import CWebKitShim
import HybridFrameworks
import NavigationRules
import WebAddress
import WebFenceNavigation

/// A WebKitGTK web view governed by WebFence, as a `WKWebView` is by App-Bound Domains: every
/// navigation (main frame, subframes, redirect hops, new windows) is decided by `WebFencePolicy`,
/// and JavaScript, user scripts, style sheets and message handlers reach only the frames the spec
/// allows, with the platform's error codes.
@MainActor
public final class FencedWebView {
    /// The engine's view (a GtkWidget), for the app to place in a window. This object holds a
    /// reference to it (and to its content manager) for its whole life, so the pointer stays valid
    /// after the widget's window is gone. A view that outlives this object decides nothing for
    /// itself: every navigation it is asked about is refused.
    public let view: UnsafeMutablePointer<WebKitWebView>
    public let policy: WebFencePolicy
    public let session: FencedSession
    /// The web view's life-long app-bound state (configured limits, forced mode, early API use).
    public internal(set) var state: AppBoundWebViewState
    /// The main frame's committed URL and its app-bound state.
    public internal(set) var mainFrameURL: WebURL?
    public internal(set) var mainFrameState: FrameAppBoundState = .none

    /// The app's navigation delegate, asked first; nil allows everything.
    public var navigationDelegate: ((WebURL) -> DelegateAnswer)?
    /// Every navigation outcome, as it happens.
    public var onNavigation: ((NavigationEvent) -> Void)?
    /// Asked when a page opens a window; return the web view to show it in (`makePopup()`), or nil.
    public var onNewWindow: ((FencedWebView) -> FencedWebView?)?
    /// The web views returned by `onNewWindow`, kept for this web view's life: the engine takes no
    /// reference to the view it is given, so a popup the app does not keep must not go at once.
    public internal(set) var openedWindows: [FencedWebView] = []
    /// Called when the main frame finishes loading.
    public var onLoadFinished: ((String) -> Void)?

    let manager: OpaquePointer
    /// The manager's user content, shared with related views (popups).
    let content: SharedUserContent
    /// URLs whose verdict depends on the frame, with their verdicts, oldest first.
    var held: [(url: String, verdicts: FrameVerdicts, since: ContinuousClock.Instant)] = []
    /// At most this many held verdicts at once, each for at most `heldFor`: the engine checks the
    /// rules when it sends the request, right after `use`. A verdict is never dropped early to make
    /// room; a navigation that finds no room is refused in every frame.
    static let heldLimit = 32
    /// The navigation type of each recent decision, by URL (`remember(_:of:)`).
    var navigationTypes: [(url: String, type: NavigationType)] = []
    static let heldFor = Duration.seconds(60)
    /// What the page guards compare hosts with (the app's lists do not change).
    lazy var lists = AppBoundLists(policy.app)
    /// This view's content-rule list, apart from a popup's in the manager they share.
    lazy var contentRulesID = "webfence-frame-verdicts-\(UInt(bitPattern: view))"
    /// The `WebKitPolicyError` code of a load a content rule blocked (WebCore's
    /// `blockedByContentBlockerErrorCode`; not in WebKitGTK's public enum): a held verdict in the
    /// main frame.
    static let blockedByContentRule = 104

    /// A web view in `session`, configured with `limitsNavigationsToAppBoundDomains` and, like a
    /// configuration made before the web view, the user style sheets already present.
    public init(
        policy: WebFencePolicy, session: FencedSession, limitsNavigationsToAppBoundDomains: Bool,
        userStyleSheets: [String] = []
    ) {
        self.policy = policy
        self.session = session
        state = AppBoundWebViewState(configuredLimits: limitsNavigationsToAppBoundDomains)
        manager = webkit_user_content_manager_new()
        view = wf_web_view_new(session.session, manager)
        wf_object_ref_sink(view)
        content = SharedUserContent()
        content.styleSheets = userStyleSheets.map { ($0, false) }
        // Style sheets in the configuration at creation count as restricted API use (§5).
        if !userStyleSheets.isEmpty,
            RestrictedAPIs.marksUseBeforeNavigation(app: policy.app, state: state, inMainFrame: true)
        {
            state.usedRestrictedAPIBeforeNavigation = true
        }
        content.add(self)
        connectSignals()
        connectServiceWorkerGate()
        applyRestriction()
    }

    /// A web view for a window this one's page opens: a copy of this configuration's limits, not
    /// its forced mode or early API use (§3), sharing its web process and session. WebKitGTK gives
    /// a related view its opener's user content manager, so the popup has the opener's scripts,
    /// style sheets and handlers (as a copied `WKWebViewConfiguration` does); the two views write
    /// the same manager, which holds the strictest restriction any of them needs (`SharedUserContent`).
    public func makePopup() -> FencedWebView {
        FencedWebView(policy: policy, session: session, state: state.copiedForNewWindow, relatedTo: self)
    }

    private init(
        policy: WebFencePolicy, session: FencedSession, state: AppBoundWebViewState, relatedTo opener: FencedWebView
    ) {
        self.policy = policy
        self.session = session
        self.state = state
        manager = opener.manager
        wf_object_ref(UnsafeMutableRawPointer(manager))
        view = wf_web_view_new_related(opener.view, manager)
        wf_object_ref_sink(view)
        navigationDelegate = opener.navigationDelegate
        content = opener.content
        let before = (content.restriction(policy), content.serviceWorkersDisabled)
        content.add(self)
        connectSignals()
        // Rewriting the manager re-registers every handler, which pages already open would feel:
        // only when this view makes the shared restriction stricter.
        if (content.restriction(policy), content.serviceWorkersDisabled) != before { applyRestriction() }
    }

    isolated deinit {
        wf_object_unref(view)
        wf_object_unref(UnsafeMutableRawPointer(manager))
    }

    // MARK: loading

    /// Loads `url` in the main frame. The frame is known here, so WebFence judges the URL before the
    /// engine sees it: WebKitGTK runs a `javascript:` URL given to `load_uri` without asking
    /// `decide-policy` at all.
    public func load(_ url: String) {
        guard judgeMainFrameLoad(url) else { return }
        webkit_web_view_load_uri(view, url)
    }

    /// The main-frame verdict for an API load; reports and returns false when it refuses. The
    /// engine's `decide-policy` then asks the delegate and the gate again (same answers), as it
    /// does not know this is the load the app asked for.
    private func judgeMainFrameLoad(_ uri: String) -> Bool {
        guard let (url, answer) = admit(uri, frame: .main), answer != .cancel else { return false }
        let verdict = policy.mainFrameVerdict(for: url, state: state)
        if verdict.allows { return true }
        report(uri, .main, verdict.event)
        return false
    }

    /// What comes before WebFence's verdict (§3): the URL as the engine reads it (whatever
    /// WebFence cannot read, it does not load), then the app's own delegate. Refusals are reported.
    func admit(_ uri: String, frame: NavigationEvent.Frame) -> (WebURL, DelegateAnswer)? {
        guard let url = try? WebURL(uri) else {
            report(uri, frame, .cancelled(reason: "unparseable URL"))
            return nil
        }
        let answer = navigationDelegate?(url) ?? .allow
        if answer == .cancel { report(uri, frame, .cancelled(reason: "delegate")) }
        return (url, answer)
    }

    /// `loadHTMLString`: an HTML document forces app-bound mode now (not for a browser); the base
    /// URL (nil: about:blank) then goes through the gate (§2).
    public func loadHTMLString(_ html: String, baseURL: String?) {
        if !policy.app.isBrowser { setForcedMode() }
        // Substitute data makes no request, so no content rule could hold it: judge it here.
        guard judgeMainFrameLoad(baseURL ?? "about:blank") else { return }
        webkit_web_view_load_html(view, html, baseURL ?? "about:blank")
    }

    /// WebFence's verdicts for a navigation to `url` in this web view, in its main frame and in a
    /// subframe (a subframe going to local content is judged by the main frame's URL, §2).
    public func verdicts(for url: WebURL, navigationType: NavigationType = .other) -> FrameVerdicts {
        policy.verdicts(for: url, state: state, subframeOrigin: mainFrameURL, navigationType: navigationType)
    }

    // MARK: restricted APIs

    /// `evaluateJavaScript` in the main frame: error 14 when the frame is restricted (§4); before
    /// the first navigation it succeeds, and with limits off marks the web view (§5).
    public func evaluateJavaScript(_ script: String, completion: @escaping (Result<String, FenceError>) -> Void) {
        let decision = RestrictedAPIs.evaluateJavaScript(frameAndAncestors: [mainFrameState])
        guard decision.decision.allowed else {
            completion(.failure(.appBound(.javaScriptAppBoundDomain, decision.decision.rule)))
            return
        }
        noteRestrictedAPIUse()
        let handler: ResultHandler = { result in completion(result.mapError { .engine($0) }) }
        wf_evaluate_javascript(view, script, nil, resultTrampoline, retainedContext(handler))
    }

    /// Adds a user script: injected from the next document on, into the frames the spec allows.
    public func addUserScript(_ script: UserScript) {
        content.scripts.append(script)
        applyRestriction()
    }

    /// Adds a user style sheet, applied while the main frame is not restricted.
    public func addUserStyleSheet(_ css: String, forMainFrameOnly: Bool) {
        content.styleSheets.append((css, forMainFrameOnly))
        noteRestrictedAPIUse()
        applyRestriction()
    }

    /// Registers a script message handler (`window.webkit.messageHandlers.NAME`), present only in
    /// frames that are not restricted. Messages arrive as JSON text.
    public func addMessageHandler(_ name: String, _ receive: @escaping (String) -> Void) {
        content.handlers.append(name)
        connectMessages(to: name, receive)
        applyRestriction()
    }

    private func noteRestrictedAPIUse() {
        if RestrictedAPIs.marksUseBeforeNavigation(app: policy.app, state: state, inMainFrame: true) {
            state.usedRestrictedAPIBeforeNavigation = true
        }
    }

    func setForcedMode() {
        guard !state.forcedAppBoundMode else { return }
        state.forcedAppBoundMode = true
        applyRestriction()
    }
}

/// What the web view's restricted APIs answer instead of a value.
public enum FenceError: Error, Sendable, Hashable {
    /// The platform's error (`WKErrorDomain` 14 for JavaScript) and the rule behind it.
    case appBound(WKError, AppBoundRule)
    /// The engine failed (a script threw).
    case engine(EngineError)
}

/// A weak reference for signal contexts: the view's signals must not keep its owner alive.
final class WeakOwner {
    weak var webView: FencedWebView?
    init(_ webView: FencedWebView) { self.webView = webView }
}

extension NavigationVerdict {
    /// The verdict as the event the web view reports.
    var event: NavigationEvent.Outcome {
        switch result {
        case .allow(let state): .committed(state)
        case .fail(let error, let rule): .failed(error, rule)
        case .cancel: .cancelled(reason: ruleCode)
        case .download: .download
        case .openExternally, .openInManagedBrowser: .openedExternally(reason: ruleCode)
        }
    }
}
