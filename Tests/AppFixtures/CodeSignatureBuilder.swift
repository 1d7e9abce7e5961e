import Crypto
import Foundation
import StrictJSON

/// An embedded code signature as `codesign` writes it: a super blob (magic 0xfade0cc0) whose index
/// names a code directory (slot 0, SHA-256 page hashes of the code), a requirements blob (slot 2),
/// XML entitlements (slot 5), DER entitlements (slot 7) and a CMS wrapper (slot 0x10000, empty here).
///
/// Every field can be changed, and the entitlement payloads replaced by raw bytes, to make damaged ones.
public struct CodeSignatureBuilder: Sendable {
    /// Which entitlement blobs a signature carries.
    public enum EntitlementBlobs: Sendable, CaseIterable {
        /// A choice of blobs: `xmlAndDER` (slots 5 and 7), `xmlOnly` (slot 5), `derOnly` (slot 7) or `none`.
        case xmlAndDER, xmlOnly, derOnly, none
    }

    /// An extra blob placed in the index after the usual ones.
    public struct Blob: Sendable {
        /// The slot the index lists the blob under.
        public var slot: UInt32
        /// The magic number in the blob's header.
        public var magic: UInt32
        /// The bytes after the blob's 8-byte header (magic and length).
        public var payload: [UInt8]

        /// A blob with this slot, magic number and payload.
        public init(slot: UInt32, magic: UInt32, payload: [UInt8]) {
            self.slot = slot
            self.magic = magic
            self.payload = payload
        }
    }

    /// The signing identifier in the code directory (an app's bundle identifier).
    public var identifier: String
    /// The team identifier in the code directory; nil writes none.
    public var teamIdentifier: String?
    /// The code directory's version: 0x20400 by default (Xcode's); below 0x20200 the code directory
    /// has no team identifier.
    public var codeDirectoryVersion: UInt32 = 0x20400
    /// The entitlements of slot 5, written as an XML property list; nil leaves the blob out.
    public var xmlEntitlements: JSONValue?
    /// The entitlements of slot 7, written in DER; nil leaves the blob out.
    public var derEntitlements: JSONValue?
    /// When set, slot 5 holds exactly these bytes after its header (a damaged or odd plist).
    public var xmlPayload: [UInt8]?
    /// When set, slot 7 holds exactly these bytes after its header (damaged DER).
    public var derPayload: [UInt8]?
    /// Whether the signature has a requirements blob (slot 2, a requirement set with no requirements).
    public var includesRequirements = true
    /// Whether the signature has a CMS wrapper blob (slot 0x10000, empty).
    public var includesCMS = true
    /// Blobs placed in the index after the usual ones, in this order.
    public var extraBlobs: [Blob] = []

    /// A signature with the same entitlements in the blobs chosen.
    public init(
        identifier: String = "com.example.shop", teamIdentifier: String? = "ABCDE12345",
        entitlements: JSONValue = CodeSignatureBuilder.sampleEntitlements, blobs: EntitlementBlobs = .xmlAndDER
    ) {
        self.identifier = identifier
        self.teamIdentifier = teamIdentifier
        xmlEntitlements = blobs == .xmlAndDER || blobs == .xmlOnly ? entitlements : nil
        derEntitlements = blobs == .xmlAndDER || blobs == .derOnly ? entitlements : nil
    }

    /// A signature whose two entitlement blobs say different things (either may be nil).
    public init(
        identifier: String = "com.example.shop", teamIdentifier: String? = "ABCDE12345", xml: JSONValue?,
        der: JSONValue?
    ) {
        self.identifier = identifier
        self.teamIdentifier = teamIdentifier
        xmlEntitlements = xml
        derEntitlements = der
    }

    /// What a shop app's entitlements look like: strings, arrays and booleans.
    public static let sampleEntitlements: JSONValue = .object([
        "application-identifier": .string("ABCDE12345.com.example.shop"),
        "com.apple.developer.associated-domains": .array([
            .string("applinks:shop.example"), .string("webcredentials:shop.example"),
        ]),
        "com.apple.developer.team-identifier": .string("ABCDE12345"),
        "get-task-allow": .bool(false),
        "keychain-access-groups": .array([.string("ABCDE12345.com.example.shop")]),
    ])

    /// Magic numbers of the blobs (xnu's `cs_blobs.h`).
    public enum Magic {
        /// The super blob's magic (`CSMAGIC_EMBEDDED_SIGNATURE`).
        public static let superBlob: UInt32 = 0xfade_0cc0
        /// The code directory's magic (`CSMAGIC_CODEDIRECTORY`).
        public static let codeDirectory: UInt32 = 0xfade_0c02
        /// The requirements blob's magic (`CSMAGIC_REQUIREMENTS`).
        public static let requirements: UInt32 = 0xfade_0c01
        /// The XML entitlements blob's magic (`CSMAGIC_EMBEDDED_ENTITLEMENTS`).
        public static let entitlements: UInt32 = 0xfade_7171
        /// The DER entitlements blob's magic (`CSMAGIC_EMBEDDED_DER_ENTITLEMENTS`).
        public static let derEntitlements: UInt32 = 0xfade_7172
        /// The CMS wrapper blob's magic (`CSMAGIC_BLOBWRAPPER`).
        public static let cms: UInt32 = 0xfade_0b01
    }

    static let pageSize = 4096

    /// The blobs in index order, each with its slot and its full bytes (header included).
    public func blobs(codeLimit: Int, code: [UInt8]) throws(MachOFixtureError) -> [(slot: UInt32, bytes: [UInt8])] {
        var special: [UInt32: [UInt8]] = [:]
        var others: [(slot: UInt32, bytes: [UInt8])] = []
        if includesRequirements {
            let blob = Self.blob(Magic.requirements, [0, 0, 0, 0])  // a requirement set with no requirements
            special[2] = blob
            others.append((2, blob))
        }
        if let payload = try xmlBlobPayload() {
            let blob = Self.blob(Magic.entitlements, payload)
            special[5] = blob
            others.append((5, blob))
        }
        if let payload = try derBlobPayload() {
            let blob = Self.blob(Magic.derEntitlements, payload)
            special[7] = blob
            others.append((7, blob))
        }
        if includesCMS { others.append((0x10000, Self.blob(Magic.cms, []))) }
        for extra in extraBlobs { others.append((extra.slot, Self.blob(extra.magic, extra.payload))) }
        return [(0, codeDirectory(codeLimit: codeLimit, code: code, special: special))] + others
    }

    /// What slot 5 holds after its header, if anything.
    func xmlBlobPayload() throws(MachOFixtureError) -> [UInt8]? {
        if let xmlPayload { return xmlPayload }
        guard let xmlEntitlements else { return nil }
        return try Self.xml(xmlEntitlements)
    }

    /// What slot 7 holds after its header, if anything.
    func derBlobPayload() throws(MachOFixtureError) -> [UInt8]? {
        if let derPayload { return derPayload }
        guard let derEntitlements else { return nil }
        do { return try DEREntitlementsEncoder.encode(derEntitlements) } catch {
            throw MachOFixtureError(error.description)
        }
    }

    /// The super blob: header, index, blobs. `code` is the start of the signed file; the rest of its
    /// `codeLimit` bytes are zeros (a sparse file's hole).
    public func superBlob(codeLimit: Int, code: [UInt8]) throws(MachOFixtureError) -> [UInt8] {
        let blobs = try blobs(codeLimit: codeLimit, code: code)
        var offset = 12 + 8 * blobs.count
        var index: [UInt8] = []
        for blob in blobs {
            index += Self.be32(blob.slot) + Self.be32(UInt32(offset))
            offset += blob.bytes.count
        }
        return Self.be32(Magic.superBlob) + Self.be32(UInt32(offset)) + Self.be32(UInt32(blobs.count)) + index
            + blobs.flatMap(\.bytes)
    }

    /// The super blob's length for code of `codeLimit` bytes (it does not depend on the code's bytes).
    public func superBlobSize(codeLimit: Int) throws(MachOFixtureError) -> Int {
        try superBlob(codeLimit: codeLimit, code: []).count
    }

    /// A code directory: fixed header for its version, identifier, team, special-slot hashes of the
    /// blobs, then one SHA-256 per 4 KiB page of code.
    func codeDirectory(codeLimit: Int, code: [UInt8], special: [UInt32: [UInt8]]) -> [UInt8] {
        let headerSize: Int
        switch codeDirectoryVersion {
        case ..<0x20100: headerSize = 44
        case ..<0x20200: headerSize = 48
        case ..<0x20300: headerSize = 52
        case ..<0x20400: headerSize = 64
        default: headerSize = 88
        }
        let identifierBytes = Array(identifier.utf8) + [0]
        var teamBytes: [UInt8] = []
        if codeDirectoryVersion >= 0x20200, let teamIdentifier { teamBytes = Array(teamIdentifier.utf8) + [0] }
        let specialCount = special.keys.max().map(Int.init) ?? 0
        let pageCount = (codeLimit + Self.pageSize - 1) / Self.pageSize
        let identOffset = headerSize
        let teamOffset = teamBytes.isEmpty ? 0 : identOffset + identifierBytes.count
        let hashOffset = identOffset + identifierBytes.count + teamBytes.count + 32 * specialCount
        let length = hashOffset + 32 * pageCount

        var header = Self.be32(Magic.codeDirectory) + Self.be32(UInt32(length)) + Self.be32(codeDirectoryVersion)
        header += Self.be32(0) + Self.be32(UInt32(hashOffset)) + Self.be32(UInt32(identOffset))
        header +=
            Self.be32(UInt32(specialCount)) + Self.be32(UInt32(pageCount))
            + Self.be32(UInt32(truncatingIfNeeded: codeLimit))
        header += [32, 2, 0, 12] + Self.be32(0)  // SHA-256, 32 bytes; 2^12-byte pages
        header += Self.be32(0) + Self.be32(UInt32(teamOffset))  // scatterOffset, teamOffset
        header += Self.be32(0) + Self.be64(UInt64(codeLimit))  // spare3, codeLimit64
        header += Self.be64(0) + Self.be64(UInt64(code.count)) + Self.be64(1)  // exec segment: main binary
        var directory = Array(header.prefix(headerSize)) + identifierBytes + teamBytes
        // Special slots are stored in reverse: slot -n first.
        for slot in stride(from: specialCount, through: 1, by: -1) {
            directory += special[UInt32(slot)].map { Array(SHA256.hash(data: $0)) } ?? [UInt8](repeating: 0, count: 32)
        }
        var zeroPageHash: [UInt8]?
        for page in 0..<pageCount {
            let start = page * Self.pageSize
            let end = min(start + Self.pageSize, codeLimit)
            if start >= code.count, end - start == Self.pageSize, let zeroPageHash {
                directory += zeroPageHash
                continue
            }
            var bytes = start < code.count ? Array(code[start..<min(end, code.count)]) : []
            bytes += [UInt8](repeating: 0, count: end - start - bytes.count)
            let hash = Array(SHA256.hash(data: bytes))
            if start >= code.count, end - start == Self.pageSize { zeroPageHash = hash }
            directory += hash
        }
        return directory
    }

    /// An XML property list as Xcode writes entitlements.
    public static func xml(_ value: JSONValue) throws(MachOFixtureError) -> [UInt8] {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">

            """
        try writeXML(value, indent: "", into: &text)
        text += "</plist>\n"
        return Array(text.utf8)
    }

    static func writeXML(_ value: JSONValue, indent: String, into text: inout String) throws(MachOFixtureError) {
        func escaped(_ string: String) -> String {
            string.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;")
        }
        switch value {
        case .bool(let flag): text += indent + (flag ? "<true/>\n" : "<false/>\n")
        case .int(let number): text += indent + "<integer>\(number)</integer>\n"
        case .double(let number): text += indent + "<real>\(number)</real>\n"
        case .string(let string): text += indent + "<string>\(escaped(string))</string>\n"
        case .array(let elements):
            text += indent + "<array>\n"
            for element in elements { try writeXML(element, indent: indent + "\t", into: &text) }
            text += indent + "</array>\n"
        case .object(let members):
            text += indent + "<dict>\n"
            for member in members {
                text += indent + "\t<key>\(escaped(member.key))</key>\n"
                try writeXML(member.value, indent: indent + "\t", into: &text)
            }
            text += indent + "</dict>\n"
        case .null: throw MachOFixtureError("a property list has no null")
        }
    }

    /// A blob: magic, length (header included), payload.
    public static func blob(_ magic: UInt32, _ payload: [UInt8]) -> [UInt8] {
        be32(magic) + be32(UInt32(8 + payload.count)) + payload
    }

    /// The 4 big-endian bytes of `value`.
    public static func be32(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
    }
    /// The 8 big-endian bytes of `value`.
    public static func be64(_ value: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) }
    }
}

/// A fixture that cannot be built as asked (a value a format cannot hold, a size too small).
public struct MachOFixtureError: Error, CustomStringConvertible {
    /// The message: what cannot be built, and why.
    public let description: String
    /// An error with this message.
    public init(_ description: String) { self.description = description }
}
