import StrictJSON

/// What a `/v1/` route answers, before it is written: a status and a JSON body. The routes make
/// these without any I/O; the server only writes them. It is an `Error` too, so a step that ends a
/// request early (a body that did not arrive, a request of the wrong shape) is a
/// `Result<_, APIResponse>` whose failure is the answer.
public struct APIResponse: Error, Sendable, Hashable {
    /// The HTTP status.
    public let status: Int
    /// The body.
    public let body: JSONValue

    /// A `200` with `body`.
    public static func ok(_ body: JSONValue) -> APIResponse { APIResponse(status: 200, body: body) }

    /// An error (interfaces §7): `{"error": message, "code": code}`.
    public static func error(_ status: Int, code: String, _ message: String) -> APIResponse {
        APIResponse(status: status, body: .object(["error": .string(message), "code": .string(code)]))
    }
}
