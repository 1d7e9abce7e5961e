import Crypto
import Foundation

/// The Ed25519 key that signs rule sets, kept by the people who publish them. Stored as PEM
/// (PKCS #8), so `openssl pkey -in key.pem -pubout` reads it too.
public struct RuleSigningKey: Sendable {
    let key: Curve25519.Signing.PrivateKey

    /// A new random key.
    public init() { key = Curve25519.Signing.PrivateKey() }

    /// Reads a `PRIVATE KEY` PEM block holding an Ed25519 key.
    public init(pem: String) throws(RuleKeyError) {
        let raw = try PEMBlock.decode(pem, label: "PRIVATE KEY", derPrefix: PEMBlock.ed25519PrivatePrefix)
        do { key = try Curve25519.Signing.PrivateKey(rawRepresentation: raw) } catch {
            throw RuleKeyError("the PRIVATE KEY block does not hold an Ed25519 key")
        }
    }

    /// The key as a `PRIVATE KEY` PEM block (PKCS #8), as `init(pem:)` reads it.
    public var pem: String {
        PEMBlock.encode(label: "PRIVATE KEY", der: PEMBlock.ed25519PrivatePrefix + key.rawRepresentation)
    }

    /// The key an app ships to check what this key signs.
    public var verifyingKey: RuleVerifyingKey { RuleVerifyingKey(key.publicKey) }

    func signature(for bytes: [UInt8]) throws -> Data { try key.signature(for: bytes) }
}

/// The public half an app ships: only rule sets signed by its private key are used.
public struct RuleVerifyingKey: Sendable, Hashable {
    let raw: Data

    init(_ key: Curve25519.Signing.PublicKey) { raw = key.rawRepresentation }

    /// Reads a `PUBLIC KEY` PEM block (SubjectPublicKeyInfo) holding an Ed25519 key.
    public init(pem: String) throws(RuleKeyError) {
        let raw = try PEMBlock.decode(pem, label: "PUBLIC KEY", derPrefix: PEMBlock.ed25519PublicPrefix)
        guard (try? Curve25519.Signing.PublicKey(rawRepresentation: raw)) != nil else {
            throw RuleKeyError("the PUBLIC KEY block does not hold an Ed25519 key")
        }
        self.raw = raw
    }

    /// The key as a `PUBLIC KEY` PEM block (SubjectPublicKeyInfo), as `init(pem:)` reads it.
    public var pem: String { PEMBlock.encode(label: "PUBLIC KEY", der: PEMBlock.ed25519PublicPrefix + raw) }

    /// The first 8 bytes of the SHA-256 of the raw key, in hex: names the key in a signed file, so
    /// that an app can trust an old and a new key while keys rotate.
    public var keyID: String { SHA256.hash(data: raw).prefix(8).map { String(format: "%02x", $0) }.joined() }

    func isValidSignature(_ signature: Data, for bytes: Data) -> Bool {
        guard let key = try? Curve25519.Signing.PublicKey(rawRepresentation: raw) else { return false }
        return key.isValidSignature(signature, for: bytes)
    }
}

/// A key file that cannot be used.
public struct RuleKeyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why the key file cannot be used.
    public let description: String
    init(_ description: String) { self.description = description }
}

/// PEM armour for the two fixed-shape Ed25519 DER structures (RFC 8410): a constant prefix and
/// the 32 key bytes.
enum PEMBlock {
    static let ed25519PrivatePrefix = Data([
        0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
    ])
    static let ed25519PublicPrefix = Data([0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00])

    static func encode(label: String, der: Data) -> String {
        let base64 = der.base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        return "-----BEGIN \(label)-----\n\(base64)\n-----END \(label)-----\n"
    }

    static func decode(_ text: String, label: String, derPrefix: Data) throws(RuleKeyError) -> Data {
        let begin = "-----BEGIN \(label)-----"
        let end = "-----END \(label)-----"
        guard let start = text.range(of: begin), let stop = text.range(of: end, range: start.upperBound..<text.endIndex)
        else {
            throw RuleKeyError("no \(begin) … \(end) block")
        }
        let body = text[start.upperBound..<stop.lowerBound].filter { !$0.isWhitespace }
        guard let der = Data(base64Encoded: String(body)) else {
            throw RuleKeyError("the \(label) block is not base64")
        }
        guard der.count == derPrefix.count + 32, der.prefix(derPrefix.count) == derPrefix else {
            throw RuleKeyError("the \(label) block is not an Ed25519 key (RFC 8410)")
        }
        return der.suffix(32)
    }
}
