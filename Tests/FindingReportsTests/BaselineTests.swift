import FindingReports
import Findings
import Testing

@Suite("Fingerprints and baselines: adopting WebFence on an app that already has findings")
struct BaselineTests {
    @Test("a fingerprint ignores the line and the array index, not the code, file, key shape or message")
    func fingerprint() {
        let base = Fingerprint.of(Samples.finding())
        #expect(Fingerprint.of(Samples.finding(at: SourcePosition(line: 40, column: 1))) == base)
        #expect(Fingerprint.of(Samples.finding(at: nil)) == base)
        #expect(Fingerprint.of(Samples.finding(pointer: "/WKAppBoundDomains/7")) == base)
        #expect(Fingerprint.of(Samples.finding(path: "./App/Info.plist")) == base)
        #expect(Fingerprint.of(Samples.finding(path: ReportPaths.workingDirectory + "App/Info.plist")) == base)
        #expect(Fingerprint.of(Samples.finding("appBound.entry.dropped")) != base)
        #expect(Fingerprint.of(Samples.finding(path: "Other/Info.plist")) != base)
        #expect(Fingerprint.of(Samples.finding(pointer: "/NSAppTransportSecurity/1")) != base)
        #expect(Fingerprint.of(Samples.finding(message: "\"*.example.org\" keeps its * in the host")) != base)
        #expect(Fingerprint.of(Samples.finding(member: "Payload/A.app/Info.plist")) != base)
        #expect(base.count == 64 && base.allSatisfy(\.isHexDigit))
    }

    @Test("recorded findings are known, counted: a second finding alike is new")
    func knows() throws {
        let old = [Samples.finding(), Samples.finding("appBound.entry.dropped", message: "\"\" is dropped")]
        let baseline = try Baseline(text: Baseline(old).rendered())
        let shifted = old.map { $0.located(at: SourcePosition(line: ($0.position?.line ?? 0) + 3, column: 1)) }
        let new = Samples.finding(message: "\"*.example.org\" keeps its * in the host")
        #expect(baseline.knows(shifted + [new]) == [true, true, false])
        #expect(baseline.knows([Samples.finding(), Samples.finding()]) == [true, false])
        #expect(Baseline([]).knows(old) == [false, false])
    }

    @Test("the file: sorted, one entry a line, every field for people, read back the same")
    func file() throws {
        let findings = [
            Samples.finding(path: "b/Info.plist"), Samples.finding("appBound.entry.dropped", path: "a/Info.plist"),
        ]
        let text = Baseline(findings).rendered()
        let lines = text.split(separator: "\n")
        #expect(lines.first == "{" && lines[1] == "  \"webfenceBaseline\": 1,")
        #expect(lines[3].contains("\"path\":\"a/Info.plist\"") && lines[4].contains("\"path\":\"b/Info.plist\""))
        #expect(lines[3].contains("\"pointer\":\"/WKAppBoundDomains/1\""))
        #expect(try Baseline(text: text) == Baseline(findings))
    }

    @Test(
        "a file that is not a baseline is refused, saying why",
        arguments: [
            ("{", "line 1"), ("[]", "no \"webfenceBaseline\""),
            ("{\"webfenceBaseline\": 2, \"findings\": []}", "format 2"),
            ("{\"webfenceBaseline\": 1}", "/findings"),
            ("{\"webfenceBaseline\": 1, \"findings\": [{\"code\": \"x\"}]}", "/findings/0"),
        ])
    func refused(_ text: String, _ why: String) {
        #expect {
            _ = try Baseline(text: text)
        } throws: { error in
            (error as? Baseline.Problem)?.description.contains(why) == true
        }
    }
}
