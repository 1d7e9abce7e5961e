import AppBound
import Foundation
import WebFence
import WebFenceGTK

/// Frames in the engine: added, navigated and posted from by the pages' own script (`Pages`),
/// seen through the runner's frame probe, judged by the web view's policy.
extension EngineReplay {
    func performInSubframe(_ step: Scenario.Step, id: String, webView: FencedWebView) -> StepResult {
        guard let probe = probes[id], let path = probe.path(to: step.frame) else {
            return .notExpressible("frame \"\(step.frame)\" is not in the engine")
        }
        switch step.action {
        case .postMessage(let handler):
            return post(id, webView, to: handler) { command(webView, path: path, ["post": handler]) }
        case .navigateFrame(let url):
            route(url.href, [])
            return loadFrame(id, webView, step.frame, url) { command(webView, path: path, ["navigate": url.href]) }
        case .evaluateJavaScript:
            var result: Result<String, FenceError>?
            webView.evaluateJavaScript("1 + 1", inFrameNamed: step.frame) { result = $0 }
            MainLoop.run { result != nil }
            return .observed(Self.fields(result))
        default:
            return .notExpressible("a subframe's \(step.action.name)")
        }
    }

    /// Sends a command to the page script of the frame at `path` (from the main frame down).
    func command(_ webView: FencedWebView, path: [String], _ command: [String: Any]) {
        var body = command
        body["path"] = path
        let data = (try? JSONSerialization.data(withJSONObject: ["webfence": body], options: [.sortedKeys])) ?? Data("{}".utf8)
        _ = pageValue(webView, "window.postMessage(\(String(decoding: data, as: UTF8.self)), '*'), true")
    }

    /// Posts to `handler` by `start` and says whether the app's handler got the message.
    func post(_ id: String, _ webView: FencedWebView, to handler: String, _ start: () -> Void) -> StepResult {
        let key = "\(id)/\(handler)"
        let before = messages[key] ?? 0
        start()
        MainLoop.run(for: .milliseconds(500)) { (messages[key] ?? 0) > before }
        return .observed(["delivered": .bool((messages[key] ?? 0) > before)])
    }

    /// Loads `url` in frame `frameID` by `start` and reads the outcome: the frame's document
    /// reported itself (committed; its state is the one WebFence gave it), or it did not load,
    /// and WebFence's refusal says why. A frame the engine loaded though WebFence refused it, or
    /// that did not load though allowed, shows as a difference.
    func loadFrame(_ id: String, _ webView: FencedWebView, _ frameID: String, _ url: WebURL, _ start: () -> Void) -> StepResult {
        guard let probe = probes[id] else { return .notExpressible("no frame probe") }
        let reportsBefore = probe.reports.count
        let eventsBefore = events[id]?.count ?? 0
        let isBlank = url.scheme == "about"
        let loaded = { probe.reports.dropFirst(reportsBefore).last { $0.frameID == frameID && (isBlank || $0.href != "about:blank") } }
        let refused = {
            (self.events[id] ?? []).dropFirst(eventsBefore).contains { event in
                if case .committed = event.outcome { false } else { event.url == url.href }
            }
        }
        start()
        // A frame a content rule blocked says nothing: the time limit is the evidence.
        MainLoop.run(for: .seconds(2)) { loaded() != nil || refused() }
        let verdict = webView.policy.verdicts(for: url, state: webView.state, subframeOrigin: webView.mainFrameURL).sub
        if loaded() != nil {
            var appBound = JSONValue.null
            if case .allow(let state) = verdict { appBound = Simulator.json(state) }
            return .observed(["result": .string("committed"), "error": .null, "appBound": appBound])
        }
        switch verdict {
        case .allow: return .observed(["result": .string("nothing happened")])
        case .fail(let error, _): return .observed(["result": .string("failed"), "error": .int(error.code), "appBound": .null])
        case .cancel: return .observed(["result": .string("cancelled"), "error": .null, "appBound": .null])
        case .openExternally: return .observed(["result": .string("openedExternally")])
        }
    }
}
