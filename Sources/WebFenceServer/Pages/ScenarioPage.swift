import Scenarios

/// The scenario page: a scenario file (spec interfaces §1) run in the web view simulator, told step
/// by step: each step's outcome, the rule behind it and whether the file's expectations held, as
/// `webfence simulate` tells it. A scenario that names plist files is refused: no request names a
/// path on the server.
enum ScenarioPage {
    static let path = "/scenario"
    static let title = "Scenario"
    static func form(_ fields: FormBody?) -> HTML {
        """
        <p>Upload or paste a scenario file (the format of <code>webfence simulate</code>, docs/scenarios.md):
        an app, its web views and the steps they take. WebFence runs it as the platform would and tells what
        happened at each step, and why.</p>
        <form method="post" action="\(path)" enctype="multipart/form-data">
        <label for="scenarioFile">A scenario file</label>
        <input type="file" id="scenarioFile" name="scenarioFile" accept=".json,application/json">
        <label for="scenario">or the scenario <span class="hint">(JSON)</span></label>
        <textarea id="scenario" name="scenario" spellcheck="false">\n\(fields?.firstGiven("scenarioFile", "scenario") ?? "")</textarea>
        <button type="submit">Run</button>
        </form>
        """
    }

    static func get() -> HTML { Layout.page(title: title, path: path, form(nil)) }

    static func post(_ fields: FormBody) -> HTML {
        Layout.page(
            title: title, path: path,
            HTML(joining: [result(fields.firstGiven("scenarioFile", "scenario") ?? ""), form(fields)]))
    }

    static func result(_ text: String) -> HTML {
        let result: ScenarioResult
        switch BoundedScenarioRun.run(text, maximumSteps: JSONAPI.maximumScenarioSteps) {
        case .success(let ran): result = ran
        case .failure(let refusal):
            let error = refusal.error
            return """
                <section class="error" role="alert"><h2>The scenario cannot be run</h2>
                <p>At <code>\(error.pointer.isEmpty ? "/" : error.pointer)</code>: \(error.message)</p></section>
                """
        }
        let failed = result.steps.filter { !$0.mismatches.isEmpty }.count
        let verdict =
            failed == 0
            ? Layout.verdict("every expectation held", good: true)
            : Layout.verdict("\(failed) step\(failed == 1 ? "" : "s") did not go as expected", good: false)
        let app = result.appSummary.map { line -> HTML in "<li>\(line)</li>" }
        let steps = result.steps.map(step)
        return """
            <section><h2>\(result.name)</h2>
            <p>\(verdict) (\(result.steps.count) steps)</p>
            \(result.description.map { "<p>\($0)</p>" as HTML } ?? "")
            <ul>\(app)</ul>
            <table><thead><tr><th scope="col">#</th><th scope="col">where</th><th scope="col">step</th><th scope="col">what happened</th></tr></thead>
            <tbody>\(steps)</tbody></table></section>
            """
    }

    static func step(_ result: ScenarioResult.StepResult) -> HTML {
        let step = result.step
        let target = (step.webView ?? "app") + (step.frame == "main" ? "" : " [\(step.frame)]")
        let fields = result.outcome.fields.map { member -> HTML in
            "<code>\(member.key)</code>: <code>\(member.value.serialized())</code>"
        }
        let mismatches = result.mismatches.map { mismatch -> HTML in
            "<li>\(Layout.verdict("expected", good: false)) \(mismatch.description)</li>"
        }
        return """
            <tr><td>\(step.index)</td><td class="mono">\(target)</td>
            <td><span class="mono">\(step.action.definition.summary)</span>\(step.note.map { "<br>\($0)" as HTML } ?? "")</td>
            <td>\(HTML(joining: fields.enumerated().map { $0.offset == 0 ? $0.element : ", \($0.element)" as HTML }))
            \(result.outcome.explanation.map { "<br>\($0)" as HTML } ?? "")
            \(mismatches.isEmpty ? "" : "<ul>\(mismatches)</ul>" as HTML)</td></tr>
            """
    }
}
