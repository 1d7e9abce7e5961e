import AssociatedDomains
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import HybridFrameworks
import Logging
import NavigationRules
import StrictJSON
import Testing
import WebFenceServer

/// `webfence serve`'s routes (interfaces §7), through the router as a client sees them: the
/// answers are exactly the `--jsonl` commands' objects, bad bodies are `400` or `413` with
/// `{"error", "code"}`, and every answer carries the security headers.
@Suite("webfence serve: the JSON API")
struct ServerRouteTests {
    static func application(maximumBodySize: Int = 1 << 20) -> some ApplicationProtocol {
        WebFenceServer(.init(maximumBodySize: maximumBodySize)).application(logger: Logger(label: "test"))
    }

    /// Posts `body` to `uri` and returns the status and the body parsed as JSON.
    static func post(_ uri: String, _ body: String, maximumBodySize: Int = 1 << 20) async throws -> (
        status: Int, body: JSONValue, headers: HTTPFields
    ) {
        try await application(maximumBodySize: maximumBodySize).test(.router) { client in
            try await client.execute(uri: uri, method: .post, body: ByteBuffer(string: body)) { response in
                let text = String(buffer: response.body)
                ResponseLog.record(method: "post", path: uri, status: Int(response.status.code), body: text)
                return (Int(response.status.code), try JSONParser.parse(text), response.headers)
            }
        }
    }

    static func item(_ array: JSONValue, _ index: Int) -> JSONValue? {
        guard case .array(let items) = array, items.indices.contains(index) else { return nil }
        return items[index]
    }

    @Test("GET /health answers {\"status\": \"ok\"} with the security headers")
    func health() async throws {
        try await Self.application().test(.router) { client in
            try await client.execute(uri: "/health", method: .get) { response in
                ResponseLog.record(method: "get", path: "/health", status: 200, body: String(buffer: response.body))
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == #"{"status":"ok"}"#)
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                #expect(response.headers[.contentSecurityPolicy]?.hasPrefix("default-src 'none'") == true)
                #expect(response.headers[.xContentTypeOptions] == "nosniff")
                #expect(response.headers[HTTPField.Name("X-Frame-Options")!] == "DENY")
                #expect(response.headers[HTTPField.Name("Referrer-Policy")!] == "no-referrer")
            }
        }
    }

    static let frameworkCases = [
        #"{"id": "prefix", "framework": "capacitor", "config": {"server": {"url": "https://app.example.com"}}, "url": "https://app.example.com.evil.net/"}"#,
        #"{"id": "fixed", "framework": "capacitor", "config": {"server": {"url": "https://app.example.com/"}}, "url": "https://app.example.com.evil.net/"}"#,
        #"{"id": 3, "framework": "react-native-webview", "config": {"originWhitelist": ["https://trusted.com"]}, "url": "https://trusted.com@evil.net/"}"#,
        #"{"id": "bad", "framework": "flutter", "url": "https://a.example/"}"#,
        #"{"id": "window", "framework": "capacitor", "url": "https://a.example/", "newWindow": "yes"}"#,
        #"{"id": "frame", "framework": "capacitor", "url": "https://a.example/", "frame": "top", "newWindow": true}"#,
        #"{"id": "shell", "framework": "pwabuilder", "config": {"allowedOrigins": ["trusted.com"]}, "url": "https://eviltrusted.com/", "appInitiated": false}"#,
    ]

    @Test("POST /v1/framework/check answers as framework check --jsonl, a bad case included")
    func frameworkCheck() async throws {
        let answers = FrameworkCheckAnswers()
        let expected = JSONValue.array(Self.frameworkCases.map { answers.answer(toLine: $0) })
        let (status, body, headers) = try await Self.post(
            "/v1/framework/check", "[" + Self.frameworkCases.joined(separator: ",") + "]")
        #expect(status == 200)
        #expect(body == expected)
        #expect(Self.item(body, 0)?["bypass"] == .bool(true))
        #expect(Self.item(body, 1)?["bypass"] == .bool(false))
        #expect(Self.item(body, 3)?["failure"] == .bool(true))
        #expect(Self.item(body, 4)?["reason"] == .string("\"newWindow\" must be true or false"))
        #expect(Self.item(body, 5)?["reason"] == .string("\"frame\" must be \"main\" or \"sub\""))
        #expect(Self.item(body, 6)?["bypass"] == .bool(true) && Self.item(body, 6)?["decision"] == .string("allow"))
        #expect(headers[.contentSecurityPolicy] != nil)
    }

    static let bridgeCases = [
        #"{"id": "hole", "framework": "flutter-inappwebview", "config": {"javaScriptBridgeOriginAllowList": ["https://example.com"]}, "url": "https://example.com.evil.net/"}"#,
        #"{"id": "stable", "framework": "flutter-inappwebview", "version": "6.1.5", "url": "https://ads.net/", "frame": "sub"}"#,
        #"{"id": "channels", "framework": "webview-flutter", "config": {"channels": ["Toaster"]}, "url": "about:srcdoc", "frame": "sub"}"#,
        #"{"id": "capacitor", "framework": "capacitor", "url": "https://ads.net/", "frame": "sub"}"#,
        #"{"id": "outside", "framework": "flutter-inappwebview", "config": {"javaScriptHandlersOriginAllowList": ["(?<=a)"]}, "url": "https://a.com/"}"#,
        #"{"id": "version", "framework": "flutter-inappwebview", "version": "7", "url": "https://a.com/"}"#,
        #"{"id": "tauri", "framework": "tauri", "version": "2.11.1", "config": {"capabilities": [{"identifier": "main", "windows": ["main"], "permissions": ["core:default"]}]}, "url": "https://evil.net/", "command": "save_note"}"#,
    ]

    @Test("POST /v1/framework/bridge answers as framework bridge --jsonl, failures included")
    func frameworkBridge() async throws {
        let answers = FrameworkBridgeAnswers()
        let expected = JSONValue.array(Self.bridgeCases.map { answers.answer(toLine: $0) })
        let (status, body, _) = try await Self.post(
            "/v1/framework/bridge", "[" + Self.bridgeCases.joined(separator: ",") + "]")
        #expect(status == 200)
        #expect(body == expected)
        #expect(Self.item(body, 0)?["bypass"] == .bool(true) && Self.item(body, 0)?["offered"] == .bool(true))
        #expect(Self.item(body, 1)?["accepted"] == .bool(true))
        #expect(Self.item(body, 2)?["origin"] == .string("null"))
        #expect(Self.item(body, 3)?["offered"] == .bool(false))
        #expect(Self.item(body, 4)?["failure"] == .bool(true))
        #expect(Self.item(body, 5)?["reason"]?.stringValue?.contains("6.2.0-beta.3") == true)
        #expect(Self.item(body, 6)?["accepted"] == .bool(true) && Self.item(body, 6)?["bypass"] == .bool(true))
    }

    static let aasa =
        #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/shop/*"}]}]}}"#

    @Test("POST /v1/aasa/match answers as aasa match --jsonl")
    func aasaMatch() async throws {
        let cases = [
            #"{"id": 1, "aasa": \#(Self.aasa), "domain": "example.com", "appId": "ABCDE12345.com.example.app", "url": "https://example.com/shop/42"}"#,
            #"{"id": 2, "aasa": \#(Self.aasa), "domain": "example.com", "appId": "ABCDE12345.com.example.app", "url": "https://example.com/blog"}"#,
            #"{"id": 3, "aasa": \#(Self.aasa), "domain": "example.com", "appId": "ABCDE12345.com.example.app"}"#,
        ]
        let answers = AASAMatchAnswers()
        let expected = JSONValue.array(cases.map { answers.answer(toLine: $0) })
        let (status, body, _) = try await Self.post("/v1/aasa/match", "[" + cases.joined(separator: ",") + "]")
        #expect(status == 200)
        #expect(body == expected)
        #expect(Self.item(body, 0)?["decision"] == .string("match"))
        #expect(Self.item(body, 1)?["decision"] == .string("no_match"))
        #expect(Self.item(body, 2)?["error"] != nil)
    }

    static let rules = #"{"version": 1, "allow": ["example.com"]}"#

    @Test("POST /v1/rules/check answers as rules check --jsonl")
    func rulesCheck() async throws {
        let cases = [
            #"{"id": "a", "url": "https://login.example.com/"}"#,
            #"{"id": "b", "url": "https://example.com.evil.net/", "frame": "sub"}"#,
            #"{"id": "c", "url": "not a url"}"#,
            #"{"id": "d", "url": "https://example.com/", "frame": "top"}"#,
        ]
        let ruleSet = try NavigationRuleSet(json: Self.rules)
        let expected = JSONValue.array(cases.map { RulesCheckAnswers.answer(toLine: $0, ruleSet: ruleSet) })
        let (status, body, _) = try await Self.post(
            "/v1/rules/check", #"{"rules": \#(Self.rules), "cases": [\#(cases.joined(separator: ","))]}"#)
        #expect(status == 200)
        #expect(body == expected)
        #expect(Self.item(body, 0)?["decision"] == .string("allow"))
        #expect(Self.item(body, 1)?["decision"] == .string("cancel"))
        #expect(Self.item(body, 2)?["reason"] == .string("url.unparsable"))
        #expect(Self.item(body, 3)?["error"] != nil)
    }

    @Test(
        "POST /v1/rules/check: a rule set sent again is found by its text, and two spellings of café stay two rule sets"
    )
    func rulesCheckKeptByText() throws {
        func decision(_ path: String) -> JSONValue? {
            let body = #"""
                {"rules": {"version": 1, "allow": [{"host": "example.com", "paths": ["\#(path)"]}]},
                 "cases": [{"id": 1, "url": "https://example.com/caf%C3%A9/menu"}]}
                """#
            let answer = JSONAPI.rulesCheck(Array(body.utf8))
            #expect(answer.status == 200)
            return answer.body[0]?["decision"]
        }
        for _ in 0..<2 {  // compiled, then found again: the same answers
            #expect(decision("/caf\u{E9}/") == .string("allow"))
            #expect(decision("/cafe\u{301}/") == .string("cancel"))
        }
    }

    /// Cases with two files, each written more than one way, beside a case that is not an object
    /// and one without a file: what `aasaMatchKeptByText` and `CompiledCacheTests` post.
    static let casesWithTwoFiles = #"""
        [{"id": 0, "domain": "example.com", "appId": "T.a", "url": "https://example.com/a/1",
          "aasa": {"applinks":{"details":[{"appIDs":["T.a"],"components":[{"/":"/a/*"}]}]}}},
         {"id": 1, "domain": "example.com", "appId": "T.a", "url": "https://example.com/a/1",
          "aasa": {"applinks":{"details":[{"appIDs":["T.a"],"components":[{"/":"/b/*"}]}]}}},
         7,
         {"id": 3, "domain": "example.com", "appId": "T.a", "url": "https://example.com/a/1"},
         {"aasa": { "applinks" : {"details":[{"appIDs":["T.a"],"components":[{"/":"/a/*"}]}]}},
          "url": "https://example.com/b/1", "id": 4, "appId": "T.a", "domain": "example.com"},
         {"id": 5, "domain": "example.com", "appId": "T.a", "url": "https://example.com/b/2",
          "aasa": "{\"applinks\":{\"details\":[{\"appIDs\":[\"T.a\"],\"components\":[{\"/\":\"/b/*\"}]}]}}"},
         {"id": 6, "domain": "example.com", "appId": "T.a", "url": "https://example.com/a/\u0032",
          "aasa": {"applinks":{"details":[{"appIDs":["T.a"],"components":[{"/":"/\u0061/*"}]}]}}}]
        """#

    @Test("POST /v1/aasa/match: each case is decided with its own file, compiled or found again by its text")
    func aasaMatchKeptByText() throws {
        for _ in 0..<2 {  // compiled, then found again: the same answers
            let answer = JSONAPI.aasaMatch(Array(Self.casesWithTwoFiles.utf8))
            #expect(answer.status == 200)
            #expect(
                (0..<7).map { answer.body[$0]?["decision"]?.stringValue } == [
                    "match", "no_match", nil, nil, "no_match", "match", "match",
                ])
            #expect(answer.body[2]?["error"] == .string("expected a JSON object, found a number"))
            #expect(answer.body[3]?["error"] == .string("missing \"aasa\""))
        }
    }

    @Test(
        "a body the route cannot use is a 400 with its code",
        arguments: [
            ("/v1/framework/check", "[{", "body.json"),
            ("/v1/framework/check", #"{"id": 1}"#, "body.shape"),
            ("/v1/framework/bridge", "[{", "body.json"),
            ("/v1/framework/bridge", #"{"id": 1}"#, "body.shape"),
            ("/v1/aasa/match", "7", "body.shape"),
            ("/v1/rules/check", "[]", "body.shape"),
            ("/v1/rules/check", #"{"rules": {"version": 1, "allow": [42]}, "cases": []}"#, "rules.invalid"),
            ("/v1/rules/check", #"{"rules": {}, "cases": {}}"#, "body.shape"),
        ])
    func badBody(uri: String, body: String, code: String) async throws {
        let (status, answer, _) = try await Self.post(uri, body)
        #expect(status == 400)
        #expect(answer["code"] == .string(code))
        #expect(answer["error"]?.stringValue?.isEmpty == false)
    }

    @Test("a body that is not UTF-8 is a 400")
    func notUTF8() {
        let answer = JSONAPI.frameworkCheck([0x5B, 0xFF, 0x5D])
        #expect(answer.status == 400)
        #expect(answer.body["code"] == .string("body.encoding"))
    }

    @Test("a body over the cap is a 413, and the server answers the next request")
    func overTheCap() async throws {
        let big = "[" + Array(repeating: Self.frameworkCases[0], count: 40).joined(separator: ",") + "]"
        try await Self.application(maximumBodySize: 1024).test(.router) { client in
            try await client.execute(uri: "/v1/framework/check", method: .post, body: ByteBuffer(string: big)) {
                #expect($0.status == .contentTooLarge)
                let text = String(buffer: $0.body)
                ResponseLog.record(method: "post", path: "/v1/framework/check", status: 413, body: text)
                let answer = try JSONParser.parse(text)
                #expect(answer["code"] == .string("body.tooLarge"))
            }
            try await client.execute(uri: "/health", method: .get) { #expect($0.status == .ok) }
        }
    }

    @Test("more cases than a request may hold is a 413")
    func tooManyCases() {
        let body = "[" + Array(repeating: "{}", count: JSONAPI.maximumCases + 1).joined(separator: ",") + "]"
        let answer = JSONAPI.frameworkCheck(Array(body.utf8))
        #expect(answer.status == 413)
        #expect(answer.body["code"] == .string("body.cases"))
    }

    @Test("an unknown route is a 404, with the security headers")
    func unknownRoute() async throws {
        try await Self.application().test(.router) { client in
            try await client.execute(uri: "/v1/nothing", method: .post) {
                #expect($0.status == .notFound)
                #expect($0.headers[.contentSecurityPolicy]?.hasPrefix("default-src 'none'") == true)
                #expect($0.headers[.xContentTypeOptions] == "nosniff")
            }
        }
    }

    @Test("GET /openapi.json serves the OpenAPI 3.1 document of these routes")
    func openAPIServed() async throws {
        try await Self.application().test(.router) { client in
            try await client.execute(uri: "/openapi.json", method: .get) { response in
                ResponseLog.record(
                    method: "get", path: "/openapi.json", status: 200, body: String(buffer: response.body))
                #expect(response.status == .ok)
                let document = try JSONParser.parse(String(buffer: response.body))
                #expect(document["openapi"] == .string("3.1.0"))
                for route in WebFenceServer().apiRoutes {
                    #expect(document["paths"]?[route.path]?[route.method] != nil, "\(route) is not described")
                }
            }
        }
    }
}
