import ArgumentParser
import Foundation
import NavigationRules
import WebFence
import WebFenceAPI
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

            Exit status: 0 no error; 1 an error-level finding; 2 unusable input.

            Example:
              webfence rules lint Examples/rules/refused.json
            """
    )

    @Argument(help: ArgumentHelp("The rule set.", valueName: "file"))
    var file: String

    @OptionGroup var output: FormatOption

    func run() async throws {
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
        // Errors first, then warnings and notes, each in the order the loader found them.
        let findings = NavigationRuleSet.lint(json: text).enumerated().sorted {
            $0.element.severity != $1.element.severity
                ? $0.element.severity > $1.element.severity : $0.offset < $1.offset
        }.map(\.element)
        if findings.first?.code == "rules.json" { throw InputError(file, findings[0].message) }
        let sourced = findings.map { (source: file, finding: $0) }
        switch output.format {
        case .json: print(FindingsJSON.render(file: file, sourced).serialized())
        case .text: print(FindingsOutput.text(file: file, sourced, terminal: .standardOutput), terminator: "")
        }
        if findings.contains(where: { $0.severity == .error }) { throw ExitCode(ExitStatus.expectationFailed) }
    }
}
