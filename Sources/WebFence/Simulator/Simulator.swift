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
    var webViews: [String: SimulatedWebView] = [:]
    var dataStores: [String: SimulatedDataStore] = [:]
    /// Viewers and web views, and the managed-web-view policies set on them.
    var viewers = WebViewerTree()

    /// Creates the app and the web views a scenario declares.
    public init(scenario: Scenario, options: SimulationOptions = .init()) throws(ScenarioError) {
        var app = try SimulatedApp(scenario.app)
        app.associations.wildcardCoversBaseDomain = options.wildcardCoversBaseDomain
        self.app = app
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

    @discardableResult
    mutating func createWebView(
        id: String, viewer: String?, dataStore: String, state: AppBoundWebViewState,
        userScripts: [Scenario.UserScriptSpec], userStyleSheets: Int, navigationRules: NavigationRuleSet?
    ) -> SimulatedWebView {
        var state = state
        // §5: user style sheets in the configuration at creation count as a restricted API used
        // before the first navigation.
        if userStyleSheets > 0,
            RestrictedAPIs.marksUseBeforeNavigation(app: app.appBound, state: state, inMainFrame: true)
        {
            state.usedRestrictedAPIBeforeNavigation = true
        }
        let webView = SimulatedWebView(
            id: id, viewer: viewer, dataStore: dataStore, appBound: state, userScripts: userScripts,
            userStyleSheets: userStyleSheets, navigationRules: navigationRules)
        webViews[id] = webView
        viewers.addWebView(id, parent: viewer)
        return webView
    }

    // MARK: - Steps

    /// Runs one step; a reference that does not resolve (a web view or frame that does not exist)
    /// throws. Each action goes to the concern that runs it.
    public mutating func perform(_ step: Scenario.Step) throws(ScenarioError) -> StepOutcome {
        switch step.action {
        // The app as a whole.
        case .itp: return trackingPrevention()
        case .appBoundDomains: return appBoundDomains()
        case .openUniversalLink(let url, let source): return .universalLink(app.associations.open(url, from: source))
        // Navigations.
        case .load(let url, let redirects, let delegate):
            let webView = try webView(step)
            return .navigation(navigate(webView, frame: step.frame, to: url, redirects: redirects, delegate: delegate))
        case .loadHTMLString(let baseURL): return loadDocument(try webView(step), isHTML: true, baseURL: baseURL)
        case .loadData(let mimeType, let baseURL):
            return loadDocument(try webView(step), isHTML: Self.isHTML(mimeType), baseURL: baseURL)
        case .addFrame(let id, let parent, let url):
            return try addFrame(
                id, parent: parent, url: url, in: try webView(step, creatingFrame: true), at: "/steps/\(step.index)")
        case .navigateFrame(let url): return .navigation(navigate(try webView(step), frame: step.frame, to: url))
        case .openWindow(let id, let url): return openWindow(id, url: url, openedBy: try webView(step))
        case .setConfiguration:
            _ = try webView(step)
            return .changed(.configurationIgnored)
        // Restricted APIs.
        case .evaluateJavaScript: return evaluateJavaScript(in: try webView(step), frame: step.frame)
        case .addUserScript(let script): return addUserScript(script, to: try webView(step))
        case .addUserStyleSheet: return addUserStyleSheet(to: try webView(step))
        case .userScriptFrames: return userScriptFrames(of: try webView(step))
        case .styleSheetApplied: return styleSheetApplied(in: try webView(step))
        case .postMessage: return postMessage(in: try webView(step), frame: step.frame)
        case .registerServiceWorker(let scope): return registerServiceWorker(scope, from: try webView(step))
        // Cookies.
        case .setCookie(let cookie): return setCookie(cookie, from: try webView(step))
        case .getAllCookies: return cookies(of: try webView(step), forHost: nil)
        case .getCookies(let url):
            return cookies(of: try webView(step), forHost: url.host.map { $0.description.lowercased() } ?? "")
        case .deleteCookie(let domain, let name):
            return deleteCookie(domain: domain, name: name, from: try webView(step))
        case .state: return state(of: try webView(step))
        // Managed web views.
        case .setWebViewPolicy(let viewer, let policy):
            viewers.setPolicy(policy, forWebViewer: viewer)
            return .changed(.webViewPolicySet(viewer: viewer, policy: policy))
        case .addWebView(let spec):
            addWebView(spec)
            return .changed(.webViewAdded(id: spec.id, identity: app.managed.identity(of: spec.id, in: viewers)))
        case .setPolicyDelegate(let urls, let hosts):
            return setPolicyDelegate(PolicyDelegate(internalURLs: urls, internalHosts: hosts), on: try webView(step))
        case .copy: return .copy(app.managed.copy(from: try webView(step).id, in: viewers))
        case .paste(let source, let characters):
            return try paste(from: source, characters: characters, into: webView(step), at: "/steps/\(step.index)")
        case .upload: return .upload(app.managed.upload(from: try webView(step).id, in: viewers))
        }
    }

    /// The web view a step names, with its frame (which must exist, unless the step creates it).
    private func webView(_ step: Scenario.Step, creatingFrame: Bool = false) throws(ScenarioError)
        -> SimulatedWebView
    {
        let at = "/steps/\(step.index)"
        guard let id = step.webView, let webView = webViews[id] else {
            throw ScenarioError(at + "/webView", "unknown web view \"\(step.webView ?? "")\"")
        }
        guard creatingFrame || webView.frames[step.frame] != nil else {
            throw ScenarioError(
                at + "/frame",
                "web view \"\(id)\" has no frame \"\(step.frame)\" (frames: \(webView.frameOrder.joined(separator: ", ")))"
            )
        }
        return webView
    }

    /// `itp`: Intelligent Tracking Prevention for the app's web views (§7).
    private func trackingPrevention() -> StepOutcome {
        .trackingPrevention(
            IntelligentTrackingPrevention.status(
                app: app.appBound, userAllowsCrossWebsiteTracking: app.userAllowsCrossWebsiteTracking))
    }

    /// `appBoundDomains`: the list as the engine read it.
    private func appBoundDomains() -> StepOutcome {
        let domains = app.appBound.domains
        return .appBoundDomains(
            domains: (domains?.domains ?? []).sorted(), schemes: (domains?.schemes ?? []).sorted(), summary: app.summary
        )
    }

    /// `state`: the web view's main frame and what it remembers.
    private func state(of webView: SimulatedWebView) -> StepOutcome {
        .webViewState(url: webView.mainFrame.url, mainFrame: webView.mainFrame.state, state: webView.appBound)
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
