import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Random access to the bytes of a file or a buffer: readers ask for the few ranges they need, so
/// that a large executable is never loaded whole.
public protocol ByteSource {
    /// The number of bytes there are.
    var size: Int { get }
    /// `count` bytes from `offset`; a range that is not wholly inside `0..<size` is an error.
    func bytes(at offset: Int, count: Int) throws(AppManifestError) -> [UInt8]
}

extension ByteSource {
    /// Whether `offset..<offset + count` lies inside the source, without overflowing.
    func contains(offset: Int, count: Int) -> Bool {
        offset >= 0 && count >= 0 && offset <= size && count <= size - offset
    }
}

/// A file read with `pread` on a file descriptor held open: only the ranges asked for are read.
public final class FileBytes: ByteSource {
    /// The file.
    public let url: URL
    /// The file's size in bytes when it was opened.
    public let size: Int
    /// The bytes read so far, all requests added up.
    public private(set) var bytesRead = 0
    private let descriptor: Int32

    /// Opens a regular file for reading; an error says why it cannot be.
    public init(url: URL) throws(AppManifestError) {
        self.url = url
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw AppManifestError(url.path, "cannot open: \(Self.errorText())") }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let text = Self.errorText()
            close(descriptor)
            throw AppManifestError(url.path, "cannot read: \(text)")
        }
        // A directory opens too, and a device or a pipe has no size worth trusting.
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw AppManifestError(url.path, "not a regular file")
        }
        self.descriptor = descriptor
        self.size = Int(status.st_size)
    }

    deinit { close(descriptor) }

    /// Reads `count` bytes from `offset` with `pread`; an error when the range is not wholly inside
    /// the file or the read fails.
    public func bytes(at offset: Int, count: Int) throws(AppManifestError) -> [UInt8] {
        guard contains(offset: offset, count: count) else {
            throw AppManifestError(
                url.path, "cannot read \(count) bytes at offset \(offset): the file has \(size) bytes")
        }
        var failure: String?
        let result = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var done = 0
            while done < count {
                let got = pread(descriptor, buffer.baseAddress.map { $0 + done }, count - done, off_t(offset + done))
                if got > 0 {
                    done += got
                } else if got < 0, errno == EINTR {
                    continue
                } else {
                    // The file shrank since it was opened, or the device failed.
                    failure = got == 0 ? "the file ended early (was it changed while being read?)" : Self.errorText()
                    break
                }
            }
            initialized = done
        }
        bytesRead += result.count
        if let failure {
            throw AppManifestError(url.path, "cannot read \(count) bytes at offset \(offset): \(failure)")
        }
        return result
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}

/// Bytes already in memory, read through the same interface as a file.
public struct MemoryBytes: ByteSource, Sendable {
    /// The bytes.
    public let storage: [UInt8]

    /// A source over `bytes`.
    public init(_ bytes: [UInt8]) { storage = bytes }

    /// The number of bytes.
    public var size: Int { storage.count }

    /// Returns `count` bytes from `offset`; an error when the range is not wholly inside the bytes.
    public func bytes(at offset: Int, count: Int) throws(AppManifestError) -> [UInt8] {
        guard contains(offset: offset, count: count) else {
            throw AppManifestError(
                "(memory)", "cannot read \(count) bytes at offset \(offset): there are \(size) bytes")
        }
        return Array(storage[offset..<offset + count])
    }
}
