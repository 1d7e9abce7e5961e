import Foundation
import HybridFrameworks
import Scenarios
import StrictJSON
import WebAddress
import WebFenceGTK

/// A framework's bridge in the engine: its user scripts (each leaving a mark, as the scenario's own
/// do) and its message handlers are in every web view the app makes, as the framework adds them.
/// A `callBridge` is the page looking for the bridge's script in its frame and posting to the
/// framework's handler; a `callPage` is `evaluateJavaScript` in the frame, which then looks for the
/// script. What the engine cannot show is the framework's own check of a call that arrived (the
/// Flutter plugins' origin lists, Tauri's capabilities): that is WebFence's word, applied to what
/// the engine delivered (D123).
extension EngineReplay {
    /// The marks of the framework's scripts start here, after the scenario's own (0…) and those its
    /// steps add (100 + step).
    static let bridgeMarkBase = 300

    /// The framework's scripts, each with its mark index.
    static func bridgeScripts(_ framework: AppFramework?) -> [UserScript] {
        (framework?.bridge.userScripts ?? []).enumerated().map { index, script in
            UserScript(
                source:
                    "document.documentElement.setAttribute('data-webfence-script-\(bridgeMarkBase + index)', 'ran');",
                forMainFrameOnly: script.forMainFrameOnly,
                injectionTime: script.injectionTime == .atDocumentStart ? .atDocumentStart : .atDocumentEnd)
        }
    }

    /// The mark the bridge's page script leaves; nil when the page loads its bridge itself.
    private func bridgeMark(_ bridge: FrameworkBridge) -> String? {
        guard let name = bridge.pageBridgeScript,
            let index = bridge.userScripts.firstIndex(where: { $0.name == name })
        else { return nil }
        return "data-webfence-script-\(Self.bridgeMarkBase + index)"
    }

    /// `callBridge` or `callPage` in `frameID` (`path`: its place below the main frame; empty for the
    /// main frame).
    func bridgeStep(_ step: Scenario.Step, id: String, webView: FencedWebView, path: [String]) -> StepResult {
        guard let framework else { return .notExpressible("the app has no framework") }
        guard let document = probes[id]?.latest(step.frame), let url = try? WebURL(document.href) else {
            return .notExpressible("no document reported in frame \"\(step.frame)\"")
        }
        let bridge = framework.bridge
        let scriptRan = bridgeMark(bridge).map { document.marks.contains($0) } ?? true
        switch step.action {
        case .callPage:
            if bridge.mainFrameOnly, step.frame != "main" {
                return .notExpressible("the framework calls its main frame only: nothing to call in a sub-frame")
            }
            let result = MainLoop.result { completion in
                if step.frame == "main" {
                    webView.evaluateJavaScript("1 + 1", completion: completion)
                } else {
                    webView.evaluateJavaScript("1 + 1", inFrameNamed: step.frame, completion: completion)
                }
            }
            switch result {
            case .success?:
                return .observed(["result": .string(scriptRan ? "delivered" : "skipped"), "error": .null])
            case .failure(.appBound(let error, _))?:
                return .observed(["result": .string("refused"), "error": .int(error.code)])
            case .failure(.engine(let error))?:
                return .observed(["result": .string("failed: \(error.message)")])
            case nil:
                return .observed(["result": .string("timedOut")])
            }
        case .callBridge(let call):
            guard scriptRan, let handler = bridge.primaryHandler else {
                return .observed(["result": .string("skipped")])
            }
            let posted = post(id, webView, to: handler) {
                postToHandler(handler, webView: webView, path: path)
            }
            guard case .observed(let fields) = posted, fields["delivered"] == JSONValue.bool(true) else {
                return .observed(["result": .string("skipped")])
            }
            return .observed(["result": .string(Self.frameworkCheck(framework, url, step.frame, call.command))])
        default:
            return .notExpressible("\(step.action.name) is not a bridge call")
        }
    }

    /// What the framework's own check makes of a call the engine delivered: WebFence's decision.
    private static func frameworkCheck(_ framework: AppFramework, _ url: WebURL, _ frame: String, _ command: String?)
        -> String
    {
        // Nil for the five navigation frameworks, whose handlers check no frame (a check WebFence
        // cannot decide stops the scenario in the simulator first).
        guard let decision = try? framework.bridgeDecision(url, isMainFrame: frame == "main", command: command) else {
            return "delivered"
        }
        return !decision.offered ? "skipped" : decision.accepted ? "delivered" : "rejected"
    }
}
