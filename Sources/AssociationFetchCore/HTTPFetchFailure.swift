/// Why a fetch did not produce a complete response. Every failure is a value with a human sentence;
/// none is thrown.
public enum HTTPFetchFailure: Error, Sendable, Hashable {
    /// The request was not sent: the URL or the limits are unusable.
    case invalidRequest(reason: String)
    /// The trust roots cannot be loaded, so no certificate could be checked.
    case trustRoots(source: String, reason: String)
    /// The server's name did not resolve to an address.
    case nameResolution(host: String, detail: String)
    /// No connection was made: the host is an IP address (`scope` nil), or it resolves to an
    /// address that is not on the internet (WebFenceNetwork's `PublicAddressGuard`).
    case addressRefused(host: String, address: IPAddress, scope: AddressScope?)
    /// No connection could be made, or the server closed it before the response was complete.
    case connection(detail: String)
    /// The TLS handshake failed or the certificate was rejected.
    case tls(TLSProblem, host: String, detail: String)
    /// The whole request (connect, TLS, response and body) did not finish within the limit.
    case timeout(limit: Duration, phase: Phase)
    /// The body is larger than the limit; the transfer was stopped.
    case bodyTooLarge(limit: Int, declaredLength: Int?, received: Int)
    /// The server broke the HTTP protocol.
    case protocolViolation(detail: String)
    /// The caller's task was cancelled.
    case cancelled
    /// Anything else, with the underlying description.
    case other(detail: String)

    /// What was wrong with TLS.
    public enum TLSProblem: String, Sendable, Hashable {
        /// The certificate does not chain to a trusted root (unknown issuer, self-signed, expired, ...).
        case untrustedCertificate
        /// The certificate chains to a trusted root but does not name the host that was asked for.
        case hostnameMismatch
        /// The handshake failed for another reason (protocol version, cipher, alert, ...).
        case handshake
    }

    /// How far the exchange had got.
    public enum Phase: String, Sendable, Hashable {
        /// Connecting, the TLS handshake, or waiting for the status line and headers.
        case beforeResponse
        /// The status line and headers had arrived; the body was still coming.
        case receivingBody
    }

    /// One sentence, for people, that says what went wrong.
    public var sentence: String {
        switch self {
        case .invalidRequest(let reason):
            return "The request was not sent: \(reason)."
        case .trustRoots(let source, let reason):
            return "The trust roots cannot be used: \(source): \(reason)."
        case .nameResolution(let host, let detail):
            return "The name \(host) did not resolve to an address (\(detail))."
        case .addressRefused(let host, let address, .none):
            return "No connection was made: \(host) is an IP address (\(address)), not a domain name."
        case .addressRefused(let host, let address, .some(let scope)):
            return
                "No connection was made: \(host) resolves to \(address), \(scope.phrase), which this fetcher does not connect to."
        case .connection(let detail):
            return "The connection failed: \(detail)."
        case .tls(.untrustedCertificate, let host, let detail):
            return "The certificate of \(host) does not chain to a trusted root (\(detail))."
        case .tls(.hostnameMismatch, let host, _):
            return "The certificate chains to a trusted root but is not valid for the name \(host)."
        case .tls(.handshake, let host, let detail):
            return "The TLS handshake with \(host) failed (\(detail))."
        case .timeout(let limit, .beforeResponse):
            return "No response arrived within \(formatted(limit))."
        case .timeout(let limit, .receivingBody):
            return "The body did not finish arriving within \(formatted(limit)); the transfer was stopped."
        case .bodyTooLarge(let limit, .some(let declared), _):
            return
                "The server declared a body of \(grouped(declared)) bytes, more than the \(grouped(limit))-byte limit; none of it was read."
        case .bodyTooLarge(let limit, .none, let received):
            return
                "The body is larger than the \(grouped(limit))-byte limit; the transfer was stopped after \(grouped(received)) bytes."
        case .protocolViolation(let detail):
            return "The server broke the HTTP protocol (\(detail))."
        case .cancelled:
            return "The fetch was cancelled before it finished."
        case .other(let detail):
            return "The fetch failed (\(detail))."
        }
    }
}

/// `131072` as `131,072`: byte counts in sentences are read by people.
func grouped(_ number: Int) -> String {
    let digits = String(number.magnitude)
    var out = ""
    for (index, character) in digits.enumerated() {
        if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
        out.append(character)
    }
    return number < 0 ? "-" + out : out
}

/// A duration as `2 s`, `1.5 s` or `250 ms`.
func formatted(_ duration: Duration) -> String {
    let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    if milliseconds < 1000 { return "\(milliseconds) ms" }
    if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
    let tenths = (milliseconds + 50) / 100
    return "\(tenths / 10).\(tenths % 10) s"
}
