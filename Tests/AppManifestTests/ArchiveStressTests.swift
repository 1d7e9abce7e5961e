import AppFixtures
import Foundation
import Testing

@testable import AppManifest

/// A seeded mutation loop over good archives and profiles, in the spirit of Fuzz/Targets/FuzzZip.swift
/// but runnable with `swift test`: every mutant is read, refused or extracted, never a crash or a
/// hang, and a failed extraction leaves nothing. WEBFENCE_STRESS_ITERATIONS sets the count (default 600).
@Suite("AppManifest: mutated archives and profiles")
struct ArchiveStressTests {
    static let iterations = ProcessInfo.processInfo.environment["WEBFENCE_STRESS_ITERATIONS"].flatMap(Int.init) ?? 600

    /// SplitMix64: the same mutants on every run.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// One mutation: bytes flipped, a 16- or 32-bit field set to an edge value, a cut, or a splice.
    static func mutate(_ input: [UInt8], _ random: inout Generator) -> [UInt8] {
        var bytes = input
        guard !bytes.isEmpty else { return bytes }
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let at = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<5, using: &random) {
            case 0: bytes[at] ^= UInt8.random(in: 1...255, using: &random)
            case 1:
                let edges: [UInt32] = [
                    0, 1, 0x7FFF_FFFF, 0xFFFF_FFFF, 0xFFFF, UInt32(bytes.count), UInt32(bytes.count / 2),
                ]
                let value = edges.randomElement(using: &random) ?? 0
                for offset in 0..<min(4, bytes.count - at) {
                    bytes[at + offset] = UInt8(truncatingIfNeeded: value >> (8 * offset))
                }
            case 2: bytes = Array(bytes.prefix(at))
            case 3:
                let copied = bytes[at..<min(bytes.count, at + 40)]
                bytes.insert(contentsOf: copied, at: Int.random(in: 0...at, using: &random))
            default: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...8, using: &random)))
            }
            if bytes.isEmpty { break }
        }
        return bytes
    }

    @Test("mutated .ipa archives are refused or extracted within the rules")
    func archives() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ipa-stress-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = [
            try IPAArchiveTests.shop(.binary, deflated: true).ipa, try IPAArchiveTests.shop(.xml, deflated: false).ipa,
        ].map { [UInt8]($0) }
        var random = Generator(state: 6)
        var outcomes = (refused: 0, openedOnly: 0, extracted: 0)
        for iteration in 0..<Self.iterations {
            let mutant = Self.mutate(good[iteration % good.count], &random)
            guard let archive = try? IPAArchive(data: Data(mutant)) else {
                outcomes.refused += 1
                continue
            }
            let target = directory.appendingPathComponent("\(iteration)")
            do {
                let app = try archive.extractApp(to: target)
                outcomes.extracted += 1
                let names = try FileManager.default.contentsOfDirectory(atPath: app.path)
                #expect(names.count <= 3 && names.contains("Info.plist"), "iteration \(iteration): \(names)")
            } catch {
                outcomes.openedOnly += 1
                let left = (try? FileManager.default.contentsOfDirectory(atPath: target.path)) ?? []
                #expect(left.isEmpty, "iteration \(iteration): \(error) left \(left)")
            }
        }
        print("ipa stress: \(Self.iterations) mutants: \(outcomes)")
        #expect(outcomes.refused > 0)
    }

    @Test("mutated profiles are read or refused, never a crash")
    func profiles() throws {
        var builder = ProvisioningProfileBuilder()
        builder.key = .rsa
        var appleBER = builder
        appleBER.encoding = .appleBER
        let good = [try ProvisioningProfileBuilder().build(), try builder.build(), try appleBER.build()]
        var random = Generator(state: 7)
        var outcomes = (refused: 0, valid: 0, invalid: 0)
        for iteration in 0..<Self.iterations {
            let mutant = Self.mutate(good[iteration % good.count], &random)
            switch (try? ProvisioningProfile(der: mutant))?.signature {
            case nil: outcomes.refused += 1
            case .valid: outcomes.valid += 1
            case .invalid: outcomes.invalid += 1
            }
        }
        print("profile stress: \(Self.iterations) mutants: \(outcomes)")
        #expect(outcomes.refused > 0 && outcomes.invalid > 0)
    }
}
