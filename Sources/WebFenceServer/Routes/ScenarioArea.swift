/// Scenarios: replaying a scenario file in the web view simulator (`/v1/simulate`) and its page.
struct ScenarioArea: ServerArea {
    let limits: BodyLimits
    let pool: DecisionPool

    var routes: [Route] {
        [
            .decision("/v1/simulate", limits: limits, pool: pool) { body, _ in JSONAPI.simulate(body) },
            .page(ScenarioPage.path) { _ in Page(ScenarioPage.get()) },
            .form(ScenarioPage.path, limits: limits, pool: pool, ScenarioPage.post),
        ]
    }
}
