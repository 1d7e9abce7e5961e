/// Navigation rules: checking URLs against a rule set (`/v1/rules/check`) and its page.
struct RulesArea: ServerArea {
    let limits: BodyLimits
    let pool: DecisionPool

    var routes: [Route] {
        [
            .decision("/v1/rules/check", limits: limits, pool: pool, JSONAPI.rulesCheck(_:within:)),
            .page(RulesPage.path) { _ in Page(RulesPage.get()) },
            .page("/rules/check") { _ in Page(RulesPage.get()) },
            .form("/rules/check", limits: limits, pool: pool, RulesPage.postRules),
        ]
    }
}
