/// Navigation rules: checking URLs against a rule set (`/v1/rules/check`) and its page.
struct RulesArea: ServerArea {
    let limits: BodyLimits

    var routes: [Route] {
        [
            .json("/v1/rules/check", limits: limits, JSONAPI.rulesCheck),
            .page(RulesPage.path) { _ in Page(RulesPage.get()) },
            .page("/rules/check") { _ in Page(RulesPage.get()) },
            .form("/rules/check", limits: limits, RulesPage.postRules),
        ]
    }
}
