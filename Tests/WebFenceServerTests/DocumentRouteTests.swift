import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Scenarios
import StrictJSON
import Testing
import WebFenceServer

/// `POST /v1/simulate` and `POST /v1/aasa/lint`: the scenario and universal-links pages' answers as
/// the CLI's JSON documents (`simulate --format json`, `aasa lint --format json`).
@Suite("webfence serve: scenarios and lint as JSON")
struct DocumentRouteTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func post(_ uri: String, _ body: String) async throws -> (status: Int, body: JSONValue) {
        let answer = try await ServerRouteTests.post(uri, body)
        return (answer.status, answer.body)
    }

    @Test("A scenario file runs as webfence simulate --format json runs it")
    func simulate() async throws {
        let url = Self.repository.appendingPathComponent("Examples/scenarios/framework-capacitor-localhost-start.json")
        let text = try String(contentsOf: url, encoding: .utf8)
        let (status, body) = try await Self.post("/v1/simulate", text)
        #expect(status == 200)
        let expected = ScenarioJSON.render([try Scenario.parse(text).run()])
        #expect(body == expected)
        #expect(
            body["scenarios"].flatMap { if case .array(let items) = $0 { items.first?["passed"] } else { nil } }
                == .bool(true))
    }

    @Test(
        "A scenario that does not load, names a plist, or runs too long is refused with its place",
        arguments: [
            (#"{"app": {}}"#, 400, "scenario.invalid"),
            (
                #"{"name": "x", "app": {"infoPlistFile": "/etc/passwd"}, "webViews": [], "steps": []}"#, 400,
                "scenario.invalid"
            ),
            ("not json", 400, "scenario.invalid"),
        ])
    func simulateRefused(body: String, status: Int, code: String) async throws {
        let answer = try await Self.post("/v1/simulate", body)
        #expect(answer.status == status)
        #expect(answer.body["code"] == .string(code), "\(answer.body)")
    }

    @Test("An association file is linted as webfence aasa lint --format json lints it")
    func lint() async throws {
        let text = try String(
            contentsOf: Self.repository.appendingPathComponent("Examples/aasa/traps.json"), encoding: .utf8)
        let request = JSONValue.object(["file": .string(text), "domain": .string("example.com")]).serialized()
        let (status, body) = try await Self.post("/v1/aasa/lint", request)
        #expect(status == 200)
        guard case .array(let findings)? = body["findings"] else {
            Issue.record("no findings: \(body)")
            return
        }
        #expect(findings.count == 7)
        #expect(findings.contains { $0["code"] == .string("aasa.rule.fragmentTrap") })
        #expect(body["warnings"] == .int(7))
        let (objectStatus, objectBody) = try await Self.post(
            "/v1/aasa/lint", #"{"file": {"applinks": {"details": [{"appIDs": [], "paths": ["*"]}]}}}"#)
        #expect(objectStatus == 200)
        #expect(objectBody["file"] == .string("file"))
    }

    @Test(
        "A lint request of the wrong shape, or a file a device cannot read, is a 400",
        arguments: [
            (#"{"file": "{not json"}"#, "aasa.invalid"), (#"{"file": 3}"#, "body.shape"), (#"{}"#, "body.shape"),
            (#"{"file": {}, "domain": "https://x/"}"#, "fetch.domain"), (#"{"file": {}, "extra": 1}"#, "body.shape"),
        ])
    func lintRefused(body: String, code: String) async throws {
        let answer = try await Self.post("/v1/aasa/lint", body)
        #expect(answer.status == 400)
        #expect(answer.body["code"] == .string(code), "\(answer.body)")
    }
}
