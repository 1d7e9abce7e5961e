import Foundation
import Scenarios
import Testing

/// `app.framework` for the Flutter plugins and Tauri: the bridge's configuration beside the
/// navigation (the App-Bound flag and the app's callback answers as data, D123), each mistake an
/// error at its place, and the bridge decided inside the App-Bound gate.
@Suite("Scenarios: Flutter and Tauri apps")
struct CallbackFrameworkScenarioTests {
    private static func scenario(_ framework: String, steps: String = "[]", infoPlist: String = "{}") -> String {
        #"{"name": "x", "app": {"infoPlist": \#(infoPlist), "framework": \#(framework)}, "webViews": [{"id": "w"}], "steps": \#(steps)}"#
    }

    private func error(_ text: String) -> ScenarioError? {
        do {
            _ = try Scenario.parse(text).run()
            return nil
        } catch {
            return error
        }
    }

    @Test(
        "each mistake is an error at its place",
        arguments: [
            (
                #"{"name": "tauri", "navigation": {"limitsNavigationsToAppBoundDomains": true}, "configuration": {"capabilities": []}}"#,
                "/app/framework/navigation/limitsNavigationsToAppBoundDomains", "Tauri spells it"
            ),
            (
                #"{"name": "tauri", "version": "2.5.0", "configuration": {"capabilities": []}}"#,
                "/app/framework/navigation/wryAsksForSubframes", "does not know whether Tauri 2.5.0"
            ),
            (
                #"{"name": "flutter-inappwebview", "navigation": {"shouldOverrideUrlLoading": "ALLOW"}}"#,
                "/app/framework/navigation/shouldOverrideUrlLoading", "expected one of allow, cancel"
            ),
            (
                #"{"name": "flutter-inappwebview", "navigation": {"shouldOverrideUrlLoading": {"hosts": {"a.example": "allow"}}}}"#,
                "/app/framework/navigation/shouldOverrideUrlLoading/otherwise", "missing"
            ),
            (
                #"{"name": "webview-flutter", "navigation": {"onNavigationRequest": {"hosts": {"A.example": "prevent"}, "otherwise": "navigate"}}}"#,
                "/app/framework/navigation/onNavigationRequest/hosts/A.example", "\"a.example\""
            ),
            (
                #"{"name": "tauri", "navigation": {"onNavigation": "yes"}, "configuration": {"capabilities": []}}"#,
                "/app/framework/navigation/onNavigation", "expected true or false"
            ),
            (
                #"{"name": "capacitor", "navigation": {}}"#, "/app/framework/navigation", "unknown key"
            ),
            (
                #"{"name": "flutter-inappwebview", "version": "6.1.5", "configuration": {"javaScriptBridgeEnabled": true}}"#,
                "/app/framework/version", "does not exist in flutter_inappwebview 6.1.5"
            ),
            (
                #"{"name": "tauri", "version": "2.0.6", "navigation": {"wryAsksForSubframes": true}, "configuration": {"capabilities": []}}"#,
                "/app/framework/navigation/wryAsksForSubframes", "does not ask on_navigation for sub-frames"
            ),
            (
                #"{"name": "tauri", "version": "2.12.0-rc.1", "configuration": {"capabilities": []}}"#,
                "/app/framework/navigation/wryAsksForSubframes", "does not know whether Tauri 2.12.0"
            ),
        ] as [(String, String, String)])
    func mistakes(framework: String, pointer: String, message: String) {
        guard let error = error(Self.scenario(framework)) else {
            Issue.record("expected an error for \(framework)")
            return
        }
        #expect(error.pointer == pointer)
        #expect(error.message.contains(message), "\(error.message)")
    }

    @Test("a command names a Tauri command only")
    func commandOutsideTauri() {
        let text = Self.scenario(
            #"{"name": "webview-flutter", "configuration": {"channels": ["Native"]}}"#,
            steps:
                #"[{"webView": "w", "load": "https://a.example/"}, {"webView": "w", "callBridge": {"command": "x"}}]"#)
        #expect(error(text)?.pointer == "/steps/1/callBridge/command")
    }

    @Test("an allow-list entry WebFence does not evaluate makes the call an error, never a guess")
    func undecidedEntry() {
        let text = Self.scenario(
            #"{"name": "flutter-inappwebview", "configuration": {"javaScriptBridgeOriginAllowList": ["(?<=x)a"]}}"#,
            steps: #"[{"webView": "w", "load": "https://a.example/"}, {"webView": "w", "callBridge": {}}]"#)
        let failure = error(text)
        #expect(failure?.pointer == "/steps/1")
        #expect(failure?.message.contains("cannot decide") == true, "\(failure?.message ?? "")")
    }

    @Test("the framework's flag is the web views' default, and the bridge call reports the framework's rule")
    func flagAndRule() throws {
        let text = Self.scenario(
            #"{"name": "webview-flutter", "configuration": {"channels": ["Native"]}, "navigation": {"limitsNavigationsToAppBoundDomains": true}}"#,
            steps: #"""
                [{"webView": "w", "load": "https://a.example/", "expect": {"result": "committed", "appBound": true}},
                 {"webView": "w", "callBridge": {}, "expect": {"result": "delivered", "rule": "webview-flutter.channels.everyFrame"}},
                 {"webView": "w", "load": "https://b.example/", "expect": {"result": "failed", "error": 13}}]
                """#,
            infoPlist: #"{"WKAppBoundDomains": ["a.example"]}"#)
        let result = try Scenario.parse(text).run()
        #expect(result.passed, "\(result.steps.map(\.mismatches))")
    }

    @Test("Tauri: a remote page's call the capabilities refuse is rejected with Tauri's rule")
    func tauriRejected() throws {
        let text = Self.scenario(
            #"{"name": "tauri", "version": "2.12.0", "configuration": {"capabilities": [{"identifier": "main", "windows": ["main"], "permissions": ["core:default"]}]}}"#,
            steps: #"""
                [{"webView": "w", "load": "https://remote.example/", "expect": {"result": "committed"}},
                 {"webView": "w", "callBridge": {"command": "save_note"}, "expect": {"result": "rejected", "rule": "tauri.noCapability"}},
                 {"webView": "w", "callBridge": {"command": "plugin:event|listen"}, "expect": {"result": "rejected", "rule": "tauri.noCapability"}}]
                """#)
        let result = try Scenario.parse(text).run()
        #expect(result.passed, "\(result.steps.map(\.mismatches))")
    }

    @Test("the framework's check guards the page's calls only: a call into an about:blank frame is App-Bound's alone")
    func callPageSkipsTheFrameworkCheck() throws {
        let text = Self.scenario(
            #"{"name": "flutter-inappwebview", "configuration": {"javaScriptHandlersOriginAllowList": ["^https://a\\.example$"]}}"#,
            steps: #"""
                [{"webView": "w", "load": "https://a.example/"},
                 {"webView": "w", "addFrame": {"id": "blank", "parent": "main", "url": "about:blank"}},
                 {"webView": "w", "frame": "blank", "callPage": {}, "expect": {"result": "delivered", "rule": "framework.bridge.reachable"}}]
                """#)
        let result = try Scenario.parse(text).run()
        #expect(result.passed, "\(result.steps.map(\.mismatches))")
    }
}
