import Hummingbird

/// Counts every request in `ServerMetrics` when its answer is made, refusals of the access checks
/// included (it runs before them): by the route that matched (its path, as the router writes it),
/// the method and the status, with the time from its head to its answer (a streamed answer's body
/// is written after) and the body's size as the client declared it.
struct RequestMetrics<Context: RequestContext>: RouterMiddleware {
    let metrics: ServerMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        let started = ContinuousClock.now
        // As declared, at most 4 GiB (a refused request may declare anything; no body read is larger).
        let bodyBytes = min(request.headers.value(of: .contentLength).flatMap { Int($0) } ?? 0, 4 << 30)
        let route = context.endpointPath ?? "unmatched"
        do {
            let response = try await next(request, context)
            metrics.request(
                route: route, method: request.method.rawValue, status: Int(response.status.code),
                duration: ContinuousClock.now - started, bodyBytes: bodyBytes)
            return response
        } catch {
            let status = (error as? any HTTPResponseError).map { Int($0.status.code) } ?? 500
            metrics.request(
                route: route, method: request.method.rawValue, status: status, duration: ContinuousClock.now - started,
                bodyBytes: bodyBytes)
            throw error
        }
    }
}
