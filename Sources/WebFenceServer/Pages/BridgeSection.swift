import HybridFrameworks
import StrictJSON
import WebAddress

/// The frameworks page's bridge form: a framework's configuration and frame URLs; for each frame,
/// whether the bridge's script is offered there, whether a call from it reaches native code, its
/// origin, the rule and whether it is a bypass, as `POST /v1/framework/bridge` answers (interfaces
/// §6b). The five navigation frameworks take the same configuration files as the check form above;
/// flutter_inappwebview, webview_flutter and Tauri the JSON configuration of docs/frameworks.md §7–§9.
enum BridgeSection {
    static let action = "/frameworks/bridge"

    static func form(_ fields: FormBody?) -> HTML {
        let frameworks = Layout.options(
            BridgePolicy.frameworkNames.map { ($0, $0) }, selected: fields?["framework"] ?? "flutter-inappwebview")
        return """
            <section><h2>Who reaches a framework's bridge</h2>
            <form method="post" action="\(action)">
            <label for="bridge-framework">The framework</label>
            <select id="bridge-framework" name="framework">\(frameworks)</select>
            <label for="bridge-version">Its release <span class="hint">(optional: flutter-inappwebview 6.1.5 or 6.2.0-beta.1–3, tauri 2.x.y, webview-flutter 3.26)</span></label>
            <input id="bridge-version" name="version" spellcheck="false" value="\(fields?["version"] ?? "")">
            <label for="bridge-config">Its configuration <span class="hint">(the five navigation frameworks: as in the form above; flutter-inappwebview: its settings as JSON; webview-flutter: {"channels": […]}; tauri: {"capabilities": […], …}, docs/frameworks.md)</span></label>
            <textarea id="bridge-config" name="config" required spellcheck="false">\n\(fields?["config"] ?? "")</textarea>
            <label for="bridge-urls">Frame URLs <span class="hint">(one a line)</span></label>
            <textarea id="bridge-urls" name="urls" required spellcheck="false">\n\(fields?["urls"] ?? "")</textarea>
            <label for="bridge-frame">The frame</label>
            <select id="bridge-frame" name="frame">\(RulesPage.frameOptions(fields?["frame"]))</select>
            <label for="bridge-command">The command called <span class="hint">(tauri only, optional: plugin:event|listen, or an app command)</span></label>
            <input id="bridge-command" name="command" spellcheck="false" value="\(fields?["command"] ?? "")">
            <button type="submit">Decide</button>
            </form></section>
            """
    }

    static func result(_ fields: FormBody) -> HTML {
        guard let name = fields["framework"], BridgePolicy.frameworkNames.contains(name) else {
            return RulesPage.alert("<p>Choose a framework.</p>")
        }
        let policy: BridgePolicy
        switch read(name, fields) {
        case .policy(let read): policy = read
        case .refused(let message): return RulesPage.alert("<h2>The configuration cannot be used</h2><p>\(message)</p>")
        }
        let list = RulesPage.urls(fields)
        guard list.count <= RulesPage.maximumURLs else {
            return RulesPage.alert("<p>At most \(RulesPage.maximumURLs) URLs at once.</p>")
        }
        let isMainFrame = fields["frame"] != "sub"
        let command = fields["command"].map(FormBody.trimmingC0ControlsAndSpaces).flatMap { $0.isEmpty ? nil : $0 }
        let size = (fields["config"] ?? "").utf8.count
        // The whole form within one request's budget: the rows past it say so, undecided.
        var left = WorkBudget.standard.maximumCaseCost
        let rows = list.map { text -> HTML in
            guard case .success(let url) = WebURL.parse(text) else {
                return "<tr><td class=\"mono\">\(text)</td><td colspan=\"4\">not a URL: no frame loads it</td></tr>"
            }
            let cost = WorkBudget.bridgeCost(
                configurationSize: size, stepsPerCharacter: policy.stepsPerCharacter, urlLength: text.utf8.count)
            guard cost <= left else {
                return
                    "<tr><td class=\"mono\">\(text)</td><td colspan=\"4\">not decided: with it the form could cost more than \(WorkBudget.standard.maximumCaseCost) steps (the configuration's size × the URLs' length); send fewer or shorter URLs, or use the JSON API</td></tr>"
            }
            left -= cost
            do throws(FrameworkBridgeFailure) {
                return row(text, try policy.decide(url, isMainFrame: isMainFrame, command: command))
            } catch {
                return "<tr><td class=\"mono\">\(text)</td><td colspan=\"4\">not decided: \(error.reason)</td></tr>"
            }
        }
        return """
            <section><h2>Who reaches \(name)'s bridge</h2>
            <table><thead><tr><th scope="col">frame URL</th><th scope="col">script</th><th scope="col">a call</th><th scope="col">origin</th><th scope="col">the rule behind it</th></tr></thead>
            <tbody>\(rows)</tbody></table>
            <p>A <strong>bypass</strong>: the call reaches native code from an origin the configuration never named.</p>
            </section>
            """
    }

    private static func row(_ text: String, _ decision: FrameworkBridgeDecision) -> HTML {
        let bypass: HTML = decision.isBypass ? " <strong class=\"verdict bad\">bypass</strong>" : ""
        let reaches = Layout.verdict(
            decision.accepted ? "reaches native code" : "refused", good: decision.isBypass ? false : nil)
        return """
            <tr><td class="mono">\(text)</td><td>\(decision.offered ? "offered" : "not offered")</td>
            <td>\(reaches)\(bypass)</td><td class="mono">\(decision.origin)</td><td>\(decision.rule.description)</td></tr>
            """
    }

    /// The policy the form describes, or why there is none.
    private enum Reading {
        case policy(BridgePolicy)
        case refused(String)
    }

    private static func read(_ name: String, _ fields: FormBody) -> Reading {
        let text = fields["config"] ?? ""
        let version = fields["version"].map(FormBody.trimmingC0ControlsAndSpaces).flatMap { $0.isEmpty ? nil : $0 }
        if let framework = HybridFramework(rawValue: name) {
            if let version {
                return .refused("The release is read from the configuration for \(name), not from \(version).")
            }
            do throws(FrameworkConfigurationText.Failure) {
                let (policy, _) = try FrameworkConfigurationText.policy(framework, Array(text.utf8))
                return .policy(.navigationFramework(NavigationFrameworkBridge(policy)))
            } catch {
                return .refused("\(error.place.map { "At \($0): " } ?? "")\(error.message)")
            }
        }
        do throws(JSONParser.Error) {
            let configuration = try JSONParser.parse(text)
            do throws(BridgePolicyError) {
                return .policy(
                    try BridgePolicy.read(framework: name, version: version, configuration: configuration, at: ""))
            } catch {
                return .refused(error.description)
            }
        } catch {
            return .refused("Not JSON: line \(error.line), column \(error.column): \(error.message)")
        }
    }
}
