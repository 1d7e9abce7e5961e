import Crypto
import Foundation
import NIOSSL
import X509

/// A certificate authority made at test time, and leaf certificates it signs.
public struct TestCA: Sendable {
    public let name: String
    public let key: P256.Signing.PrivateKey
    public let certificate: Certificate

    /// A new self-signed CA named `name`, valid from an hour ago for a day.
    public init(name: String) throws {
        self.name = name
        key = P256.Signing.PrivateKey()
        let subject = try DistinguishedName { CommonName(name) }
        let now = Date()
        certificate = try Certificate(
            version: .v3,
            serialNumber: .init(),
            publicKey: .init(key.publicKey),
            notValidBefore: now - 3600,
            notValidAfter: now + 86_400,
            issuer: subject,
            subject: subject,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
            },
            issuerPrivateKey: .init(key)
        )
    }

    /// The CA certificate as PEM text, as a user would pass it to `--ca-file`.
    public var pem: String {
        get throws { try certificate.serializeAsPEM().pemString }
    }

    /// A server certificate for `dnsName`, signed by this CA.
    public func issueLeaf(dnsName: String) throws -> TestLeaf {
        let leafKey = P256.Signing.PrivateKey()
        let now = Date()
        let leaf = try Certificate(
            version: .v3,
            serialNumber: .init(),
            publicKey: .init(leafKey.publicKey),
            notValidBefore: now - 3600,
            notValidAfter: now + 86_400,
            issuer: certificate.subject,
            subject: try DistinguishedName { CommonName(dnsName) },
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames([.dnsName(dnsName)])
            },
            issuerPrivateKey: .init(key)
        )
        return TestLeaf(
            certificate: try NIOSSLCertificate(bytes: Array(leaf.serializeAsPEM().pemString.utf8), format: .pem),
            key: try NIOSSLPrivateKey(bytes: Array(leafKey.pemRepresentation.utf8), format: .pem)
        )
    }

    /// Writes the CA certificate to a fresh temporary file and returns its path.
    public func writePEMFile() throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("webfence-test-ca-\(UUID().uuidString).pem").path
        try pem.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}

/// A server certificate and its private key, ready for NIOSSL.
public struct TestLeaf: Sendable {
    public let certificate: NIOSSLCertificate
    public let key: NIOSSLPrivateKey
}
