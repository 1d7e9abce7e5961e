import StrictJSON

/// Turning the bytes a server sent into JSON text, as a device does (spec §2): at most 131,072
/// bytes; UTF-8, UTF-16 or UTF-32, with or without a byte order mark; or a CMS-signed file (the
/// old Handoff form) whose signed content is the JSON.
enum AssociationFileBytes {

    enum Failure: Error, Sendable, Hashable {
        case tooLarge(Int)
        case notText(String)
    }

    /// The JSON text, and notes about how it was found.
    static func text(from bytes: [UInt8], sizeLimit: Int?) -> Result<(text: String, findings: [Finding]), Failure> {
        if let sizeLimit, bytes.count > sizeLimit { return .failure(.tooLarge(bytes.count)) }
        var findings: [Finding] = []
        var content = bytes
        if bytes.first == 0x30, let signed = CMSSignedData.content(of: bytes) {
            findings.append(
                Finding(
                    "aasa.cms", .note, at: "",
                    "a CMS-signed file (the old form): devices still accept it and read the signed content"))
            content = signed
        }
        return decode(content).map { text, encoding in
            if let encoding {
                findings.append(
                    Finding(
                        "aasa.encoding", .note, at: "", "the file is \(encoding); devices accept it, UTF-8 is usual"))
            }
            return (text, findings)
        }
    }

    /// Detects the encoding from the byte order mark, or from the pattern of zero bytes in the
    /// first four (RFC 4627 §3), and decodes. The second value names a non-UTF-8 encoding or a BOM.
    private static func decode(_ bytes: [UInt8]) -> Result<(String, String?), Failure> {
        let b = bytes + [1, 1, 1, 1]  // padding, so the first four can be read
        switch (b[0], b[1], b[2], b[3]) {
        case (0x00, 0x00, 0xFE, 0xFF):
            return utf32(bytes.dropFirst(4), bigEndian: true).map { ($0, "UTF-32BE with a byte order mark") }
        case (0xFF, 0xFE, 0x00, 0x00):
            return utf32(bytes.dropFirst(4), bigEndian: false).map { ($0, "UTF-32LE with a byte order mark") }
        case (0xFE, 0xFF, _, _):
            return utf16(bytes.dropFirst(2), bigEndian: true).map { ($0, "UTF-16BE with a byte order mark") }
        case (0xFF, 0xFE, _, _):
            return utf16(bytes.dropFirst(2), bigEndian: false).map { ($0, "UTF-16LE with a byte order mark") }
        case (0xEF, 0xBB, 0xBF, _): return utf8(bytes.dropFirst(3)).map { ($0, "UTF-8 with a byte order mark") }
        case (0x00, 0x00, 0x00, _) where bytes.count >= 4:
            return utf32(bytes[...], bigEndian: true).map { ($0, "UTF-32BE") }
        case (_, 0x00, 0x00, 0x00) where bytes.count >= 4:
            return utf32(bytes[...], bigEndian: false).map { ($0, "UTF-32LE") }
        case (0x00, _, _, _) where bytes.count >= 2: return utf16(bytes[...], bigEndian: true).map { ($0, "UTF-16BE") }
        case (_, 0x00, _, _) where bytes.count >= 2: return utf16(bytes[...], bigEndian: false).map { ($0, "UTF-16LE") }
        default: return utf8(bytes[...]).map { ($0, nil) }
        }
    }

    private static func utf8(_ bytes: ArraySlice<UInt8>) -> Result<String, Failure> {
        guard let text = String(validUTF8: bytes) else { return .failure(.notText("not valid UTF-8")) }
        return .success(text)
    }

    private static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> Result<String, Failure> {
        guard bytes.count % 2 == 0 else { return .failure(.notText("UTF-16 with an odd number of bytes")) }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let (first, second) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        guard let text = String(validUTF16: units) else {
            return .failure(.notText("not valid UTF-16"))
        }
        return .success(text)
    }

    private static func utf32(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> Result<String, Failure> {
        guard bytes.count % 4 == 0 else {
            return .failure(.notText("UTF-32 with a byte count that is not a multiple of 4"))
        }
        var scalars = String.UnicodeScalarView()
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let quad = (0..<4).map { UInt32(bytes[index + $0]) }
            let value =
                bigEndian
                ? quad[0] << 24 | quad[1] << 16 | quad[2] << 8 | quad[3]
                : quad[3] << 24 | quad[2] << 16 | quad[1] << 8 | quad[0]
            guard let scalar = Unicode.Scalar(value) else { return .failure(.notText("not valid UTF-32")) }
            scalars.append(scalar)
            index += 4
        }
        return .success(String(scalars))
    }
}

/// Just enough of CMS (RFC 5652) to find a SignedData's encapsulated content: ContentInfo →
/// [0] SignedData → encapContentInfo → [0] OCTET STRING. The signature is not checked, as a device
/// today does not need it: the file already came over TLS from the domain.
enum CMSSignedData {
    /// The DER of the OID 1.2.840.113549.1.7.2 (signedData).
    private static let signedDataOID: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02]

    static func content(of bytes: [UInt8]) -> [UInt8]? {
        var reader = DERReader(bytes: bytes[...])
        guard let contentInfo = reader.next(), contentInfo.tag == 0x30 else { return nil }
        var info = DERReader(bytes: contentInfo.value)
        guard let type = info.next(), type.tag == 0x06, Array(type.value) == signedDataOID,
            let explicit = info.next(), explicit.tag == 0xA0
        else { return nil }
        var wrapper = DERReader(bytes: explicit.value)
        guard let signedData = wrapper.next(), signedData.tag == 0x30 else { return nil }
        var fields = DERReader(bytes: signedData.value)
        guard fields.next()?.tag == 0x02, fields.next()?.tag == 0x31,  // version, digestAlgorithms
            let encapsulated = fields.next(), encapsulated.tag == 0x30
        else { return nil }
        var encap = DERReader(bytes: encapsulated.value)
        guard encap.next()?.tag == 0x06, let eContent = encap.next(), eContent.tag == 0xA0 else { return nil }
        var octets = DERReader(bytes: eContent.value)
        guard let string = octets.next() else { return nil }
        switch string.tag {
        case 0x04: return Array(string.value)
        case 0x24:  // a constructed OCTET STRING (BER): its pieces, in order
            var pieces = DERReader(bytes: string.value)
            var content: [UInt8] = []
            while let piece = pieces.next(), piece.tag == 0x04 { content += piece.value }
            return content
        default: return nil
        }
    }
}

/// A reader of DER/BER elements: tag, length (short, long, or indefinite), value. It stops, rather
/// than trapping, at anything malformed, and at indefinite lengths nested deeper than CMS needs.
struct DERReader {
    var bytes: ArraySlice<UInt8>
    /// How many indefinite-length elements enclose this reader's bytes.
    var depth = 0
    static let maximumDepth = 16

    struct Element {
        let tag: UInt8
        let value: ArraySlice<UInt8>
    }

    mutating func next() -> Element? {
        guard bytes.count >= 2 else { return nil }
        let start = bytes.startIndex
        let tag = bytes[start]
        let first = bytes[start + 1]
        var index = start + 2
        if first == 0x80 {
            // Indefinite length: the value runs to the end-of-contents octets 00 00 of this level.
            guard depth < Self.maximumDepth else { return nil }
            var inner = DERReader(bytes: bytes[index...], depth: depth + 1)
            var end = index
            while inner.bytes.count >= 2 {
                if inner.bytes[inner.bytes.startIndex] == 0, inner.bytes[inner.bytes.startIndex + 1] == 0 {
                    let element = Element(tag: tag, value: bytes[index..<end])
                    bytes = bytes[(end + 2)...]
                    return element
                }
                guard inner.next() != nil else { return nil }
                end = inner.bytes.startIndex
            }
            return nil
        }
        var length = 0
        if first < 0x80 {
            length = Int(first)
        } else {
            let count = Int(first & 0x7F)
            guard count <= 4, bytes.count >= 2 + count else { return nil }
            for _ in 0..<count {
                length = length << 8 | Int(bytes[index])
                index += 1
            }
        }
        guard length >= 0, bytes.endIndex - index >= length else { return nil }
        let element = Element(tag: tag, value: bytes[index..<(index + length)])
        bytes = bytes[(index + length)...]
        return element
    }
}
