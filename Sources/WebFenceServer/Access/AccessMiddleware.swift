import HTTPTypes
import Hummingbird

/// The access checks at the edge: reads what `AccessPolicy` needs from the request's head and
/// writes its refusal as every error is written (`{"error", "code"}`, interfaces §7), with the
/// headers the refusal names (`Allow`, `WWW-Authenticate`). Runs before every route.
struct AccessMiddleware<Context: RequestContext>: RouterMiddleware {
    let policy: AccessPolicy

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        let head = AccessRequest(
            method: request.method.rawValue, path: request.uri.path, authority: request.head.authority,
            origin: request.headers.value(of: .origin), fetchSite: request.headers.value(of: .secFetchSite),
            authorization: request.headers.value(of: .authorization))
        switch policy.decide(head) {
        case .proceed:
            return try await next(request, context)
        case .refuse(let status, let code, let message, let headers):
            var response = APIResponse.error(status, code: code, message).response
            for (name, value) in headers {
                if let field = HTTPField.Name(name) { response.headers[field] = value }
            }
            return response
        }
    }
}

extension HTTPField.Name {
    /// `Sec-Fetch-Site`, which HTTPTypes has no constant for: made once, not per request.
    static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!
}
