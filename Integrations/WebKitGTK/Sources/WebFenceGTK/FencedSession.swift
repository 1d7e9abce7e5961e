import AppBound
import CWebKitGTK
import CWebKitShim
import Foundation

/// A network session (a data store: cookies, caches) shared by the web views made in it, with
/// the place where WebFence compiles its content rules.
@MainActor
public final class FencedSession {
    public let session: OpaquePointer
    let filterStore: OpaquePointer
    /// Service-worker registrations WebFence allowed in this data store (§4: at most three count).
    var serviceWorkers: [ServiceWorkerPolicy.Registration] = []

    /// An ephemeral session: nothing is written to disk but the compiled content rules, in `rulesDirectory`.
    public init(rulesDirectory: String = NSTemporaryDirectory() + "webfence-content-rules-\(getpid())") {
        // Before the first web process starts: it loads the extension when it starts.
        WebProcessExtension.install()
        session = webkit_network_session_new_ephemeral()
        filterStore = webkit_user_content_filter_store_new(rulesDirectory)
    }

    isolated deinit {
        wf_object_unref(UnsafeMutableRawPointer(filterStore))
        wf_object_unref(UnsafeMutableRawPointer(session))
    }

    /// Sends every request through the HTTP proxy at `uri` (the loopback sites of the parity runner).
    public func useProxy(_ uri: String) {
        wf_set_proxy(session, uri)
    }

    /// Accepts the certificate `pem` for each of `hosts`, and no other certificate problem.
    public func allowCertificate(_ pem: String, for hosts: [String]) -> Bool {
        hosts.allSatisfy { wf_allow_certificate(session, pem, $0) == 1 }
    }
}

extension FencedSession {
    /// Puts a cookie in the jar as the data store already held it (no filtering: not an app call).
    public func addCookie(domain: String, name: String, value: String, completion: @escaping () -> Void) {
        let handler: ResultHandler = { _ in completion() }
        wf_add_cookie(session, domain, name, value, resultTrampoline, retainedContext(handler))
    }
}
