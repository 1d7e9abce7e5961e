/// The checks of spec/associated-domains.md §4 applied to one bounded fetch. Pure: it reads a
/// result and does no I/O.
package struct AssociationFetchEvaluation: Sendable {
    package var checks: [FetchCheck] = []
    package var outcome: AssociationFetchReport.Outcome = .failed
    package var redirect: RedirectTarget?
    package var cdn: AppleCDNHeaders?
    package var selectedHeaders: [HTTPHeaderField] = []

    /// Headers worth showing for an association file: content, caching, redirects and the CDN's.
    static let selectedHeaderNames: Set<String> = [
        "content-type", "content-length", "content-encoding", "transfer-encoding", "location",
        "cache-control", "expires", "etag", "last-modified", "age",
        "apple-from", "apple-origin-format", "apple-failure-reason", "apple-failure-details", "apple-try-direct",
    ]

    package init(result: HTTPFetchResult, route: AssociationFileRequest.Route, sizeLimit: Int) {
        guard let response = result.response else {
            // Nothing arrived: the only check to report is the one that failed.
            checks.append(Self.transportCheck(result.failure ?? .other(detail: "no response")))
            outcome = .failed
            return
        }
        selectedHeaders = response.headers.filter { Self.selectedHeaderNames.contains(asciiLowercased($0.name)) }
        if let host = RequestURL.check(result.url, allowsPlainHTTP: false).map(\.host).successValue {
            checks.append(
                FetchCheck(
                    code: "fetch.tls", severity: .note,
                    message: "The certificate of \(host) chains to a trusted root and is valid for that name."))
        }
        if route == .cdn {
            cdn = AppleCDNHeaders(response)
        }
        evaluateStatus(response, route: route)
        if response.status == 200 {
            evaluateContentType(response)
        }
        evaluateBody(result, sizeLimit: sizeLimit)
    }

    private mutating func evaluateStatus(_ response: HTTPResponseSummary, route: AssociationFileRequest.Route) {
        let status = response.status
        let statusText = "\(status) \(response.reasonPhrase)".trimmingASCIIWhitespace()
        switch status {
        case 200:
            outcome = .received
            checks.append(
                FetchCheck(code: "fetch.status", severity: .note, message: "The server answered \(statusText)."))
            if route == .cdn, let cdn {
                let origin = cdn.from.map { "its copy of \($0)" } ?? "a copy without naming its origin (no Apple-From)"
                let format = cdn.originFormat.map { " (origin format \($0))" } ?? ""
                checks.append(
                    FetchCheck(
                        code: "fetch.cdn.origin", severity: .note, message: "Apple's CDN served \(origin)\(format)."))
            }
        case 300...399:
            outcome = .redirected
            let target = RedirectTarget(location: response.value(of: "Location"))
            redirect = target
            checks.append(
                FetchCheck(code: "fetch.redirect", severity: .error, message: Self.redirectMessage(statusText, target)))
        case 400...599 where route == .cdn:
            outcome = .stopped
            checks.append(
                FetchCheck(code: "fetch.cdn.failure", severity: .error, message: cdnFailureMessage(statusText)))
            if let cdn, cdn.tryDirect != nil {
                let suggests = cdn.suggestsTryingDirect ? "suggests" : "does not suggest"
                checks.append(
                    FetchCheck(
                        code: "fetch.cdn.tryDirect", severity: .note,
                        message:
                            "Apple's CDN \(suggests) asking the domain directly (Apple-Try-Direct: \(cdn.tryDirect ?? ""))."
                    ))
            }
        case 400...499:
            outcome = .denied
            checks.append(
                FetchCheck(
                    code: "fetch.status.denied", severity: .error,
                    message:
                        "The server answered \(statusText); a device treats status 400–499 as a denied association."))
        case 500...599:
            outcome = .temporarilyUnavailable
            checks.append(
                FetchCheck(
                    code: "fetch.status.unavailable", severity: .error,
                    message:
                        "The server answered \(statusText); a device treats status 500–599 as temporarily unavailable and retries in a few hours."
                ))
        default:
            outcome = .failed
            checks.append(
                FetchCheck(
                    code: "fetch.status.unexpected", severity: .error,
                    message: "The server answered \(statusText); a device uses the file only with status 200."))
        }
    }

    private static func redirectMessage(_ statusText: String, _ target: RedirectTarget) -> String {
        let guidance =
            "Apple's guidance is to serve the file without any redirect, and a validator treats every redirect as an error; it was not followed."
        switch target.kind {
        case .missing:
            return "The server answered \(statusText) without a Location. \(guidance)"
        case .http:
            return
                "The server answered \(statusText), redirecting to the http: URL \(target.location ?? ""); a device refuses a redirect to a non-https URL. \(guidance)"
        case .https:
            return
                "The server answered \(statusText), redirecting to the https: URL \(target.location ?? ""). \(guidance)"
        case .relative:
            return
                "The server answered \(statusText), redirecting to \(target.location ?? "") on the same https: origin. \(guidance)"
        case .otherScheme(let scheme):
            return
                "The server answered \(statusText), redirecting to the \(scheme): URL \(target.location ?? ""), which a device cannot fetch. \(guidance)"
        }
    }

    private func cdnFailureMessage(_ statusText: String) -> String {
        var message = "Apple's CDN answered \(statusText); a device stops here and does not ask the domain."
        if let reason = cdn?.failureReason {
            message += " Reason: \(reason.raw)."
        }
        switch cdn?.failureDetails {
        case .fields(let fields)?:
            message += " Details: " + fields.map { "\($0.key) = \($0.value)" }.joined(separator: ", ") + "."
        case .text(let text)?:
            message += " Details: \(text)."
        case nil:
            break
        }
        if let from = cdn?.from {
            message += " Origin: \(from)."
        }
        return message
    }

    private mutating func evaluateContentType(_ response: HTTPResponseSummary) {
        guard let contentType = response.value(of: "Content-Type") else {
            checks.append(
                FetchCheck(
                    code: "fetch.contentType", severity: .warning,
                    message:
                        "The response has no Content-Type; serve application/json. Devices do not check it, but other tools do."
                ))
            return
        }
        let mediaType = asciiLowercased(String(contentType.prefix { $0 != ";" }).trimmingASCIIWhitespace())
        if mediaType == "application/json" {
            checks.append(
                FetchCheck(code: "fetch.contentType", severity: .note, message: "The Content-Type is application/json.")
            )
        } else {
            checks.append(
                FetchCheck(
                    code: "fetch.contentType", severity: .warning,
                    message:
                        "The Content-Type is \(contentType), not application/json. Devices do not check it, but other tools do."
                ))
        }
    }

    private mutating func evaluateBody(_ result: HTTPFetchResult, sizeLimit: Int) {
        switch result.failure {
        case .bodyTooLarge?:
            if outcome == .received { outcome = .failed }
            let sentence = result.failure?.sentence ?? ""
            checks.append(
                FetchCheck(
                    code: "fetch.size", severity: .error,
                    message: "\(sentence) A device aborts a file over \(grouped(sizeLimit)) bytes."))
        case .some(let failure):
            if outcome == .received { outcome = .failed }
            checks.append(Self.transportCheck(failure))
        case nil:
            guard let body = result.body else { return }
            checks.append(
                FetchCheck(
                    code: "fetch.size", severity: .note,
                    message: "The body is \(grouped(body.count)) bytes, within the \(grouped(sizeLimit))-byte limit."))
            if outcome == .received {
                checks.append(
                    FetchCheck(
                        code: "fetch.body", severity: .note,
                        message:
                            "The body was received complete (\(grouped(body.count)) bytes); whether it is a valid association file is the parser's to judge."
                    ))
            }
        }
    }

    /// The check for a failure that ended the exchange.
    package static func transportCheck(_ failure: HTTPFetchFailure) -> FetchCheck {
        let code: String
        var consequence = ""
        switch failure {
        case .invalidRequest: code = "fetch.request"
        case .trustRoots: code = "fetch.caFile"
        case .nameResolution: code = "fetch.dns"
        case .addressRefused: code = "fetch.address.private"
        case .connection: code = "fetch.connect"
        case .tls:
            code = "fetch.tls"
            consequence =
                " A device requires a certificate that chains to a system root (developer mode also accepts user-installed roots) and names the domain."
        case .timeout: code = "fetch.timeout"
        case .bodyTooLarge: code = "fetch.size"
        case .protocolViolation: code = "fetch.protocol"
        case .cancelled: code = "fetch.cancelled"
        case .other: code = "fetch.error"
        }
        return FetchCheck(code: code, severity: .error, message: failure.sentence + consequence)
    }
}

extension Result {
    /// The success value, or nil.
    var successValue: Success? {
        if case .success(let value) = self { return value }
        return nil
    }
}
