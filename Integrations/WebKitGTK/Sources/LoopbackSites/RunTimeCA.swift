import Crypto
import Foundation
import NIOSSL
import SwiftASN1
import X509

/// A certificate authority made when the runner starts, and the one server certificate it signs for
/// every scenario host. Nothing is written to the system trust store: the web view's network session
/// accepts this certificate for exactly these hosts (`webkit_network_session_allow_tls_certificate_for_host`).
public struct RunTimeCA: Sendable {
    /// The server certificate's PEM, for the web view's session.
    public let leafPEM: String
    /// The CA's PEM, for anyone who wants to check the chain.
    public let caPEM: String
    let leafCertificate: NIOSSLCertificate
    let leafKey: NIOSSLPrivateKey

    /// A new CA, valid from an hour ago for a day, and a leaf naming each of `hosts`.
    public init(hosts: [String]) throws {
        let caKey = P256.Signing.PrivateKey()
        let caName = try DistinguishedName { CommonName("WebFence loopback CA \(UUID().uuidString.prefix(8))") }
        let now = Date()
        let ca = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(caKey.publicKey),
            notValidBefore: now - 3600, notValidAfter: now + 86_400, issuer: caName, subject: caName,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
            },
            issuerPrivateKey: .init(caKey))
        let leafKey = P256.Signing.PrivateKey()
        let names = hosts.map { host -> GeneralName in
            if let address = ipv4AddressBytes(host) { return .ipAddress(ASN1OctetString(contentBytes: address[...])) }
            return .dnsName(host)
        }
        let leaf = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(leafKey.publicKey),
            notValidBefore: now - 3600, notValidAfter: now + 86_400, issuer: caName,
            subject: try DistinguishedName { CommonName(hosts.first ?? "localhost") },
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames(names)
            },
            issuerPrivateKey: .init(caKey))
        leafPEM = try leaf.serializeAsPEM().pemString
        caPEM = try ca.serializeAsPEM().pemString
        leafCertificate = try NIOSSLCertificate(bytes: Array(leafPEM.utf8), format: .pem)
        self.leafKey = try NIOSSLPrivateKey(bytes: Array(leafKey.pemRepresentation.utf8), format: .pem)
    }
}

/// The four bytes of a dotted IPv4 address, or nil for anything else (hosts are names otherwise).
private func ipv4AddressBytes(_ host: String) -> [UInt8]? {
    let parts = host.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 4 else { return nil }
    let bytes = parts.compactMap { UInt8($0) }
    return bytes.count == 4 ? bytes : nil
}
