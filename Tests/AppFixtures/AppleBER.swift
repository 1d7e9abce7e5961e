import SwiftASN1

/// Rewrites a DER SignedData the way Apple's profiles are encoded: the outer structures with
/// indefinite lengths, the content as a constructed OCTET STRING of 1,000-byte chunks, and
/// optionally the signer's signature algorithm as plain `rsaEncryption` (the digest named apart).
/// Certificates and signed attributes are kept as they are (DER), as RFC 5652 requires of the latter;
/// the certificates can be left out.
enum AppleBER {
    /// `SEQUENCE { rsaEncryption, NULL }`.
    static let rsaEncryption: [UInt8] = [
        0x30, 0x0D, 0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01, 0x05, 0x00,
    ]

    static func reencode(_ der: [UInt8], rsaEncryption: Bool, certificates: Bool = true) throws -> [UInt8] {
        // ContentInfo { contentType, [0] { SignedData } }
        try indefinite(DER.parse(der)) { node, index in
            guard index == 1 else { return raw(node) }
            return try indefinite(node) { signedData, _ in
                try indefinite(signedData) { field, _ in
                    switch field.identifier {
                    case .sequence: try encapsulatedContent(field)  // encapContentInfo
                    case .set where field.encodedBytes.count > 2 && isSignerInfos(field):
                        try indefinite(field) { signer, _ in try signerInfo(signer, rsaEncryption: rsaEncryption) }
                    case ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific):
                        certificates ? try indefinite(field) { certificate, _ in raw(certificate) } : []
                    default: raw(field)
                    }
                }
            }
        }
    }

    /// The digest algorithms SET holds AlgorithmIdentifiers; the signer infos SET holds SignerInfos,
    /// which start with an INTEGER.
    static func isSignerInfos(_ set: ASN1Node) -> Bool {
        guard case .constructed(let children) = set.content, let first = children.first(where: { _ in true }),
            case .constructed(let fields) = first.content
        else { return false }
        return fields.first(where: { _ in true })?.identifier == .integer
    }

    /// encapContentInfo { eContentType, [0] { OCTET STRING } }, the OCTET STRING in chunks.
    static func encapsulatedContent(_ node: ASN1Node) throws -> [UInt8] {
        try indefinite(node) { field, index in
            guard index == 1 else { return raw(field) }
            return try indefinite(field) { octets, _ in
                guard case .primitive(let bytes) = octets.content else { return raw(octets) }
                var out: [UInt8] = [0x24, 0x80]
                var start = bytes.startIndex
                while start < bytes.endIndex {
                    let end = min(start + 1000, bytes.endIndex)
                    out += DEREntitlementsEncoder.node(0x04, Array(bytes[start..<end]))
                    start = end
                }
                return out + [0, 0]
            }
        }
    }

    /// SignerInfo with indefinite length; the signature algorithm (the SEQUENCE after the digest
    /// algorithm, past the signed attributes) replaced by `rsaEncryption` when asked.
    static func signerInfo(_ node: ASN1Node, rsaEncryption: Bool) throws -> [UInt8] {
        var sequencesSeen = 0
        return try indefinite(node) { field, index in
            if index >= 2, field.identifier == .sequence { sequencesSeen += 1 }
            return rsaEncryption && sequencesSeen == 2 && index >= 3 && field.identifier == .sequence
                ? Self.rsaEncryption : raw(field)
        }
    }

    static func indefinite(_ node: ASN1Node, _ child: (ASN1Node, Int) throws -> [UInt8]) throws -> [UInt8] {
        guard case .constructed(let children) = node.content, let tag = node.encodedBytes.first else {
            throw FixtureError("expected a constructed node")
        }
        var out: [UInt8] = [tag, 0x80]
        for (index, node) in children.enumerated() { out += try child(node, index) }
        return out + [0, 0]
    }

    static func raw(_ node: ASN1Node) -> [UInt8] { Array(node.encodedBytes) }
}
