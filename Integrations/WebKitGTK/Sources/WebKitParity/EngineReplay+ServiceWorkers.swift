import Foundation
import LoopbackSites
import WebAddress
import WebFenceGTK

/// Service workers in the engine: the page registers one, as a page does, and the outcome is what
/// the page saw: `ok` (the registration resolved), `disabled` (no service worker API), or
/// `refused` (it was rejected).
extension EngineReplay {
    static let serviceWorkerScript = "webfence-service-worker.js"

    func registerServiceWorker(_ webView: FencedWebView, scope: WebURL) -> StepResult {
        let script =
            scope.href.hasSuffix("/")
            ? scope.href + Self.serviceWorkerScript : scope.href + "/" + Self.serviceWorkerScript
        sites.route(
            script,
            to: SiteTable.Response(
                status: 200, headers: [("Content-Type", "text/javascript"), ("Cache-Control", "no-store")],
                body: Array("self.addEventListener('fetch', () => {});".utf8)))
        let scopeJSON = String(decoding: try! JSONEncoder().encode([script, scope.href]), as: UTF8.self)
        _ = pageValue(
            webView,
            """
            (function () {
              const [script, scope] = \(scopeJSON);
              window.webfenceServiceWorker = "pending";
              if (!navigator.serviceWorker) { window.webfenceServiceWorker = "disabled"; return true; }
              navigator.serviceWorker.register(script, { scope }).then(
                () => { window.webfenceServiceWorker = "ok"; },
                (error) => { window.webfenceServiceWorker = "refused: " + error; });
              return true;
            })()
            """)
        var outcome = "\"pending\""
        // Either answer (registered or rejected) ends the wait, so the limit is for a slow machine.
        MainLoop.run(for: .seconds(15)) {
            outcome = pageValue(webView, "window.webfenceServiceWorker") ?? "null"
            return outcome != "\"pending\""
        }
        let result = (try? JSONDecoder().decode(String.self, from: Data(outcome.utf8))) ?? outcome
        // Refused means WebFence's gate said so; any other rejection (the network, the script) is
        // the engine failing, and shows as a difference.
        if result.hasPrefix("refused"), result.contains("refused by App-Bound Domains") {
            return .observed(["result": .string("refused")])
        }
        return .observed(["result": .string(result)])
    }
}
