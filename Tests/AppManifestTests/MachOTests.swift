import AppFixtures
import AppManifest
import Foundation
import StrictJSON
import Testing

/// Reading entitlements from a Mach-O executable's code signature (issue 6): thin and universal
/// files, every architecture and byte order, both entitlement forms, and headers that lie.
@Suite("AppManifest: Mach-O executables and code signatures")
final class MachOTests {
    let directory: URL

    /// Each test's folder goes with it (Swift Testing makes one instance per test).
    deinit { try? FileManager.default.removeItem(at: directory) }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("macho-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    static let sample = CodeSignatureBuilder.sampleEntitlements

    static func read(_ bytes: [UInt8]) throws(AppManifestError) -> MachOExecutable {
        try MachOExecutable.read(MemoryBytes(bytes), path: "App")
    }

    /// The error's message for bytes that must be refused, or a recorded issue when they were read.
    static func error(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> String {
        do {
            let executable = try read(bytes)
            Issue.record("read: \(executable.slices)", sourceLocation: sourceLocation)
            return ""
        } catch {
            #expect(error.path == "App", sourceLocation: sourceLocation)
            #expect(!error.message.isEmpty, sourceLocation: sourceLocation)
            return error.message
        }
    }

    /// The one slice's signature problems of bytes that must still be read.
    static func problems(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let signature = try read(bytes).slices.first?.signature
        #expect(signature != nil, sourceLocation: sourceLocation)
        return signature?.problems ?? []
    }

    // MARK: - Well-formed files

    @Test("a thin signed arm64 executable: architecture, place, identifier, team, both entitlement forms agreeing")
    func thinArm64() throws {
        let bytes = try MachOBuilder().bytes()
        let executable = try Self.read(bytes)
        #expect(!executable.isFat)
        #expect(executable.slices.count == 1)
        let slice = try #require(executable.slices.first)
        #expect(slice.architecture == "arm64")
        #expect(slice.offset == 0 && slice.size == bytes.count)
        let signature = try #require(slice.signature)
        #expect(signature.identifier == "com.example.shop")
        #expect(signature.teamIdentifier == "ABCDE12345")
        #expect(signature.entitlementsXML == Self.sample)
        #expect(signature.entitlementsDER == Self.sample)
        #expect(signature.problems == [])
    }

    @Test(
        "thin 32- and 64-bit executables of every architecture, little- and big-endian",
        arguments:
            MachOBuilder.Architecture.allCases, [false, true])
    func thin(architecture: MachOBuilder.Architecture, bigEndian: Bool) throws {
        let bytes = try MachOBuilder(architecture, bigEndian: bigEndian).bytes()
        let slice = try #require(try Self.read(bytes).slices.first)
        #expect(slice.architecture == architecture.rawValue)
        #expect(slice.signature?.entitlementsXML == Self.sample)
        #expect(slice.signature?.entitlementsDER == Self.sample)
        #expect(slice.signature?.problems == [])
    }

    @Test(
        "universal files, 32- and 64-bit headers: each slice with its architecture, place and signature",
        arguments: [
            MachOBuilder.FatFormat.fat32, .fat64,
        ])
    func fat(format: MachOBuilder.FatFormat) throws {
        var armv7 = MachOBuilder(.armv7)
        armv7.signature?.identifier = "com.example.shop.v7"
        let builders = [armv7, MachOBuilder(.arm64), MachOBuilder(.arm64e, signature: nil), MachOBuilder(.x86_64)]
        let bytes = try MachOBuilder.fat(builders, format: format)
        let executable = try Self.read(bytes)
        #expect(executable.isFat)
        #expect(executable.slices.map(\.architecture) == ["armv7", "arm64", "arm64e", "x86_64"])
        #expect(executable.slices.map { $0.offset % 4096 } == [0, 0, 0, 0])
        #expect(executable.slices.map(\.size) == (try builders.map { try $0.bytes().count }))
        #expect(executable.slices[0].signature?.identifier == "com.example.shop.v7")
        #expect(executable.slices[1].signature?.identifier == "com.example.shop")
        #expect(executable.slices[2].signature == nil)
        for slice in executable.slices where slice.architecture != "arm64e" {
            #expect(slice.signature?.entitlementsDER == Self.sample)
            #expect(slice.signature?.problems == [])
            let thin = try Self.read(Array(bytes[slice.offset..<slice.offset + slice.size]))
            #expect(thin.slices.first?.signature == slice.signature)
        }
    }

    @Test("entitlements in DER only, XML only, neither, and an unsigned executable")
    func entitlementForms() throws {
        let der = try #require(
            try Self.read(MachOBuilder(signature: CodeSignatureBuilder(blobs: .derOnly)).bytes()).slices.first?
                .signature)
        #expect(der.entitlementsXML == nil && der.entitlementsDER == Self.sample && der.problems == [])
        let xml = try #require(
            try Self.read(MachOBuilder(signature: CodeSignatureBuilder(blobs: .xmlOnly)).bytes()).slices.first?
                .signature)
        #expect(xml.entitlementsXML == Self.sample && xml.entitlementsDER == nil && xml.problems == [])
        let none = try #require(
            try Self.read(MachOBuilder(signature: CodeSignatureBuilder(blobs: .none)).bytes()).slices.first?.signature)
        #expect(none.entitlementsXML == nil && none.entitlementsDER == nil && none.identifier == "com.example.shop")
        let unsigned = try #require(try Self.read(MachOBuilder(signature: nil).bytes()).slices.first)
        #expect(unsigned.signature == nil && unsigned.architecture == "arm64")
    }

    @Test("XML and DER entitlements that disagree are both reported as written")
    func disagreement() throws {
        let xml: JSONValue = .object(["get-task-allow": .bool(false)])
        let der: JSONValue = .object([
            "com.apple.private.security.no-sandbox": .bool(true), "get-task-allow": .bool(true),
        ])
        let signature = try #require(
            try Self.read(MachOBuilder(signature: CodeSignatureBuilder(xml: xml, der: der)).bytes()).slices.first?
                .signature)
        #expect(signature.entitlementsXML == xml)
        #expect(signature.entitlementsDER == der)
        #expect(signature.problems == [])
    }

    @Test("every entitlement value type in both forms, nested, comes out the same")
    func valueTypes() throws {
        let entitlements: JSONValue = .object([
            "array": .array([.string("a"), .int(-7), .bool(true), .array([]), .object(["inner": .int(1 << 40)])]),
            "empty": .object([:]), "flag": .bool(true), "number": .int(42), "text": .string("<&> caf\u{E9}"),
        ])
        let signature = try #require(
            try Self.read(MachOBuilder(signature: CodeSignatureBuilder(entitlements: entitlements)).bytes()).slices
                .first?.signature)
        #expect(signature.entitlementsXML == entitlements)
        #expect(signature.entitlementsDER == entitlements)
    }

    @Test("code directories before version 0x20200 have no team identifier; an identifier may be empty")
    func codeDirectoryVersions() throws {
        var signature = CodeSignatureBuilder(identifier: "")
        signature.codeDirectoryVersion = 0x20100
        let old = try #require(try Self.read(MachOBuilder(signature: signature).bytes()).slices.first?.signature)
        #expect(old.identifier == "" && old.teamIdentifier == nil && old.problems == [])
        signature.codeDirectoryVersion = 0x20200
        signature.teamIdentifier = nil
        let noTeam = try #require(try Self.read(MachOBuilder(signature: signature).bytes()).slices.first?.signature)
        #expect(noTeam.teamIdentifier == nil && noTeam.problems == [])
    }

    @Test("unknown slots and blobs are skipped")
    func unknownSlots() throws {
        var signature = CodeSignatureBuilder()
        signature.extraBlobs = [
            .init(slot: 0x1000, magic: 0xfade_0c02, payload: [1, 2, 3]), .init(slot: 99, magic: 1, payload: []),
        ]
        #expect(try Self.problems(MachOBuilder(signature: signature).bytes()) == [])
    }

    // MARK: - Files that are not Mach-O

    @Test(
        "bytes that are not Mach-O: empty, short, text, a Java class file, a zip",
        arguments: [
            [], [0xcf], [0xcf, 0xfa, 0xed], Array("#!/bin/sh\n".utf8),
            [0xca, 0xfe, 0xba, 0xbe, 0x00, 0x00, 0x00, 0x34] + Array(repeating: 0, count: 64),
            [0x50, 0x4b, 0x03, 0x04] + Array(repeating: 0, count: 64), [0xfe, 0xed, 0xfa, 0xcf],
            [0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 0],
        ] as [[UInt8]])
    func notMachO(bytes: [UInt8]) {
        _ = Self.error(bytes)
    }

    @Test("a Java class file is told apart from a universal binary")
    func javaClass() {
        #expect(
            Self.error([0xca, 0xfe, 0xba, 0xbe, 0x00, 0x00, 0x00, 0x34] + Array(repeating: 0, count: 64)).contains(
                "Java"))
    }

    @Test("a 1 GB sparse file of zeros is refused at once, after reading its first four bytes")
    func gigabyteOfZeros() throws {
        let url = directory.appendingPathComponent("zeros")
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        let file = try FileBytes(url: url)
        #expect(file.size == 1 << 30)
        do {
            _ = try MachOExecutable.read(file, path: url.path)
            Issue.record("a file of zeros was read as Mach-O")
        } catch {
            #expect(error.message.contains("not a Mach-O executable"))
            #expect(error.path == url.path)
        }
        #expect(file.bytesRead == 4)
    }

    // MARK: - Reading little

    @Test("a 100 MB signed executable is read through fewer than 64 KiB, its entitlements right")
    func largeSparse() throws {
        let url = directory.appendingPathComponent("Large")
        let size = 100 * 1_048_576
        try MachOBuilder().write(to: url, totalSize: size)
        let file = try FileBytes(url: url)
        #expect(file.size == size)
        let executable = try MachOExecutable.read(file, path: url.path)
        let slice = try #require(executable.slices.first)
        #expect(slice.size == size)
        #expect(slice.signature?.entitlementsXML == Self.sample)
        #expect(slice.signature?.entitlementsDER == Self.sample)
        #expect(slice.signature?.identifier == "com.example.shop")
        #expect(slice.signature?.problems == [])
        #expect(file.bytesRead < 64 * 1024)
        // The code directory alone (25,600 page hashes) is larger than everything read.
        let layout = try MachOBuilder().parts(totalSize: size).layout
        #expect(try #require(layout.superBlobLength) > 800_000)
    }

    @Test("the file reader refuses ranges outside the file and overflowing ones, and what is not a regular file")
    func fileBytes() throws {
        let url = directory.appendingPathComponent("small")
        try Data([1, 2, 3, 4, 5]).write(to: url)
        let file = try FileBytes(url: url)
        #expect(try file.bytes(at: 1, count: 3) == [2, 3, 4])
        #expect(try file.bytes(at: 5, count: 0) == [])
        for (offset, count) in [(0, 6), (5, 1), (-1, 1), (0, -1), (Int.max, 1), (1, Int.max), (Int.min, 2)] {
            #expect(throws: AppManifestError.self) { try file.bytes(at: offset, count: count) }
        }
        #expect(file.bytesRead == 3)
        #expect(throws: AppManifestError.self) { try FileBytes(url: directory) }
        #expect(throws: AppManifestError.self) { try FileBytes(url: directory.appendingPathComponent("missing")) }
        let memory = MemoryBytes([1, 2, 3])
        #expect(try memory.bytes(at: 0, count: 3) == [1, 2, 3])
        for (offset, count) in [(0, 4), (-1, 1), (Int.max, 1), (1, Int.max)] {
            #expect(throws: AppManifestError.self) { try memory.bytes(at: offset, count: count) }
        }
    }

    // MARK: - Damage: never a crash, always a clear error or problem

    @Test("a signed executable cut at every length is refused, never read past its end")
    func everyPrefix() throws {
        let bytes = try MachOBuilder().bytes()
        for length in 0..<bytes.count {
            do {
                _ = try Self.read(Array(bytes.prefix(length)))
                Issue.record("a prefix of \(length) of \(bytes.count) bytes was read")
            } catch {
                #expect(!error.message.isEmpty)
            }
        }
    }

    @Test("a universal file cut at many lengths is refused")
    func fatPrefixes() throws {
        let bytes = try MachOBuilder.fat([MachOBuilder(.armv7), MachOBuilder(.arm64)], format: .fat64, alignment: 16)
        for length in stride(from: 0, to: bytes.count, by: 7) {
            #expect(throws: AppManifestError.self) { try Self.read(Array(bytes.prefix(length))) }
        }
    }

    @Test(
        "load commands that lie: sizeofcmds huge or past the slice, ncmds huge, a command size too small or too large")
    func lyingCommands() throws {
        let parts = try MachOBuilder().parts()
        let layout = parts.layout
        var bytes = parts.bytes
        MachOBuilder.poke32(&bytes, at: layout.commandsSizeOffset, 0xffff_fff0, bigEndian: false)
        #expect(Self.error(bytes).contains("more than any real executable"))
        bytes = parts.bytes
        MachOBuilder.poke32(&bytes, at: layout.commandsSizeOffset, UInt32(bytes.count), bigEndian: false)
        #expect(Self.error(bytes).contains("past the end"))
        bytes = parts.bytes
        MachOBuilder.poke32(&bytes, at: layout.commandCountOffset, 0xffff_ffff, bigEndian: false)
        #expect(Self.error(bytes).contains("do not fit"))
        bytes = parts.bytes
        MachOBuilder.poke32(&bytes, at: layout.commandCountOffset, 6, bigEndian: false)
        #expect(Self.error(bytes).contains("does not fit"))
        let command = try #require(layout.codeSignatureCommandOffset)
        for size: UInt32 in [0, 4, 7, 8, 12, 17, 0xffff_ffff] {
            bytes = parts.bytes
            MachOBuilder.poke32(&bytes, at: command + 4, size, bigEndian: false)
            let message = Self.error(bytes)
            #expect(message.contains("LC_CODE_SIGNATURE") || message.contains("does not fit"))
        }
        // LC_MAIN turned into a second LC_CODE_SIGNATURE.
        bytes = parts.bytes
        MachOBuilder.poke32(&bytes, at: command - 24, 0x1d, bigEndian: false)
        #expect(Self.error(bytes).contains("two LC_CODE_SIGNATURE"))
    }

    @Test("a signature range outside the slice: dataoff beyond the file, datasize past its end, both overflowing")
    func lyingSignatureRange() throws {
        let parts = try MachOBuilder().parts()
        let command = try #require(parts.layout.codeSignatureCommandOffset)
        for (dataOffset, dataSize): (UInt32, UInt32) in [
            (UInt32(parts.layout.totalSize + 1), 0), (0xffff_ffff, 0xffff_ffff), (16, UInt32(parts.layout.totalSize)),
            (UInt32(parts.layout.signatureOffset ?? 0), 0xffff_fff0),
        ] {
            var bytes = parts.bytes
            MachOBuilder.poke32(&bytes, at: command + 8, dataOffset, bigEndian: false)
            MachOBuilder.poke32(&bytes, at: command + 12, dataSize, bigEndian: false)
            #expect(Self.error(bytes).contains("outside the slice"))
        }
    }

    @Test("a super blob that lies: wrong magic, length beyond its range, an index too large, entries pointing outside")
    func lyingSuperBlob() throws {
        let parts = try MachOBuilder().parts()
        let start = try #require(parts.layout.signatureOffset)
        var bytes = parts.bytes
        MachOBuilder.poke32(&bytes, at: start, 0xfade_0c02, bigEndian: true)
        #expect(try Self.problems(bytes).first?.contains("not the embedded signature magic") == true)
        bytes = parts.bytes
        MachOBuilder.poke32(&bytes, at: start + 4, 0xffff_ff00, bigEndian: true)
        #expect(try Self.problems(bytes).first?.contains("more than the") == true)
        bytes = parts.bytes
        MachOBuilder.poke32(&bytes, at: start + 4, 4, bigEndian: true)
        #expect(try Self.problems(bytes).first?.contains("less than its own header") == true)
        bytes = parts.bytes
        MachOBuilder.poke32(&bytes, at: start + 8, 0x1000_0000, bigEndian: true)
        #expect(try Self.problems(bytes).first?.contains("does not fit") == true)
        // Every index entry pointed past the end, into the index itself, and at the last 7 bytes.
        for (entry, slot) in parts.layout.signatureIndex.map(\.slot).enumerated() {
            for offset: UInt32 in [0xffff_fff8, 4, UInt32(parts.layout.superBlobLength ?? 0) - 7] {
                bytes = parts.bytes
                MachOBuilder.poke32(&bytes, at: start + 16 + 8 * entry, offset, bigEndian: true)
                let problems = try Self.problems(bytes)
                #expect(problems.contains { $0.contains("slot \(slot) points at offset \(offset)") })
            }
        }
        // With the code directory's entry broken, the entitlements are still read.
        bytes = parts.bytes
        MachOBuilder.poke32(&bytes, at: start + 16, 0xffff_fff8, bigEndian: true)
        let signature = try #require(try Self.read(bytes).slices.first?.signature)
        #expect(signature.identifier == nil && signature.entitlementsDER == Self.sample)
    }

    @Test("blobs that lie: a length beyond the super blob or below its header, the wrong magic, a slot listed twice")
    func lyingBlobs() throws {
        let parts = try MachOBuilder().parts()
        let start = try #require(parts.layout.signatureOffset)
        for entry in parts.layout.signatureIndex where [0, 5, 7].contains(entry.slot) {
            for length: UInt32 in [0xffff_ffff, UInt32(parts.layout.superBlobLength ?? 0), 7, 0] {
                var bytes = parts.bytes
                MachOBuilder.poke32(&bytes, at: start + entry.offset + 4, length, bigEndian: true)
                #expect(try Self.problems(bytes).contains { $0.contains("does not fit") })
            }
            var bytes = parts.bytes
            MachOBuilder.poke32(&bytes, at: start + entry.offset, 0x1234_5678, bigEndian: true)
            #expect(try Self.problems(bytes).contains { $0.contains("magic 0x12345678") })
        }
        // The DER entitlements' entry made to name slot 5 too: the first (XML) is read.
        let derEntry = try #require(parts.layout.signatureIndex.firstIndex { $0.slot == 7 })
        var bytes = parts.bytes
        MachOBuilder.poke32(&bytes, at: start + 12 + 8 * derEntry, 5, bigEndian: true)
        let signature = try #require(try Self.read(bytes).slices.first?.signature)
        #expect(signature.problems.contains { $0.contains("slot 5 twice") })
        #expect(signature.entitlementsXML == Self.sample && signature.entitlementsDER == nil)
    }

    @Test("code directory damage: an identifier offset outside it, an identifier longer than the cap, a short header")
    func lyingCodeDirectory() throws {
        let parts = try MachOBuilder().parts()
        let start = try #require(parts.layout.signatureOffset)
        let directory = start + (parts.layout.signatureIndex.first { $0.slot == 0 }?.offset ?? 0)
        var bytes = parts.bytes
        MachOBuilder.poke32(&bytes, at: directory + 20, 0xffff_0000, bigEndian: true)
        #expect(try Self.problems(bytes).contains { $0.contains("identifier offset") })
        bytes = parts.bytes
        MachOBuilder.poke32(&bytes, at: directory + 48, 2, bigEndian: true)
        #expect(try Self.problems(bytes).contains { $0.contains("team identifier offset") })
        bytes = parts.bytes
        MachOBuilder.poke32(&bytes, at: directory + 4, 40, bigEndian: true)
        #expect(try Self.problems(bytes).contains { $0.contains("too short for its header") })

        let long = try Self.problems(
            MachOBuilder(signature: CodeSignatureBuilder(identifier: String(repeating: "a", count: 2000))).bytes())
        #expect(long.contains { $0.contains("no terminating NUL within 1024 bytes") })
        let signature = try #require(
            try Self.read(
                MachOBuilder(signature: CodeSignatureBuilder(identifier: String(repeating: "a", count: 1023))).bytes()
            )
            .slices.first?.signature)
        #expect(signature.identifier?.count == 1023)
    }

    @Test("entitlements that do not read: an array plist, a binary plist, not a plist, bad DER, an oversized blob")
    func badEntitlements() throws {
        var signature = CodeSignatureBuilder()
        signature.xmlEntitlements = .array([.string("a")])
        #expect(
            try Self.problems(MachOBuilder(signature: signature).bytes()) == [
                "The XML entitlements (slot 5) hold an array, not a dictionary."
            ])

        signature = CodeSignatureBuilder(blobs: .xmlOnly)
        signature.xmlPayload = Array(
            try PropertyListSerialization.data(fromPropertyList: ["get-task-allow": true], format: .binary, options: 0))
        var read = try #require(try Self.read(MachOBuilder(signature: signature).bytes()).slices.first?.signature)
        #expect(read.entitlementsXML == nil && read.problems.first?.contains("written as binary") == true)

        signature.xmlPayload = Array("<plist><dict><key>a</key>".utf8)
        read = try #require(try Self.read(MachOBuilder(signature: signature).bytes()).slices.first?.signature)
        #expect(read.entitlementsXML == nil && read.problems.first?.contains("not a property list") == true)

        signature = CodeSignatureBuilder(blobs: .derOnly)
        signature.derPayload = [0x30, 0x03, 0x02, 0x01, 0x01]
        read = try #require(try Self.read(MachOBuilder(signature: signature).bytes()).slices.first?.signature)
        #expect(read.entitlementsDER == nil && read.problems.first?.contains("DER entitlements (slot 7)") == true)
        #expect(read.problems.first?.contains("APPLICATION 16") == true)

        signature = CodeSignatureBuilder(blobs: .xmlOnly)
        signature.xmlPayload = Array(repeating: 0x20, count: CodeSignature.maximumEntitlementsSize)
        read = try #require(try Self.read(MachOBuilder(signature: signature).bytes()).slices.first?.signature)
        #expect(read.problems.first?.contains("more than any real one") == true)
    }

    @Test(
        "universal headers that lie: a slice beyond the file, slices overlapping, over the header, or of another CPU"
    )
    func lyingFatHeaders() throws {
        let bytes = try MachOBuilder.fat([MachOBuilder(.armv7), MachOBuilder(.arm64)], format: .fat32)
        let second = 8 + 20
        var damaged = bytes
        MachOBuilder.poke32(&damaged, at: second + 12, UInt32(bytes.count), bigEndian: true)
        #expect(Self.error(damaged).contains("outside the file"))
        damaged = bytes
        MachOBuilder.poke32(&damaged, at: second + 8, 0xffff_f000, bigEndian: true)
        #expect(Self.error(damaged).contains("outside the file"))
        damaged = bytes
        MachOBuilder.poke32(
            &damaged, at: second + 8, MachOBuilder.peek32(bytes, at: 8 + 8, bigEndian: true) + 16, bigEndian: true)
        #expect(Self.error(damaged).contains("overlaps"))
        damaged = bytes
        MachOBuilder.poke32(&damaged, at: 8 + 8, 0, bigEndian: true)
        #expect(Self.error(damaged).contains("outside the file"))
        damaged = bytes
        MachOBuilder.poke32(&damaged, at: second, 7, bigEndian: true)
        #expect(Self.error(damaged).contains("but the slice's own header says arm64"))
        damaged = bytes
        MachOBuilder.poke32(&damaged, at: 4, 0, bigEndian: true)
        #expect(Self.error(damaged).contains("no architectures"))
        damaged = bytes
        MachOBuilder.poke32(&damaged, at: 4, 20, bigEndian: true)
        #expect(Self.error(damaged).contains("outside the file") || Self.error(damaged).contains("overlaps"))

        let fat64 = try MachOBuilder.fat([MachOBuilder(.arm64), MachOBuilder(.x86_64)], format: .fat64)
        damaged = fat64
        MachOBuilder.poke32(&damaged, at: 8 + 32 + 8, 0xffff_ffff, bigEndian: true)
        #expect(Self.error(damaged).contains("outside the file"))
        // A universal file inside a universal file is not a thin slice.
        let nested = try MachOBuilder.fat([MachOBuilder(.arm64)], format: .fat32, alignment: 16)
        damaged = nested
        damaged.replaceSubrange(32..<36, with: [0xca, 0xfe, 0xba, 0xbe])
        #expect(Self.error(damaged).contains("not a Mach-O executable"))
    }

    @Test("an unknown CPU type is named by its numbers")
    func unknownCPU() throws {
        var bytes = try MachOBuilder().bytes()
        MachOBuilder.poke32(&bytes, at: 4, 0x0000_0012, bigEndian: false)
        #expect(try Self.read(bytes).slices.first?.architecture == "cpu 0x00000012 subtype 0x00000000")
    }
}
