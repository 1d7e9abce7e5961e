/// Scenarios: replaying a scenario file in the web view simulator (`/v1/simulate`) and its page.
struct ScenarioArea: ServerArea {
    let limits: BodyLimits

    var routes: [Route] {
        [
            .json("/v1/simulate", limits: limits, JSONAPI.simulate),
            .page(ScenarioPage.path) { _ in Page(ScenarioPage.get()) },
            .form(ScenarioPage.path, limits: limits, ScenarioPage.post),
        ]
    }
}
