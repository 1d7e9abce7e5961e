import HTTPTypes
import Hummingbird

/// The headers every answer carries: a Content-Security-Policy that lets a page load nothing but
/// its own style sheet and post forms only to this server, no framing, no sniffing, no referrer.
struct SecurityHeaders<Context: RequestContext>: RouterMiddleware {
    static var fields: HTTPFields {
        [
            .contentSecurityPolicy:
                "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
            .xContentTypeOptions: "nosniff",
            HTTPField.Name("Referrer-Policy")!: "no-referrer",
            HTTPField.Name("X-Frame-Options")!: "DENY",
            HTTPField.Name("Cross-Origin-Opener-Policy")!: "same-origin",
        ]
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        var response: Response
        do { response = try await next(request, context) } catch let error as any HTTPResponseError {
            // Errors the router throws (an unknown route's 404) are answers too, and carry the headers.
            response = try error.response(from: request, context: context)
        }
        response.headers.append(contentsOf: Self.fields)
        return response
    }
}
