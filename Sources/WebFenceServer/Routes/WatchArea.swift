import WebFenceWatch

/// The watch of `--watch FILE`: what each watched domain answers now (`/v1/watch`), its page, and
/// each domain's versions with their differences.
struct WatchArea: ServerArea {
    let watch: AssociationWatch?
    /// Where a domain's page is made: its line diffs are costly work, bounded as decisions are.
    let pool: DecisionPool

    var routes: [Route] {
        [
            .api(.get, "/v1/watch") { [watch] _ in await JSONAPI.watchAnswer(watch) },
            .page(WatchPage.path) { [watch] _ in Page(await WatchPage.get(watch)) },
            .page(WatchPage.domainPath) { [watch, pool] request in
                let (status, html) = await WatchPage.domain(
                    watch, name: request.uri.queryParameters["name"].map(String.init), pool: pool)
                return Page(html, status: status)
            },
        ]
    }
}
