import AppBound

/// The APIs App-Bound Domains restrict (§4, §5): scripts, style sheets, message handlers, service
/// workers.
extension Simulator {
    /// `evaluateJavaScript` in a frame: error 14 where the frame or an ancestor is not app-bound.
    mutating func evaluateJavaScript(in webView: SimulatedWebView, frame: String) -> StepOutcome {
        markRestrictedUseBeforeNavigation(webView, inMainFrame: frame == "main")
        return .javaScript(RestrictedAPIs.evaluateJavaScript(frameAndAncestors: webView.statesUpward(from: frame)))
    }

    /// `addUserScript`: it runs from the next document on.
    mutating func addUserScript(_ script: Scenario.UserScriptSpec, to webView: SimulatedWebView) -> StepOutcome {
        webViews[webView.id]?.userScripts.append(script)
        return .changed(.userScriptAdded)
    }

    /// `addUserStyleSheet`: a restricted API use, judged later by the main frame alone.
    mutating func addUserStyleSheet(to webView: SimulatedWebView) -> StepOutcome {
        markRestrictedUseBeforeNavigation(webView, inMainFrame: true)
        webViews[webView.id]?.userStyleSheets += 1
        return .changed(.userStyleSheetAdded)
    }

    /// `userScriptFrames`: the loaded frames a user script reached (none that are restricted).
    func userScriptFrames(of webView: SimulatedWebView) -> StepOutcome {
        let frames = webView.loadedFrames.filter { frame in
            frame.scripts.contains { !$0.forMainFrameOnly || frame.id == "main" }
                && RestrictedAPIs.frame(withStates: webView.statesUpward(from: frame.id)).allowed
        }
        return .userScriptFrames(frames.map(\.id))
    }

    /// `styleSheetApplied`: judged by the main frame's state.
    func styleSheetApplied(in webView: SimulatedWebView) -> StepOutcome {
        .styleSheet(
            RestrictedAPIs.userStyleSheet(mainFrame: webView.mainFrame.state), hasSheet: webView.userStyleSheets > 0,
            hasDocument: webView.mainFrame.url != nil)
    }

    /// `postMessage`: the message handlers exist only in frames that are not restricted.
    func postMessage(in webView: SimulatedWebView, frame: String) -> StepOutcome {
        .message(RestrictedAPIs.frame(withStates: webView.statesUpward(from: frame)))
    }

    /// `registerServiceWorker` from the web view's top frame, into its data store.
    mutating func registerServiceWorker(_ scope: WebURL, from webView: SimulatedWebView) -> StepOutcome {
        let store = dataStores[webView.dataStore] ?? SimulatedDataStore(cookies: [])
        let decision = ServiceWorkerPolicy(app: app.appBound).register(
            scope: scope, topURL: webView.mainFrame.url, limits: webView.appBound.limits,
            registered: store.serviceWorkers)
        if let registration = decision.newRegistration {
            dataStores[webView.dataStore, default: store].serviceWorkers.append(registration)
        }
        return .serviceWorker(decision)
    }

    /// §5: a restricted API used before the first navigation, with limits off, poisons the web view.
    private mutating func markRestrictedUseBeforeNavigation(_ webView: SimulatedWebView, inMainFrame: Bool) {
        if RestrictedAPIs.marksUseBeforeNavigation(app: app.appBound, state: webView.appBound, inMainFrame: inMainFrame)
        {
            webViews[webView.id]?.appBound.usedRestrictedAPIBeforeNavigation = true
        }
    }
}
