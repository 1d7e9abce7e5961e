import Foundation

/// Where an archive's bytes are: a file, read a range at a time, or bytes already in memory.
enum ZipSource: Sendable {
    case file(URL)
    case memory(Data)
}

/// An archive opened for reading byte ranges. Every read is checked against the size the archive
/// had when it was opened, so that no offset taken from the archive itself can reach past its end.
final class ZipReader {
    /// What errors name: the file's path, or a stand-in for bytes in memory.
    let label: String
    let size: Int
    private let data: Data?
    private let handle: FileHandle?

    init(_ source: ZipSource, label: String) throws(AppManifestError) {
        self.label = label
        switch source {
        case .memory(let bytes):
            data = bytes
            handle = nil
            size = bytes.count
        case .file(let url):
            // Only a regular file (a link to one is followed): a folder, a FIFO or a device would
            // read as nothing or block.
            let attributes = try? FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path)
            guard let attributes else { throw AppManifestError(label, "cannot read the file") }
            guard attributes[.type] as? FileAttributeType == .typeRegular else {
                throw AppManifestError(label, "not a regular file")
            }
            guard let opened = try? FileHandle(forReadingFrom: url), let end = try? opened.seekToEnd(),
                let length = Int(exactly: end)
            else {
                throw AppManifestError(label, "cannot read the file")
            }
            data = nil
            handle = opened
            size = length
        }
    }

    deinit { try? handle?.close() }

    /// `count` bytes at `offset`; an error when the range is not wholly inside the archive.
    func read(at offset: Int, count: Int) throws(AppManifestError) -> Data {
        guard offset >= 0, count >= 0, offset <= size, count <= size - offset else {
            throw AppManifestError(
                label, "a read of \(count) bytes at offset \(offset) runs past the end (\(size) bytes)")
        }
        if let data {
            let start = data.startIndex + offset
            return data.subdata(in: start..<start + count)
        }
        guard let handle else { throw AppManifestError(label, "cannot read the file") }
        do {
            try handle.seek(toOffset: UInt64(offset))
            let bytes = try handle.read(upToCount: count) ?? Data()
            // The file shrank after it was opened: its directory no longer describes it.
            guard bytes.count == count else { throw AppManifestError(label, "the file changed while it was read") }
            return bytes
        } catch let error as AppManifestError {
            throw error
        } catch {
            throw AppManifestError(label, "cannot read the file: \(error.localizedDescription)")
        }
    }
}
