import HybridFrameworks
import StrictJSON
import Testing
import WebAddress

/// flutter_inappwebview's bridge, spec §13: the sample cases of §13g with the decision, origin, rule
/// and bypass, and the rules of §13a–§13d each as a case.
struct FlutterInAppWebViewBridgeTests {
    static func settings(_ json: String) throws -> FlutterInAppWebViewSettings {
        try FlutterInAppWebViewSettings.read(try JSONParser.parse(json), at: "")
    }

    static func decide(
        _ json: String, _ url: String, main: Bool = true, version: FlutterInAppWebViewBridge.Version = .beta3
    ) throws -> FrameworkBridgeDecision {
        try FlutterInAppWebViewBridge(try settings(json), version: version).decide(try WebURL(url), isMainFrame: main)
    }

    struct Row: Sendable, CustomTestStringConvertible {
        let number: Int
        let settings: String
        let url: String
        let main: Bool
        let offered: Bool
        let accepted: Bool
        let origin: String
        let code: String
        let bypass: Bool
        var testDescription: String { "§13g row \(number): \(settings) \(main ? "main" : "iframe") \(url)" }
    }

    static let rows: [Row] = [
        Row(
            number: 1, settings: "{}", url: "https://evil.net/", main: true, offered: true, accepted: true,
            origin: "https://evil.net", code: "flutter-inappwebview.pageGate.none", bypass: false),
        Row(
            number: 2, settings: "{}", url: "https://ads.net/", main: false, offered: true, accepted: true,
            origin: "https://ads.net", code: "flutter-inappwebview.pageGate.none", bypass: false),
        Row(
            number: 3, settings: #"{"javaScriptBridgeForMainFrameOnly": true}"#, url: "https://ads.net/", main: false,
            offered: false, accepted: false, origin: "https://ads.net",
            code: "flutter-inappwebview.javaScriptBridgeForMainFrameOnly", bypass: false),
        // iOS reads javaScriptBridgeForMainFrameOnly alone: the plugin scripts' flag does not reach the bridge.
        Row(
            number: 4, settings: #"{"pluginScriptsForMainFrameOnly": true}"#, url: "https://ads.net/", main: false,
            offered: true, accepted: true, origin: "https://ads.net", code: "flutter-inappwebview.pageGate.none",
            bypass: false),
        Row(
            number: 5, settings: #"{"javaScriptBridgeOriginAllowList": ["https://example.com"]}"#,
            url: "https://example.com.evil.net/", main: true, offered: true, accepted: true,
            origin: "https://example.com.evil.net", code: "flutter-inappwebview.javaScriptBridgeOriginAllowList",
            bypass: true),
        Row(
            number: 6, settings: #"{"javaScriptBridgeOriginAllowList": ["https://example.com"]}"#,
            url: "http://example.com/", main: true, offered: false, accepted: false, origin: "http://example.com",
            code: "flutter-inappwebview.javaScriptBridgeOriginAllowList.noMatch", bypass: false),
        Row(
            number: 7, settings: #"{"javaScriptBridgeOriginAllowList": ["https://*.example.com"]}"#,
            url: "https://a.example.com/", main: true, offered: false, accepted: false,
            origin: "https://a.example.com", code: "flutter-inappwebview.javaScriptBridgeOriginAllowList.noMatch",
            bypass: false),
        Row(
            number: 9, settings: #"{"javaScriptBridgeOriginAllowList": ["*.example.com", "https://example.com"]}"#,
            url: "https://example.com/", main: true, offered: false, accepted: false, origin: "https://example.com",
            code: "flutter-inappwebview.javaScriptBridgeOriginAllowList", bypass: false),
        Row(
            number: 11, settings: #"{"javaScriptBridgeOriginAllowList": ["https://example.com"]}"#,
            url: "about:srcdoc", main: false, offered: false, accepted: false, origin: "null",
            code: "flutter-inappwebview.javaScriptBridgeOriginAllowList.noMatch", bypass: false),
        Row(
            number: 12, settings: #"{"javaScriptBridgeOriginAllowList": []}"#, url: "https://example.com/",
            main: true, offered: false, accepted: false, origin: "https://example.com",
            code: "flutter-inappwebview.javaScriptBridgeOriginAllowList", bypass: false),
        Row(
            number: 13, settings: #"{"javaScriptHandlersOriginAllowList": ["*"]}"#, url: "https://example.com/",
            main: true, offered: true, accepted: false, origin: "https://example.com",
            code: "flutter-inappwebview.javaScriptHandlersOriginAllowList.noMatch", bypass: false),
        // An opaque origin: the sandboxed frame's URL has none of its own (a data: URL here).
        Row(
            number: 15, settings: #"{"javaScriptHandlersOriginAllowList": [".*"]}"#, url: "data:text/html,x",
            main: false, offered: true, accepted: false, origin: "null",
            code: "flutter-inappwebview.javaScriptHandlersOriginAllowList.noOrigin", bypass: false),
    ]

    @Test("§13g sample rows: offered, accepted, origin, rule and bypass", arguments: rows)
    func sampleRow(_ row: Row) throws {
        let decision = try Self.decide(row.settings, row.url, main: row.main)
        #expect(decision.offered == row.offered, "\(decision)")
        #expect(decision.accepted == row.accepted, "\(decision)")
        #expect(decision.origin == row.origin)
        #expect(decision.rule.code == row.code, "\(decision)")
        #expect(decision.isBypass == row.bypass, "\(decision)")
    }

    @Test("6.1.5: the bridge in every frame of every origin, accepted, never a bypass; 6.2's settings refused")
    func stable() throws {
        for (url, main) in [("https://evil.net/", true), ("https://ads.net/", false), ("about:blank", false)] {
            let decision = try Self.decide("{}", url, main: main, version: .stable615)
            #expect(decision.offered && decision.accepted && !decision.isBypass)
            #expect(decision.rule.code == "flutter-inappwebview.bridge.everyFrame")
        }
        #expect(throws: FrameworkBridgeFailure.self) {
            try FlutterInAppWebViewBridge(
                try Self.settings(#"{"javaScriptHandlersOriginAllowList": ["x"]}"#), version: .stable615)
        }
        let applePay = try Self.decide(#"{"applePayAPIEnabled": true}"#, "https://a.com/", version: .stable615)
        #expect(!applePay.offered && !applePay.accepted)
    }

    @Test("applePayAPIEnabled and javaScriptBridgeEnabled false: no bridge; the plugin list is the bridge's fall-back")
    func switches() throws {
        #expect(!(try Self.decide(#"{"applePayAPIEnabled": true}"#, "https://a.com/").offered))
        let off = try Self.decide(#"{"javaScriptBridgeEnabled": false}"#, "https://a.com/")
        #expect(!off.offered && off.rule.code == "flutter-inappwebview.javaScriptBridgeEnabled")
        let fallBack = #"{"pluginScriptsOriginAllowList": ["^https://a\\.com$"]}"#
        #expect(!(try Self.decide(fallBack, "https://b.com/").offered))
        let decided = try Self.decide(fallBack, "https://a.com/")
        #expect(decided.offered && decided.rule.location == "pluginScriptsOriginAllowList[0]")
        // An empty plugin list empties the bridge script too; the bridge stays enabled natively.
        let empty = try Self.decide(#"{"pluginScriptsOriginAllowList": []}"#, "https://a.com/")
        #expect(!empty.offered && empty.rule.code == "flutter-inappwebview.pluginScriptsOriginAllowList")
        // The bridge's own list wins over the plugin list.
        let own = #"{"javaScriptBridgeOriginAllowList": ["b\\.com"], "pluginScriptsOriginAllowList": ["a\\.com"]}"#
        #expect(try Self.decide(own, "https://b.com/").offered)
        #expect(!(try Self.decide(own, "https://a.com/").offered))
    }

    @Test("the page gate: a JavaScript string literal eats single backslashes, so \\. is any character")
    func stringLiteral() throws {
        // The Dart string r'^https://app\.example\.com$' as JSON: one backslash before each dot.
        let single = #"{"javaScriptBridgeOriginAllowList": ["^https://app\\.example\\.com$"]}"#
        let hole = try Self.decide(single, "https://appxexample.com/")
        #expect(hole.offered && hole.isBypass)
        // Doubled, a literal dot.
        let doubled = #"{"javaScriptBridgeOriginAllowList": ["^https://app\\\\.example\\\\.com$"]}"#
        #expect(!(try Self.decide(doubled, "https://appxexample.com/").offered))
        let named = try Self.decide(doubled, "https://app.example.com/")
        #expect(named.offered && !named.isBypass)
        // An entry ending in a backslash swallows the literal's closing quote: no bridge anywhere.
        let broken = try Self.decide(
            #"{"javaScriptBridgeOriginAllowList": ["https://a\\.com\\", ".*"]}"#, "https://a.com/")
        #expect(!broken.offered && broken.rule.location == "javaScriptBridgeOriginAllowList[0]")
        // A quote is escaped by the plugin and so harmless.
        #expect(try Self.decide(#"{"javaScriptBridgeOriginAllowList": ["it's|a\\.com"]}"#, "https://a.com/").offered)
    }

    @Test("the page gate: unanchored, so a prefix, a port and any character at a dot all pass")
    func unanchored() throws {
        let list = #"{"javaScriptBridgeOriginAllowList": ["https://example.com"]}"#
        for url in ["https://example.com.evil.net/", "https://example.com:8443/", "https://exampleXcom/"] {
            let decision = try Self.decide(list, url)
            #expect(decision.offered && decision.accepted && decision.isBypass, "\(url): \(decision)")
        }
        let star = #"{"javaScriptBridgeOriginAllowList": ["https://*.example.com"]}"#
        #expect(try Self.decide(star, "https://example.com/").offered)
        #expect(try Self.decide(star, "https://xexample.com/").isBypass)
        #expect(!(try Self.decide(star, "https://a.example.com/").offered))
    }

    @Test("a \"null\" origin (about:blank, srcdoc, data:) passes only a regex matching the text null")
    func nullOrigin() throws {
        for entry in [".*", "null", "l"] {
            let decision = try Self.decide(
                #"{"javaScriptBridgeOriginAllowList": ["\#(entry)"]}"#, "about:blank", main: false)
            #expect(decision.offered && decision.origin == "null", "\(entry)")
        }
        #expect(!(try Self.decide(#"{"javaScriptBridgeOriginAllowList": ["^https:"]}"#, "about:blank").offered))
        // Local files: location.origin is file://, so an http-only list removes the bridge.
        let file = try Self.decide(#"{"javaScriptBridgeOriginAllowList": ["^https://"]}"#, "file:///app/index.html")
        #expect(!file.offered && file.origin == "file://")
    }

    @Test("the native check: ICU, one backslash is enough, \"*\" refuses every call, first match accepts")
    func nativeCheck() throws {
        let exact = #"{"javaScriptHandlersOriginAllowList": ["^https://example\\.com$"]}"#
        #expect(try Self.decide(exact, "https://example.com/").accepted)
        let refused = try Self.decide(exact, "https://exampleXcom/")
        // The script runs there (no page list) for an origin the configuration does not name: a bypass.
        #expect(refused.offered && !refused.accepted && refused.isBypass)
        let star = try Self.decide(#"{"javaScriptHandlersOriginAllowList": ["*", "a\\.com"]}"#, "https://a.com/")
        #expect(star.accepted && star.rule.location == "javaScriptHandlersOriginAllowList[1]")
        let onlyStar = try Self.decide(#"{"javaScriptHandlersOriginAllowList": ["*"]}"#, "https://a.com/")
        #expect(onlyStar.rule.reason.contains("matching nothing: \"*\": '*' at position 1 has nothing to repeat"))
        // Accepted past its meaning: a bypass.
        let loose = try Self.decide(
            #"{"javaScriptHandlersOriginAllowList": ["example\\.com"]}"#, "https://example.com.evil.net/")
        #expect(loose.accepted && loose.isBypass)
        // A file frame has no security origin with a host.
        let file = try Self.decide(#"{"javaScriptHandlersOriginAllowList": [".*"]}"#, "file:///a.html")
        #expect(!file.accepted && file.rule.code == "flutter-inappwebview.javaScriptHandlersOriginAllowList.noOrigin")
    }

    @Test("an entry outside the evaluated syntax is a failure naming it, never a guess")
    func outside() throws {
        // As the app writes them: the page's string literal first turns each `\\` into `\`.
        for entry in [#"(?=x)a"#, #"a\\bc"#, "[[a]]", "a{2}+", #"\\1"#, "a{1000}"] {
            let json = #"{"javaScriptBridgeOriginAllowList": [\#(JSONValue.string(entry).serialized())]}"#
            #expect {
                _ = try Self.decide(json, "https://a.com/")
            } throws: { error in
                (error as? FrameworkBridgeFailure)?.reason.contains("javaScriptBridgeOriginAllowList[0]") == true
            }
        }
        // Natively, an undecidable entry matters only when nothing else matches.
        let native = #"{"javaScriptHandlersOriginAllowList": ["(?<=x)", "a\\.com"]}"#
        #expect(try Self.decide(native, "https://a.com/").accepted)
        #expect(throws: FrameworkBridgeFailure.self) { _ = try Self.decide(native, "https://b.com/") }
        // A syntax error on the page side decides before an undecidable entry does.
        #expect(!(try Self.decide(#"{"javaScriptBridgeOriginAllowList": ["(?=x)", "*a"]}"#, "https://a.com/").offered))
    }

    @Test("settings: unknown members and wrong types are errors with their pointer; null is the default")
    func reading() throws {
        #expect(
            throws: FrameworkConfigurationError(
                "/javaScriptBridgeEnable",
                #"unknown key "javaScriptBridgeEnable" (expected one of: javaScriptBridgeEnabled, javaScriptBridgeOriginAllowList, javaScriptBridgeForMainFrameOnly, pluginScriptsOriginAllowList, pluginScriptsForMainFrameOnly, javaScriptHandlersOriginAllowList, applePayAPIEnabled)"#
            )
        ) {
            try Self.settings(#"{"javaScriptBridgeEnable": false}"#)
        }
        #expect(throws: FrameworkConfigurationError.self) {
            try Self.settings(#"{"javaScriptHandlersOriginAllowList": [1]}"#)
        }
        #expect(try Self.settings(#"{"javaScriptBridgeOriginAllowList": null}"#) == FlutterInAppWebViewSettings())
    }
}

/// webview_flutter's channels, spec §13h.
struct WebViewFlutterBridgeTests {
    @Test("channels are in every frame and never see the origin: offered and accepted everywhere, never a bypass")
    func everyFrame() throws {
        let bridge = WebViewFlutterBridge(channels: ["Toaster"])
        for (url, main) in [("https://app.example.com/", true), ("https://ads.net/", false), ("about:srcdoc", false)] {
            let decision = bridge.decide(try WebURL(url), isMainFrame: main)
            #expect(decision.offered && decision.accepted && !decision.isBypass)
            #expect(decision.rule.code == "webview-flutter.channels.everyFrame")
        }
        let none = WebViewFlutterBridge(channels: []).decide(try WebURL("https://a.com/"), isMainFrame: true)
        #expect(!none.offered && !none.accepted)
    }
}

/// `framework bridge` for the five navigation frameworks (spec §2c, §3c, §4c, §6, §12): the bridge
/// script where the framework adds it, a call accepted from every frame.
struct NavigationFrameworkBridgeTests {
    static let answers = FrameworkBridgeAnswers()

    static func answer(_ framework: String, _ config: String, _ url: String, frame: String) -> JSONValue {
        answers.answer(
            toLine:
                #"{"id": 1, "framework": "\#(framework)", "config": \#(config), "url": "\#(url)", "frame": "\#(frame)"}"#
        )
    }

    @Test(
        "offered in the frames the script is added to, accepted from every frame",
        arguments: [
            ("capacitor", "{}", "main", true, true), ("capacitor", "{}", "sub", false, true),
            ("cordova-ios", #"{"version": "8"}"#, "sub", true, true),
            ("react-native-webview", #"{"onMessage": true}"#, "main", true, true),
            ("react-native-webview", #"{"onMessage": true}"#, "sub", false, true),
            ("react-native-webview", "{}", "main", false, false),
            ("hotwire-native", #"{"startLocation": "https://app.example.com/"}"#, "sub", false, true),
            ("pwabuilder", #"{"rootUrl": "https://app.example.com/", "allowedOrigins": []}"#, "sub", true, true),
        ])
    func shapes(_ framework: String, _ config: String, _ frame: String, _ offered: Bool, _ accepted: Bool) {
        let answer = Self.answer(framework, config, "https://ads.net/", frame: frame)
        #expect(answer["offered"] == .bool(offered), "\(answer)")
        #expect(answer["accepted"] == .bool(accepted), "\(answer)")
        #expect(answer["origin"] == .string("https://ads.net"))
    }

    @Test("a frame whose origin the configuration does not name is a bypass once the configuration names one")
    func bypass() {
        let named = #"{"server": {"url": "https://app.example.com", "allowNavigation": ["*.partner.com"]}}"#
        #expect(Self.answer("capacitor", named, "https://ads.net/", frame: "sub")["bypass"] == .bool(true))
        #expect(Self.answer("capacitor", named, "https://x.partner.com/", frame: "sub")["bypass"] == .bool(false))
        #expect(Self.answer("capacitor", named, "https://app.example.com/", frame: "main")["bypass"] == .bool(false))
        #expect(Self.answer("capacitor", "{}", "https://ads.net/", frame: "sub")["bypass"] == .bool(false))
    }
}

/// What a hostile or unusual configuration gets: bounded work, and answers that never guess.
struct FlutterBridgeEdgeTests {
    static func decide(_ json: String, _ url: String, main: Bool = true) throws -> FrameworkBridgeDecision {
        try FlutterInAppWebViewBridgeTests.decide(json, url, main: main)
    }

    @Test("groups nested 100,000 deep are refused, not recursed into")
    func deepNesting() throws {
        let entry = String(repeating: "(", count: 100_000) + "a" + String(repeating: ")", count: 100_000)
        #expect {
            _ = try Self.decide(#"{"javaScriptHandlersOriginAllowList": ["\#(entry)"]}"#, "https://b.com/")
        } throws: { error in
            (error as? FrameworkBridgeFailure)?.reason.contains("groups nested deeper than 50") == true
        }
    }

    @Test("a configuration's lists together compile to at most 100,000 states")
    func statesBudget() throws {
        let entries = Array(repeating: #""(?:a{100}){100}""#, count: 50).joined(separator: ",")
        #expect {
            _ = try Self.decide(#"{"javaScriptHandlersOriginAllowList": [\#(entries)]}"#, "https://b.com/")
        } throws: { error in
            (error as? FrameworkBridgeFailure)?.reason.contains("compile past 100000 states") == true
        }
    }

    @Test("a blob: URL gives its inner URL's origin, one level only")
    func blob() throws {
        #expect(try Self.decide("{}", "blob:https://a.com/uuid").origin == "https://a.com")
        let nested = "blob:" + String(repeating: "blob:", count: 5_000) + "https://a.com/x"
        #expect(try Self.decide("{}", nested).origin == "null")
    }

    @Test("with only a handler list, a frame the list does not name but the script reaches is a bypass")
    func handlersOnlyBypass() throws {
        let list = #"{"javaScriptHandlersOriginAllowList": ["^https://app\\.example\\.com$"]}"#
        let other = try Self.decide(list, "https://evil.net/")
        #expect(other.offered && !other.accepted && other.isBypass)
        #expect(!(try Self.decide(list, "https://app.example.com/").isBypass))
    }

    @Test("an entry with regex syntax names what it matches as a whole origin, so its suffix hole is a bypass")
    func anchoredMeaning() throws {
        let list = #"{"javaScriptBridgeOriginAllowList": ["https://(www|app)\\\\.example\\\\.com"]}"#
        let hole = try Self.decide(list, "https://www.example.com.evil.net/")
        #expect(hole.offered && hole.isBypass)
        #expect(!(try Self.decide(list, "https://app.example.com/").isBypass))
    }

    @Test("about:blank and srcdoc inherit their security origin: with a handler list, a failure, not a guess")
    func inheritedOrigin() throws {
        #expect(throws: FrameworkBridgeFailure.self) {
            _ = try Self.decide(#"{"javaScriptHandlersOriginAllowList": [".*"]}"#, "about:srcdoc", main: false)
        }
        // Without a handler list nothing reads it.
        #expect(try Self.decide("{}", "about:blank", main: false).accepted)
    }

    @Test("natively, an empty entry is never found; in the page an empty RegExp matches everything")
    func emptyEntry() throws {
        let native = try Self.decide(#"{"javaScriptHandlersOriginAllowList": [""]}"#, "https://a.com/")
        #expect(!native.accepted && native.rule.reason.contains("never finds"))
        #expect(try Self.decide(#"{"javaScriptBridgeOriginAllowList": [""]}"#, "https://a.com/").offered)
    }
}
