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
        var response = try await next(request, context)
        response.headers.append(contentsOf: Self.fields)
        return response
    }
}
