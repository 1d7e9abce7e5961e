import AssociationFetchCore
import Foundation
import NIOSSL

/// The certificate authorities a fetch trusts when it checks a server's certificate.
///
/// A device trusts the system's roots; in developer mode it also trusts roots the user installed.
/// ``system(adding:)`` is that second case, and it is what `webfence aasa fetch --ca-file` uses.
/// ``only(_:)`` trusts nothing but the given certificates, for a private PKI or a test.
public struct TrustRoots: Sendable, Hashable {
    /// Where extra certificate authorities come from.
    public enum Source: Sendable, Hashable {
        /// A file of one or more PEM certificates.
        case pemFile(path: String)
        /// PEM text already in memory.
        case pem([UInt8])
    }

    /// Whether the operating system's trust store is used.
    public var includesSystemRoots: Bool
    /// Certificate authorities trusted besides (or, without system roots, instead of) the system's.
    public var additional: [Source]

    /// Roots as given; ``system``, ``system(adding:)`` and ``only(_:)`` name the usual sets.
    public init(includesSystemRoots: Bool, additional: [Source]) {
        self.includesSystemRoots = includesSystemRoots
        self.additional = additional
    }

    /// The system's roots only: what a device in normal mode trusts.
    public static let system = TrustRoots(includesSystemRoots: true, additional: [])

    /// The system's roots and the given authorities, as a device in developer mode trusts
    /// user-installed roots.
    public static func system(adding sources: [Source]) -> TrustRoots {
        TrustRoots(includesSystemRoots: true, additional: sources)
    }

    /// Only the given authorities.
    public static func only(_ sources: [Source]) -> TrustRoots {
        TrustRoots(includesSystemRoots: false, additional: sources)
    }

    /// The client TLS configuration these roots describe, or the reason the roots cannot be used.
    func makeTLSConfiguration() -> Result<TLSConfiguration, HTTPFetchFailure> {
        var certificates: [NIOSSLCertificate] = []
        for source in additional {
            switch Self.load(source) {
            case .success(let loaded): certificates += loaded
            case .failure(let failure): return .failure(failure)
            }
        }
        if !includesSystemRoots && certificates.isEmpty {
            return .failure(
                .trustRoots(source: "(none)", reason: "no certificate authority is trusted, so no server can be"))
        }

        var tls = TLSConfiguration.makeClientConfiguration()
        tls.certificateVerification = .fullVerification
        // App Transport Security requires TLS 1.2 or later; a device will not speak anything older.
        tls.minimumTLSVersion = .tlsv12
        if includesSystemRoots {
            tls.trustRoots = .default
            if !certificates.isEmpty {
                tls.additionalTrustRoots = [.certificates(certificates)]
            }
        } else {
            tls.trustRoots = .certificates(certificates)
        }
        return .success(tls)
    }

    private static func load(_ source: Source) -> Result<[NIOSSLCertificate], HTTPFetchFailure> {
        let bytes: [UInt8]
        let name: String
        switch source {
        case .pemFile(let path):
            name = path
            guard let data = FileManager.default.contents(atPath: path) else {
                return .failure(.trustRoots(source: path, reason: "the file cannot be read"))
            }
            bytes = [UInt8](data)
        case .pem(let pem):
            name = "(PEM in memory)"
            bytes = pem
        }
        // BoringSSL reads nothing from text without a BEGIN line and reports no error; say so plainly.
        guard String(decoding: bytes, as: UTF8.self).contains("-----BEGIN CERTIFICATE-----") else {
            return .failure(
                .trustRoots(source: name, reason: "it holds no PEM certificate (no BEGIN CERTIFICATE line)"))
        }
        do {
            let certificates = try NIOSSLCertificate.fromPEMBytes(bytes)
            guard !certificates.isEmpty else {
                return .failure(.trustRoots(source: name, reason: "it holds no PEM certificate"))
            }
            return .success(certificates)
        } catch {
            return .failure(.trustRoots(source: name, reason: "a certificate in it cannot be decoded (\(error))"))
        }
    }
}
