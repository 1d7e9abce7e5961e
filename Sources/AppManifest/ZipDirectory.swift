import Foundation

/// A zip archive's central directory, read and checked before ZIPFoundation sees the archive.
///
/// ZIPFoundation 0.9.20 trusts the numbers an archive holds. On hostile bytes it can trap, hang or
/// read out of bounds: it scans the whole file backwards for the end record (a 1 GB file of zeros
/// takes a billion seeks), converts 64-bit sizes and offsets to `off_t`/`Int64` unchecked (a trap),
/// adds them unchecked (an overflow trap), its in-memory archives trap when a read starts past the
/// end (a directory that points outside the file), and it stops listing at the first encrypted
/// entry. So everything it would follow is checked here first: the end record sits in the last
/// 64 KiB as the format requires; no ZIP64 record or field (every size and offset then fits in 32
/// bits); the directory lies before the end record; every entry's local header has its signature,
/// the same name and compression method, and its data lies before the directory. An archive that
/// passes is one ZIPFoundation reads without following a number outside the file.
struct ZipDirectory {
    /// One entry as the central directory declares it, its local header checked.
    struct Record: Sendable {
        /// The position in the central directory.
        let index: Int
        let name: [UInt8]
        let flags: UInt16
        /// 0 stored, 8 deflated; other methods are listed but cannot be extracted.
        let method: UInt16
        let crc32: UInt32
        let compressedSize: Int
        let uncompressedSize: Int
        /// Where the entry's (compressed) bytes start.
        let dataOffset: Int
    }

    /// The largest central directory read: 64 MiB holds the names of far more entries than any
    /// real app has, and a larger one is refused before it is read.
    static let maximumDirectorySize = 64 * 1_048_576

    let records: [Record]

    init(_ reader: ZipReader) throws(AppManifestError) {
        let end = try Self.endRecord(reader)
        let fail = { (message: String) in AppManifestError(reader.label, message) }
        guard end.directoryOffset <= end.offset, end.directorySize <= end.offset - end.directoryOffset else {
            throw fail(
                "the central directory (\(end.directorySize) bytes at offset \(end.directoryOffset)) does not lie "
                    + "before the end record at \(end.offset): the directory lies or the file is truncated")
        }
        guard end.directorySize <= Self.maximumDirectorySize else {
            throw fail("a central directory of \(end.directorySize) bytes: larger than any real one; not read")
        }
        let directory = [UInt8](try reader.read(at: end.directoryOffset, count: end.directorySize))
        var records: [Record] = []
        var position = 0
        for index in 0..<end.entryCount {
            let record = try Self.centralRecord(
                directory, at: &position, index: index, dataLimit: end.directoryOffset, reader: reader)
            records.append(record)
        }
        self.records = records
    }

    // MARK: - End of central directory

    struct EndRecord {
        let offset: Int
        let entryCount: Int
        let directorySize: Int
        let directoryOffset: Int
    }

    /// The end record, found where ZIPFoundation finds it: the last signature that leaves room for
    /// the 22-byte record, searched only in the last 22 + 65,535 bytes (the comment's maximum).
    static func endRecord(_ reader: ZipReader) throws(AppManifestError) -> EndRecord {
        let fail = { (message: String) in AppManifestError(reader.label, message) }
        guard reader.size >= 22 else {
            throw fail("\(reader.size) bytes: too short to be a zip archive")
        }
        let tailStart = max(0, reader.size - 22 - 65_535)
        let tail = [UInt8](try reader.read(at: tailStart, count: reader.size - tailStart))
        var found: Int?
        var candidate = tail.count - 22
        while candidate >= 0 {
            if tail.uint32(at: candidate) == 0x0605_4B50 {
                found = candidate
                break
            }
            candidate -= 1
        }
        guard let local = found else {
            throw fail(
                "not a zip archive: no end-of-central-directory record in its last 64 KiB (truncated or not a zip)")
        }
        let commentLength = Int(tail.uint16(at: local + 20))
        guard local + 22 + commentLength <= tail.count else {
            throw fail("the end record's comment runs past the end of the file: truncated")
        }
        let offset = tailStart + local
        // ZIPFoundation switches to ZIP64 when a locator sits right before the end record.
        if offset >= 20, try reader.read(at: offset - 20, count: 4) == Data([0x50, 0x4B, 0x06, 0x07]) {
            throw fail("a ZIP64 archive (over 4 GiB or 65,535 entries): not supported")
        }
        let disk = tail.uint16(at: local + 4)
        let directoryDisk = tail.uint16(at: local + 6)
        let entriesOnDisk = tail.uint16(at: local + 8)
        let entries = tail.uint16(at: local + 10)
        let directorySize = tail.uint32(at: local + 12)
        let directoryOffset = tail.uint32(at: local + 16)
        guard entries != 0xFFFF, directorySize != 0xFFFF_FFFF, directoryOffset != 0xFFFF_FFFF else {
            throw fail("a ZIP64 archive (over 4 GiB or 65,535 entries): not supported")
        }
        guard disk == 0, directoryDisk == 0, entriesOnDisk == entries else {
            throw fail("a multi-part (spanned) zip archive: not supported")
        }
        return EndRecord(
            offset: offset, entryCount: Int(entries), directorySize: Int(directorySize),
            directoryOffset: Int(directoryOffset))
    }

    // MARK: - Entries

    /// The central directory record at `position` (advanced past it), with its local header checked.
    static func centralRecord(
        _ directory: [UInt8], at position: inout Int, index: Int, dataLimit: Int, reader: ZipReader
    ) throws(AppManifestError) -> Record {
        let start = position
        let fail = { (message: String) in
            AppManifestError(reader.label, "central directory entry \(index + 1): \(message)")
        }
        guard directory.count - start >= 46, directory.uint32(at: start) == 0x0201_4B50 else {
            throw fail("missing (the end record counts more entries than the directory holds)")
        }
        let flags = directory.uint16(at: start + 8)
        let method = directory.uint16(at: start + 10)
        let crc32 = directory.uint32(at: start + 16)
        let compressed = directory.uint32(at: start + 20)
        let uncompressed = directory.uint32(at: start + 24)
        let nameLength = Int(directory.uint16(at: start + 28))
        let extraLength = Int(directory.uint16(at: start + 30))
        let commentLength = Int(directory.uint16(at: start + 32))
        let diskStart = directory.uint16(at: start + 34)
        let localOffset = directory.uint32(at: start + 42)
        let end = start + 46 + nameLength + extraLength + commentLength
        guard end <= directory.count else { throw fail("runs past the end of the central directory") }
        position = end
        let name = Array(directory[start + 46..<start + 46 + nameLength])
        let shownName = String(decoding: name, as: UTF8.self)
        // ZIPFoundation ends its listing at an encrypted entry, hiding the ones after it.
        guard flags & 1 == 0 else { throw fail("\(shownName) is encrypted: not supported") }
        guard compressed != 0xFFFF_FFFF, uncompressed != 0xFFFF_FFFF, localOffset != 0xFFFF_FFFF, diskStart != 0xFFFF
        else { throw fail("\(shownName) uses ZIP64 fields: not supported") }
        guard diskStart == 0 else { throw fail("\(shownName) starts on another disk: not supported") }
        // ZIPFoundation finds a stored entry's data descriptor after its uncompressed size.
        guard method != 0 || compressed == uncompressed else {
            throw fail(
                "\(shownName) is stored but declares \(compressed) bytes stored and \(uncompressed) bytes of content")
        }
        let dataOffset = try localHeader(
            at: Int(localOffset), name: name, method: method, dataLimit: dataLimit, reader: reader, fail: fail)
        guard Int(compressed) <= dataLimit - dataOffset else {
            throw fail("\(shownName)'s \(compressed) bytes of data run into the central directory: the directory lies")
        }
        return Record(
            index: index, name: name, flags: flags, method: method, crc32: crc32, compressedSize: Int(compressed),
            uncompressedSize: Int(uncompressed), dataOffset: dataOffset)
    }

    /// Checks the local header the directory points at and returns where the entry's data starts.
    static func localHeader(
        at offset: Int, name: [UInt8], method: UInt16, dataLimit: Int, reader: ZipReader,
        fail: (String) -> AppManifestError
    ) throws(AppManifestError) -> Int {
        let shownName = String(decoding: name, as: UTF8.self)
        guard offset <= dataLimit - 30 else {
            throw fail(
                "\(shownName)'s local header (offset \(offset)) is not before the central directory: "
                    + "the directory lies")
        }
        let header = [UInt8](try reader.read(at: offset, count: 30))
        guard header.uint32(at: 0) == 0x0403_4B50 else {
            throw fail("no local header at offset \(offset) for \(shownName): the directory lies")
        }
        let nameLength = Int(header.uint16(at: 26))
        let extraLength = Int(header.uint16(at: 28))
        let dataOffset = offset + 30 + nameLength + extraLength
        guard dataOffset <= dataLimit else {
            throw fail("\(shownName)'s local header runs into the central directory")
        }
        guard [UInt8](try reader.read(at: offset + 30, count: nameLength)) == name else {
            throw fail("the local header at offset \(offset) names another file than \(shownName): the directory lies")
        }
        guard header.uint16(at: 8) == method else {
            throw fail("\(shownName)'s local header and directory entry give different compression methods")
        }
        return dataOffset
    }
}

extension [UInt8] {
    /// The little-endian value at `offset`; the caller has checked the bytes are there.
    func uint16(at offset: Int) -> UInt16 { UInt16(self[offset]) | UInt16(self[offset + 1]) << 8 }

    func uint32(at offset: Int) -> UInt32 {
        UInt32(self[offset]) | UInt32(self[offset + 1]) << 8 | UInt32(self[offset + 2]) << 16
            | UInt32(self[offset + 3]) << 24
    }
}
