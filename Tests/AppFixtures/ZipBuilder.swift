import Foundation
import ZIPFoundation

/// Builds zip archives (`.ipa` files) with ZIPFoundation, and damages them on purpose: cut short,
/// or with a central directory that lies about an entry.
public enum ZipBuilder {
    /// One entry of an archive to build.
    public struct Entry: Sendable {
        /// What an entry is: a file, a folder or a symbolic link.
        public enum Kind: Sendable {
            /// A file with these contents.
            case file(Data)
            /// A folder.
            case directory
            /// A symbolic link to `target`.
            case symbolicLink(target: String)
        }

        /// The entry's path in the archive; a folder's ends in `/`.
        public var path: String
        /// What the entry is.
        public var kind: Kind
        /// Deflated (method 8) or stored (method 0); folders and links are always stored.
        public var deflated: Bool

        /// A file at `path` with `contents`, deflated unless `deflated` is false.
        public static func file(_ path: String, _ contents: Data, deflated: Bool = true) -> Entry {
            Entry(path: path, kind: .file(contents), deflated: deflated)
        }

        /// A folder at `path`, with a `/` added at the end if it has none.
        public static func directory(_ path: String) -> Entry {
            Entry(path: path.hasSuffix("/") ? path : path + "/", kind: .directory, deflated: false)
        }

        /// A symbolic link at `path` to `target`.
        public static func symbolicLink(_ path: String, to target: String) -> Entry {
            Entry(path: path, kind: .symbolicLink(target: target), deflated: false)
        }
    }

    /// The archive's bytes, the entries in the order given.
    public static func archive(_ entries: [Entry]) throws -> Data {
        let archive = try Archive(accessMode: .create)
        for entry in entries {
            switch entry.kind {
            case .file(let contents):
                try archive.addEntry(
                    with: entry.path, type: .file, uncompressedSize: Int64(contents.count),
                    compressionMethod: entry.deflated ? .deflate : .none
                ) { (position: Int64, size: Int) in
                    contents.subdata(in: Int(position)..<Int(position) + size)
                }
            case .directory:
                try archive.addEntry(with: entry.path, type: .directory, uncompressedSize: Int64(0)) {
                    (_: Int64, _: Int) in Data()
                }
            case .symbolicLink(let target):
                let bytes = Data(target.utf8)
                try archive.addEntry(with: entry.path, type: .symlink, uncompressedSize: Int64(bytes.count)) {
                    (_: Int64, _: Int) in bytes
                }
            }
        }
        guard let data = archive.data else { throw FixtureError("ZIPFoundation returned no archive data") }
        return data
    }

    /// An `.ipa`: `Payload/<app>/` with Info.plist, and `files` beside it (names relative to the app).
    public static func ipa(
        app: String = "Shop.app", infoPlist: Data, files: [(name: String, contents: Data)] = [], deflated: Bool = true
    ) throws -> Data {
        var entries: [Entry] = [.directory("Payload/"), .directory("Payload/\(app)/")]
        entries.append(.file("Payload/\(app)/Info.plist", infoPlist, deflated: deflated))
        for (name, contents) in files { entries.append(.file("Payload/\(app)/\(name)", contents, deflated: deflated)) }
        return try archive(entries)
    }

    // MARK: - Damage

    /// The first `length` bytes, as a download cut short leaves them.
    public static func truncated(_ data: Data, at length: Int) -> Data { data.prefix(length) }

    /// A lie the central directory can tell.
    public enum Lie: Sendable {
        /// The entry's directory record declares this uncompressed size.
        case uncompressedSize(UInt32)
        /// The entry's directory record declares this CRC-32.
        case crc32(UInt32)
        /// The entry's directory record points at this offset for its local header.
        case localHeaderOffset(UInt32)
        /// The entry's directory record and local header both declare this compression method
        /// (stored bytes then read as deflate data, say).
        case compressionMethod(UInt16)
        /// The entry's directory record declares these general-purpose flags (bit 0: encrypted).
        case flags(UInt16)
        /// The entry's directory record declares these external attributes (Unix mode in the high 16 bits).
        case externalAttributes(UInt32)
        /// The end record counts this many entries.
        case entryCount(UInt16)
        /// The end record places the central directory at this offset.
        case directoryOffset(UInt32)
    }

    /// The archive with its central directory (or end record) patched to tell `lie` about the entry at `path`.
    public static func lying(_ data: Data, about path: String = "", _ lie: Lie) throws -> Data {
        var bytes = [UInt8](data)
        guard let end = (0...(bytes.count - 22)).reversed().first(where: { bytes.le32($0) == 0x0605_4B50 }) else {
            throw FixtureError("no end record")
        }
        switch lie {
        case .entryCount(let count):
            bytes.put16(count, at: end + 8)
            bytes.put16(count, at: end + 10)
            return Data(bytes)
        case .directoryOffset(let offset):
            bytes.put32(offset, at: end + 16)
            return Data(bytes)
        default: break
        }
        var position = Int(bytes.le32(end + 16))
        for _ in 0..<Int(bytes.le16(end + 10)) {
            let nameLength = Int(bytes.le16(position + 28))
            let length = 46 + nameLength + Int(bytes.le16(position + 30)) + Int(bytes.le16(position + 32))
            if String(decoding: bytes[position + 46..<position + 46 + nameLength], as: UTF8.self) == path {
                switch lie {
                case .uncompressedSize(let size): bytes.put32(size, at: position + 24)
                case .crc32(let crc): bytes.put32(crc, at: position + 16)
                case .localHeaderOffset(let offset): bytes.put32(offset, at: position + 42)
                case .compressionMethod(let method):
                    bytes.put16(method, at: position + 10)
                    bytes.put16(method, at: Int(bytes.le32(position + 42)) + 8)
                case .flags(let flags): bytes.put16(flags, at: position + 8)
                case .externalAttributes(let attributes):
                    bytes.put16(0x0314, at: position + 4)  // made by Unix, so that the mode counts
                    bytes.put32(attributes, at: position + 38)
                case .entryCount, .directoryOffset: break
                }
                return Data(bytes)
            }
            position += length
        }
        throw FixtureError("no entry \(path)")
    }
}

extension [UInt8] {
    func le16(_ offset: Int) -> UInt16 { UInt16(self[offset]) | UInt16(self[offset + 1]) << 8 }
    func le32(_ offset: Int) -> UInt32 { UInt32(le16(offset)) | UInt32(le16(offset + 2)) << 16 }
    mutating func put16(_ value: UInt16, at offset: Int) {
        self[offset] = UInt8(value & 0xFF)
        self[offset + 1] = UInt8(value >> 8)
    }
    mutating func put32(_ value: UInt32, at offset: Int) {
        put16(UInt16(value & 0xFFFF), at: offset)
        put16(UInt16(value >> 16), at: offset + 2)
    }
}
