// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// (The members that implement `StepAction` take its documentation: DocC shows the protocol's.)

import AppBound
import ManagedWebViews
import WebAddress

/// The actions of the app as a whole (no `webView` key).
extension Scenario.Action {
    /// `itp`: Intelligent Tracking Prevention for the app's web views (§7).
    public struct TrackingPrevention: StepAction {
        public static let name = "itp"
        public static let target = StepTarget.app
        public static let outcomeFields = ["enabled", "settingsSwitchShown", "rule"]

        public init(_ reader: inout ActionReader) throws(ScenarioError) { try reader.emptyObject() }

        public func run(in simulator: inout Simulator, step: Scenario.Step) throws(ScenarioError) -> StepOutcome {
            .trackingPrevention(
                IntelligentTrackingPrevention.status(
                    app: simulator.app.appBound,
                    userAllowsCrossWebsiteTracking: simulator.app.userAllowsCrossWebsiteTracking
                ))
        }
    }

    /// `appBoundDomains`: how the app's `WKAppBoundDomains` was read (an addition to the format).
    public struct AppBoundDomainList: StepAction {
        public static let name = "appBoundDomains"
        public static let target = StepTarget.app
        public static let outcomeFields = ["domains", "schemes"]

        public init(_ reader: inout ActionReader) throws(ScenarioError) { try reader.emptyObject() }

        public func run(in simulator: inout Simulator, step: Scenario.Step) throws(ScenarioError) -> StepOutcome {
            let domains = simulator.app.appBound.domains
            return .appBoundDomains(
                domains: (domains?.domains ?? []).sorted(), schemes: (domains?.schemes ?? []).sorted(),
                summary: simulator.app.summary)
        }
    }

    /// `openUniversalLink`: a tapped link opens the app (a universal link) or the browser.
    public struct OpenUniversalLink: StepAction {
        public static let name = "openUniversalLink"
        public static let target = StepTarget.app
        public static let outcomeFields = ["opens", "appID", "rule", "decision", "reason"]
        /// The tapped link.
        public let url: WebURL
        /// Where the link was tapped.
        public let source: AppAssociations.LinkSource

        public init(_ reader: inout ActionReader) throws(ScenarioError) {
            var object = try reader.object()
            url = try reader.url(try object.requiredString("url"), at: object.path("url"))
            let fromText = try object.string("from") ?? "otherApp"
            guard let source = AppAssociations.LinkSource(rawValue: fromText) else {
                let sources = AppAssociations.LinkSource.allCases.map(\.rawValue).joined(separator: ", ")
                throw ScenarioError(object.path("from"), "expected \(sources), found \"\(fromText)\"")
            }
            try object.finish(expected: ["url", "from"])
            self.source = source
        }

        public func run(in simulator: inout Simulator, step: Scenario.Step) throws(ScenarioError) -> StepOutcome {
            .universalLink(simulator.app.associations.open(url, from: source))
        }
    }

    /// `setWebViewPolicy:forWebViewer:` on a viewer or a web view.
    public struct SetWebViewPolicy: StepAction {
        public static let name = "setWebViewPolicy"
        public static let target = StepTarget.app
        public static let outcomeFields: [String] = []
        /// The viewer or web view the policy is set on.
        public let viewer: String
        /// The policy.
        public let policy: WebViewPolicy

        public init(_ reader: inout ActionReader) throws(ScenarioError) {
            var object = try reader.object()
            viewer = try object.requiredString("viewer")
            let name = try object.requiredString("policy")
            guard let policy = WebViewPolicy(name: name) else {
                let names = WebViewPolicy.allCases.map(\.name).joined(separator: ", ")
                throw ScenarioError(object.path("policy"), "expected \(names), found \"\(name)\"")
            }
            try object.finish(expected: ["viewer", "policy"])
            self.policy = policy
        }

        public func run(in simulator: inout Simulator, step: Scenario.Step) throws(ScenarioError) -> StepOutcome {
            simulator.viewers.setPolicy(policy, forWebViewer: viewer)
            return .changed(.webViewPolicySet(viewer: viewer, policy: policy))
        }

        public var summary: String { "setWebViewPolicy \(policy.name) on \(viewer)" }

        /// The viewer is a declared viewer or a known web view.
        public func checkReferences(_ known: inout Scenario.KnownReferences, at pointer: String)
            throws(ScenarioError)
        {
            guard known.viewers.contains(viewer) || known.webViews.contains(viewer) else {
                throw ScenarioError(pointer + "/viewer", "unknown viewer or web view \"\(viewer)\"")
            }
        }
    }

    /// `addWebView`: the app adds a web view while the scenario runs (an addition to the format).
    public struct AddWebView: StepAction {
        public static let name = "addWebView"
        public static let target = StepTarget.app
        public static let outcomeFields: [String] = []
        /// The web view and its configuration.
        public let spec: Scenario.WebViewSpec

        public init(_ reader: inout ActionReader) throws(ScenarioError) {
            spec = try Scenario.parseWebView(try reader.value(), at: reader.at, loadFile: reader.loadFile)
        }

        public func run(in simulator: inout Simulator, step: Scenario.Step) throws(ScenarioError) -> StepOutcome {
            simulator.addWebView(spec)
            let identity = simulator.app.managed.identity(of: spec.id, in: simulator.viewers)
            return .changed(.webViewAdded(id: spec.id, identity: identity))
        }

        public var summary: String { "add web view \(spec.id)" + (spec.parent.map { " in \($0)" } ?? "") }

        /// The id is new; its viewer and data store are declared.
        public func checkReferences(_ known: inout Scenario.KnownReferences, at pointer: String)
            throws(ScenarioError)
        {
            guard known.webViews.insert(spec.id).inserted else {
                throw ScenarioError(pointer + "/id", "web view \"\(spec.id)\" already exists")
            }
            if let parent = spec.parent, !known.viewers.contains(parent) {
                throw ScenarioError(pointer + "/parent", "unknown viewer \"\(parent)\"")
            }
            if spec.dataStore != "shared", !known.dataStores.contains(spec.dataStore) {
                throw ScenarioError(pointer + "/dataStore", "unknown data store \"\(spec.dataStore)\"")
            }
        }
    }
}
