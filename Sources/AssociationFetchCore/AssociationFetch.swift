import AssociatedDomains
import StrictJSON

/// `aasa fetch --format json` and `POST /v1/aasa/fetch` (interfaces §2, §7): a domain's
/// association file fetched on one route or both as a device does, each file read and linted, and
/// with both routes, whether the CDN serves what the server serves.
public struct AssociationFetch: Sendable {
    /// One route's fetch and what its file says.
    public struct Fetched: Sendable {
        /// The fetch, every check of it.
        public let report: AssociationFetchReport
        /// The file's findings (reading and lint), when a body was received.
        public let findings: [Finding]
        /// The file, when it could be read.
        public let file: AssociationFile?

        /// The file `report` brought, read and linted for `domain` (and `appID`, when given).
        public init(report: AssociationFetchReport, domain: LinkDomain, appID: String?) {
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

        /// Whether a check or a finding is an error.
        public var hasErrors: Bool { report.hasErrors || findings.contains { $0.severity == .error } }

        /// Whether a device would use the file.
        public var accepted: Bool { file != nil && !hasErrors }

        /// What a device does with this answer, in one sentence.
        public var outcomeSentence: String {
            switch report.outcome {
            case .received:
                if file == nil { return "received, but a device cannot read it: the association is denied" }
                return hasErrors ? "received, with errors" : "received: a device would use this file"
            case .denied: return "denied: the association fails until the server answers 200"
            case .temporarilyUnavailable: return "temporarily unavailable: a device retries later"
            case .redirected: return "redirected: a validator rejects any redirect, a device any that leaves https"
            case .stopped: return "the CDN has no file for this domain: a device stops here"
            case .failed: return "no usable answer"
            }
        }
    }

    /// The domain asked for.
    public let domain: LinkDomain
    /// Each route's fetch, in the order asked (the CDN first when both).
    public let routes: [Fetched]
    /// With both routes: whether the CDN serves the server's file (`fetch.cdnMatchesOrigin` or
    /// `fetch.cdnDiffers`).
    public let comparison: Finding?

    /// Fetches `domain` on each of `routes` in turn with `fetcher`; `progress` hears each URL first.
    public static func run(
        _ domain: LinkDomain, routes: [AssociationFileRequest.Route], appID: String?,
        fetcher: any AssociationFileFetching, progress: (String) -> Void = { _ in }
    ) async -> AssociationFetch {
        var fetched: [Fetched] = []
        for route in routes {
            progress((try? fetcher.requestURL(for: domain.description, route: route).get()) ?? domain.description)
            let report = await fetcher.fetch(domain.description, route: route)
            fetched.append(Fetched(report: report, domain: domain, appID: appID))
        }
        return AssociationFetch(domain: domain, routes: fetched)
    }

    /// The fetches of `domain`, compared when there are two.
    public init(domain: LinkDomain, routes: [Fetched]) {
        self.domain = domain
        self.routes = routes
        comparison = routes.count == 2 ? Self.compare(routes[0], routes[1]) : nil
    }

    /// Whether any route has an error, or the CDN's copy differs in a way that loses the association.
    public var failed: Bool { routes.contains { $0.hasErrors } || comparison?.severity == .error }

    /// Whether the CDN serves what the origin serves: the CDN caches for up to a day.
    static func compare(_ cdn: Fetched, _ direct: Fetched) -> Finding {
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

    // MARK: - JSON

    /// The report as `aasa fetch --format json` prints it: `{"domain", "routes", "comparison"?}`.
    public var json: JSONValue {
        var members = [
            JSONValue.Member("domain", .string(domain.description)),
            JSONValue.Member("routes", .array(routes.map(Self.json))),
        ]
        if let comparison { members.append(JSONValue.Member("comparison", Self.json(comparison))) }
        return .object(members)
    }

    static func json(_ fetched: Fetched) -> JSONValue {
        let report = fetched.report
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
            "elapsedSeconds": .double((seconds(report.elapsed) * 1000).rounded() / 1000),
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
            "findings": .array(fetched.findings.map(json)),
            "accepted": .bool(fetched.accepted),
        ])
    }

    /// A finding as JSON: `{"code", "severity", "pointer", "message"}`.
    public static func json(_ finding: Finding) -> JSONValue {
        .object([
            "code": .string(finding.code), "severity": .string(finding.severity.rawValue),
            "pointer": .string(finding.pointer), "message": .string(finding.message),
        ])
    }

    /// A duration in seconds.
    public static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
