import HybridFrameworks
import StrictJSON
import Testing
import WebAddress

/// The navigation code of the Flutter plugins and Tauri (spec §13e, §13h, §14c): every answer of the
/// app's callback mapped as the framework maps it, and who is asked for which frame.
@Suite("Flutter and Tauri navigation")
struct CallbackNavigationTests {
    private static func action(_ url: String, _ target: FrameworkNavigationAction.TargetFrame = .main) throws
        -> FrameworkNavigationAction
    {
        FrameworkNavigationAction(url: try WebURL(url), target: target, navigationType: .link)
    }

    @Test(
        "flutter_inappwebview: each answer of shouldOverrideUrlLoading (sample 17: null cancels)",
        arguments: [
            (FlutterInAppWebViewNavigation.Answer.allow, FrameworkDecision.Action.allow),
            (.cancel, .cancel), (.download, .download), (.null, .cancel), (.exception, .allow),
        ])
    func flutterAnswers(answer: FlutterInAppWebViewNavigation.Answer, expected: FrameworkDecision.Action) throws {
        var navigation = FlutterInAppWebViewNavigation()
        navigation.useShouldOverrideUrlLoading = true
        navigation.shouldOverrideUrlLoading = CallbackAnswers(otherwise: answer)
        for target in FrameworkNavigationAction.TargetFrame.allCases {
            let decision = navigation.decide(try Self.action("https://x.com/", target))
            #expect(decision.action == expected)
            #expect(decision.rule.code == "flutter-inappwebview.shouldOverrideUrlLoading.\(answer.rawValue)")
        }
    }

    @Test("flutter_inappwebview: the setting on with no callback cancels the first load (sample 19); off allows")
    func flutterSetting() throws {
        var navigation = FlutterInAppWebViewNavigation()
        #expect(
            navigation.decide(try Self.action("https://x.com/")).rule.code == "flutter-inappwebview.navigation.notAsked"
        )
        navigation.useShouldOverrideUrlLoading = true
        let load = FrameworkNavigationAction(
            url: try WebURL("https://x.com/"), navigationType: .other, isAppInitiated: true)
        let decision = navigation.decide(load)
        #expect(decision.action == .cancel)
        #expect(decision.rule.code == "flutter-inappwebview.navigation.noCallback")
    }

    @Test("a callback's answers by host: the URL's serialised host, else otherwise (host-less URLs too)")
    func answersByHost() throws {
        let answers = CallbackAnswers(hosts: ["a.example": false, "[::1]": false], otherwise: true)
        #expect(answers.answer(for: try WebURL("https://A.EXAMPLE/x")) == false)
        #expect(answers.answer(for: try WebURL("http://[0:0::1]:8080/")) == false)
        #expect(answers.answer(for: try WebURL("https://b.a.example/")) == true)
        #expect(answers.answer(for: try WebURL("about:blank")) == true)
        // A custom scheme's host is opaque: as written, compared in lower case.
        let custom = CallbackAnswers(hosts: ["app": false], otherwise: true)
        #expect(custom.answer(for: try WebURL("myapp://App/x")) == false)
    }

    @Test(
        "webview_flutter: no delegate allows; navigate, prevent, and a failure cancels",
        arguments: [
            (
                WebViewFlutterNavigation.Answer?.none, FrameworkDecision.Action.allow,
                "webview-flutter.navigation.noDelegate"
            ),
            (.navigate, .allow, "webview-flutter.onNavigationRequest.navigate"),
            (.prevent, .cancel, "webview-flutter.onNavigationRequest.prevent"),
            (.failure, .cancel, "webview-flutter.onNavigationRequest.failure"),
        ])
    func webviewFlutter(answer: WebViewFlutterNavigation.Answer?, expected: FrameworkDecision.Action, code: String)
        throws
    {
        var navigation = WebViewFlutterNavigation()
        navigation.onNavigationRequest = answer.map { CallbackAnswers(otherwise: $0) }
        let decision = navigation.decide(try Self.action("https://x.com/", .sub))
        #expect(decision.action == expected)
        #expect(decision.rule.code == code)
    }

    @Test("Tauri: before wry's change sub-frames and new windows are not asked; after it they are")
    func tauriSubframes() throws {
        var old = TauriNavigation(asksForSubframes: false)
        old.onNavigation = CallbackAnswers(otherwise: false)
        #expect(old.decide(try Self.action("https://evil.net/")).action == .cancel)
        for target in [FrameworkNavigationAction.TargetFrame.sub, .newWindow] {
            let decision = old.decide(try Self.action("https://evil.net/", target))
            #expect(decision.action == .allow)
            #expect(decision.rule.code == "tauri.navigation.notAsked")
        }
        var current = old
        current.asksForSubframes = true
        #expect(current.decide(try Self.action("https://evil.net/", .sub)).rule.code == "tauri.onNavigation.false")
        #expect(
            TauriNavigation(asksForSubframes: true).decide(try Self.action("https://evil.net/")).rule.code
                == "tauri.navigation.noHandler")
    }

    @Test("Tauri: the releases whose wry is known, and the ones WebFence does not guess")
    func tauriReleases() {
        #expect(TauriNavigation.asksForSubframes(version: [2, 0, 6]) == false)
        #expect(TauriNavigation.asksForSubframes(version: [2, 0, 7]) == nil)
        #expect(TauriNavigation.asksForSubframes(version: [2, 11, 5]) == nil)
        #expect(TauriNavigation.asksForSubframes(version: [2, 12, 0]) == true)
        #expect(TauriNavigation.asksForSubframes(version: [2, 12, 0], isPrerelease: true) == nil)
        #expect(TauriNavigation.asksForSubframes(version: [2, 0, 0], isPrerelease: true) == false)
    }

    @Test("Tauri: its isolation iframe is let through whatever on_navigation answers")
    func tauriIsolation() throws {
        var navigation = TauriNavigation(asksForSubframes: true)
        navigation.onNavigation = CallbackAnswers(otherwise: false)
        let decision = navigation.decide(try Self.action("isolation-1234://localhost/", .sub))
        #expect(decision.action == .allow)
        #expect(decision.rule.code == "tauri.navigation.isolation")
    }
}
