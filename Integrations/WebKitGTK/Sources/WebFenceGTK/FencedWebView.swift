import AppBound
import CWebKitGTK
import CWebKitShim
import NavigationRules
import WebAddress

/// A WebKitGTK web view governed by WebFence, as a `WKWebView` is by App-Bound Domains: every
/// navigation (main frame, subframes, redirect hops, new windows) is decided by `WebFencePolicy`,
/// and JavaScript, user scripts, style sheets and message handlers reach only the frames the spec
/// allows, with the platform's error codes.
@MainActor
public final class FencedWebView {
    /// The engine's view (a GtkWidget), for the app to place in a window.
    public let view: UnsafeMutablePointer<WebKitWebView>
    public let policy: WebFencePolicy
    public let session: FencedSession
    /// The web view's life-long app-bound state (configured limits, forced mode, early API use).
    public private(set) var state: AppBoundWebViewState
    /// The main frame's committed URL and its app-bound state.
    public private(set) var mainFrameURL: WebURL?
    public private(set) var mainFrameState: FrameAppBoundState = .none

    /// The app's navigation delegate, asked first; nil allows everything.
    public var navigationDelegate: ((WebURL) -> NavigationDelegateDecision)?
    /// Every navigation outcome, as it happens.
    public var onNavigation: ((NavigationEvent) -> Void)?
    /// Asked when a page opens a window; return the web view to show it in (`makePopup()`), or nil.
    public var onNewWindow: ((FencedWebView) -> FencedWebView?)?
    /// Called when the main frame finishes loading.
    public var onLoadFinished: ((String) -> Void)?

    let manager: OpaquePointer
    private var scripts: [UserScript] = []
    private var styleSheets: [(css: String, forMainFrameOnly: Bool)] = []
    private var handlers: [String] = []
    /// Scripts of an observer (a test harness), in their own content world: never gated.
    var observers: [(source: String, world: String, handler: String)] = []
    /// URLs whose verdict depends on the frame, with their verdicts, oldest first.
    private var held: [(url: String, verdicts: FrameVerdicts, since: ContinuousClock.Instant)] = []
    /// At most this many held verdicts at once, each for at most `heldFor`: the engine checks the
    /// rules when it sends the request, right after `use`. A verdict is never dropped early to make
    /// room; a navigation that finds no room is refused in every frame.
    private static let heldLimit = 32
    private static let heldFor = Duration.seconds(60)
    /// What the page guards compare hosts with (the app's lists do not change).
    private lazy var lists = AppBoundLists(policy.app)
    /// This view's content-rule list, apart from a popup's in the manager they share.
    private lazy var contentRulesID = "webfence-frame-verdicts-\(UInt(bitPattern: view))"
    /// The `WebKitPolicyError` code of a load a content rule blocked (WebCore's
    /// `blockedByContentBlockerErrorCode`; not in WebKitGTK's public enum): a held verdict in the
    /// main frame.
    private static let blockedByContentRule = 104

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
        styleSheets = userStyleSheets.map { ($0, false) }
        // Style sheets in the configuration at creation count as restricted API use (§5).
        if !userStyleSheets.isEmpty, RestrictedAPIs.marksUseBeforeNavigation(app: policy.app, state: state, inMainFrame: true) {
            state.usedRestrictedAPIBeforeNavigation = true
        }
        connectSignals()
        connectServiceWorkerGate()
        applyRestriction()
    }

    /// A web view for a window this one's page opens: a copy of this configuration's limits, not
    /// its forced mode or early API use (§3), sharing its web process and session. WebKitGTK gives
    /// a related view its opener's user content manager, so the popup has the opener's scripts,
    /// style sheets and handlers (as a copied `WKWebViewConfiguration` does); the two views write
    /// the same manager, which keeps the stricter restriction of the two.
    public func makePopup() -> FencedWebView {
        FencedWebView(policy: policy, session: session, state: state.copiedForNewWindow, relatedTo: self)
    }

    private init(policy: WebFencePolicy, session: FencedSession, state: AppBoundWebViewState, relatedTo opener: FencedWebView) {
        self.policy = policy
        self.session = session
        self.state = state
        manager = opener.manager
        view = wf_web_view_new_related(opener.view, manager)
        navigationDelegate = opener.navigationDelegate
        scripts = opener.scripts
        styleSheets = opener.styleSheets
        handlers = opener.handlers
        observers = opener.observers
        connectSignals()
        // The manager is the opener's: only a stricter restriction may change it.
        if policy.restriction(for: state) != policy.restriction(for: opener.state) { applyRestriction() }
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
        let verdict = policy.verdict(for: url, isMainFrame: true, state: state, origin: nil)
        if verdict.allows { return true }
        report(uri, .main, verdict.event)
        return false
    }

    /// What comes before WebFence's verdict (§3): the URL as the engine reads it (whatever
    /// WebFence cannot read, it does not load), then the app's own delegate. Refusals are reported.
    private func admit(_ uri: String, frame: NavigationEvent.Frame) -> (WebURL, NavigationDelegateDecision)? {
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
        scripts.append(script)
        applyRestriction()
    }

    /// Adds a user style sheet, applied while the main frame is not restricted.
    public func addUserStyleSheet(_ css: String, forMainFrameOnly: Bool) {
        styleSheets.append((css, forMainFrameOnly))
        noteRestrictedAPIUse()
        applyRestriction()
    }

    /// Registers a script message handler (`window.webkit.messageHandlers.NAME`), present only in
    /// frames that are not restricted. Messages arrive as JSON text.
    public func addMessageHandler(_ name: String, _ receive: @escaping (String) -> Void) {
        handlers.append(name)
        let box: (String) -> Void = receive
        wf_connect_script_message(manager, name, { json, context in
            let receive = borrowed(context, as: ((String) -> Void).self)
            receive(json.map { String(cString: $0) } ?? "null")
        }, retainedContext(box), destroyBox)
        applyRestriction()
    }

    private func noteRestrictedAPIUse() {
        if RestrictedAPIs.marksUseBeforeNavigation(app: policy.app, state: state, inMainFrame: true) {
            state.usedRestrictedAPIBeforeNavigation = true
        }
    }

    private func setForcedMode() {
        guard !state.forcedAppBoundMode else { return }
        state.forcedAppBoundMode = true
        applyRestriction()
    }

    /// Puts into the user content manager what the web view's state lets documents from now on see.
    func applyRestriction() {
        webkit_user_content_manager_remove_all_scripts(manager)
        webkit_user_content_manager_remove_all_style_sheets(manager)
        for name in handlers { webkit_user_content_manager_unregister_script_message_handler(manager, name, nil) }
        for observer in observers {
            webkit_user_content_manager_unregister_script_message_handler(manager, observer.handler, observer.world)
        }
        defer { addObservers() }
        // First, in every frame: what the page's own scripts must never see.
        let restriction = policy.restriction(for: state)
        let handlerRule: RealmGuard.Handlers =
            switch restriction {
            case .none: .keep
            case .nonAppBoundSubframes: .hideWhereRestricted
            case .everyFrame: .hideEverywhere
            }
        addScript(
            RealmGuard.script(lists, handlers: handlerRule, serviceWorkersDisabled: serviceWorkersDisabled),
            allFrames: true, atDocumentStart: true, world: nil)
        // With every frame restricted, nothing is injected, applied or exposed.
        guard restriction != .everyFrame else { return }
        for script in scripts {
            var source = script.source
            if restriction == .nonAppBoundSubframes, !script.forMainFrameOnly {
                source = FrameGuard.wrap(source, lists)
            }
            addScript(
                source, allFrames: !script.forMainFrameOnly, atDocumentStart: script.injectionTime == .atDocumentStart,
                world: nil)
        }
        // Style sheets are judged by the main frame's state alone (§4), which is never restricted here.
        for sheet in styleSheets {
            let styleSheet = webkit_user_style_sheet_new(
                sheet.css, sheet.forMainFrameOnly ? WEBKIT_USER_CONTENT_INJECT_TOP_FRAME : WEBKIT_USER_CONTENT_INJECT_ALL_FRAMES,
                WEBKIT_USER_STYLE_LEVEL_USER, nil, nil)
            webkit_user_content_manager_add_style_sheet(manager, styleSheet)
            webkit_user_style_sheet_unref(styleSheet)
        }
        for name in handlers { _ = webkit_user_content_manager_register_script_message_handler(manager, name, nil) }
    }

    /// The observers' scripts, after the app's (so that at the same injection time they see what
    /// the app's scripts did), and their handlers.
    private func addObservers() {
        for observer in observers {
            addScript(observer.source, allFrames: true, atDocumentStart: false, world: observer.world)
            _ = webkit_user_content_manager_register_script_message_handler(manager, observer.handler, observer.world)
        }
    }

    func addScript(_ source: String, allFrames: Bool, atDocumentStart: Bool, world: String?) {
        let frames = allFrames ? WEBKIT_USER_CONTENT_INJECT_ALL_FRAMES : WEBKIT_USER_CONTENT_INJECT_TOP_FRAME
        let time = atDocumentStart ? WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_START : WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_END
        let userScript =
            if let world { webkit_user_script_new_for_world(source, frames, time, world, nil, nil) } else {
                webkit_user_script_new(source, frames, time, nil, nil)
            }
        webkit_user_content_manager_add_script(manager, userScript)
        webkit_user_script_unref(userScript)
    }

    // MARK: navigation

    private func connectSignals() {
        let owner = WeakOwner(self)
        wf_connect_decide_policy(view, { decision, type, uri, _, context in
            let owner = borrowed(context, as: WeakOwner.self)
            return MainActor.assumeIsolated {
                // A view whose wrapper is gone has no one to decide for it: nothing loads.
                guard let webView = owner.webView else {
                    wf_policy_ignore(decision)
                    return 1
                }
                return webView.decide(
                    decision!, isNewWindow: UInt32(type) == WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION.rawValue,
                    uri: String(cString: uri!))
            }
        }, retainedContext(owner), destroyBox)
        wf_connect_load_changed(view, { event, uri, context in
            let owner = borrowed(context, as: WeakOwner.self)
            MainActor.assumeIsolated { owner.webView?.loadChanged(event, uri: uri.map { String(cString: $0) } ?? "") }
        }, retainedContext(owner), destroyBox)
        wf_connect_load_failed(view, { uri, domain, code, _, context in
            let owner = borrowed(context, as: WeakOwner.self)
            return MainActor.assumeIsolated {
                owner.webView?.loadFailed(uri: String(cString: uri!), domain: String(cString: domain!), code: Int(code)) ?? 0
            }
        }, retainedContext(owner), destroyBox)
        wf_connect_create(view, { context in
            let owner = borrowed(context, as: WeakOwner.self)
            nonisolated(unsafe) var created: UnsafeMutablePointer<WebKitWebView>? = nil
            MainActor.assumeIsolated {
                guard let opener = owner.webView, let popup = opener.onNewWindow?(opener) else { return }
                created = popup.view
            }
            return created
        }, retainedContext(owner), destroyBox)
    }

    private func report(_ url: String, _ frame: NavigationEvent.Frame, _ outcome: NavigationEvent.Outcome) {
        onNavigation?(NavigationEvent(url: url, frame: frame, outcome: outcome))
    }

    /// The engine asks about a navigation. Returns 1: WebFence took the decision.
    private func decide(_ decision: UnsafeMutablePointer<WebKitPolicyDecision>, isNewWindow: Bool, uri: String) -> Int32 {
        if isNewWindow { return decideNewWindow(decision, uri: uri) }
        guard let (url, answer) = admit(uri, frame: .unknown) else {
            wf_policy_ignore(decision)
            return 1
        }
        switch answer {
        case .cancel:
            wf_policy_ignore(decision)
            return 1
        case .download:
            // A download passes and resets the page's state to none (decision D23).
            mainFrameState = .none
            wf_policy_download(decision)
            report(uri, .unknown, .download)
            return 1
        case .allow:
            break
        }
        let verdicts = policy.verdicts(for: url, state: state, subframeOrigin: mainFrameURL)
        if !verdicts.dependOnFrame {
            if verdicts.main.allows {
                wf_policy_use(decision)
            } else {
                wf_policy_ignore(decision)
                // The same refusal in either frame: say it once.
                report(uri, .unknown, verdicts.main.event)
            }
            return 1
        }
        // The frame decides: WebKit's content rules block the refused frame kind before any request.
        hold(uri, verdicts, decision)
        return 1
    }

    /// Opening a window is not gated (§3); its first navigation is, as the main frame of a web
    /// view with the copied configuration. The frame is known here, and a popup's own decision
    /// could not tell its main frame from a subframe, so that navigation is judged now: refused,
    /// no window is made.
    private func decideNewWindow(_ decision: UnsafeMutablePointer<WebKitPolicyDecision>, uri: String) -> Int32 {
        guard let (url, answer) = admit(uri, frame: .newWindow), answer == .allow else {
            wf_policy_ignore(decision)
            return 1
        }
        // A javascript: URL in a new window runs in that window's first document, with the
        // origin of the frame that opened it, before any guard of WebFence's can run there: under
        // limits, where that frame may be restricted, it is refused (D58).
        if url.scheme == "javascript", policy.restriction(for: state) == .nonAppBoundSubframes {
            wf_policy_ignore(decision)
            report(uri, .newWindow, .cancelled(reason: "javascript: in a new window under limits"))
            return 1
        }
        let verdict = policy.verdict(for: url, isMainFrame: true, state: state.copiedForNewWindow, origin: nil)
        if verdict.allows {
            wf_policy_use(decision)
        } else {
            wf_policy_ignore(decision)
            report(uri, .newWindow, verdict.event)
        }
        return 1
    }

    private func hold(_ uri: String, _ verdicts: FrameVerdicts, _ decision: UnsafeMutablePointer<WebKitPolicyDecision>) {
        let now = ContinuousClock.now
        held.removeAll { $0.url == uri || now - $0.since > Self.heldFor }
        guard held.count < Self.heldLimit else {
            wf_policy_ignore(decision)
            report(uri, .unknown, .cancelled(reason: "too many navigations waiting for their frame's verdict"))
            return
        }
        held.append((uri, verdicts, now))
        let json = ContentRules.json(
            blocking: held.map { ($0.url, topFrame: !$0.verdicts.main.allows, childFrame: !$0.verdicts.sub.allows) })
        wf_object_ref(decision)
        let handler: ResultHandler = { result in
            // If the rules could not be compiled, nothing may load: refuse in every frame.
            if case .success = result { wf_policy_use(decision) } else { wf_policy_ignore(decision) }
            wf_object_unref(decision)
        }
        wf_set_content_rules(session.filterStore, manager, contentRulesID, json, resultTrampoline, retainedContext(handler))
    }

    private func loadChanged(_ event: Int32, uri: String) {
        switch UInt32(event) {
        case WEBKIT_LOAD_STARTED.rawValue:
            // A main-frame load to local content forces app-bound mode (§2). Set at the start, not
            // at the decision, which does not know the frame.
            if let url = try? WebURL(uri), policy.gate.decide(url, isMainFrame: true, state: state).forcesAppBoundMode {
                setForcedMode()
            }
        case WEBKIT_LOAD_COMMITTED.rawValue:
            guard let url = try? WebURL(uri) else { return }
            // Defence in depth: a main-frame document WebFence refuses must not stay.
            let verdict = policy.verdict(for: url, isMainFrame: true, state: state, origin: nil)
            guard verdict.allows else {
                webkit_web_view_stop_loading(view)
                mainFrameState = .notAppBound
                report(uri, .main, verdict.event)
                return
            }
            mainFrameURL = url
            mainFrameState = policy.mainFrameState(committing: url, state: state)
            state.hasNavigated = true
            report(uri, .main, .committed(mainFrameState))
        case WEBKIT_LOAD_FINISHED.rawValue:
            onLoadFinished?(uri)
        default:
            break
        }
    }

    /// Returns 1 to keep the page where it was (no engine error page) for WebFence's refusals.
    private func loadFailed(uri: String, domain: String, code: Int) -> Int32 {
        guard domain == "WebKitPolicyError" else { return 0 }
        if code == Self.blockedByContentRule, let entry = held.last(where: { $0.url == uri }) {
            report(uri, .main, entry.verdicts.main.event)
        }
        return 1
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
    var event: NavigationEvent.Outcome {
        switch self {
        case .allow(let state): .committed(state)
        case .fail(let error, let rule): .failed(error, rule)
        case .cancel(let ruling): .cancelled(reason: ruling.reason.code)
        case .openExternally(let ruling): .openedExternally(reason: ruling.reason.code)
        }
    }
}
