import AssociatedDomains
import WebFence
import WebFenceNetwork

/// The output of `webfence aasa fetch`: every check of every route, then the file's findings.
enum FetchReportOutput {
    static func routeName(_ route: AssociationFileFetcher.Route) -> String {
        route == .cdn
            ? "Apple's CDN (devices without a mode)" : "the server directly (devices in developer or managed mode)"
    }

    static func outcomeSentence(_ result: FetchResult) -> String {
        switch result.report.outcome {
        case .received:
            if result.file == nil { return "received, but a device cannot read it: the association is denied" }
            return result.hasErrors ? "received, with errors (see above)" : "received: a device would use this file"
        case .denied: return "denied: the association fails until the server answers 200"
        case .temporarilyUnavailable: return "temporarily unavailable: a device retries later"
        case .redirected: return "redirected: a validator rejects any redirect, a device any that leaves https"
        case .stopped: return "the CDN has no file for this domain: a device stops here"
        case .failed: return "no usable answer"
        }
    }

    // MARK: - Text

    static func text(domain: LinkDomain, _ results: [FetchResult], comparison: Finding?, terminal: Terminal) -> String {
        var out = ""
        for result in results {
            let report = result.report
            out += terminal.styled("\(domain) via \(routeName(report.route))", .bold) + "\n"
            out += "  GET \(report.url ?? "(not sent)")\n  User-Agent: \(report.userAgent)\n"
            if let response = report.response {
                let seconds =
                    Double(report.elapsed.components.seconds) + Double(report.elapsed.components.attoseconds) / 1e18
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
            out += "  " + terminal.styled(outcomeSentence(result), style) + "\n\n"
        }
        if let comparison {
            out += severity(comparison.severity.rawValue, terminal) + " \(comparison.code)  \(comparison.message)\n"
        }
        return out
    }

    private static func severity(_ name: String, _ terminal: Terminal) -> String {
        let style: Terminal.Style = name == "error" ? .red : name == "warning" ? .yellow : .dim
        return terminal.styled(name.padding(toLength: 7, withPad: " ", startingAt: 0), style)
    }

    // MARK: - JSON

    static func json(domain: LinkDomain, _ results: [FetchResult], comparison: Finding?) -> JSONValue {
        var members = [
            JSONValue.Member("domain", .string(domain.description)),
            JSONValue.Member("routes", .array(results.map(json))),
        ]
        if let comparison { members.append(JSONValue.Member("comparison", findingJSON(comparison))) }
        return .object(members)
    }

    static func json(_ result: FetchResult) -> JSONValue {
        let report = result.report
        let seconds = Double(report.elapsed.components.seconds) + Double(report.elapsed.components.attoseconds) / 1e18
        var cdn: JSONValue = .null
        if let headers = report.cdn {
            cdn = .object([
                "from": .string(headers.from), "originFormat": .string(headers.originFormat),
                "failureReason": .string(headers.failureReason?.raw),
                "failureCode": .string(headers.failureReason?.code),
                "tryDirect": .string(headers.tryDirect),
            ])
        }
        return .object([
            "route": .string(report.route.rawValue), "url": .string(report.url), "userAgent": .string(report.userAgent),
            "status": report.status.map { .int($0) } ?? .null, "outcome": .string(report.outcome.rawValue),
            "elapsedSeconds": .double((seconds * 1000).rounded() / 1000),
            "headers": .array(
                report.selectedHeaders.map { .object(["name": .string($0.name), "value": .string($0.value)]) }),
            "cdn": cdn, "redirect": .string(report.redirect?.location), "bodyBytes": .int(report.bodyBytesReceived),
            "checks": .array(
                report.checks.map { check in
                    .object([
                        "code": .string(check.code), "severity": .string(check.severity.rawValue),
                        "message": .string(check.message),
                    ])
                }),
            "findings": .array(result.findings.map(findingJSON)),
            "accepted": .bool(result.file != nil && !result.hasErrors),
        ])
    }

    static func findingJSON(_ finding: Finding) -> JSONValue {
        .object([
            "code": .string(finding.code), "severity": .string(finding.severity.rawValue),
            "pointer": .string(finding.pointer),
            "message": .string(finding.message),
        ])
    }
}
