import AssociationFetchCore
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix
import NIOSSL

extension HTTPFetchFailure {
    /// Maps an error from AsyncHTTPClient, SwiftNIO or NIOSSL to the failure a person can act on.
    static func classify(_ error: any Error, host: String, phase: Phase, limit: Duration) -> HTTPFetchFailure {
        if error is CancellationError { return .cancelled }
        if let error = error as? NIOSSLExtraError {
            if error == .failedToValidateHostname || error == .serverHostnameImpossibleToMatch {
                return .tls(.hostnameMismatch, host: host, detail: String(describing: error))
            }
            return .tls(.handshake, host: host, detail: String(describing: error))
        }
        if let error = error as? NIOSSLError {
            switch error {
            case .handshakeFailed(let inner):
                let text = String(describing: inner)
                // BoringSSL reports every chain failure (unknown issuer, expiry, bad signature) as this one reason.
                if text.contains("CERTIFICATE_VERIFY_FAILED") {
                    return .tls(.untrustedCertificate, host: host, detail: "certificate verify failed")
                }
                return .tls(.handshake, host: host, detail: text)
            case .uncleanShutdown:
                return .connection(detail: "the server closed the TLS connection without a close_notify alert")
            default:
                return .tls(.handshake, host: host, detail: String(describing: error))
            }
        }
        if let error = error as? NIOConnectionError {
            if error.connectionErrors.isEmpty, let dns = error.dnsAError ?? error.dnsAAAAError {
                return .nameResolution(host: error.host, detail: String(describing: dns))
            }
            let attempts = error.connectionErrors.map { "\($0.target): \(systemErrorText($0.error))" }
            return .connection(detail: attempts.isEmpty ? "no address to connect to" : attempts.joined(separator: "; "))
        }
        if let error = error as? HTTPClientError {
            switch error {
            case .connectTimeout, .tlsHandshakeTimeout, .deadlineExceeded, .readTimeout, .getConnectionFromPoolTimeout:
                return .timeout(limit: limit, phase: phase)
            case .cancelled:
                return .cancelled
            case .remoteConnectionClosed:
                return .connection(detail: "the server closed the connection before the response was complete")
            case .invalidURL, .emptyHost, .emptyScheme:
                return .invalidRequest(reason: "AsyncHTTPClient rejected the URL (\(error))")
            default:
                return .protocolViolation(detail: String(describing: error))
            }
        }
        if let error = error as? ChannelError {
            if case .connectTimeout = error { return .timeout(limit: limit, phase: phase) }
            return .connection(detail: String(describing: error))
        }
        if let error = error as? SocketAddressError {
            return .nameResolution(host: host, detail: String(describing: error))
        }
        if let error = error as? IOError {
            return .connection(detail: systemErrorText(error))
        }
        return .other(detail: String(describing: error))
    }
}

/// A system error as the C library words it ("Connection refused (errno 111)"); NIO's own
/// description repeats its internal context, which means nothing to a person.
private func systemErrorText(_ error: any Error) -> String {
    guard let error = error as? IOError else { return String(describing: error) }
    guard let text = strerror(error.errnoCode) else { return "errno \(error.errnoCode)" }
    return "\(String(cString: text)) (errno \(error.errnoCode))"
}
