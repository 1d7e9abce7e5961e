import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOConcurrencyHelpers
import StrictJSON
import Testing

@testable import WebFenceServer

/// What one request may cost (D112): each case bounded before it is decided, every request within
/// a time limit, decisions on their own threads with a bounded queue, an association file sent as an
/// object held to a device's 131,072 bytes. Every refusal is a `4xx`/`503` with a code.
@Suite("webfence serve: a budget per request")
struct WorkBudgetTests {
    /// A file whose patterns total `patterns` characters of `*a` (each compiled to an automaton).
    static func hostileFile(patterns: Int) -> String {
        let pattern = "/" + String(repeating: "*a", count: patterns / 2) + "b"
        return
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "\#(pattern)"}]}]}}"#
    }

    static func matchCase(_ id: Int, file: String, path: String) -> String {
        let escaped = file.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return
            #"{"id": \#(id), "domain": "example.com", "appId": "ABCDE12345.com.example.app", "url": "https://example.com\#(path)", "aasa": "\#(escaped)"}"#
    }

    static func code(_ response: APIResponse) -> String? { response.body["code"]?.stringValue }

    @Test("a case that could cost more than the budget is refused before it is decided: 413 budget.case")
    func caseOverCost() {
        let file = Self.hostileFile(patterns: 2_000)
        let body = "[" + Self.matchCase(1, file: file, path: "/" + String(repeating: "a", count: 100)) + "]"
        let small = WorkBudget(maximumCaseCost: 10_000, timeLimit: .seconds(60))
        let refused = JSONAPI.aasaMatch(Array(body.utf8), within: small)
        #expect(refused.status == 413)
        #expect(Self.code(refused) == "budget.case")
        #expect(refused.body["error"]?.stringValue?.hasPrefix("case 0 could cost ") == true)
        let answered = JSONAPI.aasaMatch(Array(body.utf8), within: .standard)
        #expect(answered.status == 200)
        #expect(answered.body[0]?["decision"] == .string("no_match"))
    }

    @Test("the cost of a case is the file's pattern characters × the link's length")
    func costIsTheProduct() {
        let file = Self.hostileFile(patterns: 1_000)
        let path = "/" + String(repeating: "a", count: 999)
        let body = "[" + Self.matchCase(1, file: file, path: path) + "]"
        let url = "https://example.com" + path
        // 1 + 1,000 + 1 characters of pattern ("/", the "*a"s, "b"), as compiled.
        let cost = JSONAPI.aasaMatch(Array(body.utf8), within: WorkBudget(maximumCaseCost: 0, timeLimit: .seconds(9)))
        let message = cost.body["error"]?.stringValue ?? ""
        let steps = Int(message.split(separator: " ")[4]) ?? 0
        #expect(steps > 1_000 * url.utf8.count && steps < 1_100 * url.utf8.count, "\(message)")
    }

    @Test("a rule set's case costs its rules × its URL's length")
    func rulesCaseOverCost() {
        let hosts = (0..<50).map { #""h\#($0).example""# }.joined(separator: ",")
        let body =
            #"{"rules": {"version": 1, "allow": [\#(hosts)]}, "cases": [{"id": 1, "url": "https://a.example/"}]}"#
        let refused = JSONAPI.rulesCheck(
            Array(body.utf8), within: WorkBudget(maximumCaseCost: 49, timeLimit: .seconds(9)))
        #expect(refused.status == 413, "\(refused.body)")
        #expect(Self.code(refused) == "budget.case")
        let answered = JSONAPI.rulesCheck(Array(body.utf8), within: .standard)
        #expect(answered.status == 200, "\(answered.body)")
    }

    @Test("a request past its time limit is refused with how far it got: 503 budget.time")
    func timeLimit() {
        let cases = (0..<3).map { #"{"id": \#($0), "framework": "capacitor", "url": "https://a.example/"}"# }
        let body = "[" + cases.joined(separator: ",") + "]"
        let refused = JSONAPI.frameworkCheck(
            Array(body.utf8), within: WorkBudget(maximumCaseCost: 1_000_000, timeLimit: .seconds(-1)))
        #expect(refused.status == 503)
        #expect(Self.code(refused) == "budget.time")
        #expect(refused.body["error"]?.stringValue?.hasPrefix("1 of 3 cases decided") == true)
    }

    @Test("a framework case costs its configuration's size × its URL's length")
    func frameworkCaseOverCost() {
        let entries = (0..<100).map { #""https://*.h\#($0).example/*""# }.joined(separator: ",")
        let body =
            #"[{"id": 1, "framework": "cordova-ios", "config": {"allowNavigation": [\#(entries)]}, "url": "https://a.example/"}]"#
        let small = WorkBudget(maximumCaseCost: 10_000, timeLimit: .seconds(9))
        let refused = JSONAPI.frameworkCheck(Array(body.utf8), within: small)
        #expect(refused.status == 413)
        #expect(Self.code(refused) == "budget.case")
        #expect(JSONAPI.frameworkCheck(Array(body.utf8), within: .standard).status == 200)
    }

    @Test("a flutter_inappwebview case costs its compiled allow lists' states × its URL's length")
    func bridgeCaseOverCost() {
        // 40 bytes of configuration that compile to about 200 states: the states decide the cost.
        let body =
            #"[{"id": 1, "framework": "flutter-inappwebview", "config": {"javaScriptHandlersOriginAllowList": ["(ab){100}"]}, "url": "https://a.example/"}]"#
        let refused = JSONAPI.frameworkBridge(
            Array(body.utf8), within: WorkBudget(maximumCaseCost: 2_000, timeLimit: .seconds(9)))
        #expect(refused.status == 413)
        #expect(Self.code(refused) == "budget.case")
        #expect(JSONAPI.frameworkBridge(Array(body.utf8), within: .standard).status == 200)
    }

    @Test("an association file sent as an object is held to 131,072 bytes, as one sent as text is")
    func objectSizeLimit() {
        let many = (0..<8_000).map { #"{"/": "/p\#($0)/*"}"# }.joined(separator: ",")
        let object = #"{"applinks": {"details": [{"appIDs": ["A.b"], "components": [\#(many)]}]}}"#
        #expect(object.utf8.count > 131_072)
        let body =
            #"[{"id": 1, "domain": "example.com", "appId": "A.b", "url": "https://example.com/p1/x", "aasa": \#(object)}]"#
        let answer = JSONAPI.aasaMatch(Array(body.utf8), within: .standard)
        #expect(answer.status == 200)
        #expect(answer.body[0]?["error"]?.stringValue?.hasPrefix("\"aasa\": aasa.size: ") == true, "\(answer.body)")
        let fewer = (0..<100).map { #"{"/": "/p\#($0)/*"}"# }.joined(separator: ",")
        let small = body.replacingOccurrences(of: many, with: fewer)
        #expect(JSONAPI.aasaMatch(Array(small.utf8), within: .standard).body[0]?["decision"] == .string("match"))
    }

    @Test("with every thread deciding and no room to wait, one more request is 503 server.busy at once")
    func busy() async throws {
        let pool = DecisionPool(threads: 1, waiting: 0)
        let started = NIOLockedValueBox(false)
        let release = NIOLockedValueBox(false)
        async let first = pool.decide(bodySize: 2_048) { () -> Int in
            started.withLockedValue { $0 = true }
            while !release.withLockedValue({ $0 }) { usleep(1_000) }
            return 1
        }
        while !started.withLockedValue({ $0 }) { try await Task.sleep(for: .milliseconds(1)) }
        let second = await pool.decide(bodySize: 2_048) { 2 }
        #expect(throws: APIResponse.self) { try second.get() }
        if case .failure(let refusal) = second { #expect(Self.code(refusal) == "server.busy") }
        // A small body is decided where it arrives, whatever the pool is doing.
        let small = await pool.decide(bodySize: 100) { 3 }
        #expect(try small.get() == 3)
        release.withLockedValue { $0 = true }
        #expect(try await first.get() == 1)
        #expect(try await pool.decide(bodySize: 2_048) { 4 }.get() == 4)
    }

    @Test("over the router, a costly case is 413 budget.case, as the OpenAPI document says")
    func overTheRouter() async throws {
        var configuration = WebFenceServer.Configuration()
        configuration.maximumCaseCost = 1_000
        let app = WebFenceServer(configuration).application(logger: Logger(label: "test"))
        let file = Self.hostileFile(patterns: 2_000)
        let body = "[" + Self.matchCase(1, file: file, path: "/a") + "]"
        try await app.test(.router) { client in
            try await client.execute(uri: "/v1/aasa/match", method: .post, body: ByteBuffer(string: body)) { response in
                let text = String(buffer: response.body)
                ResponseLog.record(
                    method: "post", path: "/v1/aasa/match", status: Int(response.status.code), body: text)
                #expect(response.status.code == 413)
                #expect((try? JSONParser.parse(text))?["code"] == .string("budget.case"))
            }
        }
    }
}

extension WorkBudgetTests {
    @Test("the universal-links form: a pasted file and link over one decision's budget are refused, not decided")
    func universalLinksForm() async throws {
        // 120,000 pattern characters (a file under a device's 128 KiB) against a link of 1,000 bytes:
        // 120,000,000 steps, over 50,000,000.
        let file = Self.hostileFile(patterns: 120_000)
        let link = "https://example.com/" + String(repeating: "a", count: 980)
        let body = PageTests.form([("domain", "example.com"), ("file", file), ("link", link)])
        let (status, html, _) = try await PageTests.request(.post, "/", body)
        #expect(status == .ok)
        #expect(html.contains("more than this\nserver gives one decision (50000000)"), "\(html.suffix(2_000))")
        #expect(!html.contains("<table><thead><tr><th scope=\"col\">service</th>"), "nothing decided")
        // The same file and a short link: decided.
        let short = PageTests.form([("domain", "example.com"), ("file", file), ("link", "https://example.com/x")])
        let (_, decided, _) = try await PageTests.request(.post, "/", short)
        #expect(decided.contains("<th scope=\"col\">service</th>"))
    }
}
