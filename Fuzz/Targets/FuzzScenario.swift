// Fuzz target `scenario`: a scenario file of the web view simulator, parsed (Scenario.parse: JSON,
// keys, actions, URLs, references) and replayed (Scenario.run: the simulator, the App-Bound
// Domains engine in AppBound, the URL layer in WebAddress).
//
// Input: arbitrary bytes, decoded as UTF-8 with U+FFFD for invalid sequences. No file is read:
// `app.infoPlistFile` / `app.entitlementsFile` go to `FuzzFiles.load`, which returns fixed members.
//
// Checks: no crash, no hang; parse and run either throw ScenarioError (typed throws: nothing else
// can come out) or finish; when run finishes —
//   - it gives one result per step, in order;
//   - every outcome field is one the step's action declares (`outcomeFields`), since `expect` may
//     name only those;
//   - a second run of the same scenario gives the same outcomes, mismatches and app summary (the
//     simulator is a value: no state leaks between runs).

import Scenarios
import StrictJSON

/// The plist "files" a scenario can name, without I/O.
enum FuzzFiles {
    /// The members of Examples/scenarios/WebKitAPITests-Info.plist (keys sorted, as
    /// PropertyListFile.read gives them): 22 WKAppBoundDomains entries with every kind of outcome.
    static let webKitInfoPlist: [JSONValue.Member] = [
        JSONValue.Member("CFBundleIdentifier", .string("org.webkit.TestWebKitAPI")),
        JSONValue.Member(
            "WKAppBoundDomains",
            .array(
                [
                    "test:", ":", "test:", "testDomain1", "apple.com", "sub.domain.webkit.org/road/to/nowhere/",
                    "webkit.org", "localhost:8000", "localhost/road/to/nowhere/", "file:///some/file", "127.0.0.1", "",
                    "   ", "https://sub.domain.webkit.org", "https://www.apple.com/", "https://webkit.org",
                    "https://www.apple.com/iphone/", "http://www.example.com/", "http://bar.com/", "http://foo.com/",
                    "app-bound-custom-scheme:", "should-not-be-included:",
                ].map(JSONValue.string))),
    ]

    /// A path that is empty or mentions "missing" cannot be read; `*.entitlements` is a browser's
    /// entitlements; any other path is the WebKit test Info.plist.
    static func load(_ path: String) throws(ScenarioError) -> [JSONValue.Member] {
        if path.isEmpty || path.contains("missing") {
            throw ScenarioError("/app", "cannot read \(path): no such file (fuzz stand-in)")
        }
        if path.hasSuffix(".entitlements") {
            return [JSONValue.Member("com.apple.developer.web-browser", .bool(true))]
        }
        return webKitInfoPlist
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    Fuzz.currentInput = bytes
    let text = String(decoding: bytes, as: UTF8.self)

    let scenario: Scenario
    do {
        scenario = try Scenario.parse(text, loadFile: FuzzFiles.load)
    } catch {
        let message = error.description  // exercised on every input, printed when verbose
        Fuzz.log("parse: " + message)
        _ = error.stepIndex
        return 0
    }

    let result: ScenarioResult
    do {
        result = try scenario.run()
    } catch {
        let message = error.description
        Fuzz.log("run: " + message)
        // Deterministic: the second run throws the same error.
        do {
            _ = try scenario.run()
            Fuzz.fail("a second run throws too", "first error: \(error)\nsecond run: finished")
        } catch let second {
            Fuzz.check(second == error, "a second run throws the same error", "first: \(error)\nsecond: \(second)")
        }
        return 0
    }

    Fuzz.check(
        result.steps.count == scenario.steps.count, "one result per step",
        "steps: \(scenario.steps.count), results: \(result.steps.count)")
    for (index, stepResult) in result.steps.enumerated() {
        Fuzz.check(
            stepResult.step.index == index, "results in step order", "result \(index) is step \(stepResult.step.index)")
        let declared = stepResult.step.action.kind.type.outcomeFields
        for field in stepResult.outcome.fields {
            Fuzz.check(
                declared.contains(field.key), "every outcome field is declared by the action",
                "step \(index) (\(stepResult.step.action.name)): field \(field.key), declared: \(declared)")
            _ = field.value.serialized()
        }
        for mismatch in stepResult.mismatches { _ = mismatch.description }
        _ = stepResult.outcome.explanation
    }
    Fuzz.log("ran \(result.steps.count) steps, \(result.passed ? "as expected" : "with mismatches")")

    // Determinism: the simulator is rebuilt from the scenario on every run.
    let second: ScenarioResult
    do {
        second = try scenario.run()
    } catch {
        Fuzz.fail("a second run finishes too", "error: \(error)")
    }
    Fuzz.check(result.appSummary == second.appSummary, "a second run gives the same app summary", "")
    for (first, again) in zip(result.steps, second.steps) {
        Fuzz.check(
            first.outcome == again.outcome && first.mismatches == again.mismatches,
            "a second run gives the same outcomes",
            "step \(first.step.index): first \(first.outcome), second \(again.outcome)")
    }
    return 0
}
