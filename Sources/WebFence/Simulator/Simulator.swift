import AppBound
import AssociatedDomains
import ManagedWebViews
import NavigationRules
import WebAddress

/// Where the platforms' sources disagree, the behaviour to simulate (each default is documented
/// in docs/decisions.md).
public struct SimulationOptions: Sendable {
    /// Whether `applinks:*.example.com` also covers `example.com` (D28: Apple's archived guide says
    /// no, the current system's code says yes; default no).
    public var wildcardCoversBaseDomain: Bool

    public init(wildcardCoversBaseDomain: Bool = false) {
        self.wildcardCoversBaseDomain = wildcardCoversBaseDomain
    }
}

/// The web view simulator: an app, its web views with their frame trees, and their data stores.
/// Each step of a scenario goes through the policies the way WebKit runs them, and comes back as
/// an `Outcome` with the rule behind it.
///
/// Navigations run as a pipeline, once per redirect hop: the app's navigation delegate (its
/// navigation rules), the managed-web-view `isExternalURL` question, the app-bound gate; then the
/// commit.
public struct Simulator: Sendable {
    public let app: SimulatedApp
    let gate: NavigationGate
    var webViews: [String: SimulatedWebView] = [:]
    var dataStores: [String: SimulatedDataStore] = [:]
    /// Viewers and web views, and the managed-web-view policies set on them.
    var viewers = WebViewerTree()

    /// Creates the app and the web views a scenario declares.
    public init(scenario: Scenario, options: SimulationOptions = .init()) throws(ScenarioError) {
        var app = try SimulatedApp(scenario.app)
        app.associations.wildcardCoversBaseDomain = options.wildcardCoversBaseDomain
        self.app = app
        gate = NavigationGate(app: app.appBound)
        dataStores["shared"] = SimulatedDataStore(cookies: [])
        for store in scenario.dataStores { dataStores[store.id] = SimulatedDataStore(cookies: store.cookies) }
        for viewer in scenario.viewers { viewers.addViewer(viewer.id, parent: viewer.parent) }
        for spec in scenario.webViews { addWebView(spec) }
    }

    private mutating func addWebView(_ spec: Scenario.WebViewSpec) {
        createWebView(
            id: spec.id, viewer: spec.parent, dataStore: spec.dataStore,
            state: AppBoundWebViewState(configuredLimits: spec.limitsNavigationsToAppBoundDomains),
            userScripts: spec.userScripts, userStyleSheets: spec.userStyleSheets, navigationRules: spec.navigationRules)
    }

    private mutating func createWebView(
        id: String, viewer: String?, dataStore: String, state: AppBoundWebViewState,
        userScripts: [Scenario.UserScriptSpec], userStyleSheets: Int, navigationRules: NavigationRuleSet?
    ) {
        var state = state
        // §5: user style sheets in the configuration at creation count as a restricted API used
        // before the first navigation.
        if userStyleSheets > 0,
            RestrictedAPIs.marksUseBeforeNavigation(app: app.appBound, state: state, inMainFrame: true)
        {
            state.usedRestrictedAPIBeforeNavigation = true
        }
        webViews[id] = SimulatedWebView(
            id: id, viewer: viewer, dataStore: dataStore, appBound: state, userScripts: userScripts,
            userStyleSheets: userStyleSheets, navigationRules: navigationRules)
        viewers.addWebView(id, parent: viewer)
    }

    // MARK: - Steps

    /// Runs one step; a reference that does not resolve (a frame that does not exist) throws.
    public mutating func perform(_ step: Scenario.Step) throws(ScenarioError) -> Outcome {
        let at = "/steps/\(step.index)"
        if case .itp = step.action {
            let status = IntelligentTrackingPrevention.status(
                app: app.appBound, userAllowsCrossWebsiteTracking: app.userAllowsCrossWebsiteTracking)
            return Outcome(
                [
                    "enabled": .bool(status.enabled), "settingsSwitchShown": .bool(status.settingsSwitchShown),
                    "rule": .string(status.rule.code),
                ],
                explanation: status.rule.description)
        }
        if case .appBoundDomains = step.action {
            let domains = app.appBound.domains
            return Outcome(
                [
                    "domains": .array((domains?.domains ?? []).sorted().map(JSONValue.string)),
                    "schemes": .array((domains?.schemes ?? []).sorted().map(JSONValue.string)),
                ],
                explanation: app.summary.joined(separator: "; "))
        }
        switch step.action {
        case .setWebViewPolicy(let viewer, let policy):
            viewers.setPolicy(policy, forWebViewer: viewer)
            return Outcome(
                explanation:
                    "\(policy.name) is set on \(viewer): it applies to every web view at or below it, now and later, unless a nearer policy overrides it (§2)"
            )
        case .addWebView(let spec):
            addWebView(spec)
            let identity = app.managed.identity(of: spec.id, in: viewers)
            return Outcome(explanation: "web view \(spec.id) added; \(identity)")
        default: break
        }
        if case .openUniversalLink(let url, let source) = step.action {
            let opening = app.associations.open(url, from: source)
            let decision = opening.decision
            return Outcome(
                [
                    "opens": .string(opening.opensApp ? "app" : "browser"), "appID": .string(opening.appID),
                    "rule": .string(decision?.rule?.pointer), "decision": .string(decision?.outcome.rawValue),
                    "reason": .string(opening.reason),
                ],
                explanation: opening.message)
        }
        guard let webViewID = step.webView, var webView = webViews[webViewID] else {
            throw ScenarioError(at + "/webView", "unknown web view \"\(step.webView ?? "")\"")
        }
        guard webView.frames[step.frame] != nil || isCreatingFrame(step.action) else {
            throw ScenarioError(
                at + "/frame",
                "web view \"\(webViewID)\" has no frame \"\(step.frame)\" (frames: \(webView.frameOrder.joined(separator: ", ")))"
            )
        }
        let inMainFrame = step.frame == "main"

        switch step.action {
        case .load(let url, let redirects, let delegate):
            return navigate(webViewID, frame: step.frame, to: url, redirects: redirects, delegate: delegate)

        case .loadHTMLString(let baseURL):
            return loadDocument(webViewID, isHTML: true, baseURL: baseURL)

        case .loadData(let mimeType, let baseURL):
            // The MIME type's essence: `text/html; charset=utf-8` is HTML too.
            let essence = mimeType.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
            return loadDocument(webViewID, isHTML: essence == "text/html", baseURL: baseURL)

        case .addFrame(let id, let parent, let url):
            guard webView.frames[parent] != nil else {
                throw ScenarioError(at + "/addFrame/parent", "web view \"\(webViewID)\" has no frame \"\(parent)\"")
            }
            guard webView.frames[id] == nil else {
                throw ScenarioError(at + "/addFrame/id", "web view \"\(webViewID)\" already has a frame \"\(id)\"")
            }
            webView.frames[id] = SimulatedWebView.Frame(id: id, parent: parent)
            webView.frameOrder.append(id)
            webViews[webViewID] = webView
            return navigate(webViewID, frame: id, to: url)

        case .navigateFrame(let url):
            return navigate(webViewID, frame: step.frame, to: url)

        case .openWindow(let id, let url):
            // The decision to open a window is not gated; the new web view copies the opener's
            // configuration (its configured limits, not its forced mode or its before-navigation
            // flag), and its first load is an ordinary navigation under those limits (§3, D16).
            // The app gives the new web view the opener's navigation delegate (its rules, D44); the
            // managed-web-view policy delegate is set per web view, so the new one has none (§4).
            createWebView(
                id: id, viewer: webView.viewer, dataStore: webView.dataStore,
                state: webView.appBound.copiedForNewWindow,
                userScripts: webView.userScripts, userStyleSheets: webView.userStyleSheets,
                navigationRules: webView.navigationRules)
            var outcome = navigate(id, frame: "main", to: url)
            if webView.policyDelegate != nil, app.managed.identity(of: id, in: viewers).identity == .managed {
                outcome.explanation =
                    (outcome.explanation ?? "")
                    + "; beware: the opener \(webViewID) has a policy delegate and this new web view has none, so isExternalURL is never asked for it (set one in createWebViewWith, §4)"
            }
            return outcome

        case .setConfiguration:
            return Outcome(
                explanation: "changing limitsNavigationsToAppBoundDomains on an existing web view has no effect (§3)")

        case .evaluateJavaScript:
            markRestrictedUseBeforeNavigation(&webView, inMainFrame: inMainFrame)
            webViews[webViewID] = webView
            let (decision, error) = RestrictedAPIs.evaluateJavaScript(
                frameAndAncestors: webView.statesUpward(from: step.frame))
            return Outcome(
                [
                    "result": .string(error == nil ? "ok" : "failed"), "error": error.map { .int($0.code) } ?? .null,
                    "rule": .string(decision.rule.code),
                ],
                explanation: decision.rule.description)

        case .addUserScript(let script):
            webView.userScripts.append(script)
            webViews[webViewID] = webView
            return Outcome(
                explanation:
                    "the script is injected from the next document load on, into frames that are not restricted")

        case .addUserStyleSheet:
            markRestrictedUseBeforeNavigation(&webView, inMainFrame: true)
            webView.userStyleSheets += 1
            webViews[webViewID] = webView
            return Outcome(explanation: "user style sheets apply only while the main frame is not restricted")

        case .userScriptFrames:
            let frames = webView.loadedFrames.filter { frame in
                frame.scripts.contains { !$0.forMainFrameOnly || frame.id == "main" }
                    && RestrictedAPIs.frame(withStates: webView.statesUpward(from: frame.id)).allowed
            }
            return Outcome(
                ["frames": .array(frames.map { .string($0.id) })],
                explanation: "user scripts are silently not injected into restricted frames (§4)")

        case .styleSheetApplied:
            let decision = RestrictedAPIs.userStyleSheet(mainFrame: webView.mainFrame.state)
            let applied = webView.userStyleSheets > 0 && webView.mainFrame.url != nil && decision.allowed
            return Outcome(
                ["applied": .bool(applied), "rule": .string(decision.rule.code)],
                explanation: webView.userStyleSheets == 0
                    ? "the web view has no user style sheet" : decision.rule.description)

        case .postMessage:
            let decision = RestrictedAPIs.frame(withStates: webView.statesUpward(from: step.frame))
            return Outcome(
                ["delivered": .bool(decision.allowed), "rule": .string(decision.rule.code)],
                explanation: decision.allowed
                    ? decision.rule.description
                    : "window.webkit.messageHandlers is absent in a restricted frame; the app receives nothing (§4)")

        case .setCookie(let cookie):
            let (admitted, rule) = CookieFilter(app: app.appBound).admits(cookieDomain: cookie.domain)
            if admitted {
                dataStores[webView.dataStore, default: SimulatedDataStore(cookies: [])].cookies.removeAll {
                    SimulatedDataStore.sameCookie($0, domain: cookie.domain, name: cookie.name)
                }
                dataStores[webView.dataStore, default: SimulatedDataStore(cookies: [])].cookies.append(cookie)
            }
            return Outcome(
                ["stored": .bool(admitted), "rule": .string(rule.code)],
                explanation: admitted ? rule.description : rule.description + "; the completion handler is still called"
            )

        case .getAllCookies:
            return cookieList(dataStores[webView.dataStore]?.cookies ?? [])

        case .getCookies(let url):
            let host = url.host.map { $0.description.lowercased() } ?? ""
            return cookieList(dataStores[webView.dataStore]?.cookies(forHost: host) ?? [])

        case .deleteCookie(let domain, let name):
            let before = dataStores[webView.dataStore]?.cookies.count ?? 0
            dataStores[webView.dataStore]?.cookies.removeAll {
                SimulatedDataStore.sameCookie($0, domain: domain, name: name)
            }
            let deleted = (dataStores[webView.dataStore]?.cookies.count ?? 0) < before
            return Outcome(["deleted": .bool(deleted)], explanation: AppBoundRule.cookieDeleteUnfiltered.description)

        case .registerServiceWorker(let scope):
            let store = dataStores[webView.dataStore] ?? SimulatedDataStore(cookies: [])
            let (result, rule, registration) = ServiceWorkerPolicy(app: app.appBound).register(
                scope: scope, topURL: webView.mainFrame.url, limits: webView.appBound.limits,
                registered: store.serviceWorkers)
            if let registration { dataStores[webView.dataStore, default: store].serviceWorkers.append(registration) }
            return Outcome(
                ["result": .string(result.rawValue), "rule": .string(rule.code)], explanation: rule.description)

        case .state:
            return Outcome([
                "url": .string(webView.mainFrame.url?.href),
                "appBound": Self.json(webView.mainFrame.state),
                "forcedAppBoundMode": .bool(webView.appBound.forcedAppBoundMode),
                "limits": .bool(webView.appBound.limits),
                "usedRestrictedAPIBeforeNavigation": .bool(webView.appBound.usedRestrictedAPIBeforeNavigation),
            ])

        case .setPolicyDelegate(let urls, let hosts):
            webView.policyDelegate = PolicyDelegate(internalURLs: urls, internalHosts: hosts)
            webViews[webViewID] = webView
            return Outcome(
                explanation:
                    "isExternalURL is asked at each new page of \(webViewID) while its identity is managed (§4)")

        case .copy:
            let decision = app.managed.copy(from: webViewID, in: viewers)
            return Outcome(
                ["identity": .string(decision.identity.rawValue), "rule": .string(decision.rule.code)],
                explanation: "copied data is tagged \(decision.identity.rawValue): \(decision.rule)")

        case .paste(let source, let characters):
            let data: DataIdentity
            switch source {
            case .identity(let identity): data = identity
            case .webView(let id):
                guard webViews[id] != nil else { throw ScenarioError(at + "/paste/from", "unknown web view \"\(id)\"") }
                data = app.managed.copy(from: id, in: viewers).identity
            }
            let decision = app.managed.paste(data, characters: characters, into: webViewID, in: viewers)
            return Outcome(
                [
                    "allowed": .bool(decision.allowed), "reason": .string(decision.reason),
                    "rule": .string(decision.rule.code),
                ],
                explanation: decision.rule.description)

        case .upload:
            let decision = app.managed.upload(from: webViewID, in: viewers)
            return Outcome(
                ["allowed": .bool(decision.allowed), "rule": .string(decision.rule.code)],
                explanation: decision.rule.description)

        case .itp, .appBoundDomains, .openUniversalLink, .setWebViewPolicy, .addWebView:
            preconditionFailure("app-wide actions are answered before a web view is looked up")
        }
    }

    private func isCreatingFrame(_ action: Scenario.Action) -> Bool {
        if case .addFrame = action { return true }
        return false
    }

    /// §5: a restricted API used before the first navigation, with limits off, poisons the web view.
    private func markRestrictedUseBeforeNavigation(_ webView: inout SimulatedWebView, inMainFrame: Bool) {
        if RestrictedAPIs.marksUseBeforeNavigation(app: app.appBound, state: webView.appBound, inMainFrame: inMainFrame)
        {
            webView.appBound.usedRestrictedAPIBeforeNavigation = true
        }
    }

    private func cookieList(_ cookies: [Scenario.CookieSpec]) -> Outcome {
        let filter = CookieFilter(app: app.appBound)
        let visible = cookies.filter { filter.admits(cookieDomain: $0.domain).admitted }
        let hidden = cookies.count - visible.count
        let explanation =
            filter.isActive
            ? "cookies whose domain is not app-bound are filtered out (\(hidden) hidden) (§4)"
            : AppBoundRule.cookieFilteringOff.description
        return Outcome(
            ["cookies": .array(SimulatedDataStore.names(visible).map(JSONValue.string))], explanation: explanation)
    }

    /// A frame's app-bound state as outcomes report it: true, false, or null for none.
    public static func json(_ state: FrameAppBoundState) -> JSONValue {
        switch state {
        case .none: .null
        case .appBound: .bool(true)
        case .notAppBound: .bool(false)
        }
    }
}
