import AppBound
import Foundation
import Scenarios
import StrictJSON
import WebAddress
import WebFenceGTK

/// Frames in the engine: added, navigated and posted from by the pages' own script (`Pages`),
/// seen through the runner's frame probe, judged by the web view's policy.
extension EngineReplay {
    func performInSubframe(_ step: Scenario.Step, id: String, webView: FencedWebView) -> StepResult {
        guard let probe = probes[id], let path = probe.path(to: step.frame) else {
            return .notExpressible("frame \"\(step.frame)\" is not in the engine")
        }
        switch step.action {
        case .postMessage(let post):
            return self.post(id, webView, to: post.handler) {
                postToHandler(post.handler, webView: webView, path: path)
            }
        case .navigateFrame(let frameNavigation) where !Self.pageStarts(frameNavigation.navigationType):
            return .notExpressible(
                "the runner's page starts only link, form and script navigations, not \(frameNavigation.navigationType.rawValue)"
            )
        case .navigateFrame(let frameNavigation):
            let url = frameNavigation.url
            route(url.href, frameNavigation.redirects.map(\.href))
            return loadFrame(id, webView, step.frame, url) {
                command(webView, path: path, ["navigate": url.href, "how": frameNavigation.navigationType.rawValue])
            }
        case .evaluateJavaScript:
            let result = MainLoop.result {
                webView.evaluateJavaScript("1 + 1", inFrameNamed: step.frame, completion: $0)
            }
            return .observed(Self.fields(result))
        case .load:
            return .notExpressible("a subframe's load")
        case .loadHTMLString, .loadData, .addFrame, .openWindow, .setConfiguration, .addUserScript, .addUserStyleSheet,
            .userScriptFrames, .styleSheetApplied, .setCookie, .getAllCookies, .getCookies, .deleteCookie,
            .registerServiceWorker, .state, .itp, .appBoundDomains, .openUniversalLink, .setWebViewPolicy,
            .setPolicyDelegate, .copy, .paste, .upload, .addWebView:
            // The scenario parser refuses a frame for these (their target is not a frame).
            return .notExpressible("\(step.action.name) does not act in a frame")
        case .callBridge, .callPage:
            return bridgeStep(step, id: id, webView: webView, path: path)
        }
    }

    /// Sends a command to the page script of the frame at `path` (from the main frame down).
    func command(_ webView: FencedWebView, path: [String], _ command: [String: Any]) {
        var body = command
        body["path"] = path
        let data =
            (try? JSONSerialization.data(withJSONObject: ["webfence": body], options: [.sortedKeys])) ?? Data("{}".utf8)
        _ = pageValue(webView, "window.postMessage(\(String(decoding: data, as: UTF8.self)), '*'), true")
    }

    /// The page in the frame at `path` posts to `handler`; whether it found the handler.
    func postToHandler(_ handler: String, webView: FencedWebView, path: [String]) -> Bool? {
        guard !path.isEmpty else {
            return pageValue(
                webView,
                "(window.webkit && window.webkit.messageHandlers && window.webkit.messageHandlers['\(handler)']) ? (window.webkit.messageHandlers['\(handler)'].postMessage('hello'), true) : false"
            ).map { $0 == "true" }
        }
        command(webView, path: path, ["post": handler])
        var answer: Bool?
        MainLoop.run(for: .seconds(10)) {
            answer = acks(webView).first { $0["posted"] as? String == handler }.map { $0["present"] as? Bool == true }
            return answer != nil
        }
        return answer
    }

    /// Posts to `handler` by `start` and says whether the app's handler got the message. The page
    /// says whether it saw the handler (`present`): "not delivered" counts only when the page really
    /// tried, or found no handler.
    func post(_ id: String, _ webView: FencedWebView, to handler: String, _ start: () -> Bool?) -> StepResult {
        let key = "\(id)/\(handler)"
        let before = messages[key] ?? 0
        guard let present = start() else { return .observed(["delivered": .string("the page did not answer")]) }
        // The page saw a handler, so the message is on its way: wait as long as a slow machine needs.
        if present { MainLoop.run(for: .seconds(10)) { (messages[key] ?? 0) > before } }
        return .observed(["delivered": .bool(present && (messages[key] ?? 0) > before)])
    }

    /// The frames judged refused (no load, no request within their wait) whose URL the proxy saw
    /// afterwards, by the end of the scenario plus a moment: a slow engine's late load is a
    /// difference, never a refusal.
    func refusedFramesRequestedLate() -> [(index: Int, url: String)] {
        guard !refusedFrames.isEmpty else { return [] }
        MainLoop.settle(.seconds(1))
        let requests = sites.requests
        return refusedFrames.filter { requests.dropFirst($0.requestCount).contains($0.url) }.map { ($0.index, $0.url) }
    }

    /// What the pages' script reported doing (in the top frame), since the runner last looked.
    func acks(_ webView: FencedWebView) -> [[String: Any]] {
        guard let text = pageValue(webView, "window.webfenceAcks ? window.webfenceAcks.splice(0) : []"),
            let items = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]]
        else { return [] }
        return items
    }

    /// Loads `url` in frame `frameID` by `start` and reads the outcome: the frame's document
    /// reported itself (committed; its state is the one WebFence gave it), or it did not load. A
    /// frame that did not load is WebFence's refusal only when the parent page made the frame and
    /// the proxy saw no request for it; otherwise the outcome says what went wrong, and differs.
    func loadFrame(_ id: String, _ webView: FencedWebView, _ frameID: String, _ url: WebURL, _ start: () -> Void)
        -> StepResult
    {
        guard let probe = probes[id] else { return .notExpressible("no frame probe") }
        let reportsBefore = probe.reports.count
        let requestsBefore = sites.requests.count
        let isBlank = url.scheme == "about"
        let loaded = {
            probe.reports.dropFirst(reportsBefore).last {
                $0.frameID == frameID && (isBlank || $0.href != "about:blank")
            }
        }
        _ = acks(webView)
        let allowed = webView.verdicts(for: url).sub.allows
        let eventsBefore = events[id]?.count ?? 0
        start()
        // A frame a content rule blocked says nothing: the time limit (and the proxy's empty log) is
        // the evidence. A frame WebFence allows stops the wait when it reports, so its limit is long:
        // a slow machine must not turn a load into "nothing happened".
        MainLoop.run(for: .seconds(allowed ? 15 : 2)) { loaded() != nil }
        let verdict = webView.verdicts(for: url).sub
        // A frame keeps its initial empty document (about:blank) when its navigation is refused:
        // for about: the refusal WebFence reported, not the document, says what happened.
        if isBlank,
            let refused = (events[id] ?? []).dropFirst(eventsBefore).last(where: {
                if case .committed = $0.outcome { false } else { $0.url == url.href }
            })
        {
            return .observed(Self.fields(refused.outcome, into: [:]))
        }
        if loaded() != nil {
            var appBound = JSONValue.null
            if case .allow(let state) = verdict.result { appBound = Simulator.json(state) }
            return .observed(["result": .string("committed"), "error": .null, "appBound": appBound])
        }
        let made = acks(webView).contains { $0["added"] as? String == frameID }
        let requested = sites.requests.dropFirst(requestsBefore).contains(url.href)
        if !made { return .observed(["result": .string("the page did not make the frame")]) }
        if requested { return .observed(["result": .string("requested, not loaded")]) }
        refusedFrames.append((stepIndex, url.href, sites.requests.count))
        switch verdict.result {
        case .allow: return .observed(["result": .string("nothing happened")])
        case .fail(let error, _):
            return .observed(["result": .string("failed"), "error": .int(error.code), "appBound": .null])
        case .cancel: return .observed(["result": .string("cancelled"), "error": .null, "appBound": .null])
        case .openExternally, .openInManagedBrowser: return .observed(["result": .string("openedExternally")])
        case .download: return .observed(["result": .string("download")])
        }
    }
}
