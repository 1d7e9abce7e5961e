import AppBound
import ManagedWebViews
import NavigationRules
import WebAddress

extension Simulator {
    /// A frame navigation: the app's navigation delegate (the scenario's `delegate` answer, then
    /// the web view's navigation rules), the managed-web-view `isExternalURL` question for a main
    /// frame, and the app-bound gate, for the request and again for each server redirect hop; then
    /// the commit. Anything but an allow leaves the frame where it was.
    mutating func navigate(
        _ webViewID: String, frame frameID: String, to url: WebURL, redirects: [WebURL] = [],
        delegate: Scenario.Action.DelegateDecision = .allow
    ) -> Outcome {
        guard var webView = webViews[webViewID] else { return Outcome() }
        defer { webViews[webViewID] = webView }
        let isMainFrame = frameID == "main"

        // 1. The app's own decidePolicyFor navigationAction runs first.
        switch delegate {
        case .cancel:
            return navigationOutcome(
                webView, frameID, result: "cancelled", decidedBy: "delegate", rule: .delegateCancelled)
        case .download:
            // A download passes and resets the page's app-bound state to none (decision D23).
            webView.frames["main"]?.state = .none
            return navigationOutcome(
                webView, frameID, result: "download", decidedBy: "delegate", rule: .delegateDownload)
        case .allow:
            break
        }

        var decision: NavigationGate.Decision? = nil
        var judged = url
        var pageIsUnmanaged = false
        /// What the managed-web-view question answered, when it was asked, for the explanation.
        var managedNote: String? = nil
        for hop in [url] + redirects {
            let at = redirects.isEmpty ? nil : hop
            // 2. The navigation rules, the app's delegate in code (they run before the gate: a
            //    cancel means no gate). Each hop is a navigation of its own.
            if let rules = webView.navigationRules {
                let ruling = rules.decide(hop, frame: isMainFrame ? .main : .sub)
                switch ruling.action {
                case .allow: break
                case .cancel:
                    return rulesOutcome(webView, frameID, result: "cancelled", ruling: ruling, hop: at)
                case .openExternally:
                    return openExternally(webView, frameID, hop, ruling: ruling, at: at)
                }
            }
            // 3. The managed-web-view SDK asks isExternalURL at each new page of a main frame.
            if isMainFrame {
                let external = app.managed.externalNavigation(
                    to: hop, webView: webViewID, in: viewers, isExternalURL: webView.policyDelegate?.isExternal)
                // Said on every main-frame outcome while a managed account is signed in, so that
                // a delegate that never fires shows why (managed-web-views.md §6).
                if app.managed.hasManagedAccount { managedNote = external.rule.description }
                // Each hop is a new page: the last one decides what the web view shows.
                pageIsUnmanaged = external.outcome == .proceedAsUnmanaged
                switch external.outcome {
                case .stay, .proceedAsUnmanaged: break
                case .openInManagedBrowser(let target):
                    return managedOutcome(
                        webView, frameID, result: "openedInManagedBrowser", external.rule, opened: target, hop: at)
                case .blockedBrowserMissing:
                    return managedOutcome(webView, frameID, result: "cancelled", external.rule, opened: nil, hop: at)
                }
            }
            // 4. The app-bound gate. A subframe going to local content is judged by the frame's
            //    current origin (§2).
            let origin = !isMainFrame && AppBoundApp.isAlwaysAppBound(hop) ? webView.originURL(of: frameID) : nil
            let hopDecision = gate.decide(hop, isMainFrame: isMainFrame, origin: origin, state: webView.appBound)
            if hopDecision.forcesAppBoundMode { webView.appBound.forcedAppBoundMode = true }
            decision = hopDecision
            judged = origin ?? hop
            if case .fail(let error) = hopDecision.outcome {
                return navigationOutcome(
                    webView, frameID, result: "failed", error: error, decidedBy: "appBound", rule: hopDecision.rule,
                    lookup: hopDecision.lookup.map { ($0, origin ?? hop) }, hop: at)
            }
        }

        // 5. The commit, with the state of the last hop.
        guard let decision, case .allow(let state) = decision.outcome else { return Outcome() }
        let committed = redirects.last ?? url
        // The window for "a restricted API before navigating" closes with the first main-frame
        // commit (decision D18).
        if isMainFrame {
            webView.appBound.hasNavigated = true
            viewers.setShowsExternalPage(pageIsUnmanaged, webView: webViewID)
        }
        webView.commit(frame: frameID, url: committed, state: state)
        var outcome = navigationOutcome(
            webView, frameID, result: "committed", decidedBy: "appBound", rule: decision.rule,
            lookup: decision.lookup.map { ($0, judged) })
        if let managedNote { outcome.explanation = managedNote + "; then " + (outcome.explanation ?? "") }
        return outcome
    }

    /// Navigation rules said `openExternally`: the system opens the URL instead. Under a managed
    /// identity whose tenant requires a managed browser, the SDK routes that URL too (D45); for an
    /// unmanaged web view `externalNavigation` answers `stay`, and the system browser opens it.
    private func openExternally(
        _ webView: SimulatedWebView, _ frameID: String, _ url: WebURL, ruling: NavigationDecision, at hop: WebURL?
    ) -> Outcome {
        let route = app.managed.externalNavigation(
            to: url, webView: webView.id, in: viewers, isExternalURL: { _ in true })
        switch route.outcome {
        case .openInManagedBrowser(let target):
            return managedOutcome(
                webView, frameID, result: "openedInManagedBrowser", route.rule, opened: target, hop: hop, after: ruling)
        case .blockedBrowserMissing:
            return managedOutcome(
                webView, frameID, result: "cancelled", route.rule, opened: nil, hop: hop, after: ruling)
        default:
            return rulesOutcome(
                webView, frameID, result: "openedExternally", ruling: ruling, opened: url.href, hop: hop)
        }
    }

    private func rulesOutcome(
        _ webView: SimulatedWebView, _ frameID: String, result: String, ruling: NavigationDecision,
        opened: String? = nil,
        hop: WebURL?
    ) -> Outcome {
        var explanation = "navigation rules: " + ruling.explanation
        if let hop { explanation += "; at the redirect to \(hop.href)" }
        return navigationFields(
            webView, frameID, result: result, decidedBy: "navigationRules", rule: ruling.reason.code, opened: opened,
            explanation: explanation)
    }

    private func managedOutcome(
        _ webView: SimulatedWebView, _ frameID: String, result: String, _ rule: ManagedWebViewRule, opened: String?,
        hop: WebURL?, after ruling: NavigationDecision? = nil
    ) -> Outcome {
        var explanation = rule.description
        if let ruling { explanation = "navigation rules: \(ruling.explanation); then \(explanation)" }
        if let hop { explanation += "; at the redirect to \(hop.href)" }
        return navigationFields(
            webView, frameID, result: result, decidedBy: "managedWebViews", rule: rule.code, opened: opened,
            explanation: explanation)
    }

    /// `loadHTMLString` and `loadData`: an HTML document forces app-bound mode at call time (not for
    /// a browser); the base URL (nil means `about:blank`) then goes through the gate (§2).
    mutating func loadDocument(_ webViewID: String, isHTML: Bool, baseURL: WebURL?) -> Outcome {
        if isHTML, !app.appBound.isBrowser { webViews[webViewID]?.appBound.forcedAppBoundMode = true }
        guard let target = baseURL ?? (try? WebURL("about:blank")) else { return Outcome() }
        return navigate(webViewID, frame: "main", to: target)
    }

    private func navigationOutcome(
        _ webView: SimulatedWebView, _ frameID: String, result: String, error: WKError? = nil, decidedBy: String,
        rule: AppBoundRule, lookup: (AppBoundLookup, WebURL)? = nil, hop: WebURL? = nil
    ) -> Outcome {
        var explanation = rule.summary
        // The lookup explains the rules that read it; local content and browsers do not.
        if let (lookup, url) = lookup, lookup.answer != .none,
            ![.alwaysAppBound, .browserAllows, .browserWithProhibitedUsage].contains(rule)
        {
            explanation += "; \(lookup.reason(for: url))"
        }
        if let hop { explanation += "; at the redirect to \(hop.href)" }
        explanation += " [\(rule.code), \(rule.section)]"
        return navigationFields(
            webView, frameID, result: result, error: error, decidedBy: decidedBy, rule: rule.code, opened: nil,
            explanation: explanation)
    }

    /// The fields of every navigation outcome, in the order of spec/interfaces.md §1.
    private func navigationFields(
        _ webView: SimulatedWebView, _ frameID: String, result: String, error: WKError? = nil, decidedBy: String,
        rule: String, opened: String?, explanation: String
    ) -> Outcome {
        let frame = webView.frames[frameID]
        let appBound: JSONValue = result == "committed" ? Self.json(frame?.state ?? .none) : .null
        return Outcome(
            [
                "result": .string(result),
                "error": error.map { .int($0.code) } ?? .null,
                "appBound": appBound,
                "forcedAppBoundMode": .bool(webView.appBound.forcedAppBoundMode),
                "decidedBy": .string(decidedBy),
                "rule": .string(rule),
                "url": .string(frame?.url?.href),
                "openedURL": .string(opened),
            ],
            explanation: explanation)
    }
}
