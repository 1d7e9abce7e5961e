import AppManifest
import ArgumentParser
import Audit
import Findings
import Foundation
import WebFenceCommandLine

/// `webfence framework lint`: what a framework's configuration file gets wrong by itself.
struct FrameworkLintCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract:
            "Find what a framework configuration file gets wrong: values the framework ignores, entries that open holes.",
        discussion: """
            Each file is read as the framework reads it, by its name: capacitor.config.json, Cordova's \
            config.xml, a PWABuilder shell's Settings.swift (with WebView.swift and SceneDelegate.swift \
            beside it when they are there), or webfence-framework.json (the props of \
            react-native-webview or Hotwire Native, or flutter_inappwebview's settings). Reported, with \
            the audit's codes (docs/audit.md): \
            values the framework ignores or reads otherwise (framework.configuration.*), and entries \
            that let hosts the file never named into the web view, or never match (capacitor.*, \
            cordova.*, reactNativeWebView.*, hotwire.*, pwabuilder.*), and flutter_inappwebview's \
            allow-list entries that admit more than they name or nothing (flutter.inAppWebView.*). What \
            needs the app around the \
            file (its Info.plist's WKAppBoundDomains) is webfence audit's.

            Every finding has its line and column. --format xcode, github, gitlab and sarif write the \
            findings for Xcode, GitHub Actions, GitLab and code scanning; --baseline leaves out the \
            findings a --write-baseline file recorded (docs/ci.md).

            Exit status: 0 no finding at --fail-on's severity (error by default) or above; 1 such a \
            finding; 2 unusable input (a file that is not there, or not named as a configuration).

            Examples:
              webfence framework lint Examples/frameworks/capacitor.config.json
              webfence framework lint --format xcode ios/App/App/capacitor.config.json
            """
    )

    @Argument(help: ArgumentHelp("The configuration files.", valueName: "file"))
    var files: [String]

    @OptionGroup var report: ReportOptions

    func validate() throws {
        if files.isEmpty { throw ValidationError("Name the configuration file to lint.") }
    }

    func run() async throws {
        try LintReport(files: files, rule: { AuditCatalog.rule(for: $0).findingRule }, lint: lint).run(report)
    }

    /// The findings of one configuration file, at their places.
    private func lint(_ file: String) throws -> [LintReport.Sourced] {
        let frameworkFiles: FrameworkFiles
        do {
            frameworkFiles = try FrameworkFiles.read(configuration: URL(fileURLWithPath: file), displayPath: file)
        } catch {
            throw InputError(error.path, error.message)
        }
        return FrameworkAudit.lint(frameworkFiles).map { audit in
            var finding = Finding(audit.code, audit.severity, at: audit.key, audit.message)
            finding.position = audit.position
            return (source: audit.file.path, finding: finding)
        }
    }
}
