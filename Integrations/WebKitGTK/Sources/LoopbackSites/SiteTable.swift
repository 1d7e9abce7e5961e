import Foundation

/// What the loopback sites answer, and every request they saw. Any host exists: a URL with no
/// route gets `page(for:)`, an HTML page naming itself. The runner adds redirects and pages per step.
public final class SiteTable: @unchecked Sendable {
    /// A response: status, headers and body.
    public struct Response: Sendable {
        public var status: Int
        public var headers: [(String, String)]
        public var body: [UInt8]

        public init(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
            self.status = status
            self.headers = headers
            self.body = body
        }

        /// A server redirect to `location`.
        public static func redirect(to location: String, status: Int = 302) -> Response {
            Response(status: status, headers: [("Location", location), ("Cache-Control", "no-store")])
        }

        /// An HTML document.
        public static func html(_ text: String) -> Response {
            Response(
                status: 200, headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")],
                body: Array(text.utf8))
        }
    }

    private let lock = NSLock()
    private var routes: [String: Response] = [:]
    private var seen: [String] = []
    private var connects: [String] = []
    private let page: @Sendable (String) -> Response

    /// `page` answers every URL without a route (the URL as the client asked, without a fragment).
    public init(page: @escaping @Sendable (String) -> Response) {
        self.page = page
    }

    /// Answers `url` with `response` from now on.
    public func route(_ url: String, to response: Response) {
        lock.withLock { routes[url] = response }
    }

    /// Forgets every route: each URL gets its page again.
    public func removeRoutes() {
        lock.withLock { routes.removeAll() }
    }

    /// The answer for a request, recorded in `requests`.
    func respond(to url: String) -> Response {
        let route = lock.withLock {
            seen.append(url)
            return routes[url]
        }
        return route ?? page(url)
    }

    /// Every URL requested so far, in order: the evidence that a refused navigation sent nothing.
    public var requests: [String] { lock.withLock { seen } }

    /// Records a `CONNECT` (a client opening a connection to `target`, host:port).
    func recordTunnel(to target: String) {
        lock.withLock { connects.append(target) }
    }

    /// Every `CONNECT` target so far, in order: a client that did not even connect sent nothing.
    public var tunnels: [String] { lock.withLock { connects } }
}
