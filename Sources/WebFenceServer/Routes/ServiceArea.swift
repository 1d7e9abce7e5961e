import Hummingbird

/// What every server has: `/health`, the OpenAPI document of the JSON routes, the pages' style
/// sheet, and an empty icon (so a browser's automatic request is not an error in its console).
struct ServiceArea: ServerArea {
    var routes: [Route] {
        [
            .api(.get, "/health") { _ in .ok(.object(["status": .string("ok")])) },
            .asset("/openapi.json", audience: .api) { .text(OpenAPIDocument.text, type: "application/json") },
            .asset("/style.css") { .text(Layout.styleSheet, type: "text/css") },
            .asset("/favicon.ico") { Response(status: .noContent) },
        ]
    }
}
