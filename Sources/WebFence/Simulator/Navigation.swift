import AppBound
import WebAddress

extension Simulator {
    /// A frame navigation: the app's navigation delegate, then the app-bound gate for the request
    /// and for each server redirect hop, then the commit. A failure leaves the frame where it was.
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
            return navigationOutcome(webView, frameID, result: "cancelled", decidedBy: "delegate", rule: .delegateCancelled)
        case .download:
            // A download passes and resets the page's app-bound state to none (decision D23).
            webView.frames["main"]?.state = .none
            return navigationOutcome(webView, frameID, result: "download", decidedBy: "delegate", rule: .delegateDownload)
        case .allow:
            break
        }

        // 2. The app-bound gate, for the request and again for every redirect hop.
        var decision: NavigationGate.Decision? = nil
        var judged = url
        for hop in [url] + redirects {
            // A subframe going to local content is judged by the frame's current origin (§2).
            let origin = !isMainFrame && AppBoundApp.isAlwaysAppBound(hop) ? webView.originURL(of: frameID) : nil
            let hopDecision = gate.decide(hop, isMainFrame: isMainFrame, origin: origin, state: webView.appBound)
            if hopDecision.forcesAppBoundMode { webView.appBound.forcedAppBoundMode = true }
            decision = hopDecision
            judged = origin ?? hop
            if case .fail(let error) = hopDecision.outcome {
                return navigationOutcome(
                    webView, frameID, result: "failed", error: error, decidedBy: "appBound", rule: hopDecision.rule,
                    lookup: hopDecision.lookup.map { ($0, origin ?? hop) }, hop: redirects.isEmpty ? nil : hop)
            }
        }

        // 3. The commit, with the state of the last hop.
        guard let decision, case .allow(let state) = decision.outcome else { return Outcome() }
        let committed = redirects.last ?? url
        // The window for "a restricted API before navigating" closes with the first main-frame
        // commit (decision D18).
        if isMainFrame { webView.appBound.hasNavigated = true }
        webView.commit(frame: frameID, url: committed, state: state)
        return navigationOutcome(
            webView, frameID, result: "committed", decidedBy: "appBound", rule: decision.rule,
            lookup: decision.lookup.map { ($0, judged) })
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
        let frame = webView.frames[frameID]
        let appBound: JSONValue = result == "committed" ? Self.json(frame?.state ?? .none) : .null
        var explanation = rule.summary
        // The lookup explains the rules that read it; local content and browsers do not.
        if let (lookup, url) = lookup, lookup.answer != .none, ![.alwaysAppBound, .browserAllows, .browserWithProhibitedUsage].contains(rule) {
            explanation += "; \(lookup.reason(for: url))"
        }
        if let hop { explanation += "; at the redirect to \(hop.href)" }
        explanation += " [\(rule.code), \(rule.section)]"
        return Outcome(
            [
                "result": .string(result),
                "error": error.map { .int($0.code) } ?? .null,
                "appBound": appBound,
                "forcedAppBoundMode": .bool(webView.appBound.forcedAppBoundMode),
                "decidedBy": .string(decidedBy),
                "rule": .string(rule.code),
                "url": .string(frame?.url?.href),
                // Set when another policy sends the URL elsewhere (issue 5); never by App-Bound Domains.
                "openedURL": .null,
            ],
            explanation: explanation)
    }
}
