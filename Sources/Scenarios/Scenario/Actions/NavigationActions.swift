// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// (The members that implement `StepAction` take its documentation: DocC shows the protocol's.)

import HybridFrameworks
import WebAddress
import WebFenceNavigation

/// The actions that navigate a frame: each goes through the navigation pipeline and reports a
/// `NavigationOutcome`.
extension Scenario.Action {
    /// `load`: the app loads a URL (in the main frame, or `frame`), through server redirects, after
    /// its own delegate's answer.
    public struct Load: StepAction {
        public static let name = "load"
        public static let target = StepTarget.frame
        public static let outcomeFields = NavigationOutcome.fieldNames
        /// The URL the app loads.
        public let url: WebURL
        /// The server redirect hops, in order.
        public let redirects: [WebURL]
        /// The app's own `decidePolicyFor navigationAction` answer (`delegate`, default allow).
        public let delegate: DelegateAnswer
        /// `navigationType` (default `other`, an app's load): what a framework's delegate reads.
        public let navigationType: FrameworkNavigationAction.NavigationType

        public init(_ reader: inout ActionReader) throws(ScenarioError) {
            url = try reader.urlValue()
            redirects = try reader.urls(reader.step.array("redirects"), at: reader.step.path("redirects"))
            let delegateText = try reader.step.string("delegate") ?? "allow"
            guard let delegate = DelegateAnswer(rawValue: delegateText) else {
                throw ScenarioError(
                    reader.step.path("delegate"), "expected allow, cancel or download, found \"\(delegateText)\"")
            }
            self.delegate = delegate
            navigationType = try reader.navigationType()
        }

        public func run(in simulator: inout Simulator, step: Scenario.Step) throws(ScenarioError) -> StepOutcome {
            let webView = try simulator.webView(step)
            return .navigation(
                simulator.navigate(
                    webView, frame: step.frame, to: url, redirects: redirects, delegate: delegate,
                    navigationType: navigationType))
        }

        public var summary: String {
            var text = "load \(url.href)"
            if !redirects.isEmpty { text += " → redirects " + redirects.map(\.href).joined(separator: " → ") }
            if delegate != .allow { text += " (the app's delegate: \(delegate.rawValue))" }
            if navigationType != .other { text += " (\(navigationType.rawValue))" }
            return text
        }
    }

    /// `loadHTMLString`: an HTML document forces app-bound mode; its base URL (null: `about:blank`)
    /// is then judged as a main-frame navigation (§2).
    public struct LoadHTMLString: StepAction {
        public static let name = "loadHTMLString"
        public static let target = StepTarget.webView
        public static let outcomeFields = NavigationOutcome.fieldNames
        /// The document's base URL; nil for `about:blank`.
        public let baseURL: WebURL?

        public init(_ reader: inout ActionReader) throws(ScenarioError) {
            var object = try reader.object()
            baseURL = try reader.optionalURL(object.value("baseURL"), at: object.path("baseURL"))
            try object.finish(expected: ["baseURL"])
        }

        public func run(in simulator: inout Simulator, step: Scenario.Step) throws(ScenarioError) -> StepOutcome {
            simulator.loadDocument(try simulator.webView(step), isHTML: true, baseURL: baseURL)
        }

        public var summary: String { "loadHTMLString, baseURL \(baseURL?.href ?? "nil")" }
    }

    /// `loadData`: like `loadHTMLString` when the MIME type's essence is `text/html`.
    public struct LoadData: StepAction {
        public static let name = "loadData"
        public static let target = StepTarget.webView
        public static let outcomeFields = NavigationOutcome.fieldNames
        /// The data's MIME type, with any parameters.
        public let mimeType: String
        /// The document's base URL; nil for `about:blank`.
        public let baseURL: WebURL?

        public init(_ reader: inout ActionReader) throws(ScenarioError) {
            var object = try reader.object()
            mimeType = try object.requiredString("mimeType")
            baseURL = try reader.optionalURL(object.value("baseURL"), at: object.path("baseURL"))
            try object.finish(expected: ["mimeType", "baseURL"])
        }

        public func run(in simulator: inout Simulator, step: Scenario.Step) throws(ScenarioError) -> StepOutcome {
            simulator.loadDocument(try simulator.webView(step), isHTML: Simulator.isHTML(mimeType), baseURL: baseURL)
        }

        public var summary: String { "loadData \(mimeType), baseURL \(baseURL?.href ?? "nil")" }
    }

    /// `addFrame`: the page adds a frame (`id`) in `parent` (default `main`) and it navigates to `url`.
    public struct AddFrame: StepAction {
        public static let name = "addFrame"
        public static let target = StepTarget.webView
        public static let outcomeFields = NavigationOutcome.fieldNames
        /// The new frame's id.
        public let id: String
        /// The frame it is added in.
        public let parent: String
        /// The URL the frame loads.
        public let url: WebURL

        public init(_ reader: inout ActionReader) throws(ScenarioError) {
            var object = try reader.object()
            id = try object.requiredString("id")
            parent = try object.string("parent") ?? "main"
            url = try reader.url(try object.requiredString("url"), at: object.path("url"))
            try object.finish(expected: ["id", "parent", "url"])
        }

        public func run(in simulator: inout Simulator, step: Scenario.Step) throws(ScenarioError) -> StepOutcome {
            let webView = try simulator.webView(step)
            return try simulator.addFrame(id, parent: parent, url: url, in: webView, at: "/steps/\(step.index)")
        }

        public var summary: String { "addFrame \(id) in \(parent): \(url.href)" }
    }

    /// `navigateFrame`: the page navigates a frame (the step's `frame`) itself, through server
    /// redirects (a checkout page that sends the user on to a payment site).
    public struct NavigateFrame: StepAction {
        public static let name = "navigateFrame"
        public static let target = StepTarget.frame
        public static let outcomeFields = NavigationOutcome.fieldNames
        /// The URL the frame goes to.
        public let url: WebURL
        /// The server redirect hops, in order.
        public let redirects: [WebURL]
        /// `navigationType` (default `other`, a script navigation; `link` for a click).
        public let navigationType: FrameworkNavigationAction.NavigationType

        public init(_ reader: inout ActionReader) throws(ScenarioError) {
            url = try reader.urlValue()
            redirects = try reader.urls(reader.step.array("redirects"), at: reader.step.path("redirects"))
            navigationType = try reader.navigationType()
        }

        public func run(in simulator: inout Simulator, step: Scenario.Step) throws(ScenarioError) -> StepOutcome {
            .navigation(
                simulator.navigate(
                    try simulator.webView(step), frame: step.frame, to: url, redirects: redirects,
                    navigationType: navigationType))
        }

        public var summary: String {
            var text = "navigateFrame \(url.href)"
            if !redirects.isEmpty { text += " → redirects " + redirects.map(\.href).joined(separator: " → ") }
            return text + (navigationType == .other ? "" : " (\(navigationType.rawValue))")
        }
    }

    /// `openWindow`: the page calls `window.open`; the new web view (`id`) loads `url`.
    public struct OpenWindow: StepAction {
        public static let name = "openWindow"
        public static let target = StepTarget.webView
        public static let outcomeFields = NavigationOutcome.fieldNames
        /// The new web view's id.
        public let id: String
        /// The URL the window loads.
        public let url: WebURL

        public init(_ reader: inout ActionReader) throws(ScenarioError) {
            var object = try reader.object()
            id = try object.requiredString("id")
            url = try reader.url(try object.requiredString("url"), at: object.path("url"))
            try object.finish(expected: ["id", "url"])
        }

        public func run(in simulator: inout Simulator, step: Scenario.Step) throws(ScenarioError) -> StepOutcome {
            simulator.openWindow(id, url: url, openedBy: try simulator.webView(step))
        }

        /// The new web view's id must be new; later steps may name it.
        public func checkReferences(_ known: inout Scenario.KnownReferences, at pointer: String)
            throws(ScenarioError)
        {
            guard known.webViews.insert(id).inserted else {
                throw ScenarioError(pointer + "/id", "web view \"\(id)\" already exists")
            }
        }

        public var summary: String { "window.open \(url.href) as \(id)" }
    }

    /// `setConfiguration`: the app changes `limitsNavigationsToAppBoundDomains` on an existing web
    /// view, which does nothing (§3).
    public struct SetConfiguration: StepAction {
        public static let name = "setConfiguration"
        public static let target = StepTarget.webView
        public static let outcomeFields: [String] = []
        /// The value the app sets.
        public let limitsNavigationsToAppBoundDomains: Bool

        public init(_ reader: inout ActionReader) throws(ScenarioError) {
            var object = try reader.object()
            guard let limits = try object.bool("limitsNavigationsToAppBoundDomains") else {
                throw ScenarioError(object.path("limitsNavigationsToAppBoundDomains"), "missing (true or false)")
            }
            try object.finish(expected: ["limitsNavigationsToAppBoundDomains"])
            limitsNavigationsToAppBoundDomains = limits
        }

        public func run(in simulator: inout Simulator, step: Scenario.Step) throws(ScenarioError) -> StepOutcome {
            _ = try simulator.webView(step)
            return .changed(.configurationIgnored)
        }

        public var summary: String { "set limitsNavigationsToAppBoundDomains = \(limitsNavigationsToAppBoundDomains)" }
    }
}
