/// Hybrid frameworks: deciding URLs as a framework's own code does (`/v1/framework/check`), on the
/// rules page's second form, and which frames reach its bridge (`/v1/framework/bridge`, the third).
struct FrameworkArea: ServerArea {
    let limits: BodyLimits
    let pool: DecisionPool

    var routes: [Route] {
        [
            .decision("/v1/framework/check", limits: limits, pool: pool, JSONAPI.frameworkCheck(_:within:)),
            .decision("/v1/framework/bridge", limits: limits, pool: pool, JSONAPI.frameworkBridge(_:within:)),
            .page("/frameworks/check") { _ in Page(RulesPage.get()) },
            .form("/frameworks/check", limits: limits, pool: pool, RulesPage.postFramework),
            .form(BridgeSection.action, limits: limits, pool: pool, RulesPage.postBridge),
        ]
    }
}
