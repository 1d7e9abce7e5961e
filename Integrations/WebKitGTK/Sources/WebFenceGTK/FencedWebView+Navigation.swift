import AppBound
import CWebKitGTK
import CWebKitShim
import Foundation
import NavigationRules
import WebAddress
import WebFenceNavigation

/// Every navigation the engine asks about, decided by WebFence: the app's delegate, the navigation
/// rules and the app-bound gate, for the main frame and subframes (D55) and new windows (D57); and
/// what the engine then did (commit, failure), reported as `NavigationEvent`s.
extension FencedWebView {
    func connectSignals() {
        let owner = WeakOwner(self)
        wf_connect_decide_policy(
            view,
            { decision, type, uri, _, navigationType, context in
                let owner = borrowed(context, as: WeakOwner.self)
                return MainActor.assumeIsolated {
                    // A view whose wrapper is gone has no one to decide for it: nothing loads.
                    guard let webView = owner.webView else {
                        wf_policy_ignore(decision)
                        return 1
                    }
                    return webView.decide(
                        decision!, isNewWindow: UInt32(type) == WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION.rawValue,
                        uri: String(cString: uri!), navigationType: NavigationType(webKit: navigationType))
                }
            }, retainedContext(owner), destroyBox)
        wf_connect_load_changed(
            view,
            { event, uri, context in
                let owner = borrowed(context, as: WeakOwner.self)
                MainActor.assumeIsolated {
                    owner.webView?.loadChanged(event, uri: uri.map { String(cString: $0) } ?? "")
                }
            }, retainedContext(owner), destroyBox)
        wf_connect_load_failed(
            view,
            { uri, domain, code, _, context in
                let owner = borrowed(context, as: WeakOwner.self)
                return MainActor.assumeIsolated {
                    owner.webView?.loadFailed(
                        uri: String(cString: uri!), domain: String(cString: domain!), code: Int(code)) ?? 0
                }
            }, retainedContext(owner), destroyBox)
        wf_connect_create(
            view,
            { context in
                let owner = borrowed(context, as: WeakOwner.self)
                nonisolated(unsafe) var created: UnsafeMutablePointer<WebKitWebView>? = nil
                MainActor.assumeIsolated {
                    guard let opener = owner.webView, let popup = opener.onNewWindow?(opener) else { return }
                    opener.openedWindows.append(popup)
                    created = popup.view
                }
                return created
            }, retainedContext(owner), destroyBox)
    }

    func report(_ url: String, _ frame: NavigationEvent.Frame, _ outcome: NavigationEvent.Outcome) {
        onNavigation?(NavigationEvent(url: url, frame: frame, outcome: outcome))
    }

    /// The engine asks about a navigation. Returns 1: WebFence took the decision.
    private func decide(
        _ decision: UnsafeMutablePointer<WebKitPolicyDecision>, isNewWindow: Bool, uri: String,
        navigationType: NavigationType
    ) -> Int32 {
        if isNewWindow { return decideNewWindow(decision, uri: uri, navigationType: navigationType) }
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
        remember(navigationType, of: uri)
        let verdicts = verdicts(for: url, navigationType: navigationType)
        if case .download = verdicts.main.result, case .download = verdicts.sub.result {
            // The framework's own .download (PWABuilder's shell for blob:): as the app's, a download
            // that resets the page's state to none.
            mainFrameState = .none
            wf_policy_download(decision)
            report(uri, .unknown, .download)
            return 1
        }
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
    private func decideNewWindow(
        _ decision: UnsafeMutablePointer<WebKitPolicyDecision>, uri: String, navigationType: NavigationType
    ) -> Int32 {
        guard let (url, answer) = admit(uri, frame: .newWindow), answer == .allow else {
            wf_policy_ignore(decision)
            return 1
        }
        // A javascript: URL in a new window runs in that window's first document, with the
        // origin of the frame that opened it, before any guard of WebFence's can run there: under
        // limits, where that frame may be restricted, it is refused (D58).
        if url.scheme == "javascript", content.restriction(policy) == .nonAppBoundSubframes {
            wf_policy_ignore(decision)
            report(uri, .newWindow, .cancelled(reason: "javascript: in a new window under limits"))
            return 1
        }
        let verdict = policy.mainFrameVerdict(
            for: url, state: state.copiedForNewWindow, navigationType: navigationType, opensNewWindow: true)
        if verdict.allows {
            wf_policy_use(decision)
        } else {
            wf_policy_ignore(decision)
            report(uri, .newWindow, verdict.event)
        }
        return 1
    }

    private func hold(_ uri: String, _ verdicts: FrameVerdicts, _ decision: UnsafeMutablePointer<WebKitPolicyDecision>)
    {
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
        wf_set_content_rules(
            session.filterStore, manager, contentRulesID, json, resultTrampoline, retainedContext(handler))
    }

    private func loadChanged(_ event: Int32, uri: String) {
        switch UInt32(event) {
        case WEBKIT_LOAD_STARTED.rawValue:
            // A main-frame load to local content forces app-bound mode (§2). Set at the start, not
            // at the decision, which does not know the frame.
            if let url = try? WebURL(uri),
                policy.pipeline.gate.decide(url, isMainFrame: true, state: state).forcesAppBoundMode
            {
                setForcedMode()
            }
        case WEBKIT_LOAD_COMMITTED.rawValue:
            guard let url = try? WebURL(uri) else { return }
            // Defence in depth: a main-frame document WebFence refuses must not stay. The verdict
            // that allows it gives the frame its state; a framework judges it as it did when asked.
            let verdict = policy.mainFrameVerdict(for: url, state: state, navigationType: navigationType(of: uri))
            guard case .allow(let committed) = verdict.result else {
                webkit_web_view_stop_loading(view)
                mainFrameState = .notAppBound
                report(uri, .main, verdict.event)
                return
            }
            mainFrameURL = url
            mainFrameState = committed
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
        // A redirect's hop is held under its own URL, while the engine reports the main frame's
        // failure under the URL the load started with: then the newest hop refused in the top frame.
        if code == Self.blockedByContentRule,
            let entry = held.last(where: { $0.url == uri }) ?? held.last(where: { !$0.verdicts.main.allows })
        {
            report(entry.url, .main, entry.verdicts.main.event)
        }
        return 1
    }

    /// Keeps the navigation type WebKit gave `uri`'s decision, for the check at its commit (a
    /// framework's answer depends on it); the oldest go first, past `heldLimit`.
    private func remember(_ type: NavigationType, of uri: String) {
        navigationTypes.removeAll { $0.url == uri }
        navigationTypes.append((uri, type))
        if navigationTypes.count > Self.heldLimit { navigationTypes.removeFirst() }
    }

    /// The navigation type of `uri`'s latest decision: `.other` for a load the engine did not ask
    /// about (the app's own `load`).
    private func navigationType(of uri: String) -> NavigationType {
        navigationTypes.last { $0.url == uri }?.type ?? .other
    }
}
