import AppBound
import AssociatedDomains
import ManagedWebViews
import NavigationRules
import StrictJSON
import WebAddress

/// Where the platforms' sources disagree, the behaviour to simulate (each default is documented
/// in docs/decisions.md).
public struct SimulationOptions: Sendable {
    /// Whether `applinks:*.example.com` also covers `example.com` (D28: Apple's archived guide says
    /// no, the current system's code says yes; default no).
    public var wildcardCoversBaseDomain: Bool

    /// The options; each default is the documented choice.
    public init(wildcardCoversBaseDomain: Bool = false) {
        self.wildcardCoversBaseDomain = wildcardCoversBaseDomain
    }
}

/// The web view simulator: an app, its web views with their frame trees, and their data stores.
/// Each step of a scenario goes through the policies the way WebKit runs them, and comes back as
/// a typed `StepOutcome` with the rule behind it.
///
/// Navigations run as a pipeline, once per redirect hop: the app's navigation delegate (its
/// navigation rules), the managed-web-view `isExternalURL` question, the app-bound gate; then the
/// commit.
public struct Simulator: Sendable {
    /// The app, as the platform reads it.
    public let app: SimulatedApp
    var webViews: [String: SimulatedWebView] = [:]
    var dataStores: [String: SimulatedDataStore] = [:]
    /// Viewers and web views, and the managed-web-view policies set on them.
    var viewers = WebViewerTree()

    /// Creates the app and the web views a scenario declares.
    public init(scenario: Scenario, options: SimulationOptions = .init()) {
        var app = SimulatedApp(scenario.app)
        app.associations.wildcardCoversBaseDomain = options.wildcardCoversBaseDomain
        self.app = app
        dataStores["shared"] = SimulatedDataStore(cookies: [])
        for store in scenario.dataStores { dataStores[store.id] = SimulatedDataStore(cookies: store.cookies) }
        for viewer in scenario.viewers { viewers.addViewer(viewer.id, parent: viewer.parent) }
        for spec in scenario.webViews { addWebView(spec) }
    }

    mutating func addWebView(_ spec: Scenario.WebViewSpec) {
        createWebView(
            id: spec.id, viewer: spec.parent, dataStore: spec.dataStore,
            state: AppBoundWebViewState(configuredLimits: spec.limitsNavigationsToAppBoundDomains),
            userScripts: frameworkScripts + spec.userScripts, userStyleSheets: spec.userStyleSheets,
            navigationRules: spec.navigationRules)
    }

    /// The user scripts the app's framework adds to every web view it makes.
    var frameworkScripts: [Scenario.UserScriptSpec] {
        (app.framework?.bridge.userScripts ?? []).map { script in
            Scenario.UserScriptSpec(
                name: script.name, forMainFrameOnly: script.forMainFrameOnly,
                injectionTime: script.injectionTime == .atDocumentStart ? .atDocumentStart : .atDocumentEnd)
        }
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
    /// throws. Each action runs as its `StepAction` says.
    public mutating func perform(_ step: Scenario.Step) throws(ScenarioError) -> StepOutcome {
        try step.action.definition.run(in: &self, step: step)
    }

    /// The web view a step names; the step's frame must exist in it.
    func webView(_ step: Scenario.Step) throws(ScenarioError)
        -> SimulatedWebView
    {
        let at = "/steps/\(step.index)"
        guard let id = step.webView, let webView = webViews[id] else {
            throw ScenarioError(at + "/webView", "unknown web view \"\(step.webView ?? "")\"")
        }
        guard webView.frames[step.frame] != nil else {
            throw ScenarioError(
                at + "/frame",
                "web view \"\(id)\" has no frame \"\(step.frame)\" (frames: \(webView.frameOrder.joined(separator: ", ")))"
            )
        }
        return webView
    }

    /// §5: a restricted API used before the first navigation, with limits off, poisons the web view.
    mutating func markRestrictedUseBeforeNavigation(_ webView: SimulatedWebView, inMainFrame: Bool) {
        if RestrictedAPIs.marksUseBeforeNavigation(app: app.appBound, state: webView.appBound, inMainFrame: inMainFrame)
        {
            webViews[webView.id]?.appBound.usedRestrictedAPIBeforeNavigation = true
        }
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
