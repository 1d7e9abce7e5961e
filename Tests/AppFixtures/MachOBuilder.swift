import Foundation

/// A real Mach-O executable made at test time: a header, the load commands a linker writes
/// (`__PAGEZERO`, `__TEXT`, `__LINKEDIT`, `LC_MAIN`, `LC_CODE_SIGNATURE`), a little code, and an
/// embedded signature at the end of `__LINKEDIT`.
///
/// Thin (32- or 64-bit, either byte order) or, with `fat(_:format:alignment:)`, universal.
/// `write(to:totalSize:)` makes a large file sparse: the header at the start, the signature at the end,
/// a hole between that costs no disk.
public struct MachOBuilder: Sendable {
    /// The architectures the builder writes, with their CPU type and subtype.
    public enum Architecture: String, Sendable, CaseIterable {
        // swift-format-ignore: AlwaysUseLowerCamelCase
        // (the architectures' own names, as lipo writes them)
        /// An architecture by the name `lipo` gives it, which is also the raw value.
        case arm64, arm64e, x86_64, armv7, armv7s, i386

        /// The `cputype` (`mach/machine.h`) that the header and a fat entry hold: `CPU_TYPE_ARM64`,
        /// `CPU_TYPE_X86_64`, `CPU_TYPE_ARM` or `CPU_TYPE_X86`.
        public var cpuType: UInt32 {
            switch self {
            case .arm64, .arm64e: 0x0100_000c
            case .x86_64: 0x0100_0007
            case .armv7, .armv7s: 12
            case .i386: 7
            }
        }

        /// The `cpusubtype` (`mach/machine.h`) that the header and a fat entry hold.
        public var cpuSubtype: UInt32 {
            switch self {
            case .arm64: 0
            case .arm64e: 0x8000_0002  // pointer-authentication ABI bit set, as Xcode writes it
            case .x86_64, .i386: 3
            case .armv7: 9
            case .armv7s: 11
            }
        }

        /// Whether the CPU type has the 64-bit ABI bit (`CPU_ARCH_ABI64`): a 64-bit header and segments.
        public var is64Bit: Bool { cpuType & 0x0100_0000 != 0 }
    }

    /// Which universal header: 32-bit offsets (`FAT_MAGIC`) or 64-bit ones (`FAT_MAGIC_64`).
    public enum FatFormat: Sendable {
        /// A universal header: `fat32` is `FAT_MAGIC` (0xcafebabe) with `fat_arch` entries, `fat64` is
        /// `FAT_MAGIC_64` (0xcafebabf) with `fat_arch_64` ones.
        case fat32, fat64
    }

    /// Where the fields a test may want to change sit in the built bytes.
    public struct Layout: Sendable {
        /// The Mach-O header's size: 28 bytes, or 32 in a 64-bit file.
        public let headerSize: Int
        /// The offset of `ncmds` in the header.
        public let commandCountOffset: Int
        /// The offset of `sizeofcmds` in the header.
        public let commandsSizeOffset: Int
        /// Offset of the `linkedit_data_command` (its `dataoff` is 8 bytes in, `datasize` 12); nil unsigned.
        public let codeSignatureCommandOffset: Int?
        /// The signature's place in the file (`dataoff`); nil unsigned.
        public let signatureOffset: Int?
        /// The signature's size, padding included (`datasize`); nil unsigned.
        public let signatureSize: Int?
        /// The super blob's own length (at most `signatureSize`, which is padded).
        public let superBlobLength: Int?
        /// The index of the super blob, in order: each slot and its blob's offset from the super blob.
        public let signatureIndex: [(slot: UInt32, offset: Int)]
        /// The file's size in bytes.
        public let totalSize: Int
    }

    /// An executable's parts: the bytes at its start, the signature, and zeros elsewhere.
    public struct Parts: Sendable {
        /// The bytes from the start of the file to the end of `__TEXT`: header, load commands, code.
        public let head: [UInt8]
        /// The super blob, which goes at `layout.signatureOffset`; empty when unsigned.
        public let signature: [UInt8]
        /// Where the fields and the signature sit in the file.
        public let layout: Layout

        /// The whole file in memory.
        public var bytes: [UInt8] {
            var bytes = head
            if let offset = layout.signatureOffset {
                bytes += [UInt8](repeating: 0, count: offset - head.count)
                bytes += signature
            }
            bytes += [UInt8](repeating: 0, count: layout.totalSize - bytes.count)
            return bytes
        }
    }

    /// The CPU the executable is for; it also chooses between the 32- and the 64-bit layout.
    public var architecture: Architecture
    /// Whether to write the header and load commands big-endian (magic `0xfeedface`/`0xfeedfacf` as bytes).
    public var bigEndian: Bool
    /// The embedded signature; nil makes an unsigned executable, with no `LC_CODE_SIGNATURE`.
    public var signature: CodeSignatureBuilder?
    /// Bytes of (fake) code after the load commands.
    public var codeSize = 256
    /// C strings after the code, in `__TEXT`, as Swift stores its string literals longer than 15 bytes.
    public var strings: [String] = []

    /// An executable for `architecture`, signed by `signature` (nil for none), little-endian unless
    /// `bigEndian`.
    public init(
        _ architecture: Architecture = .arm64, signature: CodeSignatureBuilder? = CodeSignatureBuilder(),
        bigEndian: Bool = false
    ) {
        self.architecture = architecture
        self.signature = signature
        self.bigEndian = bigEndian
    }

    static let segmentCommand32: UInt32 = 0x1, segmentCommand64: UInt32 = 0x19
    static let mainCommand: UInt32 = 0x8000_0028, codeSignatureCommand: UInt32 = 0x1d

    /// The executable as parts; `totalSize` (when larger than needed) puts the signature at the end
    /// of a file that long.
    public func parts(totalSize requested: Int? = nil) throws(MachOFixtureError) -> Parts {
        let is64 = architecture.is64Bit
        let headerSize = is64 ? 32 : 28
        let segmentSize = is64 ? 72 : 56
        let commandsSize = 3 * segmentSize + 24 + (signature == nil ? 0 : 16)
        let commandCount = signature == nil ? 4 : 5
        let codeStart = headerSize + commandsSize
        let cStrings: [UInt8] = strings.flatMap { Array($0.utf8) + [0] }
        let textEnd = (codeStart + codeSize + cStrings.count + 15) / 16 * 16

        // The signature's size depends on how many code pages it hashes, which depends on where it
        // starts: size it for the largest start, place it, and pad (as codesign pads too).
        var signatureOffset: Int?
        var signatureSize: Int?
        var total = max(textEnd, requested ?? 0)
        if let signature {
            let largest = try signature.superBlobSize(codeLimit: max(textEnd, requested ?? 0))
            let padded = (largest + 15) / 16 * 16
            let offset = requested.map { max(textEnd, ($0 - padded) / 16 * 16) } ?? textEnd
            signatureOffset = offset
            total = max(offset + padded, requested ?? 0)
            signatureSize = total - offset
        }
        if let requested, total > requested {
            throw MachOFixtureError("\(requested) bytes is too small for this executable (\(total) needed)")
        }

        var head: [UInt8] = []
        func word(_ value: UInt32) { head += bigEndian ? Self.be32(value) : Self.le32(value) }
        func address(_ value: UInt64) {
            if is64 {
                head += bigEndian ? CodeSignatureBuilder.be64(value) : Self.le64(value)
            } else {
                word(UInt32(truncatingIfNeeded: value))
            }
        }
        func segment(
            _ name: String, vmAddress: UInt64, vmSize: UInt64, fileOffset: Int, fileSize: Int, protection: UInt32
        ) {
            word(is64 ? Self.segmentCommand64 : Self.segmentCommand32)
            word(UInt32(segmentSize))
            head += Array(name.utf8) + [UInt8](repeating: 0, count: 16 - name.utf8.count)
            address(vmAddress)
            address(vmSize)
            address(UInt64(fileOffset))
            address(UInt64(fileSize))
            word(protection)  // maxprot
            word(protection)  // initprot
            word(0)  // nsects
            word(0)  // flags
        }

        word(is64 ? 0xfeed_facf : 0xfeed_face)
        word(architecture.cpuType)
        word(architecture.cpuSubtype)
        word(2)  // MH_EXECUTE
        word(UInt32(commandCount))
        word(UInt32(commandsSize))
        word(0x0020_0085)  // MH_NOUNDEFS | MH_DYLDLINK | MH_TWOLEVEL | MH_PIE
        if is64 { word(0) }

        let textBase: UInt64 = is64 ? 0x1_0000_0000 : 0x4000
        let textVMSize = UInt64((textEnd + 0x3fff) / 0x4000 * 0x4000)
        let linkeditStart = signatureOffset ?? textEnd
        segment("__PAGEZERO", vmAddress: 0, vmSize: textBase, fileOffset: 0, fileSize: 0, protection: 0)
        segment("__TEXT", vmAddress: textBase, vmSize: textVMSize, fileOffset: 0, fileSize: textEnd, protection: 5)
        segment(
            "__LINKEDIT", vmAddress: textBase + textVMSize,
            vmSize: UInt64((total - linkeditStart + 0x3fff) / 0x4000 * 0x4000),
            fileOffset: linkeditStart, fileSize: total - linkeditStart, protection: 1)
        word(Self.mainCommand)
        word(24)
        head += bigEndian ? CodeSignatureBuilder.be64(UInt64(codeStart)) : Self.le64(UInt64(codeStart))  // entryoff
        head += [UInt8](repeating: 0, count: 8)  // stacksize
        var codeSignatureCommandOffset: Int?
        if let signatureOffset, let signatureSize {
            codeSignatureCommandOffset = head.count
            word(Self.codeSignatureCommand)
            word(16)
            word(UInt32(signatureOffset))
            word(UInt32(signatureSize))
        }
        // Code: a recognisable pattern (arm64 NOPs), not zeros, so that page hashes differ.
        head += (0..<codeSize).map { [0x1f, 0x20, 0x03, 0xd5][$0 % 4] }
        head += cStrings
        head += [UInt8](repeating: 0, count: textEnd - head.count)

        var superBlob: [UInt8] = []
        var index: [(slot: UInt32, offset: Int)] = []
        if let signature, let signatureOffset {
            superBlob = try signature.superBlob(codeLimit: signatureOffset, code: head)
            let count = Int(Self.peek32(superBlob, at: 8, bigEndian: true))
            index = (0..<count).map { entry in
                (
                    Self.peek32(superBlob, at: 12 + 8 * entry, bigEndian: true),
                    Int(Self.peek32(superBlob, at: 16 + 8 * entry, bigEndian: true))
                )
            }
        }
        let layout = Layout(
            headerSize: headerSize, commandCountOffset: 16, commandsSizeOffset: 20,
            codeSignatureCommandOffset: codeSignatureCommandOffset, signatureOffset: signatureOffset,
            signatureSize: signatureSize, superBlobLength: signature == nil ? nil : superBlob.count,
            signatureIndex: index,
            totalSize: total)
        return Parts(head: head, signature: superBlob, layout: layout)
    }

    /// The whole executable in memory.
    public func bytes() throws(MachOFixtureError) -> [UInt8] { try parts().bytes }

    /// Writes the executable as a file of exactly `totalSize` bytes, sparse: only its header and its
    /// signature are written, the hole between them costs no disk.
    public func write(to url: URL, totalSize: Int) throws {
        let parts = try parts(totalSize: totalSize)
        guard FileManager.default.createFile(atPath: url.path, contents: Data(parts.head)) else {
            throw MachOFixtureError("cannot create \(url.path)")
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.truncate(atOffset: UInt64(totalSize))
        if let offset = parts.layout.signatureOffset {
            try handle.seek(toOffset: UInt64(offset))
            try handle.write(contentsOf: Data(parts.signature))
        }
    }

    /// A universal file of the slices, each at an offset aligned to `alignment` (a power of two;
    /// real files use 2^14), in the order given.
    public static func fat(_ slices: [MachOBuilder], format: FatFormat = .fat32, alignment: Int = 4096)
        throws(MachOFixtureError) -> [UInt8]
    {
        let entrySize = format == .fat32 ? 20 : 32
        let alignmentLog2 = UInt32(alignment.trailingZeroBitCount)
        var header =
            CodeSignatureBuilder.be32(format == .fat32 ? 0xcafe_babe : 0xcafe_babf)
            + CodeSignatureBuilder.be32(UInt32(slices.count))
        var body: [UInt8] = []
        var offset = 8 + entrySize * slices.count
        for slice in slices {
            let bytes = try slice.bytes()
            let start = (offset + alignment - 1) / alignment * alignment
            header +=
                CodeSignatureBuilder.be32(slice.architecture.cpuType)
                + CodeSignatureBuilder.be32(slice.architecture.cpuSubtype)
            if format == .fat32 {
                header += CodeSignatureBuilder.be32(UInt32(start)) + CodeSignatureBuilder.be32(UInt32(bytes.count))
                header += CodeSignatureBuilder.be32(alignmentLog2)
            } else {
                header += CodeSignatureBuilder.be64(UInt64(start)) + CodeSignatureBuilder.be64(UInt64(bytes.count))
                header += CodeSignatureBuilder.be32(alignmentLog2) + CodeSignatureBuilder.be32(0)
            }
            body += [UInt8](repeating: 0, count: start - offset) + bytes
            offset = start + bytes.count
        }
        return header + body
    }

    // MARK: - Reading and poking fields (to damage files in tests)

    /// The 4 little-endian bytes of `value`.
    public static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    /// The 8 little-endian bytes of `value`.
    public static func le64(_ value: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    /// The 4 big-endian bytes of `value`.
    public static func be32(_ value: UInt32) -> [UInt8] { CodeSignatureBuilder.be32(value) }

    /// The 32-bit field at `offset`.
    public static func peek32(_ bytes: [UInt8], at offset: Int, bigEndian: Bool) -> UInt32 {
        (0..<4).reduce(0) { value, index in
            value << 8 | UInt32(bytes[offset + (bigEndian ? index : 3 - index)])
        }
    }

    /// Replaces the 32-bit field at `offset`.
    public static func poke32(_ bytes: inout [UInt8], at offset: Int, _ value: UInt32, bigEndian: Bool) {
        let encoded = bigEndian ? be32(value) : le32(value)
        bytes.replaceSubrange(offset..<offset + 4, with: encoded)
    }
}
