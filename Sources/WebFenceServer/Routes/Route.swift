import Hummingbird

/// One route of the server: its method, its path, who it answers (a program through the JSON API,
/// a person through a page, or a browser asking for an asset) and its answer. The areas
/// (`ServerArea`) list their routes; `WebFenceServer` adds them all the same way, behind the
/// security headers and the request log, and the JSON ones are those the OpenAPI document describes.
struct Route: Sendable {
    /// Who the route answers.
    enum Audience: Sendable, Hashable {
        /// A program: JSON, described in the OpenAPI document.
        case api
        /// A person with a browser: a page rendered on the server.
        case page
        /// What the pages use or a browser asks for by itself (the style sheet, the icon).
        case asset
    }

    let method: HTTPRequest.Method
    let path: String
    let audience: Audience
    let respond: @Sendable (Request, ServerContext) async -> Response

    /// A JSON route whose answer needs no body (`GET /v1/watch`).
    static func api(
        _ method: HTTPRequest.Method, _ path: String, _ answer: @escaping @Sendable (Request) async -> APIResponse
    ) -> Route {
        Route(method: method, path: path, audience: .api) { request, _ in await answer(request).response }
    }

    /// `POST path`: a JSON body read within `limits`, answered by `answer`; a body that does not
    /// arrive whole is answered with its error (`413`, `408` or `400`).
    static func json(
        _ path: String, limits: BodyLimits, _ answer: @escaping @Sendable ([UInt8]) async -> APIResponse
    ) -> Route {
        Route(method: .post, path: path, audience: .api) { request, context in
            switch await limits.read(request, context) {
            case .success(let body): await answer(body).response
            case .failure(let refusal): refusal.response
            }
        }
    }

    /// `POST path`: a JSON body read within `limits` and decided on `pool` by `decide` (a pure
    /// function of the body and the pool's budget), or the pool's refusal.
    static func decision(
        _ path: String, limits: BodyLimits, pool: DecisionPool,
        _ decide: @escaping @Sendable ([UInt8], WorkBudget) -> APIResponse
    ) -> Route {
        .json(path, limits: limits) { body in
            switch await pool.decide(bodySize: body.count, { decide(body, pool.budget) }) {
            case .success(let answer), .failure(let answer): answer
            }
        }
    }

    /// `GET path`: a page.
    static func page(_ path: String, _ page: @escaping @Sendable (Request) async -> Page) -> Route {
        Route(method: .get, path: path, audience: .page) { request, _ in await page(request).response }
    }

    /// A page that reads its request itself (an upload), and answers with a page or a file.
    static func page(
        _ method: HTTPRequest.Method, _ path: String,
        reading respond: @escaping @Sendable (Request, ServerContext) async -> Response
    ) -> Route {
        Route(method: method, path: path, audience: .page, respond: respond)
    }

    /// `POST path`: a form read within `limits` and answered with a page; a form that does not
    /// arrive whole is answered with a page that says so.
    static func form(
        _ path: String, limits: BodyLimits, _ page: @escaping @Sendable (FormBody, _ size: Int) async -> HTML
    ) -> Route {
        form(path, limits: limits) { fields, size in Page(await page(fields, size)) }
    }

    /// `POST path`: a form read within `limits` and answered with a page made on `pool` (a pure
    /// function of the form), or a `503` page when the pool is full.
    static func form(
        _ path: String, limits: BodyLimits, pool: DecisionPool, _ page: @escaping @Sendable (FormBody) -> HTML
    ) -> Route {
        form(path, limits: limits) { fields, size in
            switch await pool.decide(bodySize: size, { page(fields) }) {
            case .success(let html): return Page(html)
            case .failure(let refusal): return Page(Layout.busy(refusal), status: .serviceUnavailable)
            }
        }
    }

    private static func form(
        _ path: String, limits: BodyLimits, _ respond: @escaping @Sendable (FormBody, Int) async -> Page
    ) -> Route {
        Route(method: .post, path: path, audience: .page) { request, context in
            switch await context.readBody(of: request, limit: limits.maximumSize, timeLimit: limits.timeLimit) {
            case .success(let body):
                return await respond(FormBody(body, contentType: request.headers[.contentType]), body.count).response
            case .failure(.tooLarge):
                return Page(
                    Layout.page(
                        title: "Too large", path: "",
                        "<p role=\"alert\">The form is over \(limits.maximumSize) bytes. Paste less, or use the JSON API.</p>"
                    ),
                    status: .contentTooLarge
                ).response
            case .failure(.tooSlow), .failure(.unreadable):
                return Page(
                    Layout.page(title: "Not received", path: "", "<p role=\"alert\">The form did not arrive.</p>"),
                    status: .requestTimeout
                ).response
            }
        }
    }

    /// `GET path`: a fixed answer (the style sheet, the OpenAPI document, the icon).
    static func asset(_ path: String, audience: Audience = .asset, _ response: @escaping @Sendable () -> Response)
        -> Route
    {
        Route(method: .get, path: path, audience: audience) { _, _ in response() }
    }
}

/// What a request body may cost: its size and the time it may take to arrive.
struct BodyLimits: Sendable, Hashable {
    /// The largest body read, in bytes.
    let maximumSize: Int
    /// The longest a body may take to arrive.
    let timeLimit: Duration

    /// `request`'s body, or the JSON answer for a body that did not arrive whole.
    func read(_ request: Request, _ context: ServerContext) async -> Result<[UInt8], APIResponse> {
        switch await context.readBody(of: request, limit: maximumSize, timeLimit: timeLimit) {
        case .success(let body): .success(body)
        case .failure(.tooLarge): .failure(.error(413, code: "body.tooLarge", "the body is over \(maximumSize) bytes"))
        case .failure(.tooSlow):
            .failure(.error(408, code: "body.slow", "the body did not arrive within \(timeLimit)"))
        case .failure(.unreadable): .failure(.error(400, code: "body.unreadable", "the body could not be read"))
        }
    }
}

extension Layout {
    /// The page of a pool's refusal (`503 server.busy`, or the server stopping).
    static func busy(_ refusal: APIResponse) -> HTML {
        // Interpolated as text: the page escapes it.
        let message = refusal.body["error"]?.stringValue ?? ""
        return Layout.page(title: "Busy", path: "", "<p role=\"alert\">\(message)</p>")
    }
}
