import Hummingbird
import NIOCore

extension APIResponse: ResponseGenerator {
    /// The answer written as HTTP: its JSON with its status; a `503` says when to try again.
    public func response(from request: Request, context: some RequestContext) -> Response { response }

    var response: Response {
        var response = Response(
            status: HTTPResponse.Status(code: status), headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body.serializedBytes())))
        if status == 503 { response.headers[.retryAfter] = "1" }
        return response
    }
}

/// A page and its status, written as HTTP.
struct Page: ResponseGenerator {
    let html: HTML
    let status: HTTPResponse.Status

    init(_ html: HTML, status: HTTPResponse.Status = .ok) { (self.html, self.status) = (html, status) }

    func response(from request: Request, context: some RequestContext) -> Response { response }

    var response: Response { .text(html.rendered, type: "text/html", status: status) }
}

extension Response {
    /// UTF-8 text of a media type, written as HTTP.
    static func text(_ body: String, type: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "\(type); charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }
}
