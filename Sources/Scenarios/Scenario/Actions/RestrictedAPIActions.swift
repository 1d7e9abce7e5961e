// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// (The members that implement `StepAction` take its documentation: DocC shows the protocol's.)

import AppBound
import WebAddress

/// The APIs App-Bound Domains restrict (§4, §5): scripts, style sheets, message handlers and
/// service workers.
extension Scenario.Action {
    /// `evaluateJavaScript` in a frame: error 14 where the frame or an ancestor is not app-bound.
    public struct EvaluateJavaScript: StepAction {
        public static let name = "evaluateJavaScript"
        public static let target = StepTarget.frame
        public static let outcomeFields = ["result", "error", "rule"]

        public init(_ reader: inout ActionReader) throws(ScenarioError) { try reader.emptyObject() }

        public func run(in simulator: inout Simulator, step: Scenario.Step) throws(ScenarioError) -> StepOutcome {
            let webView = try simulator.webView(step)
            simulator.markRestrictedUseBeforeNavigation(webView, inMainFrame: step.frame == "main")
            return .javaScript(
                RestrictedAPIs.evaluateJavaScript(frameAndAncestors: webView.statesUpward(from: step.frame)))
        }
    }

    /// `addUserScript`: the script runs from the next document on, in frames that are not restricted.
    public struct AddUserScript: StepAction {
        public static let name = "addUserScript"
        public static let target = StepTarget.webView
        public static let outcomeFields: [String] = []
        /// The script's configuration.
        public let script: Scenario.UserScriptSpec

        public init(_ reader: inout ActionReader) throws(ScenarioError) {
            script = try Scenario.parseUserScript(try reader.value(), at: reader.at)
        }

        public func run(in simulator: inout Simulator, step: Scenario.Step) throws(ScenarioError) -> StepOutcome {
            simulator.webViews[try simulator.webView(step).id]?.userScripts.append(script)
            return .changed(.userScriptAdded)
        }

        public var summary: String {
            "addUserScript (\(script.forMainFrameOnly ? "main frame only" : "all frames"), \(script.injectionTime.rawValue))"
        }
    }

    /// `addUserStyleSheet`: a restricted API use, judged later by the main frame alone.
    public struct AddUserStyleSheet: StepAction {
        public static let name = "addUserStyleSheet"
        public static let target = StepTarget.webView
        public static let outcomeFields: [String] = []
        /// Whether the sheet is for the main frame only (sheets are judged by the main frame either way).
        public let forMainFrameOnly: Bool

        public init(_ reader: inout ActionReader) throws(ScenarioError) {
            var object = try reader.object()
            forMainFrameOnly = try object.bool("forMainFrameOnly") ?? false
            try object.finish(expected: ["forMainFrameOnly"])
        }

        public func run(in simulator: inout Simulator, step: Scenario.Step) throws(ScenarioError) -> StepOutcome {
            let webView = try simulator.webView(step)
            simulator.markRestrictedUseBeforeNavigation(webView, inMainFrame: true)
            simulator.webViews[webView.id]?.userStyleSheets += 1
            return .changed(.userStyleSheetAdded)
        }

        public var summary: String { "addUserStyleSheet (\(forMainFrameOnly ? "main frame only" : "all frames"))" }
    }

    /// `userScriptFrames`: the loaded frames a user script reached (none that are restricted).
    public struct UserScriptFrames: StepAction {
        public static let name = "userScriptFrames"
        public static let target = StepTarget.webView
        public static let outcomeFields = ["frames"]

        public init(_ reader: inout ActionReader) throws(ScenarioError) { try reader.emptyObject() }

        public func run(in simulator: inout Simulator, step: Scenario.Step) throws(ScenarioError) -> StepOutcome {
            let webView = try simulator.webView(step)
            let frames = webView.loadedFrames.filter { frame in
                frame.scripts.contains { !$0.forMainFrameOnly || frame.id == "main" }
                    && RestrictedAPIs.frame(withStates: webView.statesUpward(from: frame.id)).allowed
            }
            return .userScriptFrames(frames.map(\.id))
        }
    }

    /// `styleSheetApplied`: whether the web view's user style sheets apply, by the main frame's state.
    public struct StyleSheetApplied: StepAction {
        public static let name = "styleSheetApplied"
        public static let target = StepTarget.webView
        public static let outcomeFields = ["applied", "rule"]

        public init(_ reader: inout ActionReader) throws(ScenarioError) { try reader.emptyObject() }

        public func run(in simulator: inout Simulator, step: Scenario.Step) throws(ScenarioError) -> StepOutcome {
            let webView = try simulator.webView(step)
            return .styleSheet(
                RestrictedAPIs.userStyleSheet(mainFrame: webView.mainFrame.state),
                hasSheet: webView.userStyleSheets > 0, hasDocument: webView.mainFrame.url != nil)
        }
    }

    /// `postMessage` from a frame to a message handler: absent in a restricted frame.
    public struct PostMessage: StepAction {
        public static let name = "postMessage"
        public static let target = StepTarget.frame
        public static let outcomeFields = ["delivered", "rule"]
        /// The message handler's name (`window.webkit.messageHandlers.NAME`).
        public let handler: String

        public init(_ reader: inout ActionReader) throws(ScenarioError) {
            var object = try reader.object()
            handler = try object.requiredString("handler")
            try object.finish(expected: ["handler"])
        }

        public func run(in simulator: inout Simulator, step: Scenario.Step) throws(ScenarioError) -> StepOutcome {
            .message(RestrictedAPIs.frame(withStates: try simulator.webView(step).statesUpward(from: step.frame)))
        }

        public var summary: String { "postMessage to \(handler)" }
    }

    /// `registerServiceWorker` from the web view's top frame, into its data store.
    public struct RegisterServiceWorker: StepAction {
        public static let name = "registerServiceWorker"
        public static let target = StepTarget.webView
        public static let outcomeFields = ["result", "rule"]
        /// The service worker's scope.
        public let scope: WebURL

        public init(_ reader: inout ActionReader) throws(ScenarioError) { scope = try reader.urlObject("scope") }

        public func run(in simulator: inout Simulator, step: Scenario.Step) throws(ScenarioError) -> StepOutcome {
            let webView = try simulator.webView(step)
            let store = simulator.dataStores[webView.dataStore] ?? SimulatedDataStore(cookies: [])
            let decision = ServiceWorkerPolicy(app: simulator.app.appBound).register(
                scope: scope, topURL: webView.mainFrame.url, limits: webView.appBound.limits,
                registered: store.serviceWorkers)
            if let registration = decision.newRegistration {
                simulator.dataStores[webView.dataStore, default: store].serviceWorkers.append(registration)
            }
            return .serviceWorker(decision)
        }

        public var summary: String { "register a service worker for \(scope.href)" }
    }
}
