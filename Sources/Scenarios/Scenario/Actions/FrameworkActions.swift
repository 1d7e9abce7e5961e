// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// (The members that implement `StepAction` take its documentation: DocC shows the protocol's.)

import AppBound
import HybridFrameworks

/// The calls across a hybrid framework's bridge (`app.framework`): what App-Bound Domains leave of
/// it in a frame, and what the app then shows (spec/hybrid-frameworks.md §2c–§6).
extension Scenario.Action {
    /// `callBridge`: the page in a frame calls the framework's bridge.
    public struct CallBridge: StepAction {
        public static let name = "callBridge"
        public static let target = StepTarget.frame
        public static let outcomeFields = ["result", "rule", "symptom"]

        public init(_ reader: inout ActionReader) throws(ScenarioError) { try reader.emptyObject() }

        public func run(in simulator: inout Simulator, step: Scenario.Step) throws(ScenarioError) -> StepOutcome {
            let (webView, framework) = try simulator.frameworkWebView(step, action: Self.name)
            return .bridgeCall(simulator.bridgeCall(.pageToNative, framework, in: webView, frame: step.frame))
        }

        public var summary: String { "the page calls the framework's bridge" }
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
            return .bridgeCall(simulator.bridgeCall(.nativeToPage, framework, in: webView, frame: step.frame))
        }

        public var summary: String { "the framework calls the page (evaluateJavaScript)" }
    }
}

extension Simulator {
    /// The step's web view, in an app built on a framework.
    func frameworkWebView(
        _ step: Scenario.Step, action: String
    ) throws(ScenarioError) -> (SimulatedWebView, FrameworkPolicy) {
        guard let framework = app.framework else {
            throw ScenarioError("/steps/\(step.index)/\(action)", "the app has no framework (set app.framework)")
        }
        return (try webView(step), framework)
    }

    /// One bridge call in `frameID`: the bridge must exist there (its frame, its script loaded with
    /// the document), and App-Bound Domains must not restrict the frame.
    func bridgeCall(
        _ direction: BridgeCall.Direction, _ framework: FrameworkPolicy, in webView: SimulatedWebView,
        frame frameID: String
    ) -> BridgeCall {
        let bridge = framework.bridge
        func call(_ result: BridgeCall.Result, _ reason: BridgeCall.Reason) -> BridgeCall {
            let symptom: String? =
                switch result {
                case .delivered: nil
                case .refused: bridge.whenNativeCallFails
                case .skipped where reason == .noDocument: nil
                case .skipped: direction == .pageToNative ? bridge.whenPageCallFails : bridge.whenNativeCallFails
                }
            return BridgeCall(
                direction: direction, result: result, reason: reason, framework: framework.framework, symptom: symptom)
        }
        guard let frame = webView.frames[frameID], frame.url != nil else { return call(.skipped, .noDocument) }
        if bridge.mainFrameOnly, frameID != "main" { return call(.skipped, .mainFrameOnly) }
        let states = webView.statesUpward(from: frameID)
        if direction == .nativeToPage {
            let evaluation = RestrictedAPIs.evaluateJavaScript(frameAndAncestors: states)
            if let error = evaluation.error { return call(.refused(error), .restrictedFrame) }
        } else if !RestrictedAPIs.frame(withStates: states).allowed {
            return call(.skipped, .restrictedFrame)
        }
        if let script = bridge.pageBridgeScript, !frame.scripts.contains(where: { $0.name == script }) {
            return call(.skipped, .scriptNotInjected)
        }
        return call(.delivered, .bridgeReachable)
    }
}
