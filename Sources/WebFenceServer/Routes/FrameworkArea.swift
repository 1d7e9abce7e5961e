/// Hybrid frameworks: deciding URLs as a framework's own code does (`/v1/framework/check`), on the
/// rules page's second form.
struct FrameworkArea: ServerArea {
    let limits: BodyLimits
    let pool: DecisionPool

    var routes: [Route] {
        [
            .decision("/v1/framework/check", limits: limits, pool: pool, JSONAPI.frameworkCheck(_:within:)),
            .page("/frameworks/check") { _ in Page(RulesPage.get()) },
            .form("/frameworks/check", limits: limits, pool: pool, RulesPage.postFramework),
        ]
    }
}
