import HybridFrameworks
import NavigationRules
import WebAddress

/// The rules and frameworks page: a navigation rule set, or a hybrid framework's configuration,
/// and URLs; the decision for each URL with the rule that made it, the real host, and for a
/// framework whether its own matcher lets the URL in although the configuration never named its
/// host (a bypass), with the rule set that allows what the configuration meant.
enum RulesPage {
    static let path = "/rules"
    static let title = "Rules and frameworks"
    /// At most this many URLs are decided for one form.
    static let maximumURLs = 200

    static func get() -> HTML {
        Layout.page(
            title: title, path: path, HTML(joining: [rulesForm(nil), frameworkForm(nil), BridgeSection.form(nil)]))
    }

    static func postRules(_ fields: FormBody) -> HTML {
        Layout.page(
            title: title, path: path,
            HTML(joining: [rulesResult(fields), rulesForm(fields), frameworkForm(nil), BridgeSection.form(nil)]))
    }

    static func postFramework(_ fields: FormBody) -> HTML {
        Layout.page(
            title: title, path: path,
            HTML(joining: [frameworkResult(fields), rulesForm(nil), frameworkForm(fields), BridgeSection.form(nil)]))
    }

    static func postBridge(_ fields: FormBody) -> HTML {
        Layout.page(
            title: title, path: path,
            HTML(joining: [
                BridgeSection.result(fields), rulesForm(nil), frameworkForm(nil), BridgeSection.form(fields),
            ]))
    }

    static func frameOptions(_ selected: String?) -> HTML {
        Layout.options([("main", "the main frame"), ("sub", "a subframe (iframe)")], selected: selected ?? "main")
    }

    static func rulesForm(_ fields: FormBody?) -> HTML {
        """
        <section><h2>A navigation rule set</h2>
        <form method="post" action="/rules/check">
        <label for="rules">The rule set <span class="hint">(JSON, spec navigation-rules)</span></label>
        <textarea id="rules" name="rules" required spellcheck="false" placeholder='{"version": 1, "allow": ["example.com"]}'>\n\(fields?["rules"] ?? "")</textarea>
        <label for="rules-urls">URLs <span class="hint">(one a line)</span></label>
        <textarea id="rules-urls" name="urls" required spellcheck="false">\n\(fields?["urls"] ?? "")</textarea>
        <label for="rules-frame">Navigating</label>
        <select id="rules-frame" name="frame">\(frameOptions(fields?["frame"]))</select>
        <button type="submit">Decide</button>
        </form></section>
        """
    }

    static func frameworkForm(_ fields: FormBody?) -> HTML {
        let frameworks = Layout.options(
            HybridFramework.allCases.map { ($0.rawValue, $0.rawValue) }, selected: fields?["framework"])
        return """
            <section><h2>A hybrid framework's configuration</h2>
            <form method="post" action="/frameworks/check">
            <label for="framework">The framework</label>
            <select id="framework" name="framework">\(frameworks)</select>
            <label for="config">Its configuration <span class="hint">(capacitor.config.json, Cordova's config.xml, a PWABuilder shell's Settings.swift, or the props JSON of docs/frameworks.md)</span></label>
            <textarea id="config" name="config" required spellcheck="false">\n\(fields?["config"] ?? "")</textarea>
            <label for="framework-urls">URLs <span class="hint">(one a line, as WebKit hands them to the framework)</span></label>
            <textarea id="framework-urls" name="urls" required spellcheck="false">\n\(fields?["urls"] ?? "")</textarea>
            <label for="framework-frame">Navigating</label>
            <select id="framework-frame" name="frame">\(frameOptions(fields?["frame"]))</select>
            <button type="submit">Decide</button>
            </form></section>
            """
    }

    /// The URLs of a form's `urls` field, one a line, blank lines skipped.
    static func urls(_ fields: FormBody) -> [String] {
        (fields["urls"] ?? "").split(whereSeparator: \.isNewline).map {
            FormBody.trimmingC0ControlsAndSpaces(String($0))
        }.filter { !$0.isEmpty }
    }

    static func alert(_ message: HTML) -> HTML { "<section class=\"error\" role=\"alert\">\(message)</section>" }

    static func rulesResult(_ fields: FormBody) -> HTML {
        let ruleSet: NavigationRuleSet
        do throws(RuleSetError) { ruleSet = try NavigationRuleSet(json: fields["rules"] ?? "") } catch {
            let items = error.errors.map { finding -> HTML in
                "<li><code>\(finding.code)</code> at <code>\(finding.pointer)</code>: \(finding.message)</li>"
            }
            return alert("<h2>The rule set does not load</h2><ul>\(items)</ul>")
        }
        let list = urls(fields)
        guard list.count <= maximumURLs else { return alert("<p>At most \(maximumURLs) URLs at once.</p>") }
        let frame: NavigationFrame = fields["frame"] == "sub" ? .sub : .main
        let rows = list.map { text -> HTML in
            guard case .success(let url) = WebURL.parse(text) else {
                return
                    "<tr><td class=\"mono\">\(text)</td><td>\(Layout.verdict("cancel", good: false))</td><td>—</td><td>not a URL: no web view loads it</td></tr>"
            }
            let decision = ruleSet.decide(url, frame: frame)
            let good: Bool? = decision.action == .allow ? true : decision.action == .cancel ? false : nil
            return """
                <tr><td class="mono">\(text)</td><td>\(Layout.verdict(decision.action.rawValue, good: good))</td>
                <td class="mono">\(decision.host ?? "(none)")</td><td>\(decision.explanation)</td></tr>
                """
        }
        return """
            <section><h2>Decisions</h2>
            <table><thead><tr><th scope="col">URL</th><th scope="col">decision</th><th scope="col">real host</th><th scope="col">why</th></tr></thead>
            <tbody>\(rows)</tbody></table></section>
            """
    }

    static func frameworkResult(_ fields: FormBody) -> HTML {
        guard let name = fields["framework"], let framework = HybridFramework(rawValue: name) else {
            return alert("<p>Choose a framework.</p>")
        }
        let policy: FrameworkPolicy
        let notes: [FrameworkConfigurationNote]
        do throws(FrameworkConfigurationText.Failure) {
            (policy, notes) = try FrameworkConfigurationText.policy(framework, Array((fields["config"] ?? "").utf8))
        } catch {
            return alert(
                "<h2>The configuration cannot be read</h2><p>\(error.place.map { "At \($0): " } ?? "")\(error.message)</p>"
            )
        }
        let list = urls(fields)
        guard list.count <= maximumURLs else { return alert("<p>At most \(maximumURLs) URLs at once.</p>") }
        let target: FrameworkNavigationAction.TargetFrame = fields["frame"] == "sub" ? .sub : .main
        let rows = list.map { text -> HTML in
            guard case .success(let url) = WebURL.parse(text) else {
                return
                    "<tr><td class=\"mono\">\(text)</td><td colspan=\"3\">not a URL: WebKit never hands it to the framework</td></tr>"
            }
            let decision = policy.decide(FrameworkNavigationAction(url: url, target: target))
            let good: Bool? =
                decision.isBypass
                ? false : decision.action == .allow ? true : decision.action == .openExternally ? nil : false
            let bypass: HTML = decision.isBypass ? " <strong class=\"verdict bad\">bypass</strong>" : ""
            return """
                <tr><td class="mono">\(text)</td><td>\(Layout.verdict(decision.checkDecision, good: good))\(bypass)</td>
                <td class="mono">\(decision.hostText ?? "(none)")</td><td>\(decision.rule.description)</td></tr>
                """
        }
        let noteItems = notes.map { note -> HTML in "<li>\(note.description)</li>" }
        let (ruleSet, leftOut) = FrameworkRuleSet.json(MeantNavigation(policy), framework: framework)
        let meantNotes = (MeantNavigation(policy).notes + leftOut).map { note -> HTML in "<li>\(note)</li>" }
        return """
            <section><h2>Decisions of \(framework.rawValue)'s own code</h2>
            \(noteItems.isEmpty ? "" : "<p>What the framework ignores in this configuration:</p><ul>\(noteItems)</ul>" as HTML)
            <table><thead><tr><th scope="col">URL</th><th scope="col">decision</th><th scope="col">real host</th><th scope="col">the rule behind it</th></tr></thead>
            <tbody>\(rows)</tbody></table>
            <h3>The rule set that allows what it meant, without its holes</h3>
            <p>Use it from your own navigation delegate (<code>webfence framework rules</code> prints the same).</p>
            <pre class="mono">\(ruleSet.serialized())</pre>
            \(meantNotes.isEmpty ? "" : "<ul>\(meantNotes)</ul>" as HTML)
            </section>
            """
    }
}
