import SwiftASN1

/// A CMS (PKCS #7) SignedData (RFC 5652 §5) as provisioning profiles use it, read from BER (Apple
/// writes profiles with indefinite lengths and the content in chunks). The content is all that
/// reading needs; the certificates and signer infos are kept for the signature check, and a signer
/// info of the wrong shape only makes the signature invalid (`signers` holds why).
struct CMSSignedData {
    /// A reason the bytes are no SignedData with content.
    struct ReadError: Error { let message: String }

    /// `eContentType`: id-data for a profile.
    let contentType: ASN1ObjectIdentifier
    /// The encapsulated content (a profile's plist), its chunks joined.
    let content: [UInt8]
    /// The DER of each certificate in `certificates`; other certificate choices are skipped.
    let certificates: [ArraySlice<UInt8>]
    let signers: Result<[SignerInfo], ReadError>

    struct SignerInfo {
        enum Identifier {
            /// The DER of the issuer's Name and the serial number's content bytes.
            case issuerAndSerialNumber(issuer: ArraySlice<UInt8>, serialNumber: ArraySlice<UInt8>)
            case subjectKeyIdentifier(ArraySlice<UInt8>)
        }

        let identifier: Identifier
        let digestAlgorithm: ASN1ObjectIdentifier
        /// The `[0] IMPLICIT SET OF Attribute` node as encoded, when present.
        let signedAttributes: ASN1Node?
        let signatureAlgorithm: ASN1ObjectIdentifier
        let signature: ArraySlice<UInt8>
    }

    static let signedDataType: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 7, 2]

    init(ber bytes: [UInt8]) throws(ReadError) {
        do {
            let root = try BER.parse(bytes)
            let info = try Self.children(root, .sequence, "ContentInfo")
            guard info.count == 2, try ASN1ObjectIdentifier(berEncoded: info[0]) == Self.signedDataType else {
                throw ReadError(message: "a CMS message that is not SignedData")
            }
            let wrapped = try Self.children(info[1], Self.tag(0), "ContentInfo's content")
            guard wrapped.count == 1 else { throw ReadError(message: "ContentInfo's content is not one value") }
            let signedData = try Self.children(wrapped[0], .sequence, "SignedData")
            // version, digestAlgorithms, encapContentInfo, [0] certificates, [1] crls, signerInfos
            guard signedData.count >= 4, signedData[0].identifier == .integer, signedData[1].identifier == .set else {
                throw ReadError(message: "SignedData does not start with its version and digest algorithms")
            }
            let encapsulated = try Self.children(signedData[2], .sequence, "encapContentInfo")
            guard let typeNode = encapsulated.first, encapsulated.count <= 2 else {
                throw ReadError(message: "encapContentInfo has the wrong shape")
            }
            contentType = try ASN1ObjectIdentifier(berEncoded: typeNode)
            guard encapsulated.count == 2 else {
                throw ReadError(message: "SignedData without content (a detached signature)")
            }
            let eContent = try Self.children(encapsulated[1], Self.tag(0), "eContent")
            guard eContent.count == 1 else { throw ReadError(message: "eContent is not one OCTET STRING") }
            content = Array(try ASN1OctetString(berEncoded: eContent[0]).bytes)

            var certificates: [ArraySlice<UInt8>] = []
            for node in signedData[3...] where node.identifier == Self.tag(0) {
                let choices = try Self.children(node, Self.tag(0), "certificates")
                for certificate in choices where certificate.identifier == .sequence {
                    certificates.append(certificate.encodedBytes)
                }
            }
            self.certificates = certificates
            guard let last = signedData.last, last.identifier == .set else {
                throw ReadError(message: "SignedData does not end with its signer infos")
            }
            signers = Result { () throws(ReadError) in try Self.signerInfos(last) }
        } catch let error as ReadError {
            throw error
        } catch {
            throw ReadError(message: "not BER-encoded CMS: \(asn1Reason(error))")
        }
    }

    static func signerInfos(_ set: ASN1Node) throws(ReadError) -> [SignerInfo] {
        do {
            return try children(set, .set, "signerInfos").map(signerInfo)
        } catch let error as ReadError {
            throw error
        } catch {
            throw ReadError(message: "a signer info does not read: \(asn1Reason(error))")
        }
    }

    /// SignerInfo: version, sid, digestAlgorithm, [0] signedAttrs, signatureAlgorithm, signature, [1] unsignedAttrs.
    static func signerInfo(_ node: ASN1Node) throws -> SignerInfo {
        var fields = try children(node, .sequence, "SignerInfo")[...]
        guard fields.popFirst()?.identifier == .integer, let sid = fields.popFirst(), let digest = fields.popFirst()
        else {
            throw ReadError(message: "a signer info has the wrong shape")
        }
        let identifier: SignerInfo.Identifier
        if sid.identifier == .sequence {
            let parts = try children(sid, .sequence, "issuerAndSerialNumber")
            guard parts.count == 2, case .primitive(let serial) = parts[1].content, parts[1].identifier == .integer
            else {
                throw ReadError(message: "issuerAndSerialNumber has the wrong shape")
            }
            identifier = .issuerAndSerialNumber(issuer: parts[0].encodedBytes, serialNumber: serial)
        } else if sid.identifier == tag(0), case .primitive(let keyIdentifier) = sid.content {
            identifier = .subjectKeyIdentifier(keyIdentifier)
        } else {
            throw ReadError(message: "a signer identifier of an unknown kind")
        }
        var signedAttributes: ASN1Node?
        if fields.first?.identifier == tag(0) { signedAttributes = fields.popFirst() }
        guard let algorithm = fields.popFirst(), let signature = fields.popFirst(), signature.identifier == .octetString
        else {
            throw ReadError(message: "a signer info without its signature algorithm and signature")
        }
        return SignerInfo(
            identifier: identifier, digestAlgorithm: try algorithmOID(digest),
            signedAttributes: signedAttributes, signatureAlgorithm: try algorithmOID(algorithm),
            signature: try ASN1OctetString(berEncoded: signature).bytes)
    }

    /// The OID of an AlgorithmIdentifier (its parameters, if any, are not needed).
    static func algorithmOID(_ node: ASN1Node) throws -> ASN1ObjectIdentifier {
        guard let first = try children(node, .sequence, "AlgorithmIdentifier").first else {
            throw ReadError(message: "an empty AlgorithmIdentifier")
        }
        return try ASN1ObjectIdentifier(berEncoded: first)
    }

    /// A constructed node's children, when it has the expected tag.
    static func children(
        _ node: ASN1Node, _ identifier: ASN1Identifier, _ what: String
    ) throws(ReadError) -> [ASN1Node] {
        guard node.identifier == identifier, case .constructed(let nodes) = node.content else {
            throw ReadError(message: "\(what) is not a constructed \(identifier)")
        }
        return Array(nodes)
    }

    static func tag(_ number: UInt) -> ASN1Identifier {
        ASN1Identifier(tagWithNumber: number, tagClass: .contextSpecific)
    }
}

/// What a SwiftASN1 error says, without the source location its description carries.
func asn1Reason(_ error: any Error) -> String {
    if let error = error as? ASN1Error { return "\(error.code)" }
    return "\(error)"
}
