// Fuzz target `macho`: the Mach-O reader (MachOExecutable.read: universal and thin headers, load
// commands, the code signature's super blob, code directory and entitlement blobs, the XML plist
// reader behind them) and the DER entitlements decoder, both in AppManifest.
//
// Input: the raw bytes, read whole as an executable (MemoryBytes) and decoded whole as a DER
// entitlements payload. Fuzz/run.sh compiles Tests/AppFixtures' MachOBuilder, CodeSignatureBuilder
// and DEREntitlementsEncoder into this module: the encoder checks round trips, and the builders
// write the seed corpus (LLVMFuzzerInitialize, when FUZZ_SEED_DIR names a folder).
//
// Checks: no crash, no hang; an error names the path and says something; for a file that reads —
//   - a thin file is one slice covering it; a universal file has 1 to 30 slices inside the file,
//     none overlapping; every slice has an architecture name;
//   - each slice of a universal file, cut out and read alone, reads to the same architecture and
//     the same signature (its offsets are relative to the slice);
//   - entitlements that read are dictionaries, keys sorted; DER ones re-encode and decode to
//     themselves; every problem is a sentence;
//   - reading twice gives the same result.
// For DER: a payload that decodes is a dictionary with sorted keys, and encoding the value gives
// back exactly the input bytes (DER is canonical and the decoder refuses every other form);
// decoding twice gives the same result.

import AppManifest
import Foundation
import StrictJSON

let fuzzPath = "fuzz"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMachO(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    Fuzz.currentInput = bytes
    checkExecutable(bytes)
    checkDER(bytes)
    return 0
}

func read(_ bytes: [UInt8]) -> Result<MachOExecutable, AppManifestError> {
    Result { () throws(AppManifestError) in try MachOExecutable.read(MemoryBytes(bytes), path: fuzzPath) }
}

func checkExecutable(_ bytes: [UInt8]) {
    let first = read(bytes)
    switch (first, read(bytes)) {
    case (.failure(let error), .failure(let again)):
        Fuzz.check(error == again, "reading twice fails the same way", "first: \(error)\nsecond: \(again)")
        Fuzz.check(
            error.path == fuzzPath && !error.message.isEmpty, "an error names the path and says something", "\(error)")
    case (.success(let executable), .success(let again)):
        Fuzz.check(
            executable.isFat == again.isFat && executable.slices == again.slices, "reading twice gives the same slices",
            "first: \(executable.slices)\nsecond: \(again.slices)")
        checkSlices(executable, bytes)
    default:
        Fuzz.fail("reading twice gives the same outcome", "first: \(first)")
    }
}

func checkSlices(_ executable: MachOExecutable, _ bytes: [UInt8]) {
    // Only put into words when a check fails.
    func context() -> String { "slices: \(executable.slices)" }
    let slices = executable.slices
    if executable.isFat {
        Fuzz.check((1...30).contains(slices.count), "a universal file has 1 to 30 slices", context())
    } else {
        Fuzz.check(
            slices.count == 1 && slices[0].offset == 0 && slices[0].size == bytes.count,
            "a thin file is one whole slice",
            context())
    }
    for slice in slices {
        Fuzz.check(
            slice.offset >= 0 && slice.size >= 0 && slice.offset <= bytes.count
                && slice.size <= bytes.count - slice.offset,
            "a slice lies inside the file", context())
        Fuzz.check(!slice.architecture.isEmpty, "a slice has an architecture name", context())
        if let signature = slice.signature { checkSignature(signature) }
    }
    let sorted = slices.sorted { $0.offset < $1.offset }
    for (left, right) in zip(sorted, sorted.dropFirst()) {
        Fuzz.check(left.offset + left.size <= right.offset, "slices do not overlap", context())
    }
    guard executable.isFat else { return }
    for slice in slices {
        switch read(Array(bytes[slice.offset..<slice.offset + slice.size])) {
        case .failure(let error):
            Fuzz.fail("a slice of a universal file reads alone", "\(context())\nslice at \(slice.offset): \(error)")
        case .success(let alone):
            Fuzz.check(
                !alone.isFat && alone.slices.count == 1 && alone.slices[0].architecture == slice.architecture
                    && alone.slices[0].signature == slice.signature,
                "a slice read alone is the same slice", "\(context())\nalone: \(alone.slices)")
        }
    }
}

func checkSignature(_ signature: CodeSignature) {
    func context() -> String { "signature: \(signature)" }
    for problem in signature.problems {
        Fuzz.check(problem.first?.isUppercase == true && problem.last == ".", "a problem is a sentence", context())
    }
    for value in [signature.entitlementsXML, signature.entitlementsDER].compactMap({ $0 }) {
        guard case .object(let members) = value else { Fuzz.fail("entitlements are a dictionary", context()) }
        Fuzz.check(members.map(\.key) == members.map(\.key).sorted(), "entitlement keys are sorted", context())
    }
    if let der = signature.entitlementsDER {
        guard let encoded = try? DEREntitlementsEncoder.encode(der) else {
            Fuzz.fail("decoded DER entitlements can be encoded", context())
        }
        Fuzz.check(
            (try? DEREntitlements.decode(encoded).get()) == der, "DER entitlements re-encode and decode to themselves",
            "\(context())\nencoded: \(Fuzz.hex(encoded))")
    }
}

func checkDER(_ bytes: [UInt8]) {
    let first = DEREntitlements.decode(bytes, path: fuzzPath)
    Fuzz.check(
        first == DEREntitlements.decode(bytes, path: fuzzPath), "decoding twice gives the same result", "\(first)")
    switch first {
    case .failure(let error):
        Fuzz.check(error.path == fuzzPath && !error.message.isEmpty, "a refusal says something", "\(error)")
    case .success(let value):
        guard case .object(let members) = value else { Fuzz.fail("DER entitlements are a dictionary", "\(value)") }
        Fuzz.check(members.map(\.key) == members.map(\.key).sorted(), "DER entitlement keys are sorted", "\(value)")
        let encoded = try? DEREntitlementsEncoder.encode(value)
        Fuzz.check(
            encoded == bytes, "DER entitlements re-encode to exactly the input (DER is canonical)",
            "value: \(value)\nencoded: \(encoded.map { Fuzz.hex($0) } ?? "nil")")
    }
}

// MARK: - Seeds

/// Writes the seed corpus into FUZZ_SEED_DIR (when set) before fuzzing starts: executables made by
/// the test fixtures' builders, small enough for -max_len=4096, and DER payloads.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzMachOInitialize(_ argc: UnsafeMutableRawPointer?, _ argv: UnsafeMutableRawPointer?) -> CInt {
    guard let directory = ProcessInfo.processInfo.environment["FUZZ_SEED_DIR"] else { return 0 }
    var seeds: [[UInt8]] = []
    func add(_ make: () throws -> [UInt8]) {
        do { seeds.append(try make()) } catch { fputs("seed not made: \(error)\n", stderr) }
    }
    func small(_ architecture: MachOBuilder.Architecture, _ signature: CodeSignatureBuilder?, bigEndian: Bool = false)
        -> MachOBuilder
    {
        var builder = MachOBuilder(architecture, signature: signature, bigEndian: bigEndian)
        builder.codeSize = 16
        return builder
    }
    let nested: JSONValue = .object([
        "a": .array([.int(-1), .int(1 << 40), .bool(true), .string(""), .object(["b": .array([])])]),
        "com.apple.security.application-groups": .array([.string("group.example")]), "n": .int(0),
    ])
    for architecture in MachOBuilder.Architecture.allCases {
        for bigEndian in [false, true] {
            add { try small(architecture, CodeSignatureBuilder(), bigEndian: bigEndian).bytes() }
        }
    }
    for blobs in CodeSignatureBuilder.EntitlementBlobs.allCases {
        add { try small(.arm64, CodeSignatureBuilder(entitlements: nested, blobs: blobs)).bytes() }
    }
    add { try small(.arm64, nil).bytes() }
    add {
        try small(.arm64, CodeSignatureBuilder(xml: .object(["a": .bool(false)]), der: .object(["a": .bool(true)])))
            .bytes()
    }
    var old = CodeSignatureBuilder(identifier: "")
    old.codeDirectoryVersion = 0x20100
    add { try small(.armv7, old).bytes() }
    for format in [MachOBuilder.FatFormat.fat32, .fat64] {
        let slices = [
            small(.armv7, CodeSignatureBuilder(blobs: .derOnly)), small(.arm64, CodeSignatureBuilder(blobs: .xmlOnly)),
        ]
        add { try MachOBuilder.fat(slices, format: format, alignment: 16) }
    }
    add { try DEREntitlementsEncoder.encode(CodeSignatureBuilder.sampleEntitlements) }
    add { try DEREntitlementsEncoder.encode(nested) }
    add { try DEREntitlementsEncoder.encode(.object([:])) }
    seeds.append([0xca, 0xfe, 0xba, 0xbe, 0x00, 0x00, 0x00, 0x34, 0x00, 0x01, 0x02, 0x03])
    var written = 0
    for seed in seeds where seed.count <= 4096 {
        // FNV-1a of the content names the file, so that seeding again adds nothing.
        let hash = seed.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x0100_0000_01b3 }
        let url = URL(fileURLWithPath: directory).appendingPathComponent("seed-\(String(hash, radix: 16))")
        if !FileManager.default.fileExists(atPath: url.path) {
            do {
                try Data(seed).write(to: url)
                written += 1
            } catch {
                fputs("seed not written: \(error)\n", stderr)
            }
        }
    }
    fputs("corpus \(directory): \(seeds.count) seeds (\(written) new)\n", stderr)
    return 0
}
