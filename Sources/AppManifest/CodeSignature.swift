import Foundation
import StrictJSON

/// What an executable's embedded code signature says about the app: its identifier, its team,
/// and its entitlements in both forms the system reads (XML, slot 5; DER, slot 7). Only the
/// super blob's index and the blobs named here are read, never the code hashes.
public struct CodeSignature: Sendable, Hashable {
    /// The code directory's identifier (usually the bundle identifier).
    public let identifier: String?
    /// The code directory's team identifier (code directory version 0x20200 and later).
    public let teamIdentifier: String?
    /// The XML entitlements (slot 5), a dictionary; nil when absent or damaged.
    public let entitlementsXML: JSONValue?
    /// The DER entitlements (slot 7), a dictionary; nil when absent or damaged.
    public let entitlementsDER: JSONValue?
    /// Damage inside an otherwise located signature (an index entry pointing outside it, a blob
    /// whose magic or length is wrong, entitlements that do not parse, a wrong top-level type):
    /// one clear sentence each. The audit turns these into findings.
    public let problems: [String]

    /// A signature from parts already read.
    public init(
        identifier: String?, teamIdentifier: String?, entitlementsXML: JSONValue?, entitlementsDER: JSONValue?,
        problems: [String]
    ) {
        self.identifier = identifier
        self.teamIdentifier = teamIdentifier
        self.entitlementsXML = entitlementsXML
        self.entitlementsDER = entitlementsDER
        self.problems = problems
    }

    /// The largest entitlements blob read (either form); real ones are a few kilobytes.
    public static let maximumEntitlementsSize = 1_048_576
    /// The most index entries read; a real signature has about ten.
    public static let maximumIndexEntries = 256
    /// The longest identifier or team identifier read, with its terminating NUL.
    public static let maximumStringLength = 1024

    /// Reads the signature of `size` bytes at `offset` in `source`. Damage inside it becomes a
    /// problem; only a failing source (a file that cannot be read) throws.
    static func read(
        _ source: some ByteSource, at offset: Int, size: Int, path: String
    ) throws(AppManifestError) -> CodeSignature {
        var reader = SignatureReader(source: source, base: offset, limit: size, path: path)
        return try reader.read()
    }
}

/// The magic numbers and slots of an embedded signature (xnu's `cs_blobs.h`).
enum SignatureMagic {
    static let superBlob: UInt32 = 0xfade_0cc0
    static let codeDirectory: UInt32 = 0xfade_0c02
    static let entitlements: UInt32 = 0xfade_7171
    static let derEntitlements: UInt32 = 0xfade_7172
    static let codeDirectorySlot: UInt32 = 0
    static let entitlementsSlot: UInt32 = 5
    static let derEntitlementsSlot: UInt32 = 7
}

/// One pass over a super blob: its header, its index, then the blobs the report needs.
private struct SignatureReader<Source: ByteSource> {
    let source: Source
    /// Where the super blob starts in the source.
    let base: Int
    /// How far the super blob may reach from `base`: the load command's size, or less when the
    /// super blob says it is shorter.
    var limit: Int
    let path: String
    var problems: [String] = []
    var identifier: String?
    var teamIdentifier: String?
    var entitlementsXML: JSONValue?
    var entitlementsDER: JSONValue?

    init(source: Source, base: Int, limit: Int, path: String) {
        self.source = source
        self.base = base
        self.limit = limit
        self.path = path
    }

    mutating func read() throws(AppManifestError) -> CodeSignature {
        try readBlobs()
        return CodeSignature(
            identifier: identifier, teamIdentifier: teamIdentifier, entitlementsXML: entitlementsXML,
            entitlementsDER: entitlementsDER, problems: problems)
    }

    /// `count` bytes at `offset` from the super blob's start, which the caller has bounded by `limit`.
    func bytes(_ offset: Int, _ count: Int) throws(AppManifestError) -> [UInt8] {
        do { return try source.bytes(at: base + offset, count: count) } catch {
            throw AppManifestError(path, error.message)
        }
    }

    mutating func readBlobs() throws(AppManifestError) {
        guard limit >= 12 else {
            problems.append("The code signature is \(limit) bytes, too small for a super blob header.")
            return
        }
        let header = try bytes(0, 12)
        let magic = header.bigEndian32(at: 0)
        let length = Int(header.bigEndian32(at: 4))
        let count = Int(header.bigEndian32(at: 8))
        guard magic == SignatureMagic.superBlob else {
            problems.append(
                "The code signature starts with \(hex32(magic)), not the embedded signature magic 0xfade0cc0.")
            return
        }
        if length < 12 {
            problems.append("The code signature's super blob says it is \(length) bytes, less than its own header.")
            return
        }
        if length > limit {
            problems.append(
                "The code signature's super blob says it is \(length) bytes, more than the \(limit) that "
                    + "LC_CODE_SIGNATURE gives it."
            )
        } else {
            limit = length
        }
        guard count <= CodeSignature.maximumIndexEntries, 12 + count * 8 <= limit else {
            problems.append("The code signature's index of \(count) entries does not fit in its \(limit) bytes.")
            return
        }
        let index = try bytes(12, count * 8)
        var wanted: [UInt32: Int] = [:]
        for entry in 0..<count {
            let slot = index.bigEndian32(at: entry * 8)
            let offset = Int(index.bigEndian32(at: entry * 8 + 4))
            guard offset >= 12 + count * 8, offset <= limit - 8 else {
                problems.append(
                    "The code signature's index entry for slot \(slot) points at offset \(offset), outside the blobs "
                        + "of its "
                        + "\(limit) bytes.")
                continue
            }
            let known = [
                SignatureMagic.codeDirectorySlot, SignatureMagic.entitlementsSlot, SignatureMagic.derEntitlementsSlot,
            ]
            guard known.contains(slot) else { continue }
            if wanted[slot] != nil {
                problems.append("The code signature's index lists slot \(slot) twice; the first is read.")
            } else {
                wanted[slot] = offset
            }
        }
        if let offset = wanted[SignatureMagic.codeDirectorySlot] { try readCodeDirectory(at: offset) }
        if let offset = wanted[SignatureMagic.entitlementsSlot],
            let payload = try payload(at: offset, magic: SignatureMagic.entitlements, name: "XML entitlements (slot 5)")
        {
            readXML(payload)
        }
        if let offset = wanted[SignatureMagic.derEntitlementsSlot],
            let payload = try payload(
                at: offset, magic: SignatureMagic.derEntitlements, name: "DER entitlements (slot 7)")
        {
            switch DEREntitlements.decode(payload, path: path) {
            case .success(let value): entitlementsDER = value
            case .failure(let error): problems.append("The DER entitlements (slot 7) cannot be read: \(error.message).")
            }
        }
    }

    /// The magic and length of the blob at `offset`, checked; nil (with a problem) when wrong.
    mutating func blobLength(at offset: Int, magic expected: UInt32, name: String) throws(AppManifestError) -> Int? {
        let header = try bytes(offset, 8)
        let magic = header.bigEndian32(at: 0)
        let length = Int(header.bigEndian32(at: 4))
        guard magic == expected else {
            problems.append("The \(name) blob has magic \(hex32(magic)), not \(hex32(expected)).")
            return nil
        }
        guard length >= 8, length <= limit - offset else {
            problems.append(
                "The \(name) blob at offset \(offset) says it is \(length) bytes, which does not fit in the code "
                    + "signature's "
                    + "\(limit) bytes.")
            return nil
        }
        return length
    }

    /// An entitlements blob's payload (after its 8-byte header), bounded by the entitlements limit.
    mutating func payload(at offset: Int, magic: UInt32, name: String) throws(AppManifestError) -> [UInt8]? {
        guard let length = try blobLength(at: offset, magic: magic, name: name) else { return nil }
        guard length <= CodeSignature.maximumEntitlementsSize else {
            problems.append(
                "The \(name) blob is \(length) bytes, more than any real one "
                    + "(limit \(CodeSignature.maximumEntitlementsSize)); "
                    + "not read.")
            return nil
        }
        return try bytes(offset + 8, length - 8)
    }

    mutating func readXML(_ payload: [UInt8]) {
        switch PropertyList.read(Data(payload)) {
        case .failure(let error):
            problems.append("The XML entitlements (slot 5) are not a property list: \(error).")
        case .success((.object(let members), .xml)):
            entitlementsXML = .object(members)
        case .success((.object, let format)):
            // PropertyList also reads binary, OpenStep and JSON text; the system reads this slot as XML.
            problems.append("The XML entitlements (slot 5) are written as \(format.rawValue), not XML; not read.")
        case .success((let other, _)):
            problems.append("The XML entitlements (slot 5) hold \(other.typeName), not a dictionary.")
        }
    }

    /// The code directory's fixed header only: its identifier and team identifier, not its hashes.
    mutating func readCodeDirectory(at offset: Int) throws(AppManifestError) {
        let name = "code directory (slot 0)"
        guard let length = try blobLength(at: offset, magic: SignatureMagic.codeDirectory, name: name) else { return }
        // Through `spare2` (version 0x20001) the header is 44 bytes; `scatterOffset` and `teamOffset` follow.
        guard length >= 44 else {
            problems.append("The \(name) is \(length) bytes, too short for its header.")
            return
        }
        let header = try bytes(offset, min(length, 52))
        let version = header.bigEndian32(at: 8)
        identifier = try string(in: offset, length: length, at: Int(header.bigEndian32(at: 20)), name: "identifier")
        guard version >= 0x20200 else { return }
        guard length >= 52 else {
            problems.append(
                "The \(name) says version \(hex32(version)) but is \(length) bytes, too short for a team offset.")
            return
        }
        let teamOffset = Int(header.bigEndian32(at: 48))
        if teamOffset != 0 {
            teamIdentifier = try string(in: offset, length: length, at: teamOffset, name: "team identifier")
        }
    }

    /// A NUL-terminated UTF-8 string at `field` inside the code directory at `blob`, read at most
    /// `maximumStringLength` bytes at a time.
    mutating func string(in blob: Int, length: Int, at field: Int, name: String) throws(AppManifestError) -> String? {
        guard field >= 8, field < length else {
            problems.append("The code directory's \(name) offset \(field) lies outside its \(length) bytes.")
            return nil
        }
        let bytes = try bytes(blob + field, min(CodeSignature.maximumStringLength, length - field))
        guard let end = bytes.firstIndex(of: 0) else {
            problems.append("The code directory's \(name) has no terminating NUL within \(bytes.count) bytes.")
            return nil
        }
        guard let text = String(validUTF8: bytes[..<end]) else {
            problems.append("The code directory's \(name) is not UTF-8.")
            return nil
        }
        return text
    }
}
