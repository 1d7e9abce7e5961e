import AppBound
import Foundation
import Scenarios
import Testing

/// Every scenario in Examples/scenarios, one test per file.
enum ExampleScenarios {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/scenarios")

    static let files: [String] =
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
        .filter { $0.hasSuffix(".json") }.sorted()
}

@Suite("Examples/scenarios")
struct ScenarioFileTests {
    @Test("scenario", arguments: ExampleScenarios.files)
    func passes(_ file: String) throws {
        let result = try Scenario.load(contentsOf: ExampleScenarios.directory.appendingPathComponent(file)).run()
        for step in result.steps {
            #expect(step.mismatches.isEmpty, "step \(step.step.index) (\(step.step.action.name)): \(step.mismatches)")
        }
        #expect(result.steps.contains { $0.step.expect != nil }, "a scenario that expects nothing proves nothing")
    }

    @Test("summary: the engine tests of spec §8 and the seed's apps are all there, and all pass")
    func summary() throws {
        let expected = [
            "AppBoundDomains", "AppBoundSchemes", "LocalFilesAreAppBound", "DataFilesAreAppBound",
            "AboutFilesAreAppBound",
            "NonAppBoundDomainFailedUserScriptAtStart", "NonAppBoundDomainFailedUserScriptAtEnd",
            "NonAppBoundDomainFailedUserAgentScripts", "NonAppBoundUserStyleSheetForSpecificWebViewFails",
            "NonAppBoundUserStyleSheetForAllWebViewsFails", "NonAppBoundUserStyleSheetAffectingAllFramesFails",
            "NonAppBoundDomainCannotAccessMessageHandlers", "AppBoundDomainCanAccessMessageHandlers",
            "SetCookieForNonAppBoundDomainFails", "GetCookieForNonAppBoundDomainFails", "GetCookieForURLFails",
            "AppBoundDomainAllowsServiceWorkers", "NonAppBoundDomainDoesNotAllowServiceWorkers",
            "AppBoundFlagForNonAppBoundDomainFails", "NavigateAwayFromAppBoundDomainWithAppBoundFlagFails",
            "AppBoundDomainWithoutFlagTreatedAsNonAppBound", "WebViewWithoutAppBoundFlagCanFreelyNavigate",
            "WebViewCannotUpdateAppBoundFlagOnceSet", "InjectScriptThenNavigateToNonAppBoundDomainFails",
            "InjectScriptInNonAppBoundSubframeAppBoundMainframeFails", "JavaScriptInNonAppBoundFrameFails",
            "LoadFromHTMLStringsSucceedsIfAppBound", "LoadFromHTMLStringNoBaseURLIsAppBound",
            "LoadFromHTMLStringsFailsIfNotAppBound", "AppBoundCustomScheme",
        ].map { $0 + ".json" }
        let missing = Set(expected).subtracting(ExampleScenarios.files)
        #expect(missing.isEmpty, "missing scenarios: \(missing.sorted())")
        #expect(ExampleScenarios.files.filter { $0.hasPrefix("seed-") }.count >= 7)
        var passed = 0
        var steps = 0
        for file in ExampleScenarios.files {
            let result = try Scenario.load(contentsOf: ExampleScenarios.directory.appendingPathComponent(file)).run()
            if result.passed { passed += 1 }
            steps += result.steps.count
        }
        print("scenarios: \(passed) of \(ExampleScenarios.files.count) passed (\(steps) steps)")
        #expect(passed == ExampleScenarios.files.count)
    }
}
