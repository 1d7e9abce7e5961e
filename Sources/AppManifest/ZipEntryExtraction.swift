import Foundation
import ZIPFoundation

/// Copies one archive entry into a new file, bounded: nothing is written past `limit` or past the
/// size the directory declares, and the copy is checked against the declared size and CRC-32.
///
/// Stored entries are copied a chunk at a time; deflated ones go through ZIPFoundation's inflate
/// (`Data.decompress`), fed by a provider that hands over the entry's compressed bytes and nothing
/// after them. ZIPFoundation's own `Archive.extract` is not used: on Linux its inflate loop reads on
/// past the entry to the end of the file and then spins for ever on a deflate stream that has not
/// ended (a truncated or crafted entry hangs it), and it tells zlib a whole buffer is available when
/// the last read was short.
struct ZipEntryExtraction {
    static let chunkSize = 64 * 1024

    let reader: ZipReader
    /// The entry's name in messages: `Payload/Shop.app/Info.plist`.
    let name: String

    func fail(_ message: String) -> AppManifestError { AppManifestError(reader.label, "\(name): \(message)") }

    /// Writes the entry to `file`, which must not exist yet. `accepts` sees the first 4 bytes (or
    /// all, when fewer): when it refuses them, only those bytes are written and the rest is never
    /// inflated, so that a file that cannot be what it should be (an executable that is not Mach-O)
    /// costs nothing. Runs of zeros are not written but skipped, leaving a hole: a bomb of zeros
    /// takes no disk.
    func extract(
        _ record: ZipDirectory.Record, to file: URL, limit: Int, accepts: (([UInt8]) -> Bool)? = nil
    ) throws(AppManifestError) {
        guard record.uncompressedSize <= limit else {
            throw fail(
                "declares \(record.uncompressedSize) bytes: larger than any real one (limit \(limit)); not extracted")
        }
        guard record.method == 0 || record.method == 8 else {
            throw fail("compression method \(record.method): only stored (0) and deflated (8) entries can be read")
        }
        // Created exclusively: never over a file already extracted (CFBundleExecutable may say
        // `Info.plist`), nor through a link someone put in the new folder.
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else {
            throw fail("cannot create \(file.path): \(String(cString: strerror(errno)))")
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        defer { try? handle.close() }
        var written = 0
        var head: [UInt8] = []
        var refused = false
        // Each chunk is counted before it is written, so a bomb stops at the first chunk too many.
        let consume = { (chunk: Data) throws(AppManifestError) in
            if let accepts, head.count < 4 {
                head += chunk.prefix(4 - head.count)
                if head.count == 4 || written + chunk.count == record.uncompressedSize, !accepts(head) {
                    refused = true
                    throw fail("refused by its first bytes")
                }
            }
            written += chunk.count
            guard written <= record.uncompressedSize else {
                throw fail("inflates past the \(record.uncompressedSize) bytes its directory entry declares: refused")
            }
            do {
                if Self.isAllZeros(chunk) {
                    try handle.seek(toOffset: UInt64(written))
                } else {
                    try handle.write(contentsOf: chunk)
                }
            } catch {
                throw fail("cannot write \(file.path): \(error.localizedDescription)")
            }
        }
        let crc32: UInt32
        do {
            crc32 = if record.method == 0 { try copyStored(record, consume) } else { try inflate(record, consume) }
        } catch {
            guard refused else { throw error }
            do {
                try handle.seek(toOffset: 0)
                try handle.write(contentsOf: Data(head))
                try handle.truncate(atOffset: UInt64(head.count))
            } catch {
                throw fail("cannot write \(file.path): \(error.localizedDescription)")
            }
            return
        }
        // A trailing hole has no size until the file is cut to its length.
        do { try handle.truncate(atOffset: UInt64(written)) } catch {
            throw fail("cannot write \(file.path): \(error.localizedDescription)")
        }
        guard written == record.uncompressedSize else {
            throw fail("holds \(written) bytes where its directory entry declares \(record.uncompressedSize): damaged")
        }
        guard crc32 == record.crc32 else {
            throw fail(
                "CRC-32 \(String(crc32, radix: 16)) where its directory entry declares "
                    + "\(String(record.crc32, radix: 16)): damaged")
        }
    }

    func copyStored(
        _ record: ZipDirectory.Record, _ consume: (Data) throws(AppManifestError) -> Void
    ) throws(AppManifestError) -> UInt32 {
        var crc32: UInt32 = 0
        var offset = 0
        while offset < record.compressedSize {
            let count = min(Self.chunkSize, record.compressedSize - offset)
            let chunk = try reader.read(at: record.dataOffset + offset, count: count)
            crc32 = chunk.crc32(checksum: crc32)
            try consume(chunk)
            offset += count
        }
        return crc32
    }

    func inflate(
        _ record: ZipDirectory.Record, _ consume: (Data) throws(AppManifestError) -> Void
    ) throws(AppManifestError) -> UInt32 {
        // No deflate stream is empty (an empty file deflates to two bytes); some writers still
        // record an empty file as deflated with no data.
        guard record.compressedSize > 0 else {
            guard record.uncompressedSize == 0 else { throw fail("deflated, with no compressed data: damaged") }
            return 0
        }
        // ZIPFoundation hands zlib `bufferSize` bytes of input whatever the provider returned, so
        // every chunk must be that long. An entry that fits in one buffer gets a buffer of exactly
        // its size; a larger entry's last chunk is padded with zeros.
        let bufferSize = min(record.compressedSize, Self.chunkSize)
        var given = 0
        // The compressed bytes and no more: a read past them means the deflate stream did not end
        // inside the entry, an error where ZIPFoundation's own reader would loop for ever. Padding
        // is only consumed by a stream that runs past its entry; its output is counted like any
        // other, so such an entry ends in this error, in the size check, or in the CRC check.
        let provide = { (_: Int64, size: Int) throws -> Data in
            let remaining = record.compressedSize - given
            guard remaining > 0 || size == 0 else {
                throw fail("its deflate stream does not end within its \(record.compressedSize) bytes: damaged")
            }
            let count = min(size, remaining)
            var chunk = try reader.read(at: record.dataOffset + given, count: count)
            given += count
            if chunk.count < size { chunk.append(Data(count: size - chunk.count)) }
            return chunk
        }
        do {
            return try Data.decompress(
                size: Int64(record.compressedSize), bufferSize: bufferSize, skipCRC32: false, provider: provide,
                consumer: { chunk in try consume(chunk) })
        } catch let error as AppManifestError {
            throw error
        } catch {
            throw fail("damaged deflate data (\(error))")
        }
    }

    /// Whether every byte of `data` is zero, eight at a time (a byte-by-byte look at a 100 MB
    /// executable costs a third of a second).
    static func isAllZeros(_ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset + 8 <= raw.count {
                if raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != 0 { return false }
                offset += 8
            }
            while offset < raw.count {
                if raw[offset] != 0 { return false }
                offset += 1
            }
            return true
        }
    }
}
