import ArgumentParser
import AssociatedDomains
import Foundation
import WebAddress
import WebFenceCommandLine

/// `webfence aasa verify`: the universal-link decision for one URL, per (service, app ID).
struct AASAVerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Decide whether a URL opens the app, per service and app ID, with the rule that decided.",
        discussion: """
            For applinks, the first details entry listing the app ID is used and its rules are walked \
            in order: the first rule whose parts all match decides (match, or exclude when it has \
            "exclude": true); nothing matched is no_match. Other services have no patterns: a listed \
            app ID matches any URL of the domain.

            --explain adds, for each applinks decision, why every earlier rule did not match: the \
            part (path, query, query item, fragment), the pattern, and the value it met (paths after \
            normalisation: /buy becomes /buy/).

            --format swcutil prints what Apple's `swcutil verify` prints.

            Exit status: 0 decided (and --expect held); 1 --expect did not hold; 2 unusable input \
            (unreadable file, invalid JSON, a file over 131,072 bytes, a URL that does not parse).

            Examples:
              webfence aasa verify --file Examples/aasa/seed-004-components.json --domain example.com \\
                  --url 'https://example.com/help/website/faq' --explain
              webfence aasa verify --file Examples/aasa/seed-004-components.json --domain example.com \\
                  --app-id ABCDE12345.com.example.app --url 'https://example.com/buy/1' --format swcutil
            """
    )

    @Option(help: ArgumentHelp("The apple-app-site-association file.", valueName: "path"))
    var file: String

    @Option(help: ArgumentHelp("The domain the file is served from.", valueName: "host"))
    var domain: String

    @Option(name: .customLong("app-id"), help: ArgumentHelp("Only this app ID (<team>.<bundle ID>).", valueName: "id"))
    var appID: String?

    @Option(help: "The URL to decide.")
    var url: String

    @Flag(help: "Say why each rule before the deciding one did not match.")
    var explain = false

    @Option(help: ArgumentHelp("Exit 1 unless every applinks decision is this.", valueName: "match|exclude|no_match"))
    var expect: UniversalLinkDecision.Outcome?

    @Option(help: "text (for people), json, or swcutil (the lines Apple's swcutil prints).")
    var format: VerifyFormat = .text

    enum VerifyFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json, swcutil
    }

    func run() async throws {
        try checkAppIDOption(appID)
        let (file, _) = try AASAInput.file(self.file)
        let domain = try AASAInput.domain(domain)
        let url: WebURL
        do { url = try WebURL(self.url) } catch {
            throw InputError("--url", "\"\(self.url)\" is not a URL: \(error.code): \(error)")
        }
        let matcher = UniversalLinkMatcher(file)
        var rows: [VerifyReport.Row] = []
        for service in matcher.services {
            let appIDs = appID.map { [$0] } ?? matcher.appIDs(for: service)
            for id in appIDs {
                rows.append(
                    .init(
                        service: service, appID: id,
                        decision: matcher.decide(service: service, url, domain: domain, appID: id, explain: explain)))
            }
        }
        let report = VerifyReport(file: self.file, domain: domain, urlText: self.url, url: url, rows: rows)
        switch format {
        case .text: print(report.text(terminal: .standardOutput, explain: explain), terminator: "")
        case .json: print(report.json().serialized())
        case .swcutil: print(report.swcutil(), terminator: "")
        }
        if let expect {
            let applinks = rows.filter { $0.service == "applinks" }
            if applinks.isEmpty || applinks.contains(where: { $0.decision.outcome != expect }) {
                throw ExitCode(ExitStatus.expectationFailed)
            }
        }
    }
}

extension UniversalLinkDecision.Outcome: ExpressibleByArgument {}
