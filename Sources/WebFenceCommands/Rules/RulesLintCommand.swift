import ArgumentParser
import Findings
import Foundation
import NavigationRules
import StrictJSON
import WebFenceCommandLine

/// `webfence rules lint`: every rule the loader refuses, with its reason, and rules that load but
/// probably do not mean what they say.
struct RulesLintCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "List the rules a rule set's loader refuses, with the reasons, and the rules worth a second look.",
        discussion: """
            Refused (error; one refused rule refuses the whole set, so nothing fails open): public \
            suffixes (*.com, co.uk, github.io), bare top-level domains, wildcards inside a label, \
            schemes, ports, paths or userinfo written into a host, hosts no browser would load, \
            network schemes in allowSchemes, unknown keys. Warnings: cleartext http/ws, \
            javascript: allowed, duplicates, rules another rule already covers. Notes: hosts and \
            paths read in another form than written.

            A signed rule set's content is linted without checking its signature (use rules verify).

            Each finding has its line and column. Several files may be named; --format xcode, github, \
            gitlab and sarif write the findings for Xcode, GitHub Actions, GitLab and code scanning; \
            --baseline leaves out the findings a --write-baseline file recorded (docs/ci.md).

            Exit status: 0 no finding at --fail-on's severity (error by default) or above; 1 such a \
            finding; 2 unusable input.

            Example:
              webfence rules lint Examples/rules/refused.json
            """
    )

    @Argument(help: ArgumentHelp("The rule sets.", valueName: "file"))
    var files: [String]

    @OptionGroup var report: ReportOptions

    func validate() throws {
        if files.isEmpty { throw ValidationError("Name the rule set to lint.") }
    }

    func run() async throws {
        try LintReport(files: files, rule: FindingCatalog.ruleSets.rule(for:)) { file in
            try lint(file).map { (file, $0) }
        }
        .run(report)
    }

    /// The findings of `file`: errors first, then warnings and notes, each in the order the loader
    /// found them.
    private func lint(_ file: String) throws -> [Finding] {
        var text = try RulesInput.text(file)
        if RulesInput.isSigned(text) {
            // The content, as signed; whether the signature holds is `verify`'s question.
            guard case .string(let payload)? = (try? JSONParser.parse(text))?["ruleSet"],
                let data = Data(base64Encoded: payload), let inner = String(data: data, encoding: .utf8)
            else {
                throw InputError(file, "a signed rule set whose \"ruleSet\" is not base64 UTF-8 text")
            }
            text = inner
        }
        let findings = NavigationRuleSet.lint(json: text).enumerated().sorted {
            $0.element.severity != $1.element.severity
                ? $0.element.severity > $1.element.severity : $0.offset < $1.offset
        }.map(\.element)
        if findings.first?.code == "rules.json" { throw InputError(file, findings[0].message) }
        return findings
    }
}
