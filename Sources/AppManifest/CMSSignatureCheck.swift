import Crypto
import Foundation
import SwiftASN1
import X509

/// Checks a SignedData's one signature against the certificate it carries (RFC 5652 §5.4, §5.6):
/// with signed attributes, their messageDigest must be the content's digest and the signature is
/// over the attributes' DER as a SET; without, the signature is over the content itself.
/// Certificate chains and trust are not looked at.
enum CMSSignatureCheck {
    static func check(_ signedData: CMSSignedData) -> ProvisioningProfile.Signature {
        do {
            return .valid(signer: try verify(signedData))
        } catch {
            return .invalid(error.message)
        }
    }

    struct Failure: Error { let message: String }

    static func verify(_ signedData: CMSSignedData) throws(Failure) -> String {
        let signers: [CMSSignedData.SignerInfo]
        switch signedData.signers {
        case .success(let found): signers = found
        case .failure(let error): throw Failure(message: error.message)
        }
        guard signers.count == 1, let signer = signers.first else {
            throw Failure(message: "\(signers.count) signers where one is expected")
        }
        let certificate = try signerCertificate(signer, in: signedData.certificates)
        let digest = try Digest(signer.digestAlgorithm)
        let algorithm = try signatureAlgorithm(signer.signatureAlgorithm, digest: digest)
        let signedBytes: [UInt8]
        if let attributes = signer.signedAttributes {
            signedBytes = try checkedAttributes(attributes, signedData: signedData, digest: digest)
        } else {
            signedBytes = signedData.content
        }
        guard certificate.publicKey.isValidSignature(signer.signature, for: signedBytes, signatureAlgorithm: algorithm)
        else {
            throw Failure(
                message: "the signature does not verify with the signer certificate's key (\(certificate.publicKey))")
        }
        return certificate.subject.description
    }

    /// The certificate the signer identifier names, parsed.
    static func signerCertificate(
        _ signer: CMSSignedData.SignerInfo, in certificates: [ArraySlice<UInt8>]
    ) throws(Failure) -> Certificate {
        for bytes in certificates {
            guard let certificate = try? Certificate(derEncoded: Array(bytes)) else { continue }
            switch signer.identifier {
            case .issuerAndSerialNumber(let issuer, let serialNumber):
                var serializer = DER.Serializer()
                guard (try? serializer.serialize(certificate.issuer)) != nil else { continue }
                if serializer.serializedBytes[...] == issuer,
                    certificate.serialNumber.bytes.drop(while: { $0 == 0 }) == serialNumber.drop(while: { $0 == 0 })
                {
                    return certificate
                }
            case .subjectKeyIdentifier(let keyIdentifier):
                if let found = try? certificate.extensions.subjectKeyIdentifier, found.keyIdentifier == keyIdentifier {
                    return certificate
                }
            }
        }
        throw Failure(message: "no signer certificate: none of the \(certificates.count) certificates is the signer's")
    }

    /// The signed attributes' DER as a SET, once their content type and message digest are checked.
    static func checkedAttributes(
        _ attributes: ASN1Node, signedData: CMSSignedData, digest: Digest
    ) throws(Failure) -> [UInt8] {
        // RFC 5652 §5.3: signed attributes are DER even inside BER, and are signed with the SET tag.
        var bytes = Array(attributes.encodedBytes)
        guard bytes.first == 0xA0 else { throw Failure(message: "the signed attributes have the wrong tag") }
        bytes[0] = 0x31
        guard let set = try? DER.parse(bytes), case .constructed(let list) = set.content else {
            throw Failure(message: "the signed attributes are not DER-encoded")
        }
        var messageDigest: [ArraySlice<UInt8>] = []
        var contentType: [ASN1ObjectIdentifier] = []
        for attribute in list {
            guard case .constructed(let nodes) = attribute.content, attribute.identifier == .sequence,
                case let parts = Array(nodes), parts.count == 2,
                let type = try? ASN1ObjectIdentifier(derEncoded: parts[0]),
                parts[1].identifier == .set, case .constructed(let valueList) = parts[1].content
            else {
                throw Failure(message: "a signed attribute has the wrong shape")
            }
            if type == [1, 2, 840, 113_549, 1, 9, 4] {
                messageDigest += valueList.map { (try? ASN1OctetString(derEncoded: $0))?.bytes ?? [] }
            } else if type == [1, 2, 840, 113_549, 1, 9, 3] {
                contentType += valueList.compactMap { try? ASN1ObjectIdentifier(derEncoded: $0) }
            }
        }
        guard contentType == [signedData.contentType] else {
            throw Failure(message: "the signed content-type attribute is missing or does not match the content's type")
        }
        guard messageDigest.count == 1, let expected = messageDigest.first else {
            throw Failure(message: "the signed attributes hold no single messageDigest")
        }
        guard digest.hash(signedData.content)[...] == expected else {
            throw Failure(message: "digest mismatch: the content's \(digest) digest is not the signed messageDigest")
        }
        return bytes
    }

    /// The X509 signature algorithm for a signer's signature and digest algorithm identifiers.
    /// CMS writers often give the key's algorithm (rsaEncryption, id-ecPublicKey) with the digest
    /// apart, as Apple's profiles do; the combined identifiers must agree with the digest.
    static func signatureAlgorithm(
        _ oid: ASN1ObjectIdentifier, digest: Digest
    ) throws(Failure) -> Certificate.SignatureAlgorithm {
        let rsa: [Digest: Certificate.SignatureAlgorithm] = [
            .sha1: .sha1WithRSAEncryption, .sha256: .sha256WithRSAEncryption, .sha384: .sha384WithRSAEncryption,
            .sha512: .sha512WithRSAEncryption,
        ]
        let ecdsa: [Digest: Certificate.SignatureAlgorithm] = [
            .sha256: .ecdsaWithSHA256, .sha384: .ecdsaWithSHA384, .sha512: .ecdsaWithSHA512,
        ]
        let combined: [ASN1ObjectIdentifier: (Digest, Certificate.SignatureAlgorithm)] = [
            [1, 2, 840, 113_549, 1, 1, 5]: (.sha1, .sha1WithRSAEncryption),
            [1, 2, 840, 113_549, 1, 1, 11]: (.sha256, .sha256WithRSAEncryption),
            [1, 2, 840, 113_549, 1, 1, 12]: (.sha384, .sha384WithRSAEncryption),
            [1, 2, 840, 113_549, 1, 1, 13]: (.sha512, .sha512WithRSAEncryption),
            [1, 2, 840, 10045, 4, 3, 2]: (.sha256, .ecdsaWithSHA256),
            [1, 2, 840, 10045, 4, 3, 3]: (.sha384, .ecdsaWithSHA384),
            [1, 2, 840, 10045, 4, 3, 4]: (.sha512, .ecdsaWithSHA512),
        ]
        if oid == [1, 2, 840, 113_549, 1, 1, 1], let algorithm = rsa[digest] { return algorithm }
        if oid == [1, 2, 840, 10045, 2, 1], let algorithm = ecdsa[digest] { return algorithm }
        // Ed25519 signs the bytes themselves; the digest serves the messageDigest attribute only.
        if oid == [1, 3, 101, 112] { return .ed25519 }
        if let (expected, algorithm) = combined[oid] {
            guard expected == digest else {
                throw Failure(message: "the signature algorithm \(oid) does not use the signer's digest (\(digest))")
            }
            return algorithm
        }
        throw Failure(message: "unsupported signature algorithm \(oid) with \(digest)")
    }

    /// The digest algorithms a signer may name.
    enum Digest: String, CustomStringConvertible {
        case sha1 = "SHA-1"
        case sha256 = "SHA-256"
        case sha384 = "SHA-384"
        case sha512 = "SHA-512"

        init(_ oid: ASN1ObjectIdentifier) throws(Failure) {
            switch oid {
            case [1, 3, 14, 3, 2, 26]: self = .sha1
            case [2, 16, 840, 1, 101, 3, 4, 2, 1]: self = .sha256
            case [2, 16, 840, 1, 101, 3, 4, 2, 2]: self = .sha384
            case [2, 16, 840, 1, 101, 3, 4, 2, 3]: self = .sha512
            default: throw Failure(message: "unsupported digest algorithm \(oid)")
            }
        }

        func hash(_ bytes: [UInt8]) -> [UInt8] {
            switch self {
            case .sha1: Array(Insecure.SHA1.hash(data: bytes))
            case .sha256: Array(SHA256.hash(data: bytes))
            case .sha384: Array(SHA384.hash(data: bytes))
            case .sha512: Array(SHA512.hash(data: bytes))
            }
        }

        var description: String { rawValue }
    }
}
