/// The OpenAPI 3.1 document of the JSON API, served at `/openapi.json`: `openapi.json` beside this
/// file, embedded in the binary by SwiftPM (`.embedInCode`), so the server needs no file beside it
/// and there is no second copy to keep equal. PyPI's openapi-spec-validator checks it in CI, and
/// every answer the server's tests receive is checked against it (Scripts/check-openapi.py).
enum OpenAPIDocument {
    static let text = String(decoding: PackageResources.openapi_json, as: UTF8.self)
}
