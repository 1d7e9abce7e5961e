import AssociatedDomains
import AssociationFetchCore
import FindingReports
import WebFenceCommandLine

/// The text output of `webfence aasa fetch`: every check of every route, then the file's findings
/// (the JSON is `AssociationFetch.json`).
enum FetchReportOutput {
    static func routeName(_ route: AssociationFileRequest.Route) -> String {
        route == .cdn
            ? "Apple's CDN (devices without a mode)" : "the server directly (devices in developer or managed mode)"
    }

    // MARK: - Text

    static func text(_ fetch: AssociationFetch, terminal: Terminal) -> String {
        var out = ""
        for result in fetch.routes {
            let report = result.report
            out += terminal.styled("\(fetch.domain) via \(routeName(report.route))", .bold) + "\n"
            out += "  GET \(report.url ?? "(not sent)")\n  User-Agent: \(report.userAgent)\n"
            if let response = report.response {
                let seconds = AssociationFetch.seconds(report.elapsed)
                out +=
                    "  \(response.httpVersion) \(response.status) \(response.reasonPhrase), \(report.bodyBytesReceived) bytes in "
                out += String(format: "%.2f s", seconds) + "\n"
                for header in report.selectedHeaders {
                    out += terminal.styled("    \(header.name): \(header.value)\n", .dim)
                }
            }
            if let redirect = report.redirect {
                out += "  redirect to: \(redirect.location ?? "(no Location header)")\n"
            }
            out += "  checks:\n"
            for check in report.checks {
                out += "    " + severity(check.severity.rawValue, terminal) + " \(check.code)  \(check.message)\n"
            }
            if !result.findings.isEmpty {
                out += "  the file:\n"
                for finding in result.findings {
                    let place = finding.pointer.isEmpty ? "" : " \(finding.pointer)"
                    out +=
                        "    " + severity(finding.severity.rawValue, terminal)
                        + " \(finding.code)\(place)  \(finding.message)\n"
                }
            }
            let style: Terminal.Style = result.hasErrors || result.file == nil ? .red : .green
            out += "  " + terminal.styled(result.outcomeSentence, style) + "\n\n"
        }
        if let comparison = fetch.comparison {
            out += severity(comparison.severity.rawValue, terminal) + " \(comparison.code)  \(comparison.message)\n"
        }
        return out
    }

    private static func severity(_ name: String, _ terminal: Terminal) -> String {
        TextReport.severityColumn(name) { terminal.styled($0, $1) }
    }
}
