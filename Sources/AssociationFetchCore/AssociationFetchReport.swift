/// Everything one association-file fetch found: what was asked, what came back, and every check
/// in the order it was made.
///
/// The body is returned as bytes and not parsed: whether it is valid JSON and what it says is for
/// the AssociatedDomains target to judge.
public struct AssociationFetchReport: Sendable, Hashable {
    /// What a device would make of the answer.
    public enum Outcome: String, Sendable, Hashable, CaseIterable {
        /// A 200 response with a complete body within the size limit: parse it next.
        case received
        /// Direct route, status 400–499: the domain denies the association.
        case denied
        /// Direct route, status 500–599: temporarily unavailable; a device retries later.
        case temporarilyUnavailable
        /// A 3xx response. A device refuses a redirect to a non-https URL; a validator rejects any.
        case redirected
        /// CDN route, status 400–599: the CDN has no file for the domain; a device stops here.
        case stopped
        /// No usable answer: the domain, DNS, connection, TLS, time limit, size limit or an
        /// unexpected status.
        case failed
    }

    /// The domain as it was asked for (`host` or `host:port`).
    public var domain: String
    /// The route taken.
    public var route: AssociationFileRequest.Route
    /// The URL asked, or nil when the domain was unusable and nothing was sent.
    public var url: String?
    /// The `User-Agent` that was sent.
    public var userAgent: String
    /// The status line and every header, or nil when no response arrived.
    public var response: HTTPResponseSummary?
    /// The headers that matter for association files (content, caching, redirects and Apple's
    /// CDN headers), in the order they arrived.
    public var selectedHeaders: [HTTPHeaderField]
    /// Apple's CDN headers, decoded; nil on the direct route or when no response arrived.
    public var cdn: AppleCDNHeaders?
    /// Where a 3xx response pointed; nil for any other status.
    public var redirect: RedirectTarget?
    /// The complete body, never more than ``AssociationFileRequest/maximumFileSize`` bytes; nil when
    /// it did not arrive complete.
    public var body: [UInt8]?
    /// Body bytes seen before the transfer ended or was stopped.
    public var bodyBytesReceived: Int
    /// What a device would make of the answer.
    public var outcome: Outcome
    /// Every check, in the order it was made.
    public var checks: [FetchCheck]
    /// Wall-clock time the fetch took.
    public var elapsed: Duration

    /// A report from its parts; the fetcher makes one for every fetch.
    public init(
        domain: String,
        route: AssociationFileRequest.Route,
        url: String?,
        userAgent: String,
        response: HTTPResponseSummary?,
        selectedHeaders: [HTTPHeaderField],
        cdn: AppleCDNHeaders?,
        redirect: RedirectTarget?,
        body: [UInt8]?,
        bodyBytesReceived: Int,
        outcome: Outcome,
        checks: [FetchCheck],
        elapsed: Duration
    ) {
        self.domain = domain
        self.route = route
        self.url = url
        self.userAgent = userAgent
        self.response = response
        self.selectedHeaders = selectedHeaders
        self.cdn = cdn
        self.redirect = redirect
        self.body = body
        self.bodyBytesReceived = bodyBytesReceived
        self.outcome = outcome
        self.checks = checks
        self.elapsed = elapsed
    }

    /// The response status, or nil when no response arrived.
    public var status: Int? { response?.status }
    /// Whether a complete body is in ``body``.
    public var hasBody: Bool { body != nil }
    /// Whether any check is an error.
    public var hasErrors: Bool { checks.contains { $0.severity == .error } }
    /// The checks with the given code.
    public func checks(withCode code: String) -> [FetchCheck] { checks.filter { $0.code == code } }
}
