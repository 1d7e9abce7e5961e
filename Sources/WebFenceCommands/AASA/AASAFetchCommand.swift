import ArgumentParser
import AssociatedDomains
import AssociationFetchCore
import Foundation
import WebFenceCommandLine

/// `webfence aasa fetch`: fetch a domain's association file as a device does, and report every check.
struct AASAFetchCommand: AsyncParsableCommand, FetchingCommand {
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

    /// It always fetches.
    var fetches: Bool { true }

    @OptionGroup var fetching: FetchOptions

    @Option(name: .customLong("app-id"), help: ArgumentHelp("Check that the file names this app.", valueName: "id"))
    var appID: String?

    @OptionGroup var output: FormatOption

    enum FetchRoute: String, ExpressibleByArgument, CaseIterable {
        case cdn, direct, both
    }

    func run() async throws {
        try checkAppIDOption(appID)
        let domain = try AASAInput.domain(self.domain, option: "domain")
        let fetcher = try fetching.fetcher()
        let routes: [AssociationFileRequest.Route] =
            switch route {
            case .cdn: [.cdn]
            case .direct: [.direct]
            case .both: [.cdn, .direct]
            }
        let timeout = fetching.timeout
        let fetch = await AssociationFetch.run(domain, routes: routes, appID: appID, fetcher: fetcher) { url in
            if Terminal.standardError.isTerminal {
                Terminal.standardError.write("webfence: GET \(url) (time limit \(timeout) s) ...\n")
            }
        }
        switch output.format {
        case .json: print(fetch.json.serialized())
        case .text: print(FetchReportOutput.text(fetch, terminal: .standardOutput), terminator: "")
        }
        if fetch.failed { throw ExitCode(ExitStatus.expectationFailed) }
    }
}
