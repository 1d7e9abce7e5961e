import Foundation
import NavigationRules
import Testing

@testable import RemoteRules

/// spec/navigation-rules.md §3, "the app keeps the last known good config": the file on disk, its
/// atomic replacement, and what a relaunch makes of a damaged one.
@Suite("§3 last known good on disk")
struct RuleStoreTests {
    @Test("§3 last known good: a save stores the envelope byte for byte, and creates the directory")
    func saveAndLoad() throws {
        let fixture = Fixture()
        #expect(fixture.store.load() == nil)
        let text = try envelope(version: 5)
        try fixture.store.save(text)
        #expect(fixture.store.load() == text)
        #expect(fixture.temporaryFiles.isEmpty)
        let replacement = try envelope(version: 6)
        try fixture.store.save(replacement)
        #expect(fixture.store.load() == replacement)
    }

    @Test("§3 last known good: a crash between write and rename leaves the previous copy in force")
    func crashBetweenWriteAndRename() throws {
        let fixture = Fixture()
        let good = try fixture.storeVersion5()
        try fixture.store.save(try envelope(version: 6), stoppingBeforeRename: true)

        // What the crash left: the stored copy untouched and a complete temporary file beside it.
        #expect(fixture.temporaryFiles.count == 1)
        #expect(fixture.store.load() == good)
        let relaunched = fixture.client()
        try expectInForce(relaunched, version: 5, source: .lastKnownGood, reason: .stored)

        // The next save clears what the crash left.
        try fixture.store.save(try envelope(version: 7))
        #expect(fixture.temporaryFiles.isEmpty)
        try expectInForce(fixture.client(), version: 7, source: .lastKnownGood, reason: .stored)
    }

    /// Ways the stored file can be damaged; each must fail verification.
    static let damage: [(String, @Sendable (String) -> [UInt8])] = [
        ("truncated to half", { Array($0.utf8.prefix($0.utf8.count / 2)) }),
        ("the closing brace cut off", { Array($0.utf8.dropLast(2)) + [UInt8(ascii: "\n")] }),
        ("empty", { _ in [] }),
        ("not UTF-8", { _ in [0xFF, 0xFE, 0x7B, 0x00, 0xC3] }),
        ("a byte of the signed rule set changed", { flipFirstByte(ofMember: "ruleSet", in: $0) }),
        ("a byte of the signature changed", { flipFirstByte(ofMember: "signature", in: $0) }),
    ]

    @Test(
        "§3 last known good: a damaged stored copy fails verification, and the bundled default is used",
        arguments: damage)
    func damagedStoredCopy(_ name: String, damage: @Sendable (String) -> [UInt8]) throws {
        let fixture = Fixture()
        let good = try fixture.storeVersion5()
        try Data(damage(good)).write(to: URL(fileURLWithPath: fixture.store.path))

        let client = fixture.client()
        try expectInForce(client, version: 1, source: .bundled, reason: .storedRefused)
        #expect(client.current.explanation.contains("signed."), "\(client.current)")
    }

    @Test("§3 last known good: a stored copy whose key is no longer trusted is not used")
    func storedCopyFromAnUntrustedKey() throws {
        let fixture = Fixture()
        try fixture.store.save(try envelope(version: 5, key: stranger))
        let client = fixture.client()
        try expectInForce(client, version: 1, source: .bundled, reason: .storedRefused)
        #expect(client.current.explanation.contains("signed.unknownKey"))
    }

    @Test("§3 last known good: a save that cannot write reports the step and keeps no temporary file")
    func saveFailure() throws {
        let fixture = Fixture()
        // A file where the directory should be: as root no permission denies a write, this does.
        try Data("not a directory".utf8).write(to: URL(fileURLWithPath: fixture.directory))
        let text = try envelope(version: 5)
        let error = #expect(throws: RuleStoreError.self) { try fixture.store.save(text) }
        #expect(error?.step == .createDirectory)
        #expect(fixture.store.load() == nil)
    }
}

/// The envelope with the first base64 character of `member`'s value changed.
private func flipFirstByte(ofMember member: String, in text: String) -> [UInt8] {
    var bytes = Array(text.utf8)
    let marker = Array("\"\(member)\":\"".utf8)
    guard let start = bytes.indices.first(where: { bytes[$0...].starts(with: marker) }) else { return bytes }
    let index = start + marker.count
    // Swap one base64 letter for another: still valid base64, different bytes.
    bytes[index] = bytes[index] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
    return bytes
}
