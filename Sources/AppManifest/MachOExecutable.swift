/// A Mach-O executable as the loader sees it: one slice (a thin file) or several (a universal
/// file), each with its architecture and its embedded code signature. Only the headers, the load
/// commands and the parts of the signature that the report needs are read.
public struct MachOExecutable: Sendable {
    /// One architecture's executable inside the file.
    public struct Slice: Sendable, Hashable {
        /// The architecture's name: `arm64`, `arm64e`, `x86_64`, `armv7`, `armv7s`, `i386`, ...;
        /// `cpu 0x… subtype …` otherwise.
        public let architecture: String
        /// Where the slice starts in the file, and its length.
        public let offset: Int
        /// The slice's length in bytes.
        public let size: Int
        /// The embedded signature; nil when the slice has no `LC_CODE_SIGNATURE`.
        public let signature: CodeSignature?

        /// A slice from parts already read.
        public init(architecture: String, offset: Int, size: Int, signature: CodeSignature?) {
            self.architecture = architecture
            self.offset = offset
            self.size = size
            self.signature = signature
        }
    }

    /// Whether the file is universal (a fat header and slices) rather than one thin Mach-O.
    public let isFat: Bool
    /// The slices: one for a thin file, one per architecture for a universal one.
    public let slices: [Slice]

    /// The largest load-command area read; real executables have tens of kilobytes.
    public static let maximumLoadCommandsSize = 16 * 1_048_576
    /// The most load commands read; real executables have under a hundred.
    public static let maximumLoadCommands = 65_536

    /// Whether `bytes` (a file's first four) announce a Mach-O file, thin or universal.
    public static func startsLikeMachO(_ bytes: [UInt8]) -> Bool {
        guard bytes.count == 4 else { return false }
        let magic = bytes.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return magic == FatHeader.magic32 || magic == FatHeader.magic64 || ThinHeader.form(of: magic) != nil
    }

    /// Reads the file's headers; `path` names it in errors. An error says the file is not Mach-O or
    /// which header lies; damage inside a located signature is a `CodeSignature` problem instead.
    public static func read(_ source: some ByteSource, path: String) throws(AppManifestError) -> MachOExecutable {
        guard source.size >= 4 else {
            throw AppManifestError(path, "\(source.size) bytes: too short to be a Mach-O executable")
        }
        let magic = try readBytes(source, at: 0, count: 4, path: path).bigEndian32(at: 0)
        if magic == FatHeader.magic32 || magic == FatHeader.magic64 {
            let header = try FatHeader.read(source, path: path)
            var slices: [Slice] = []
            for entry in header.entries {
                let context = "the \(entry.architecture) slice at offset \(entry.offset)"
                slices.append(
                    try readThin(
                        source, offset: entry.offset, size: entry.size, path: path, context: context, expected: entry))
            }
            return MachOExecutable(isFat: true, slices: slices)
        }
        guard ThinHeader.form(of: magic) != nil else {
            throw AppManifestError(path, "not a Mach-O executable (it starts with \(hex32(magic)))")
        }
        return MachOExecutable(
            isFat: false,
            slices: [try readThin(source, offset: 0, size: source.size, path: path, context: nil, expected: nil)])
    }

    /// Bytes from the source, its errors named by `path`.
    static func readBytes(_ source: some ByteSource, at offset: Int, count: Int, path: String) throws(AppManifestError)
        -> [UInt8]
    {
        do { return try source.bytes(at: offset, count: count) } catch { throw AppManifestError(path, error.message) }
    }

    /// One thin Mach-O occupying `offset..<offset + size`; `expected` is the universal header's
    /// entry for it, whose CPU type it must agree with.
    static func readThin(
        _ source: some ByteSource, offset: Int, size: Int, path: String, context: String?, expected: FatHeader.Entry?
    ) throws(AppManifestError) -> Slice {
        func fail(_ message: String) -> AppManifestError {
            AppManifestError(path, context.map { "\($0): \(message)" } ?? message)
        }
        guard size >= 4 else { throw fail("\(size) bytes: too short for a Mach-O header") }
        let magic = try readBytes(source, at: offset, count: 4, path: path).bigEndian32(at: 0)
        guard let form = ThinHeader.form(of: magic) else {
            throw fail("not a Mach-O executable (it starts with \(hex32(magic)))")
        }
        guard size >= form.headerSize else { throw fail("\(size) bytes: too short for a Mach-O header") }
        let header = try readBytes(source, at: offset, count: form.headerSize, path: path)
        let cpuType = header.uint32(at: 4, bigEndian: form.bigEndian)
        let cpuSubtype = header.uint32(at: 8, bigEndian: form.bigEndian)
        let commandCount = Int(header.uint32(at: 16, bigEndian: form.bigEndian))
        let commandsSize = Int(header.uint32(at: 20, bigEndian: form.bigEndian))
        let architecture = Architecture.name(cpuType: cpuType, cpuSubtype: cpuSubtype)
        if let expected, expected.cpuType != cpuType {
            throw fail(
                "the universal header says \(expected.architecture) but the slice's own header says \(architecture)")
        }
        guard commandsSize <= maximumLoadCommandsSize else {
            throw fail(
                "its load commands claim \(commandsSize) bytes, more than any real executable "
                    + "(limit \(maximumLoadCommandsSize))"
            )
        }
        guard commandsSize <= size - form.headerSize else {
            throw fail("its load commands claim \(commandsSize) bytes, past the end of its \(size) bytes")
        }
        // Each command is at least 8 bytes, which bounds the count by the size just checked.
        guard commandCount <= maximumLoadCommands, commandCount * 8 <= commandsSize else {
            throw fail("it claims \(commandCount) load commands, which do not fit in \(commandsSize) bytes")
        }
        let commands = try readBytes(source, at: offset + form.headerSize, count: commandsSize, path: path)
        var signatureRange: (offset: Int, size: Int)?
        var position = 0
        for number in 0..<commandCount {
            let command = commands.uint32(at: position, bigEndian: form.bigEndian)
            let commandSize = Int(commands.uint32(at: position + 4, bigEndian: form.bigEndian))
            guard commandSize >= 8, commandSize <= commandsSize - position else {
                throw fail(
                    "load command \(number) (\(hex32(command))) says it is \(commandSize) bytes, which does not fit")
            }
            if command == LoadCommand.codeSignature {
                guard commandSize >= 16 else {
                    throw fail("its LC_CODE_SIGNATURE is \(commandSize) bytes, too short for a data offset and size")
                }
                guard signatureRange == nil else { throw fail("it has two LC_CODE_SIGNATURE load commands") }
                let dataOffset = Int(commands.uint32(at: position + 8, bigEndian: form.bigEndian))
                let dataSize = Int(commands.uint32(at: position + 12, bigEndian: form.bigEndian))
                guard dataOffset <= size, dataSize <= size - dataOffset else {
                    throw fail(
                        "its code signature (\(dataSize) bytes at offset \(dataOffset)) lies outside the slice's "
                            + "\(size) bytes"
                    )
                }
                signatureRange = (dataOffset, dataSize)
            }
            position += commandSize
        }
        var signature: CodeSignature?
        if let range = signatureRange {
            signature = try CodeSignature.read(source, at: offset + range.offset, size: range.size, path: path)
        }
        return Slice(architecture: architecture, offset: offset, size: size, signature: signature)
    }
}

/// The load commands this reader acts on (`<mach-o/loader.h>`).
enum LoadCommand {
    static let codeSignature: UInt32 = 0x1d
}

/// The first word of a thin Mach-O: its width and byte order.
struct ThinHeader {
    let is64Bit: Bool
    let bigEndian: Bool

    /// `mach_header` is 28 bytes; `mach_header_64` adds a reserved word.
    var headerSize: Int { is64Bit ? 32 : 28 }

    /// The form `magic` (the first four bytes read big-endian) announces, or nil when none.
    static func form(of magic: UInt32) -> ThinHeader? {
        switch magic {
        case 0xfeed_face: ThinHeader(is64Bit: false, bigEndian: true)
        case 0xfeed_facf: ThinHeader(is64Bit: true, bigEndian: true)
        case 0xcefa_edfe: ThinHeader(is64Bit: false, bigEndian: false)
        case 0xcffa_edfe: ThinHeader(is64Bit: true, bigEndian: false)
        default: nil
        }
    }
}
