/// The header of a universal (fat) file: big-endian, a count, then one entry per architecture
/// (`<mach-o/fat.h>`), each slice a thin Mach-O at its own offset.
struct FatHeader {
    static let magic32: UInt32 = 0xcafe_babe
    static let magic64: UInt32 = 0xcafe_babf
    /// The most slices read. `0xcafebabe` also starts every Java class file, where the next word
    /// is the class version (45 and up); file(1) draws the same line at 30.
    static let maximumArchitectures = 30

    struct Entry {
        let cpuType: UInt32
        let architecture: String
        let offset: Int
        let size: Int
    }

    let entries: [Entry]

    /// The header and its entries, checked: every slice inside the file, after the header, and
    /// no two overlapping.
    static func read(_ source: some ByteSource, path: String) throws(AppManifestError) -> FatHeader {
        guard source.size >= 8 else {
            throw AppManifestError(path, "\(source.size) bytes: too short for a universal header")
        }
        let header = try MachOExecutable.readBytes(source, at: 0, count: 8, path: path)
        let is64Bit = header.bigEndian32(at: 0) == magic64
        let count = Int(header.bigEndian32(at: 4))
        guard count >= 1 else { throw AppManifestError(path, "a universal header with no architectures") }
        guard count <= maximumArchitectures else {
            throw AppManifestError(
                path,
                "starts like a universal binary but claims \(count) architectures (limit \(maximumArchitectures)); "
                    + "a Java class file starts the same way")
        }
        let entrySize = is64Bit ? 32 : 20
        let headerEnd = 8 + count * entrySize
        guard headerEnd <= source.size else {
            throw AppManifestError(
                path, "a universal header of \(count) architectures, past the end of the file's \(source.size) bytes")
        }
        let table = try MachOExecutable.readBytes(source, at: 8, count: count * entrySize, path: path)
        var entries: [Entry] = []
        for number in 0..<count {
            let base = number * entrySize
            let cpuType = table.bigEndian32(at: base)
            let cpuSubtype = table.bigEndian32(at: base + 4)
            // fat_arch has 32-bit offset and size; fat_arch_64 64-bit ones.
            let offset = is64Bit ? table.uint64(at: base + 8, bigEndian: true) : UInt64(table.bigEndian32(at: base + 8))
            let size = is64Bit ? table.uint64(at: base + 16, bigEndian: true) : UInt64(table.bigEndian32(at: base + 12))
            let architecture = Architecture.name(cpuType: cpuType, cpuSubtype: cpuSubtype)
            let fileSize = UInt64(source.size)
            guard offset >= UInt64(headerEnd), offset <= fileSize, size <= fileSize - offset else {
                throw AppManifestError(
                    path,
                    "the universal header puts the \(architecture) slice (\(size) bytes at offset \(offset)) "
                        + "outside the "
                        + "file's \(source.size) bytes, past its header")
            }
            entries.append(Entry(cpuType: cpuType, architecture: architecture, offset: Int(offset), size: Int(size)))
        }
        let sorted = entries.sorted { $0.offset < $1.offset }
        for (first, second) in zip(sorted, sorted.dropFirst()) where first.offset + first.size > second.offset {
            throw AppManifestError(
                path,
                "the universal header's \(first.architecture) slice at offset \(first.offset) overlaps the "
                    + "\(second.architecture) slice at offset \(second.offset)")
        }
        return FatHeader(entries: entries)
    }
}
