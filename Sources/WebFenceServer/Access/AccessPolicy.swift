import Foundation

/// Who may use the server, decided from a request's head before any route runs (no I/O here: the
/// middleware hands the answer to the edge). In order: a `Host` that names this server (`421`
/// otherwise), no state-changing request from another site (`403`), a token when the server has
/// tokens (`401`; `/health` needs none), and a method the path answers (`405` with `Allow`).
struct AccessPolicy: Sendable {
    /// The names `Host` may carry.
    let allowedHosts: AllowedHosts
    /// The tokens, or nil when the server needs none.
    let tokens: AccessTokens?
    /// The methods each path answers (`HEAD` with `GET`).
    let methods: [String: Set<String>]
    /// `http` or `https`: the scheme of this server's own pages, as their `Origin` carries it.
    let scheme: String

    /// The realm of the authentication challenges.
    static let realm = "webfence"
    /// The paths any client may ask without a token: what a load balancer checks.
    static let openPaths: Set<String> = ["/health"]

    /// What the checks decide.
    enum Decision: Sendable, Hashable {
        /// The request goes on to its route.
        case proceed
        /// The request is answered here: a status, a stable code, a sentence, and headers to add.
        case refuse(status: Int, code: String, message: String, headers: [String: String])
    }

    func decide(_ request: AccessRequest) -> Decision {
        guard let authority = request.authority else {
            return .refuse(status: 400, code: "host.missing", message: "the request has no Host header", headers: [:])
        }
        guard allowedHosts.allows(authority) else {
            return .refuse(
                status: 421, code: "host.notAllowed",
                message:
                    "this server does not answer for the host \(authority) (its names are set with --allowed-host)",
                headers: [:])
        }
        if !Self.isSafe(request.method), let why = crossSite(request, authority: authority) {
            return .refuse(status: 403, code: "request.crossSite", message: why, headers: [:])
        }
        if let tokens, !Self.openPaths.contains(request.path) {
            let isPage = !(request.path.hasPrefix("/v1/") || request.path == "/openapi.json")
            let challenge =
                isPage ? "Basic realm=\"\(Self.realm)\", charset=\"UTF-8\"" : "Bearer realm=\"\(Self.realm)\""
            guard let presented = request.authorization else {
                return .refuse(
                    status: 401, code: "auth.missing",
                    message:
                        "this server needs a token: Authorization: Bearer TOKEN (in a browser, the token as the password)",
                    headers: ["WWW-Authenticate": challenge])
            }
            guard let token = Self.token(in: presented), tokens.contains(token) else {
                return .refuse(
                    status: 401, code: "auth.invalid", message: "the token is not one of this server's",
                    headers: ["WWW-Authenticate": challenge])
            }
        }
        if let allowed = methods[request.path], !allowed.contains(request.method) {
            let list = allowed.sorted().joined(separator: ", ")
            return .refuse(
                status: 405, code: "method.notAllowed",
                message: "\(request.path) answers \(list), not \(request.method)",
                headers: ["Allow": list])
        }
        return .proceed
    }

    /// Why a state-changing request comes from another site, or nil: a browser's `Sec-Fetch-Site`
    /// other than `same-origin` or `none` (typed by the user), else an `Origin` that is not this
    /// server's. A request with neither is not a browser's, and no page can make it.
    private func crossSite(_ request: AccessRequest, authority: String) -> String? {
        if let site = request.fetchSite?.lowercased() {
            return ["same-origin", "none"].contains(site)
                ? nil : "a \(request.method) from another site (Sec-Fetch-Site: \(site)) is refused"
        }
        guard let origin = request.origin else { return nil }
        // This server's own origin: its scheme, and the authority the request was sent to.
        guard origin.lowercased() == "\(scheme)://\(authority.lowercased())" else {
            return "a \(request.method) from another origin (\(origin)) is refused"
        }
        return nil
    }

    /// The token an `Authorization` header carries: `Bearer TOKEN`, or `Basic` with the token as
    /// the password (any user name), as a browser sends it after the prompt.
    static func token(in header: String) -> [UInt8]? {
        // Read as bytes: the scheme compared without case (RFC 9110 §11.1), the credentials after
        // one or more spaces.
        let bytes = Array(header.utf8)
        guard let space = bytes.firstIndex(of: UInt8(ascii: " ")),
            let start = bytes[space...].firstIndex(where: { $0 != UInt8(ascii: " ") })
        else { return nil }
        // Setting 0x20 lowers an ASCII capital; the names compared with are lowercase letters only,
        // so no other byte can turn into one of theirs.
        let scheme = bytes[..<space].map { $0 | 0x20 }
        if scheme.elementsEqual("bearer".utf8) { return Array(bytes[start...]) }
        guard scheme.elementsEqual("basic".utf8) else { return nil }
        let end = bytes.lastIndex { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }.map { $0 + 1 } ?? start
        guard let decoded = Data(base64Encoded: Data(bytes[start..<max(start, end)])).map(Array.init),
            let colon = decoded.firstIndex(of: UInt8(ascii: ":"))
        else { return nil }
        return Array(decoded[(colon + 1)...])
    }

    /// Whether `method` changes nothing, so that another site may send it.
    private static func isSafe(_ method: String) -> Bool {
        switch method {
        case "GET", "HEAD", "OPTIONS": true
        default: false
        }
    }
}
