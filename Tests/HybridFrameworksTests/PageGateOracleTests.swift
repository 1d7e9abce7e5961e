import Foundation
import StrictJSON
import Testing

@testable import HybridFrameworks

/// A JavaScript engine as the oracle for flutter_inappwebview's page gate (spec §13c):
/// Tests/Corpora/flutter/page-gate-oracle.jsonl holds 3,000 random entries run by Node 20 (V8) inside
/// the script the plugin builds (`Scripts/flutter-gate-oracle.mjs`), against ten origins. Each entry
/// WebFence evaluates must give the engine's answer on every origin; the count of entries outside
/// the evaluated syntax is printed.
struct PageGateOracleTests {
    static let file: URL = {
        // Tests/HybridFrameworksTests/PageGateOracleTests.swift → Tests/Corpora/flutter/…
        URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Corpora/flutter/page-gate-oracle.jsonl")
    }()

    @Test("every entry WebFence evaluates runs, or not, where V8 ran it")
    func oracle() throws {
        let lines = try String(contentsOf: Self.file, encoding: .utf8).split(separator: "\n")
        let header = try JSONParser.parse(String(lines[0]))
        guard case .array(let originValues)? = header["origins"] else { throw FrameworkBridgeFailure("no origins") }
        let origins = originValues.compactMap { if case .string(let text) = $0 { text } else { nil } }
        var (agreed, outside) = (0, 0)
        for line in lines.dropFirst() {
            let object = try JSONParser.parse(String(line))
            guard case .string(let entry)? = object["entry"], case .array(let runs)? = object["runs"] else {
                Issue.record("a line without entry and runs: \(line)")
                continue
            }
            var states = OriginRegex.largestConfiguration
            let list = FlutterOriginList(setting: "list", values: [entry], check: .pageGate, states: &states)
            for (origin, expected) in zip(origins, runs) {
                switch try? FlutterOriginGate.page(list, origin: origin) {
                case let outcome?:
                    #expect(.bool(outcome.passes) == expected, "\(entry) on \(origin): \(outcome.rule)")
                case nil: outside += 1
                }
            }
            if case .outsideSubset = list.entries[0].reading {} else { agreed += 1 }
        }
        print(
            "flutter page gate against V8: \(agreed) entries compared on \(origins.count) origins, "
                + "\(outside / origins.count) outside the evaluated syntax")
        #expect(agreed > 1_500)
    }
}
