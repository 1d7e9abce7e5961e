import FindingReports
import Findings
import StrictJSON
import Testing

@Suite("Report formats: Xcode, GitHub Actions, GitLab Code Quality, SARIF")
struct ReportFormatTests {
    static let root = ReportPaths.workingDirectory

    @Test("xcode: path:line:column: severity: message [code], absolute paths, one line a finding")
    func xcode() {
        let findings = [
            Samples.finding(),
            Samples.finding("executable.missing", .note, path: "App/App", pointer: "/mach_header", at: nil),
            Samples.finding(
                "aasa.x", .error, path: "Shop.ipa", member: "Payload/Shop.app/Info.plist", pointer: "/A", at: nil,
                message: "two\nlines"),
        ]
        #expect(
            XcodeReport.render(findings) == """
                \(Self.root)App/Info.plist:10:3: warning: "*.example.com" keeps its * in the host [appBound.entry.wildcard]
                \(Self.root)App/App: note: /mach_header: "*.example.com" keeps its * in the host [executable.missing]
                \(Self.root)Shop.ipa: error: Payload/Shop.app/Info.plist /A: two lines [aasa.x]

                """)
    }

    @Test("github: workflow commands with file, line, col and title; notes are notices; % CR LF , : escaped")
    func github() {
        let findings = [
            Samples.finding(message: "50% off,\nnow"),
            Samples.finding("a.b", .note, path: Self.root + "x,y.json", pointer: "/k", at: nil, message: "m"),
            Samples.finding("c.d", .error),
        ]
        let lines = GitHubActionsReport.render(findings).split(separator: "\n")
        #expect(
            lines[0]
                == "::warning file=App/Info.plist,line=10,col=3,title=appBound.entry.wildcard%3A A WKAppBoundDomains entry with a * that stays in the host::50%25 off,%0Anow Fix: List the registrable domain."
        )
        #expect(
            lines[1]
                == "::notice file=x%2Cy.json,title=a.b%3A A WKAppBoundDomains entry with a * that stays in the host::/k: m Fix: List the registrable domain."
        )
        #expect(lines[2].hasPrefix("::error file=App/Info.plist,line=10,col=3,"))
    }

    @Test("gitlab: Code Quality issues with a fingerprint, a severity, the path and the begin position")
    func gitlab() throws {
        let report = GitLabCodeQualityReport.render([
            Samples.finding(), Samples.finding("a.b", .error, at: nil), Samples.finding("c.d", .note),
        ])
        guard case .array(let issues) = report else {
            Issue.record("not an array")
            return
        }
        #expect(issues.count == 3)
        #expect(issues[0]["check_name"] == .string("appBound.entry.wildcard"))
        #expect(issues[0]["severity"] == .string("major"))
        #expect(issues[0]["fingerprint"] == .string(Fingerprint.of(Samples.finding())))
        #expect(issues[0]["location"]?["path"] == .string("App/Info.plist"))
        #expect(issues[0]["location"]?["positions"]?["begin"]?["line"] == .int(10))
        #expect(issues[0]["location"]?["positions"]?["begin"]?["column"] == .int(3))
        #expect(issues[1]["severity"] == .string("critical"))
        #expect(issues[1]["location"]?["positions"]?["begin"]?["line"] == .int(1))
        #expect(issues[1]["description"] == .string("/WKAppBoundDomains/1: \"*.example.com\" keeps its * in the host"))
        #expect(issues[2]["severity"] == .string("info"))
    }

    static let tool = SARIFReport.Tool(
        name: "webfence", version: "9.9.9", informationURI: "https://example.test/webfence",
        documentationRoot: "https://example.test/webfence/blob/v9.9.9/")

    @Test("sarif: one rule a code with title, description, help and link; results at SRCROOT-relative regions")
    func sarif() throws {
        let findings = [
            Samples.finding(),
            Samples.finding(pointer: "/WKAppBoundDomains/2", at: SourcePosition(line: 11, column: 3)),
            Samples.finding("executable.missing", .error, path: "/elsewhere/App", pointer: "/mach_header", at: nil),
        ]
        let log = SARIFReport.render(findings, tool: Self.tool, sourceRoot: Self.root)
        #expect(log["version"] == .string("2.1.0"))
        let run = try #require(log["runs"]?[0])
        #expect(run["originalUriBaseIds"]?["SRCROOT"]?["uri"] == .string("file://" + Self.root))
        #expect(run["columnKind"] == .string("unicodeCodePoints"))
        let rules = try #require(run["tool"]?["driver"]?["rules"])
        guard case .array(let list) = rules else {
            Issue.record("rules")
            return
        }
        #expect(list.count == 2)
        #expect(list[0]["id"] == .string("appBound.entry.wildcard"))
        #expect(list[0]["shortDescription"]?["text"] == .string(Samples.rule.title))
        #expect(list[0]["helpUri"] == .string("https://example.test/webfence/blob/v9.9.9/docs/audit.md#3-findings"))
        #expect(list[0]["defaultConfiguration"]?["level"] == .string("warning"))
        let first = try #require(run["results"]?[0])
        #expect(first["ruleIndex"] == .int(0))
        let location = try #require(first["locations"]?[0]?["physicalLocation"])
        #expect(location["artifactLocation"]?["uri"] == .string("App/Info.plist"))
        #expect(location["artifactLocation"]?["uriBaseId"] == .string("SRCROOT"))
        #expect(location["region"]?["startLine"] == .int(10))
        #expect(location["region"]?["startColumn"] == .int(3))
        #expect(first["partialFingerprints"]?["webfenceFingerprint/v1"] == .string(Fingerprint.of(Samples.finding())))
        let second = try #require(run["results"]?[1])
        #expect(second["partialFingerprints"] == first["partialFingerprints"])
        let outside = try #require(run["results"]?[2]?["locations"]?[0]?["physicalLocation"])
        #expect(outside["artifactLocation"]?["uri"] == .string("file:///elsewhere/App"))
        #expect(outside["region"] == nil)
        #expect(run["results"]?[2]?["ruleIndex"] == .int(1))
    }

    @Test("sarif: a path whose first segment has a colon is written ./ first, other characters percent-encoded")
    func sarifURIs() throws {
        let log = SARIFReport.render(
            [Samples.finding(path: "a:b/c d.json")], tool: Self.tool, sourceRoot: Self.root)
        let uri = log["runs"]?[0]?["results"]?[0]?["locations"]?[0]?["physicalLocation"]?["artifactLocation"]?["uri"]
        #expect(uri == .string("./a:b/c%20d.json"))
    }
}
