/// What one bounded GET produced: the response head when one arrived, the body when it arrived
/// complete and within the limit, and the failure when the exchange did not complete.
public struct HTTPFetchResult: Sendable, Hashable {
    /// The URL that was asked for.
    public var url: String
    /// The status line and headers, or nil when none arrived (DNS, connection, TLS, timeout).
    public var response: HTTPResponseSummary?
    /// The complete body, or nil when it did not arrive complete (too large, timed out, cut off).
    /// Never longer than the configured limit.
    public var body: [UInt8]?
    /// How many body bytes arrived before the transfer ended or was stopped. When the limit was
    /// overrun this is at least `limit + 1`; it counts bytes seen, not bytes kept.
    public var bodyBytesReceived: Int
    /// Why the exchange did not complete, or nil when it did.
    public var failure: HTTPFetchFailure?
    /// Wall-clock time from the start of the fetch to its end.
    public var elapsed: Duration

    /// A result from its parts; WebFenceNetwork's `BoundedHTTPClient.get(_:)` makes one for every fetch.
    public init(
        url: String,
        response: HTTPResponseSummary?,
        body: [UInt8]?,
        bodyBytesReceived: Int,
        failure: HTTPFetchFailure?,
        elapsed: Duration
    ) {
        self.url = url
        self.response = response
        self.body = body
        self.bodyBytesReceived = bodyBytesReceived
        self.failure = failure
        self.elapsed = elapsed
    }

    /// Whether a status line and headers arrived and the whole body with them.
    public var isComplete: Bool { response != nil && body != nil && failure == nil }

    /// The `Location` of a 3xx response. It is reported, never followed.
    public var redirectLocation: String? {
        guard let response, response.isRedirect else { return nil }
        return response.value(of: "Location")
    }
}
