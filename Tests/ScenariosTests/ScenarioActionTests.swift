import AppFixtures
import Foundation
import Scenarios
import Testing

/// The action table: every action of the format parses back to itself, names what it targets, and
/// reports exactly the outcome fields it declares.
@Suite("Scenario actions: each declared once, parsed and run")
struct ScenarioActionTests {
    /// One step per action, as a scenario file writes it (the table must cover every kind).
    static let samples: [String: String] = [
        "load": #""load": "https://shop.example/""#,
        "loadHTMLString": #""loadHTMLString": {"baseURL": null}"#,
        "loadData": #""loadData": {"mimeType": "text/html", "baseURL": "https://shop.example/"}"#,
        "addFrame": #""addFrame": {"id": "ad", "url": "https://ads.example/"}"#,
        "navigateFrame": #""navigateFrame": "https://shop.example/next""#,
        "openWindow": #""openWindow": {"id": "popup", "url": "https://shop.example/popup"}"#,
        "setConfiguration": #""setConfiguration": {"limitsNavigationsToAppBoundDomains": false}"#,
        "evaluateJavaScript": #""evaluateJavaScript": {}"#,
        "addUserScript": #""addUserScript": {"forMainFrameOnly": false, "injectionTime": "atDocumentEnd"}"#,
        "addUserStyleSheet": #""addUserStyleSheet": {"forMainFrameOnly": true}"#,
        "userScriptFrames": #""userScriptFrames": {}"#,
        "styleSheetApplied": #""styleSheetApplied": {}"#,
        "postMessage": #""postMessage": {"handler": "bridge"}"#,
        "setCookie": #""setCookie": {"domain": "shop.example", "name": "id", "value": "1"}"#,
        "getAllCookies": #""getAllCookies": {}"#,
        "getCookies": #""getCookies": {"url": "https://shop.example/"}"#,
        "deleteCookie": #""deleteCookie": {"domain": "shop.example", "name": "id"}"#,
        "registerServiceWorker": #""registerServiceWorker": {"scope": "https://shop.example/"}"#,
        "state": #""state": {}"#,
        "itp": #""itp": {}"#,
        "appBoundDomains": #""appBoundDomains": {}"#,
        "setWebViewPolicy": #""setWebViewPolicy": {"viewer": "w", "policy": "currentIdentity"}"#,
        "setPolicyDelegate": #""setPolicyDelegate": {"internalHosts": ["shop.example"]}"#,
        "copy": #""copy": {}"#,
        "paste": #""paste": {"from": "managed", "characters": 3}"#,
        "upload": #""upload": {}"#,
        "openUniversalLink": #""openUniversalLink": {"url": "https://shop.example/item"}"#,
        "addWebView": #""addWebView": {"id": "second"}"#,
        "callBridge": #""callBridge": {}"#,
        "callPage": #""callPage": {}"#,
    ]

    /// A scenario with one web view `w` and the sample step of `kind`.
    static func scenario(_ kind: Scenario.Action.Kind) throws -> Scenario {
        let target = kind.type.target == .app ? "" : #""webView": "w", "#
        // The bridge's actions need an app built on a framework.
        let framework = [.callBridge, .callPage].contains(kind) ? #", "framework": {"name": "capacitor"}"# : ""
        return try Scenario.parse(
            """
            {"name": "\(kind.name)", "app": {"infoPlist": {"WKAppBoundDomains": ["shop.example"]}\(framework)},
             "webViews": [{"id": "w", "limitsNavigationsToAppBoundDomains": true}],
             "steps": [{\(target)\(samples[kind.name] ?? "")}]}
            """)
    }

    @Test("every action has its own key")
    func keysAreUnique() {
        let names = Scenario.Action.Kind.allCases.map(\.name)
        #expect(Set(names).count == names.count)
    }

    @Test("every StepAction declared in Sources/Scenarios/Scenario/Actions is an action of the format")
    func everyDeclaredActionIsListed() throws {
        let folder = ExampleApps.packageRoot.appendingPathComponent("Sources/Scenarios/Scenario/Actions")
        var declared: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            // Every type whose declaration names StepAction among its conformances, on one line or several.
            let declarations = try Regex(#"(?:struct|enum|class)\s+(\w+)\s*:[^{]*\bStepAction\b"#)
            for match in text.matches(of: declarations) {
                if let name = match.output[1].substring { declared.append(String(name)) }
            }
        }
        let listed = Scenario.Action.Kind.allCases.map { String(describing: $0.type) }
        #expect(declared.count == listed.count)
        #expect(Set(declared) == Set(listed))
    }

    @Test("the sample table covers every action")
    func tableIsComplete() {
        #expect(Set(Self.samples.keys) == Set(Scenario.Action.Kind.allCases.map(\.name)))
    }

    @Test("every action's key parses back to the same action", arguments: Scenario.Action.Kind.allCases)
    func parsesBack(_ kind: Scenario.Action.Kind) throws {
        let action = try Self.scenario(kind).steps[0].action
        #expect(action.kind == kind)
        #expect(action.name == kind.name)
        #expect(type(of: action.definition).name == kind.name)
        #expect(Scenario.Action.Kind(name: action.name) == kind)
    }

    @Test("running each action reports exactly the fields it declares", arguments: Scenario.Action.Kind.allCases)
    func fieldsMatch(_ kind: Scenario.Action.Kind) throws {
        let result = try Self.scenario(kind).run()
        let outcome = result.steps[0].outcome
        #expect(outcome.fields.map(\.key) == kind.type.outcomeFields)
        if case .navigation = outcome { #expect(kind.isNavigation) } else { #expect(!kind.isNavigation) }
    }

    @Test("an action that names the wrong target is refused where it is written")
    func targets() throws {
        for kind in Scenario.Action.Kind.allCases where kind.type.target != .frame {
            let text = """
                {"name": "x", "app": {}, "webViews": [{"id": "w"}],
                 "steps": [{"webView": "w", "frame": "f", \(Self.samples[kind.name] ?? "")}]}
                """
            #expect(throws: ScenarioError.self, "\(kind.name) takes no frame") { try Scenario.parse(text) }
        }
    }
}
