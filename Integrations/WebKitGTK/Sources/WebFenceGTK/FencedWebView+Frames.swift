import AppBound
import CWebKitShim
import Foundation
import WebAddress
import WebFenceNavigation

/// JavaScript in a subframe (`evaluateJavaScript(_:in:in:)` with a frame), through WebFence's
/// web-process extension: the frame's origins come from the frame itself (its own and
/// `location.ancestorOrigins`, read in a world of the extension's own), the gate decides from
/// them, and only then does the script run in the frame's page world.
extension FencedWebView {
    /// Evaluates `script` in the frame whose `window.name` is `name` ("main": the main frame).
    /// Error 14 when the frame or an ancestor is restricted (§4); an engine error when there is no
    /// such frame, the script threw, or the extension is not installed.
    public func evaluateJavaScript(
        _ script: String, inFrameNamed name: String, completion: @escaping (Result<String, FenceError>) -> Void
    ) {
        guard WebProcessExtension.install() else {
            completion(.failure(.engine(EngineError(message: "WebFence's web-process extension is not installed"))))
            return
        }
        let view = self.view
        let origins: ResultHandler = { [weak self] result in
            guard let self else { return }
            let json: String
            switch result {
            case .failure(let error):
                completion(.failure(.engine(error)))
                return
            case .success(let text):
                json = text
            }
            MainActor.assumeIsolated {
                let decision = RestrictedAPIs.evaluateJavaScript(frameAndAncestors: self.frameStates(originsJSON: json))
                guard decision.decision.allowed else {
                    completion(.failure(.appBound(.javaScriptAppBoundDomain, decision.decision.rule)))
                    return
                }
                let evaluated: ResultHandler = { completion($0.mapError { .engine($0) }) }
                wf_ask_web_process(
                    view, "webfence.evaluate", name, script, resultTrampoline, retainedContext(evaluated))
            }
        }
        wf_ask_web_process(view, "webfence.origins", name, nil, resultTrampoline, retainedContext(origins))
    }

    /// The states of a frame and its ancestors, from their origins (the frame's first, the main
    /// frame's last). The main frame's is the web view's; a subframe's is what the gate gives a
    /// document of that origin in a subframe (§3, §4). An opaque origin ("null") takes the state of
    /// the frame it is in. Unreadable origins are restricted: nothing fails open.
    func frameStates(originsJSON: String) -> [FrameAppBoundState] {
        guard let origins = try? JSONDecoder().decode([String].self, from: Data(originsJSON.utf8)), !origins.isEmpty
        else {
            return [.notAppBound]
        }
        var states: [FrameAppBoundState] = []
        for origin in origins.dropLast() where origin != "null" {
            guard let url = try? WebURL(origin + "/"),
                case .allow(let state) = verdicts(for: url).sub.result
            else {
                states.append(.notAppBound)
                continue
            }
            states.append(state)
        }
        return states + [mainFrameState]
    }
}
