/// What the access checks read of a request, taken from its head at the edge: the method, the
/// path, and the headers that say where it was sent, from where, and by whom.
struct AccessRequest: Sendable, Hashable {
    /// The method, upper case (`GET`, `POST`).
    var method: String
    /// The path, without the query.
    var path: String
    /// The `Host` header (HTTP/1.1) or `:authority` (HTTP/2); nil when the request has none.
    var authority: String?
    /// The `Origin` header a browser sends with a state-changing request.
    var origin: String?
    /// The `Sec-Fetch-Site` header a browser sends: `same-origin`, `same-site`, `cross-site`, `none`.
    var fetchSite: String?
    /// The `Authorization` header.
    var authorization: String?
}
