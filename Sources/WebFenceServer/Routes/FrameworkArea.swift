/// Hybrid frameworks: deciding URLs as a framework's own code does (`/v1/framework/check`), on the
/// rules page's second form.
struct FrameworkArea: ServerArea {
    let limits: BodyLimits

    var routes: [Route] {
        [
            .json("/v1/framework/check", limits: limits, JSONAPI.frameworkCheck),
            .page("/frameworks/check") { _ in Page(RulesPage.get()) },
            .form("/frameworks/check", limits: limits, RulesPage.postFramework),
        ]
    }
}
