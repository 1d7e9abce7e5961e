import Foundation
import Scenarios
import Testing

/// Scenario files are checked key by key: a typo is an error that names the place.
@Suite("Scenario files: unusable input")
struct ScenarioParserTests {
    private func error(_ text: String) -> ScenarioError? {
        do {
            _ = try Scenario.parse(text).run()
            return nil
        } catch {
            return error
        }
    }

    private let app = #""app": {"infoPlist": {"WKAppBoundDomains": ["apple.com"]}}"#

    @Test(
        "each kind of bad file is an error at the right place",
        arguments: [
            (#"{"name": "x", "app": {}, "steps": [}"#, "", "invalid JSON"),
            (#"{"name": "x", "app": {}, "stpes": []}"#, "/stpes", "unknown key \"stpes\""),
            (
                #"{"name": "x", "app": {}, "webViews": [{"id": "w"}], "steps": [{"webView": "w", "lod": "https://a/"}]}"#,
                "/steps/0/lod", "unknown action \"lod\""
            ),
            (
                #"{"name": "x", "app": {}, "webViews": [{"id": "w"}], "steps": [{"webView": "v", "state": {}}]}"#,
                "/steps/0/webView", "unknown web view \"v\""
            ),
            (
                #"{"name": "x", "app": {}, "webViews": [{"id": "w"}], "steps": [{"webView": "w", "load": "https://a b/"}]}"#,
                "/steps/0/load", "is not a URL"
            ),
            (
                #"{"name": "x", "app": {}, "webViews": [{"id": "w"}], "steps": [{"webView": "w", "load": "https://a/", "expect": {"reslt": "ok"}}]}"#,
                "/steps/0/expect/reslt", "no outcome field \"reslt\""
            ),
            (
                #"{"name": "x", "app": {}, "webViews": [{"id": "w"}], "steps": [{"webView": "w", "paste": {"from": "x"}}]}"#,
                "/steps/0/paste/from", "expected managed, unmanaged or a web view id"
            ),
            (
                #"{"name": "x", "app": {}, "webViews": [{"id": "w", "navigationRules": {"allow": ["*.com"]}}], "steps": []}"#,
                "/webViews/0/navigationRules/allow/0", "a single label"
            ),
            (
                #"{"name": "x", "app": {}, "webViews": [{"id": "w"}], "steps": [{"setWebViewPolicy": {"viewer": "v", "policy": "unmanaged"}}]}"#,
                "/steps/0/setWebViewPolicy/viewer", "unknown viewer or web view"
            ),
            (
                #"{"name": "x", "app": {}, "webViews": [{"id": "w"}], "steps": [{"setWebViewPolicy": {"viewer": "w", "policy": "managed"}}]}"#,
                "/steps/0/setWebViewPolicy/policy", "expected unset, unmanaged"
            ),
            (
                #"{"name": "x", "app": {}, "webViews": [{"id": "w"}], "steps": [{"webView": "w", "setPolicyDelegate": {"internalHosts": ["co.uk"]}}]}"#,
                "/steps/0/setPolicyDelegate/internalHosts/0", "public suffix"
            ),
            (
                #"{"name": "x", "app": {"tenantPolicy": {"managedBrowser": "unmanaged:"}}, "steps": []}"#,
                "/app/tenantPolicy/managedBrowser", "expected edge"
            ),
            (
                #"{"name": "x", "app": {"infoPlist": {"IntuneMAMSettings": {"TreatAllWebViewsAsUnmanaged": "YES"}}}, "steps": []}"#,
                "/app/infoPlist/IntuneMAMSettings/TreatAllWebViewsAsUnmanaged", "not a Boolean: it is read as NO"
            ),
            (
                #"{"name": "x", "app": {}, "webViews": [{"id": "w"}], "steps": [{"webView": "w", "state": {}, "load": "https://a/"}]}"#,
                "/steps/0", "more than one action"
            ),
            (
                #"{"name": "x", "app": {}, "webViews": [{"id": "w", "limits": true}], "steps": []}"#,
                "/webViews/0/limits", "unknown key"
            ),
            (
                #"{"name": "x", "app": {}, "webViews": [{"id": "w"}], "steps": [{"webView": "w", "frame": "f", "evaluateJavaScript": {}}]}"#,
                "/steps/0/frame", "has no frame \"f\""
            ),
            (
                #"{"name": "x", "app": {"infoPlist": {"WKAppBoundDomains": "apple.com"}}, "steps": []}"#,
                "/app/infoPlist/WKAppBoundDomains", "the engine crashes reading it"
            ),
            (
                #"{"name": "x", "app": {"infoPlist": {"WKAppBoundDomains": ["a.com", 3]}}, "steps": []}"#,
                "/app/infoPlist/WKAppBoundDomains/1", "not a string: the engine crashes"
            ),
            (
                #"{"name": "x", "app": {"entitlements": {"com.apple.developer.associated-domains": ["applinks:a.com", 1]}}, "steps": []}"#,
                "/app/entitlements/com.apple.developer.associated-domains/1", "not a string: it is ignored"
            ),
            (
                #"{"name": "x", "app": {"sites": {"a.com": {"aasa": 3}}}, "steps": []}"#,
                "/app/sites/a.com/aasa", "expected the association file"
            ),
            (
                #"{"name": "x", "app": {}, "steps": [{"itp": {}, "webView": "w"}]}"#, "/steps/0/webView",
                "takes no webView"
            ),
            (
                #"{"name": "x", "app": {}, "webViews": [{"id": "w"}], "steps": [{"webView": "w", "load": "https://a/", "delegate": "maybe"}]}"#,
                "/steps/0/delegate", "allow, cancel or download"
            ),
            (
                #"{"name": "x", "app": {}, "webViews": [{"id": "w"}], "steps": [{"webView": "w", "frame": "f", "addFrame": {"id": "g", "url": "https://a/"}}]}"#,
                "/steps/0/frame", "does not take a frame"
            ),
            (
                #"{"name": "x", "app": {"tenantPolicy": {"clipbord": "anyApp"}}, "steps": []}"#,
                "/app/tenantPolicy/clipbord", "unknown key"
            ),
            (
                #"{"name": "x", "app": {"sites": {"example.com": {"aasaa": {}}}}, "steps": []}"#,
                "/app/sites/example.com/aasaa", "unknown key"
            ),
            (
                #"{"name": "x", "app": {"sites": {"https://example.com/": {}}}, "steps": []}"#,
                "/app/sites/https:~1~1example.com~1", "is not a domain"
            ),
            (
                #"{"name": "x", "app": {"sites": {"example.com": {"aasa": [1]}}}, "steps": []}"#,
                "/app/sites/example.com/aasa", "found an array"
            ),
            (
                #"{"name": "x", "app": {}, "steps": [{"openUniversalLink": {"url": "https://a b/"}}]}"#,
                "/steps/0/openUniversalLink/url", "is not a URL"
            ),
            (
                #"{"name": "x", "app": {}, "steps": [{"openUniversalLink": {"url": "https://a/", "from": "safari"}}]}"#,
                "/steps/0/openUniversalLink/from", "expected otherApp, sameDomainPage, addressBar"
            ),
            (
                #"{"name": "x", "app": {}, "steps": [{"openUniversalLink": {"url": "https://a/", "form": "otherApp"}}]}"#,
                "/steps/0/openUniversalLink/form", "unknown key"
            ),
            (
                #"{"name": "x", "app": {}, "webViews": [{"id": "w"}], "steps": [{"webView": "w", "openUniversalLink": {"url": "https://a/"}}]}"#,
                "/steps/0/webView", "takes no webView"
            ),
            (
                #"{"name": "x", "app": {}, "steps": [{"openUniversalLink": {"url": "https://a/"}, "expect": {"open": "app"}}]}"#,
                "/steps/0/expect/open", "no outcome field \"open\""
            ),
            (
                #"{"name": "x", "app": {}, "webViews": [{"id": "w", "userStyleSheets": 1000000000000}], "steps": []}"#,
                "/webViews/0/userStyleSheets", "from 0 to 1000"
            ),
        ])
    func badFiles(_ text: String, _ pointer: String, _ message: String) {
        guard let error = error(text) else {
            Issue.record("expected an error for \(text)")
            return
        }
        #expect(error.pointer == pointer)
        #expect(error.message.contains(message), "\(error.message)")
    }

    @Test("an error inside a step names the step")
    func stepIndex() {
        let error = error(
            #"{"name": "x", \#(app), "webViews": [{"id": "w"}], "steps": [{"webView": "w", "state": {}}, {"webView": "w", "load": "nope"}]}"#
        )
        #expect(error?.stepIndex == 1)
        #expect(error?.description.hasPrefix("step 1 (/steps/1/load):") == true)
    }

    @Test("a web view opened by a step can be used by later steps, and only later")
    func openedWebViews() {
        #expect(
            error(
                #"{"name": "x", \#(app), "webViews": [{"id": "w"}], "steps": [{"webView": "w", "openWindow": {"id": "p", "url": "https://apple.com/"}}, {"webView": "p", "state": {}}]}"#
            ) == nil)
        #expect(
            error(
                #"{"name": "x", \#(app), "webViews": [{"id": "w"}], "steps": [{"webView": "w", "openWindow": {"id": "w", "url": "https://apple.com/"}}]}"#
            )?.message.contains("already exists") == true)
    }

    @Test("JSON pointers escape ~ and / in keys")
    func pointerEscapes() {
        #expect(error(#"{"name": "x", "app": {}, "a/b~c": 1}"#)?.pointer == "/a~1b~0c")
    }

    @Test("openedURL is a navigation outcome field, null when the page loads in the web view")
    func openedURL() throws {
        let result = try Scenario.parse(
            #"{"name": "x", \#(app), "webViews": [{"id": "w"}], "steps": [{"webView": "w", "load": "https://apple.com/", "expect": {"openedURL": null}}]}"#
        ).run()
        #expect(result.passed)
    }

    @Test("a <true/> in an entitlements plist file is a Boolean (the browser entitlement is read from it)")
    func plistBooleans() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plist-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>
            <key>com.apple.developer.web-browser</key><true/></dict></plist>
            """
        try Data(plist.utf8).write(to: directory.appendingPathComponent("app.entitlements"))
        let scenario = """
            {"name": "x", "app": {"infoPlist": {"WKAppBoundDomains": ["apple.com"]}, "entitlementsFile": "app.entitlements"},
             "webViews": [{"id": "w", "limitsNavigationsToAppBoundDomains": true}],
             "steps": [{"webView": "w", "load": "https://example.org/", "expect": {"result": "committed", "rule": "gate.browser"}}]}
            """
        let file = directory.appendingPathComponent("s.json")
        try Data(scenario.utf8).write(to: file)
        let result = try Scenario.load(contentsOf: file).run()
        #expect(result.passed, "\(result.steps.map(\.mismatches))")
    }

    @Test("a plist <data> or <date> in WKAppBoundDomains is an error, as the real engine crashes on it")
    func plistDataEntry() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plist-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>WKAppBoundDomains</key>
            <array><string>apple.com</string><data>YXBwbGUuY29t</data></array></dict></plist>
            """
        try Data(plist.utf8).write(to: directory.appendingPathComponent("Info.plist"))
        let scenario = #"{"name": "x", "app": {"infoPlistFile": "Info.plist"}, "steps": []}"#
        try Data(scenario.utf8).write(to: directory.appendingPathComponent("s.json"))
        #expect(throws: ScenarioError.self) {
            try Scenario.load(contentsOf: directory.appendingPathComponent("s.json")).run()
        }
    }

    @Test("Info.plist keys match code point by code point: a look-alike key is another key")
    func lookAlikeKeys() throws {
        let text =
            #"{"name": "k", "app": {"infoPlist": {"W\u212aAppBoundDomains": ["a.com"]}}, "steps": [{"appBoundDomains": {}}]}"#
        let outcome = try #require(try Scenario.parse(text).run().steps.first?.outcome)
        #expect(outcome["domains"] == .array([]))
    }
}
