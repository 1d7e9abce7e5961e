import Foundation
import Testing

/// `webfence simulate` and `webfence tour` as spec/interfaces.md §1 fixes them.
@Suite("webfence simulate")
struct SimulateCommandTests {
    private func scenarioFile(_ text: String) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("scenario-\(UUID()).json")
        try Data(text.utf8).write(to: file)
        return file
    }

    private let passing = #"""
        {"name": "passes", "app": {"infoPlist": {"WKAppBoundDomains": ["apple.com"]}},
         "webViews": [{"id": "w", "limitsNavigationsToAppBoundDomains": true}],
         "steps": [{"webView": "w", "load": "https://shop.example/", "expect": {"result": "failed", "error": 13}}]}
        """#

    @Test("every example scenario passes: exit 0")
    func examples() throws {
        let directory = PackageFiles.url("Examples/scenarios")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }
            .map { directory.appendingPathComponent($0).path }
        let result = try WebFenceBinary.run(["simulate", "--quiet"] + files)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("every expectation held"))
    }

    @Test("a failed expectation: exit 1, with field, expected and actual")
    func failedExpectation() throws {
        let file = try scenarioFile(passing.replacingOccurrences(of: #""error": 13"#, with: #""error": 14"#))
        defer { try? FileManager.default.removeItem(at: file) }
        let text = try WebFenceBinary.run(["simulate", file.path])
        #expect(text.status == 1)
        #expect(text.stdout.contains("✗ error: expected 14, got 13"))
        let json = try WebFenceBinary.run(["simulate", "--format", "json", file.path])
        #expect(json.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let scenario = try #require((object["scenarios"] as? [[String: Any]])?.first)
        #expect(scenario["name"] as? String == "passes")
        #expect(scenario["passed"] as? Bool == false)
        let step = try #require((scenario["steps"] as? [[String: Any]])?.first)
        #expect(step["index"] as? Int == 0)
        #expect(step["action"] as? String == "load")
        #expect((step["outcome"] as? [String: Any])?["error"] as? Int == 13)
        let mismatch = try #require((step["mismatches"] as? [[String: Any]])?.first)
        #expect(mismatch["field"] as? String == "error")
        #expect(mismatch["expected"] as? Int == 14)
        #expect(mismatch["actual"] as? Int == 13)
    }

    @Test(
        "bad scenario files exit 2 naming the file, the step and what is wrong",
        arguments: [
            ("{ not json", "invalid JSON at line 1"),
            (
                #"{"name": "x", "app": {}, "webViews": [{"id": "w"}], "steps": [{"webView": "w", "lod": "https://a/"}]}"#,
                "step 0 (/steps/0/lod): unknown action \"lod\""
            ),
            (
                #"{"name": "x", "app": {}, "webViews": [{"id": "w"}], "steps": [{"webView": "w", "state": {}}, {"webView": "z", "state": {}}]}"#,
                "step 1 (/steps/1/webView): unknown web view \"z\""
            ),
            (
                #"{"name": "x", "app": {}, "webViews": [{"id": "w"}], "steps": [{"webView": "w", "load": "http://[::1/"}]}"#,
                "step 0 (/steps/0/load): \"http://[::1/\" is not a URL"
            ),
        ])
    func badFiles(_ text: String, _ message: String) throws {
        let file = try scenarioFile(text)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try WebFenceBinary.run(["simulate", file.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("\(file.path): \(message)"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("--wildcard-covers-base-domain lets applinks:*.example.com open links to example.com (D28)")
    func wildcardCoversBaseDomain() throws {
        let file = try scenarioFile(
            #"""
            {"name": "wildcard", "app": {"entitlements": {"application-identifier": "ABCDE12345.com.example.app",
               "com.apple.developer.associated-domains": ["applinks:*.example.com"]},
              "sites": {"example.com": {"aasa": {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "*"}]}]}}}}},
             "steps": [{"openUniversalLink": {"url": "https://example.com/a"}, "expect": {"opens": "app"}}]}
            """#)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try WebFenceBinary.run(["simulate", file.path]).status == 1)
        #expect(try WebFenceBinary.run(["simulate", "--wildcard-covers-base-domain", file.path]).status == 0)
    }

    @Test("plist files named by the scenario are read relative to it")
    func plistFiles() throws {
        let result = try WebFenceBinary.run([
            "simulate", PackageFiles.url("Examples/scenarios/AppBoundDomains.json").path,
        ])
        #expect(result.status == 0)
        #expect(result.stdout.contains("should-not-be-included:\" is ignored"))
    }

    @Test("tour replays the seed's apps with their story")
    func tour() throws {
        let result = try WebFenceBinary.run(["tour", "--examples", PackageFiles.url("Examples/scenarios").path])
        #expect(result.status == 0)
        for app in ["UnchangedApp", "ShopApp", "SocialApp", "BrowserApp", "HybridApp"] {
            #expect(result.stdout.contains(app))
        }
        #expect(result.stdout.contains("every expectation held"))
        // Each story sits under its own seed's heading (issue 19: the managed web views' story
        // was told under the App-Bound Domains heading).
        let lines = result.stdout.split(separator: "\n").map(String.init)
        func index(_ prefix: String) -> Int? { lines.firstIndex { $0.hasPrefix(prefix) } }
        let order = [
            index("App-Bound Domains, as the announcement"), index("✓ UnchangedApp"),
            index("Managed and unmanaged web views"), index("✓ Seed 002"),
            index("Navigation rules in code"), index("✓ Seed 003"),
            index("Universal links:"), index("✓ Seed 004"),
        ]
        #expect(
            order.allSatisfy { $0 != nil } && order.compactMap { $0 } == order.compactMap { $0 }.sorted(), "\(order)")
        let missing = try WebFenceBinary.run(["tour", "--examples", "/nonexistent"])
        #expect(missing.status == 2)
    }
}
