import ArgumentParser
import AssociatedDomains
import Foundation
import WebFence
import WebFenceNetwork

/// `webfence aasa fetch`: fetch a domain's association file as a device does, and report every check.
struct AASAFetchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Fetch a domain's apple-app-site-association file as a device does, and report every check.",
        discussion: """
            Without a mode in the entitlement a device asks Apple's CDN \
            (https://app-site-association.cdn-apple.com/a/v1/DOMAIN); with ?mode=developer or managed \
            it asks the server itself (https://DOMAIN/.well-known/apple-app-site-association). \
            --route both asks each and compares them.

            Checked, each with a stable code: the domain, DNS, connection and TLS (the certificate must \
            chain to a trusted root; --ca-file adds one, as a developer-mode device trusts \
            user-installed roots), the time limit, the status (direct: 400–499 denied, 500–599 retried \
            later; CDN: 400–599 stops), any redirect (an error, with where it pointed), Apple's CDN \
            headers (Apple-Failure-Reason, Apple-Failure-Details, Apple-From), the Content-Type (a \
            warning unless application/json), the 131,072-byte limit (enforced while streaming), then \
            the file itself: JSON, and every lint finding. With --app-id, whether the file names the \
            app (a device denies the association otherwise).

            Exit status: 0 a device would accept the file; 1 an error-level check or finding; \
            2 unusable input (a domain that is not a host, an unreadable --ca-file).

            Examples:
              webfence aasa fetch example.com
              webfence aasa fetch example.com --route direct --app-id ABCDE12345.com.example.app
              webfence aasa fetch localhost:8443 --route direct --ca-file dev-ca.pem --timeout 3
            """
    )

    @Argument(help: ArgumentHelp("The domain: a host, or host:port.", valueName: "domain"))
    var domain: String

    @Option(help: "cdn (what a device without a mode asks), direct (with a mode), or both (compared).")
    var route: FetchRoute = .cdn

    @OptionGroup var fetching: FetchOptions

    @Option(name: .customLong("app-id"), help: ArgumentHelp("Check that the file names this app.", valueName: "id"))
    var appID: String?

    @OptionGroup var output: FormatOption

    enum FetchRoute: String, ExpressibleByArgument, CaseIterable {
        case cdn, direct, both
    }

    func run() async throws {
        let domain = try AASAInput.domain(self.domain, option: "domain")
        let fetcher = try fetching.fetcher()
        let routes: [AssociationFileFetcher.Route] =
            switch route {
            case .cdn: [.cdn]
            case .direct: [.direct]
            case .both: [.cdn, .direct]
            }
        var results: [FetchResult] = []
        for route in routes {
            if Terminal.standardError.isTerminal {
                let url = (try? fetcher.requestURL(for: domain.description, route: route).get()) ?? domain.description
                Terminal.standardError.write("webfence: GET \(url) (time limit \(fetching.timeout) s) ...\n")
            }
            let report = await fetcher.fetch(domain.description, route: route)
            results.append(FetchResult(report: report, domain: domain, appID: appID))
        }
        let comparison = results.count == 2 ? FetchResult.compare(results[0], results[1]) : nil

        switch output.format {
        case .json: print(FetchReportOutput.json(domain: domain, results, comparison: comparison).serialized())
        case .text:
            print(
                FetchReportOutput.text(domain: domain, results, comparison: comparison, terminal: .standardOutput),
                terminator: "")
        }
        let failed = results.contains { $0.hasErrors } || comparison?.severity == .error
        if failed { throw ExitCode(ExitStatus.expectationFailed) }
    }
}

/// One fetch, and what the file it brought says.
struct FetchResult {
    let report: AssociationFetchReport
    /// The file's findings (reading and lint), when a body was received.
    let findings: [Finding]
    /// The file, when it could be read.
    let file: AssociationFile?

    init(report: AssociationFetchReport, domain: LinkDomain, appID: String?) {
        self.report = report
        guard report.outcome == .received, let body = report.body else {
            findings = []
            file = nil
            return
        }
        switch AssociationFile.read(body) {
        case .success(let (file, readFindings)):
            self.file = file
            findings = AssociationFileLinter(domain: domain, appID: appID).lint(file, readFindings: readFindings)
        case .failure(let error):
            file = nil
            findings = [Finding(error.code, .error, at: "", "\(error); a device denies the association")]
        }
    }

    var hasErrors: Bool { report.hasErrors || findings.contains { $0.severity == .error } }

    /// Whether the CDN serves what the origin serves: the CDN caches for up to a day.
    static func compare(_ cdn: FetchResult, _ direct: FetchResult) -> Finding {
        switch (cdn.file, direct.file) {
        case (let a?, let b?) where a.json == b.json:
            return Finding("fetch.cdnMatchesOrigin", .note, at: "", "the CDN and the server serve the same file")
        case (_?, _?):
            return Finding(
                "fetch.cdnDiffers", .warning, at: "",
                "the CDN serves a different file from the server's: devices without a mode get the CDN's copy until it refreshes (within about a day)"
            )
        case (nil, _?):
            return Finding(
                "fetch.cdnDiffers", .error, at: "",
                "the server serves a file but the CDN does not: devices without a mode (every App Store install) get none"
            )
        case (_?, nil):
            return Finding(
                "fetch.cdnDiffers", .warning, at: "",
                "the CDN serves a file the server no longer does: devices in developer or managed mode get none")
        case (nil, nil):
            return Finding(
                "fetch.cdnMatchesOrigin", .note, at: "", "neither the CDN nor the server serves a usable file")
        }
    }
}
