import Hummingbird

/// What every server has: `/health`, `/metrics` (Prometheus' text format, behind the same host
/// and token checks as every route but `/health`), the OpenAPI document of the JSON routes, the
/// pages' style sheet, and an empty icon (so a browser's automatic request is not an error in its
/// console).
struct ServiceArea: ServerArea {
    /// The text of `/metrics` at the moment it is asked for.
    let metrics: @Sendable () -> String

    var routes: [Route] {
        [
            .api(.get, "/health") { _ in .ok(.object(["status": .string("ok")])) },
            .asset("/metrics", audience: .api) { [metrics] in
                .text(metrics(), type: "text/plain; version=0.0.4; charset=utf-8")
            },
            .asset("/openapi.json", audience: .api) { .text(OpenAPIDocument.text, type: "application/json") },
            .asset("/style.css") { .text(Layout.styleSheet, type: "text/css") },
            .asset("/favicon.ico") { Response(status: .noContent) },
        ]
    }
}
