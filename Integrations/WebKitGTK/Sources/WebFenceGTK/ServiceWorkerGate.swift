import AppBound
import CWebKitGTK
import CWebKitShim
import Foundation
import WebAddress

/// Service workers as App-Bound Domains allow them (spec §4): off for a web view without limits
/// and without an entitlement; otherwise each registration is asked of `ServiceWorkerPolicy`
/// (loopback, a scope already registered, or a listed domain under the limit of three), with the
/// registrations kept per data store. WebKitGTK has no per-registration hook: `RealmGuard` puts
/// the question in front of `ServiceWorkerContainer.register` in every realm, through this
/// message handler with a reply.
enum ServiceWorkerGate {
    static let handler = "webfenceServiceWorkers"
}

extension FencedWebView {
    /// Whether the web view has service workers at all in its current state: the policy's answer
    /// when it is off does not depend on the scope, so any scope asks it.
    var serviceWorkersDisabled: Bool {
        guard let anyScope = try? WebURL("https://localhost/") else { return true }
        return ServiceWorkerPolicy(app: policy.app).register(
            scope: anyScope, topURL: nil, limits: state.limits, registered: []
        )
        .result == .disabled
    }

    /// Connects the handler the gate asks: once per content manager.
    func connectServiceWorkerGate() {
        let owner = WeakOwner(self)
        wf_connect_script_message_with_reply(
            manager, ServiceWorkerGate.handler,
            { json, context in
                let owner = borrowed(context, as: WeakOwner.self)
                let answer = MainActor.assumeIsolated {
                    owner.webView?.decideServiceWorker(json.map { String(cString: $0) } ?? "")
                }
                return strdup("\"\(answer ?? ServiceWorkerPolicy.Result.refused.rawValue)\"")
            }, retainedContext(owner), destroyBox)
        _ = webkit_user_content_manager_register_script_message_handler_with_reply(
            manager, ServiceWorkerGate.handler, nil)
    }

    /// The policy's answer for a registration of `scope` by this web view's page (phase "ask"),
    /// and the registration kept once the engine made it (phase "registered"): a page that asks
    /// without registering uses up none of the data store's three.
    private func decideServiceWorker(_ json: String) -> String {
        struct Request: Decodable {
            let scope: String
            let phase: String
        }
        guard let request = try? JSONDecoder().decode(Request.self, from: Data(json.utf8)),
            let scope = try? WebURL(request.scope)
        else { return ServiceWorkerPolicy.Result.refused.rawValue }
        let decision = ServiceWorkerPolicy(app: policy.app).register(
            scope: scope, topURL: mainFrameURL, limits: state.limits, registered: session.serviceWorkers)
        if request.phase == "registered", let registration = decision.newRegistration {
            session.serviceWorkers.append(registration)
        }
        return decision.result.rawValue
    }
}
