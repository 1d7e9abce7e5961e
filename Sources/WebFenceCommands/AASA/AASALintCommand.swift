import ArgumentParser
import AssociatedDomains
import Findings
import Foundation
import WebFenceCommandLine

/// `webfence aasa lint`: everything a device silently tolerates, ignores or can never match.
struct AASALintCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Find what a device silently ignores in an association file, and rules that can never match.",
        discussion: """
            Each finding has a stable code (aasa.*, entitlement.*), a severity (error, warning, note), \
            a JSON pointer into the file, its line and column, and a message. Among them: misspelled keys \
            (casesensitive), precedence that hides keys (appIDs over appID, components over paths), \
            rules after a catch-all, {"#": "*", "exclude": true} (which blocks every URL), non-string \
            query values (which make the whole "?" ignored), UK where a region code is meant (GB), \
            undefined variables, non-ASCII patterns compared percent-encoded.

            With --entitlements (a plist or JSON with com.apple.developer.associated-domains and \
            application-identifier) and --domain, the file is checked against the app: its ID must be \
            listed for every service the entitlement names for the domain.

            Several files may be named (a pre-commit hook passes every changed one); --domain and \
            --entitlements describe one. --format xcode, github, gitlab and sarif write the findings \
            for Xcode, GitHub Actions, GitLab and code scanning; --baseline leaves out the findings a \
            --write-baseline file recorded (docs/ci.md).

            Exit status: 0 no finding at --fail-on's severity (error by default) or above; 1 such a \
            finding; 2 unusable input.

            Examples:
              webfence aasa lint Examples/aasa/traps.json
              webfence aasa lint --format xcode Examples/aasa/*.json
              webfence aasa lint Examples/aasa/seed-004-components.json --domain example.com \\
                  --entitlements Examples/aasa/entitlements.plist --format json
            """
    )

    @Argument(help: ArgumentHelp("The apple-app-site-association files.", valueName: "file"))
    var files: [String]

    @Option(help: ArgumentHelp("The domain the file is served from.", valueName: "host"))
    var domain: String?

    @Option(help: ArgumentHelp("The app's entitlements (plist or JSON).", valueName: "path"))
    var entitlements: String?

    @OptionGroup var report: ReportOptions

    func validate() throws {
        if files.isEmpty { throw ValidationError("Name the association file to lint.") }
        if files.count > 1, domain != nil || entitlements != nil {
            throw ValidationError("--domain and --entitlements describe one file: lint one file with them.")
        }
    }

    func run() async throws {
        try LintReport(files: files, rule: FindingCatalog.associatedDomains.rule(for:), lint: lint).run(report)
    }

    /// The findings of `file`, with those of the entitlements file given.
    private func lint(_ file: String) throws -> [(source: String, finding: Finding)] {
        let bytes = try AASAInput.bytes(file)
        var findings: [(source: String, finding: Finding)] = []
        if bytes.count > AssociationFile.maximumSize {
            findings.append(
                (
                    file,
                    Finding(
                        "aasa.size", .error, at: "",
                        "\(bytes.count) bytes: devices abort a file over \(AssociationFile.maximumSize) bytes (the rest is linted anyway)"
                    )
                ))
        }
        let (parsed, readFindings) = try AASAInput.file(file, bytes: bytes, sizeLimit: nil)
        let domain = try self.domain.map { try AASAInput.domain($0) }
        let app = try entitlements.map(AASAInput.entitlements)
        if let entitlements, let app {
            findings += app.entitlement.findings.map { (entitlements, $0) }
            if app.appID == nil {
                findings.append(
                    (
                        entitlements,
                        Finding(
                            "entitlement.appID.missing", .warning, at: "",
                            "no application-identifier: the file cannot be checked against the app's ID")
                    ))
            }
        }
        let linter = AssociationFileLinter(domain: domain, entitlement: app?.entitlement, appID: app?.appID)
        return findings + linter.lint(parsed, readFindings: readFindings).map { (file, $0) }
    }
}
