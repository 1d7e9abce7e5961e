// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// (The members that implement `StepAction` take its documentation: DocC shows the protocol's.)

import AppBound
import HybridFrameworks

/// The calls across a hybrid framework's bridge (`app.framework`): what App-Bound Domains leave of
/// it in a frame, and what the app then shows (spec/hybrid-frameworks.md §2c–§6).
extension Scenario.Action {
    /// `callBridge`: the page in a frame calls the framework's bridge; `{"command": "..."}` names
    /// the Tauri command called (default: any).
    public struct CallBridge: StepAction {
        public static let name = "callBridge"
        public static let target = StepTarget.frame
        public static let outcomeFields = ["result", "rule", "symptom"]

        /// The Tauri command (`plugin:event|listen`, `save_note`); nil for any.
        public let command: String?

        public init(_ reader: inout ActionReader) throws(ScenarioError) {
            var object = try reader.object()
            command = try object.string("command")
            try object.finish(expected: ["command"])
        }

        public func run(in simulator: inout Simulator, step: Scenario.Step) throws(ScenarioError) -> StepOutcome {
            let (webView, framework) = try simulator.frameworkWebView(step, action: Self.name)
            if command != nil, case .tauri = framework {
            } else if command != nil {
                throw ScenarioError(
                    "/steps/\(step.index)/\(Self.name)/command", "only a Tauri app's calls name a command")
            }
            return .bridgeCall(
                try simulator.bridgeCall(.pageToNative, framework, in: webView, step: step, command: command))
        }

        public var summary: String { "the page calls the framework's bridge" + (command.map { " (\($0))" } ?? "") }
    }

    /// `callPage`: the framework calls the page in a frame (`evaluateJavaScript`).
    public struct CallPage: StepAction {
        public static let name = "callPage"
        public static let target = StepTarget.frame
        public static let outcomeFields = ["result", "error", "rule", "symptom"]

        public init(_ reader: inout ActionReader) throws(ScenarioError) { try reader.emptyObject() }

        public func run(in simulator: inout Simulator, step: Scenario.Step) throws(ScenarioError) -> StepOutcome {
            let (webView, framework) = try simulator.frameworkWebView(step, action: Self.name)
            simulator.markRestrictedUseBeforeNavigation(webView, inMainFrame: step.frame == "main")
            return .bridgeCall(try simulator.bridgeCall(.nativeToPage, framework, in: webView, step: step))
        }

        public var summary: String { "the framework calls the page (evaluateJavaScript)" }
    }
}

extension Simulator {
    /// The step's web view, in an app built on a framework.
    func frameworkWebView(
        _ step: Scenario.Step, action: String
    ) throws(ScenarioError) -> (SimulatedWebView, AppFramework) {
        guard let framework = app.framework else {
            throw ScenarioError("/steps/\(step.index)/\(action)", "the app has no framework (set app.framework)")
        }
        return (try webView(step), framework)
    }

    /// One bridge call in the step's frame: the bridge must exist there (its frame, its script
    /// loaded with the document), App-Bound Domains must not restrict the frame, and a framework that
    /// checks the calling frame (the Flutter plugins, Tauri) must let the call through. A framework
    /// check WebFence cannot decide (an allow-list entry outside the syntax it evaluates) is an
    /// error of the step, never a guess.
    func bridgeCall(
        _ direction: BridgeCall.Direction, _ framework: AppFramework, in webView: SimulatedWebView,
        step: Scenario.Step, command: String? = nil
    ) throws(ScenarioError) -> BridgeCall {
        let frameID = step.frame
        let bridge = framework.bridge
        var decision: FrameworkBridgeDecision?
        func call(_ result: BridgeCall.Result, _ reason: BridgeCall.Reason) -> BridgeCall {
            let symptom: String? =
                switch result {
                case .delivered: nil
                case .refused: bridge.whenNativeCallFails
                case .rejected: "the framework refuses the call: the app's handler never runs"
                case .skipped where reason == .noDocument: nil
                case .skipped: direction == .pageToNative ? bridge.whenPageCallFails : bridge.whenNativeCallFails
                }
            var made = BridgeCall(
                direction: direction, result: result, reason: reason, framework: framework.displayName,
                symptom: symptom)
            made.frameworkDecision = decision
            return made
        }
        guard let frame = webView.frames[frameID], let url = frame.url else { return call(.skipped, .noDocument) }
        if bridge.mainFrameOnly, frameID != "main" { return call(.skipped, .mainFrameOnly) }
        let states = webView.statesUpward(from: frameID)
        if direction == .nativeToPage {
            let evaluation = RestrictedAPIs.evaluateJavaScript(frameAndAncestors: states)
            if let error = evaluation.error { return call(.refused(error), .restrictedFrame) }
        } else if !RestrictedAPIs.frame(withStates: states).allowed {
            return call(.skipped, .restrictedFrame)
        }
        // The frameworks' own checks guard the page's calls only: native code reaches the page with
        // evaluateJavaScript, which App-Bound Domains alone restrict.
        if direction == .pageToNative {
            do throws(FrameworkBridgeFailure) {
                decision = try framework.bridgeDecision(url, isMainFrame: frameID == "main", command: command)
            } catch {
                throw ScenarioError("/steps/\(step.index)", "WebFence cannot decide this call: \(error.reason)")
            }
        }
        if let decision {
            if !decision.offered { return call(.skipped, .notOffered) }
            if !decision.accepted { return call(.rejected, .refusedByFramework) }
        }
        if let script = bridge.pageBridgeScript, !frame.scripts.contains(where: { $0.name == script }) {
            return call(.skipped, .scriptNotInjected)
        }
        return call(.delivered, .bridgeReachable)
    }
}
