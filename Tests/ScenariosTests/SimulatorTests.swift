import Scenarios
import Testing

/// The simulator's behaviours that the spec calls out, each as a small scenario written inline.
@Suite("Simulator: spec rules end to end")
struct SimulatorTests {
    /// Runs a scenario built from an app (JSON), web views (JSON) and steps (JSON); returns the outcomes.
    private func run(app: String, webViews: String, steps: String, dataStores: String = "[]") throws -> [StepOutcome] {
        let text = #"""
            {"name": "test", "app": \#(app), "dataStores": \#(dataStores), "webViews": \#(webViews), "steps": \#(steps)}
            """#
        return try Scenario.parse(text).run().steps.map(\.outcome)
    }

    private let listed = #"{"infoPlist": {"WKAppBoundDomains": ["apple.com", "webkit.org"]}}"#

    @Test(
        "forced mode after a main-frame local load: a later non-app-bound navigation fails with 13 though limits were configured off",
        arguments: ["about:blank", "data:text/html,hi", "file:///index.html", "http://localhost:8080/"])
    func forcedMode(_ local: String) throws {
        let outcomes = try run(
            app: listed, webViews: #"[{"id": "w"}]"#,
            steps: #"[{"webView": "w", "load": "\#(local)"}, {"webView": "w", "load": "https://www.wikipedia.org/"}]"#)
        #expect(outcomes[0]["forcedAppBoundMode"] == .bool(true))
        #expect(outcomes[0]["appBound"] == .bool(true))
        #expect(outcomes[1]["result"] == .string("failed"))
        #expect(outcomes[1]["error"] == .int(13))
    }

    @Test("a subframe about:blank is judged by its frame's origin, and does not force the mode")
    func subframeAboutBlank() throws {
        let outcomes = try run(
            app: listed, webViews: #"[{"id": "w", "limitsNavigationsToAppBoundDomains": true}]"#,
            steps: """
                [{"webView": "w", "load": "https://apple.com/"},
                 {"webView": "w", "addFrame": {"id": "blank", "parent": "main", "url": "about:blank"}},
                 {"webView": "w", "addFrame": {"id": "other", "parent": "main", "url": "https://other.example/"}},
                 {"webView": "w", "addFrame": {"id": "inner", "parent": "other", "url": "about:blank"}}]
                """)
        #expect(outcomes[1]["appBound"] == .bool(true))
        #expect(outcomes[1]["forcedAppBoundMode"] == .bool(false))
        #expect(outcomes[3]["appBound"] == .bool(false), "judged by other.example, the frame's origin")
    }

    @Test("a redirect to a host that is not app-bound fails with 13 under limits; each hop is gated")
    func redirects() throws {
        let outcomes = try run(
            app: listed, webViews: #"[{"id": "w", "limitsNavigationsToAppBoundDomains": true}]"#,
            steps: """
                [{"webView": "w", "load": "https://apple.com/", "redirects": ["https://www.webkit.org/next"]},
                 {"webView": "w", "load": "https://apple.com/login", "redirects": ["https://sso.example/", "https://apple.com/done"]}]
                """)
        #expect(outcomes[0]["result"] == .string("committed"))
        #expect(outcomes[0]["url"] == .string("https://www.webkit.org/next"))
        #expect(outcomes[1]["result"] == .string("failed"))
        #expect(outcomes[1]["error"] == .int(13))
        #expect(outcomes[1]["url"] == .string("https://www.webkit.org/next"), "the page stays")
    }

    @Test("a popup inherits the configured limits, but not forced mode")
    func popup() throws {
        let outcomes = try run(
            app: listed, webViews: #"[{"id": "on", "limitsNavigationsToAppBoundDomains": true}, {"id": "off"}]"#,
            steps: """
                [{"webView": "on", "openWindow": {"id": "popupOn", "url": "https://other.example/"}},
                 {"webView": "off", "load": "about:blank"},
                 {"webView": "off", "openWindow": {"id": "popupOff", "url": "https://other.example/"}},
                 {"webView": "popupOff", "state": {}}]
                """)
        #expect(outcomes[0]["error"] == .int(13), "the popup kept limits on")
        #expect(outcomes[1]["forcedAppBoundMode"] == .bool(true))
        #expect(outcomes[2]["result"] == .string("committed"), "forced mode did not pass to the popup")
        #expect(outcomes[3]["limits"] == .bool(false))
    }

    @Test("a browser with NSLocationAlwaysUsageDescription has JavaScript blocked on every site")
    func browserWithLocationUsage() throws {
        let app = #"""
            {"infoPlist": {"NSLocationAlwaysUsageDescription": "Directions"}, "entitlements": {"com.apple.developer.web-browser": true}}
            """#
        let outcomes = try run(
            app: app, webViews: #"[{"id": "tab"}]"#,
            steps: """
                [{"webView": "tab", "load": "https://apple.com/"}, {"webView": "tab", "evaluateJavaScript": {}},
                 {"webView": "tab", "load": "https://other.example/"}, {"webView": "tab", "evaluateJavaScript": {}}]
                """)
        #expect(outcomes[0]["result"] == .string("committed"))
        #expect(outcomes[1]["error"] == .int(14))
        #expect(outcomes[3]["error"] == .int(14))
    }

    @Test(
        "an empty key with limits on fails every http(s) main-frame load except loopback, and does not filter cookies")
    func emptyKeyWithLimits() throws {
        let outcomes = try run(
            app: #"{"infoPlist": {"WKAppBoundDomains": []}}"#,
            webViews: #"[{"id": "w", "limitsNavigationsToAppBoundDomains": true}]"#,
            steps: """
                [{"webView": "w", "load": "https://apple.com/"}, {"webView": "w", "load": "http://example.com/"},
                 {"webView": "w", "load": "http://localhost/"}, {"webView": "w", "load": "http://127.0.0.1/"},
                 {"webView": "w", "setCookie": {"domain": "example.com", "name": "a", "value": "1"}},
                 {"webView": "w", "getAllCookies": {}}]
                """)
        #expect(outcomes[0]["error"] == .int(13))
        #expect(outcomes[1]["error"] == .int(13))
        #expect(outcomes[2]["result"] == .string("committed"))
        #expect(outcomes[3]["result"] == .string("committed"))
        #expect(outcomes[4]["stored"] == .bool(true))
        #expect(outcomes[5]["cookies"] == .array([.string("example.com/a")]))
    }

    @Test("loadData with a non-HTML MIME type does not force the mode; with text/html it does")
    func loadDataMimeType() throws {
        let outcomes = try run(
            app: listed, webViews: #"[{"id": "a"}, {"id": "b"}]"#,
            steps: """
                [{"webView": "a", "loadData": {"mimeType": "application/pdf", "baseURL": "https://apple.com/doc.pdf"}},
                 {"webView": "b", "loadData": {"mimeType": "text/html", "baseURL": null}}]
                """)
        #expect(outcomes[0]["result"] == .string("committed"))
        #expect(outcomes[0]["forcedAppBoundMode"] == .bool(false))
        #expect(outcomes[0]["appBound"] == .bool(false))
        #expect(outcomes[1]["forcedAppBoundMode"] == .bool(true))
    }

    @Test("the fourth service worker registration on a listed domain is refused")
    func fourthServiceWorker() throws {
        let steps = (1...4).map {
            #"{"webView": "w", "registerServiceWorker": {"scope": "https://webkit.org/sw\#($0)/"}}"#
        }
        let outcomes = try run(
            app: listed, webViews: #"[{"id": "w", "limitsNavigationsToAppBoundDomains": true}]"#,
            steps: #"[{"webView": "w", "load": "https://webkit.org/"}, "# + steps.joined(separator: ",") + "]")
        #expect(outcomes[1...3].allSatisfy { $0["result"] == .string("ok") })
        #expect(outcomes[4]["result"] == .string("refused"))
    }

    @Test("the app's delegate runs first: cancel means no gate and no error; download resets the page's state to none")
    func delegate() throws {
        let outcomes = try run(
            app: listed, webViews: #"[{"id": "w", "limitsNavigationsToAppBoundDomains": true}]"#,
            steps: """
                [{"webView": "w", "load": "https://other.example/", "delegate": "cancel"},
                 {"webView": "w", "load": "https://apple.com/"},
                 {"webView": "w", "load": "https://files.example/report.pdf", "delegate": "download"},
                 {"webView": "w", "state": {}}]
                """)
        #expect(outcomes[0]["result"] == .string("cancelled"))
        #expect(outcomes[0]["error"] == .null)
        #expect(outcomes[0]["decidedBy"] == .string("delegate"))
        #expect(outcomes[2]["result"] == .string("download"))
        #expect(outcomes[3]["appBound"] == .null)
        #expect(outcomes[3]["url"] == .string("https://apple.com/"))
    }

    @Test("user scripts present at creation or added before navigating do not poison the web view; style sheets do")
    func userScriptsDoNotPoison() throws {
        let outcomes = try run(
            app: listed,
            webViews:
                #"[{"id": "s", "userScripts": [{"forMainFrameOnly": true, "injectionTime": "atDocumentStart"}]}, {"id": "c", "userStyleSheets": 1}]"#,
            steps: """
                [{"webView": "s", "addUserScript": {"forMainFrameOnly": false, "injectionTime": "atDocumentEnd"}},
                 {"webView": "s", "load": "https://other.example/"},
                 {"webView": "c", "load": "https://apple.com/"}]
                """)
        #expect(outcomes[1]["result"] == .string("committed"))
        #expect(outcomes[2]["error"] == .int(13))
    }

    @Test("limits on: restricted APIs before the first navigation do not poison")
    func noPoisonUnderLimits() throws {
        let outcomes = try run(
            app: listed, webViews: #"[{"id": "w", "limitsNavigationsToAppBoundDomains": true}]"#,
            steps:
                #"[{"webView": "w", "evaluateJavaScript": {}}, {"webView": "w", "load": "https://apple.com/"}, {"webView": "w", "state": {}}]"#
        )
        #expect(outcomes[0]["result"] == .string("ok"))
        #expect(outcomes[1]["result"] == .string("committed"))
        #expect(outcomes[2]["usedRestrictedAPIBeforeNavigation"] == .bool(false))
    }

    @Test("user style sheets are judged by the main frame only, and deleteCookie is not filtered")
    func styleSheetsAndDeletes() throws {
        let outcomes = try run(
            app: listed, webViews: #"[{"id": "w", "limitsNavigationsToAppBoundDomains": true}]"#,
            steps: """
                [{"webView": "w", "load": "https://apple.com/"},
                 {"webView": "w", "addUserStyleSheet": {"forMainFrameOnly": false}},
                 {"webView": "w", "addFrame": {"id": "ad", "parent": "main", "url": "https://ads.example/"}},
                 {"webView": "w", "styleSheetApplied": {}},
                 {"webView": "w", "getAllCookies": {}},
                 {"webView": "w", "deleteCookie": {"domain": "ads.example", "name": "id"}}]
                """,
            dataStores: #"[{"id": "shared", "cookies": [{"domain": "ads.example", "name": "id", "value": "1"}]}]"#)
        #expect(outcomes[3]["applied"] == .bool(true))
        #expect(outcomes[4]["cookies"] == .array([]), "the read is filtered")
        #expect(outcomes[5]["deleted"] == .bool(true), "the delete is not")
    }

    @Test("a custom scheme's localhost, 127.x.x.x and [::1] force the mode in the main frame")
    func customSchemeLocalHosts() throws {
        let outcomes = try run(
            app: listed,
            webViews: #"[{"id": "a", "limitsNavigationsToAppBoundDomains": true}, {"id": "b"}, {"id": "c"}]"#,
            steps: """
                [{"webView": "a", "load": "in-app-browser://localhost/"}, {"webView": "b", "load": "in-app-browser://127.0.0.1/"},
                 {"webView": "c", "load": "in-app-browser://[::1]/"}]
                """)
        for outcome in outcomes {
            #expect(outcome["result"] == .string("committed"))
            #expect(outcome["forcedAppBoundMode"] == .bool(true))
        }
    }

    @Test("a subframe's navigation removes the frames inside its old document")
    func subframeNavigationRemovesChildren() throws {
        let steps = [
            #"{"webView": "w", "load": "https://www.apple.com/"}"#,
            #"{"webView": "w", "addFrame": {"id": "child", "url": "https://www.wikipedia.org/"}}"#,
            #"{"webView": "w", "addFrame": {"id": "gc", "parent": "child", "url": "https://www.apple.com/"}}"#,
            #"{"webView": "w", "frame": "gc", "evaluateJavaScript": {}}"#,
            #"{"webView": "w", "frame": "child", "navigateFrame": "https://www.apple.com/x"}"#,
        ]
        let webViews = #"[{"id": "w", "limitsNavigationsToAppBoundDomains": true}]"#
        let outcomes = try run(app: listed, webViews: webViews, steps: "[" + steps.joined(separator: ",") + "]")
        #expect(outcomes[3]["error"] == .int(14), "restricted by its non-app-bound parent")
        let gone = #"{"webView": "w", "frame": "gc", "evaluateJavaScript": {}}"#
        #expect(throws: ScenarioError.self, "gc went with child's old document") {
            try run(app: listed, webViews: webViews, steps: "[" + (steps + [gone]).joined(separator: ",") + "]")
        }
    }

    @Test("a download anywhere resets the page's app-bound state to none")
    func subframeDownload() throws {
        let outcomes = try run(
            app: listed, webViews: #"[{"id": "w", "limitsNavigationsToAppBoundDomains": true}]"#,
            steps: """
                [{"webView": "w", "load": "https://apple.com/"},
                 {"webView": "w", "addFrame": {"id": "f", "url": "https://apple.com/frame"}},
                 {"webView": "w", "frame": "f", "load": "https://apple.com/file.zip", "delegate": "download"},
                 {"webView": "w", "state": {}}]
                """)
        #expect(outcomes[2]["result"] == .string("download"))
        #expect(outcomes[3]["appBound"] == .null)
    }

    @Test("a user script added after a document loaded runs from the next load on")
    func scriptsAddedLater() throws {
        let outcomes = try run(
            app: listed, webViews: #"[{"id": "w", "limitsNavigationsToAppBoundDomains": true}]"#,
            steps: """
                [{"webView": "w", "load": "https://apple.com/"},
                 {"webView": "w", "addUserScript": {"forMainFrameOnly": true, "injectionTime": "atDocumentEnd"}},
                 {"webView": "w", "userScriptFrames": {}},
                 {"webView": "w", "load": "https://apple.com/next"},
                 {"webView": "w", "userScriptFrames": {}}]
                """)
        #expect(outcomes[2]["frames"] == .array([]))
        #expect(outcomes[4]["frames"] == .array([.string("main")]))
    }

    @Test("loadData reads the MIME type's essence: text/html with parameters forces the mode too")
    func loadDataEssence() throws {
        let outcomes = try run(
            app: listed, webViews: #"[{"id": "w"}]"#,
            steps: #"[{"webView": "w", "loadData": {"mimeType": "Text/HTML; charset=utf-8", "baseURL": null}}]"#)
        #expect(outcomes[0]["forcedAppBoundMode"] == .bool(true))
    }

    @Test("cookie domains compare without case; an IDN cookie domain is judged in ASCII")
    func cookieDomains() throws {
        let outcomes = try run(
            app: #"{"infoPlist": {"WKAppBoundDomains": ["bücher.example", "apple.com"]}}"#,
            webViews: #"[{"id": "w"}]"#,
            steps: """
                [{"webView": "w", "setCookie": {"domain": "shop.bücher.example", "name": "a", "value": "1"}},
                 {"webView": "w", "setCookie": {"domain": "WWW.Apple.COM", "name": "b", "value": "1"}},
                 {"webView": "w", "deleteCookie": {"domain": "www.apple.com", "name": "b"}},
                 {"webView": "w", "getAllCookies": {}}]
                """)
        #expect(outcomes[0]["stored"] == .bool(true))
        #expect(outcomes[2]["deleted"] == .bool(true))
        #expect(outcomes[3]["cookies"] == .array([.string("shop.bücher.example/a")]))
    }

    @Test("only a main-frame commit ends the window before the first navigation (D18)")
    func beforeNavigationWindow() throws {
        let outcomes = try run(
            app: listed, webViews: #"[{"id": "v"}]"#,
            steps: """
                [{"webView": "v", "addFrame": {"id": "f", "url": "https://apple.com/"}},
                 {"webView": "v", "evaluateJavaScript": {}},
                 {"webView": "v", "load": "https://evil.example/"}]
                """)
        #expect(outcomes[2]["error"] == .int(13))
    }
}
