import AssociationFetchCore

/// Association files: matching links (`/v1/aasa/match`), linting files (`/v1/aasa/lint`), fetching
/// them as a device does (`/v1/aasa/fetch`), and the universal-links page that does all three.
struct AssociationArea: ServerArea {
    let limits: BodyLimits
    let pool: DecisionPool
    let fetching: AssociationFetching

    var routes: [Route] {
        let fetch: UniversalLinksPage.Fetch = { [fetching] domain, appID in
            await fetching.fetch(domain, routes: [.cdn, .direct], appID: appID)
        }
        return [
            .decision("/v1/aasa/match", limits: limits, pool: pool, JSONAPI.aasaMatch(_:within:)),
            .decision("/v1/aasa/lint", limits: limits, pool: pool) { body, _ in JSONAPI.aasaLint(body) },
            .json("/v1/aasa/fetch", limits: limits) { [fetching] body in
                switch JSONAPI.fetchRequest(body) {
                case .failure(let refusal): return refusal
                case .success(let asked):
                    return JSONAPI.fetchAnswer(
                        await fetching.fetch(asked.domain, routes: asked.routes, appID: asked.appID))
                }
            },
            .page(UniversalLinksPage.path) { _ in Page(UniversalLinksPage.get()) },
            .form(UniversalLinksPage.path, limits: limits) { [pool] fields, size in
                await UniversalLinksPage.post(fields, size: size, fetch: fetch, pool: pool)
            },
        ]
    }
}
