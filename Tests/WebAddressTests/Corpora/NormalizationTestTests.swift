import Testing
import WebAddressConformance

@testable import WebAddress

/// One line of Unicode's NormalizationTest.txt whose code points were all assigned by the Unicode
/// version of WebAddress's tables: NFC must give `c2` for c1, c2 and c3, and `c4` for c4 and c5.
/// (The file is of a newer version; the Normalization Stability Policy keeps every line of older
/// characters valid, and DerivedAge.txt says which lines those are.)
struct NormalizationTestCase: Sendable, CustomTestStringConvertible {
    let line: Int
    let columns: [[UInt32]]

    var testDescription: String {
        "line \(line): "
            + columns.prefix(5).map { $0.map { String($0, radix: 16, uppercase: true) }.joined(separator: " ") }
            .joined(separator: "; ")
    }

    /// The lines that apply to the tables' Unicode version, and the code points Part 1 lists.
    static let loaded: (cases: [NormalizationTestCase], partOne: Set<UInt32>) = {
        guard let text = CorpusFiles.text("unicode/NormalizationTest.txt"),
            let ages = CorpusFiles.text("unicode/DerivedAge.txt")
        else { return ([], []) }
        let assigned = AssignedCodePoints(derivedAge: ages, version: UTS46.unicodeVersion)
        var cases: [NormalizationTestCase] = []
        var partOne: Set<UInt32> = []
        var inPartOne = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("@") { inPartOne = line.hasPrefix("@Part1") }
            guard let first = line.first, first.isHexDigit else { continue }
            let columns = line.split(separator: ";").prefix(5).map { column in
                column.split(separator: " ").compactMap { UInt32($0, radix: 16) }
            }
            guard columns.count == 5 else { continue }
            if inPartOne, let codePoint = columns[0].first { partOne.insert(codePoint) }
            guard columns.allSatisfy({ $0.allSatisfy(assigned.contains) }) else { continue }
            cases.append(NormalizationTestCase(line: index + 1, columns: columns))
        }
        return (cases, partOne)
    }()

    static func nfc(_ text: [UInt32]) -> [UInt32] {
        text.withUnsafeBufferPointer { source in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: NFC.decomposedLength(source)) { output in
                Array(output[..<NFC.normalize(source, into: output)])
            }
        }
    }

    /// What went wrong, or nil.
    func mismatch() -> String? {
        let (c1, c2, c3, c4, c5) = (columns[0], columns[1], columns[2], columns[3], columns[4])
        for (name, source, expected) in [
            ("c1", c1, c2), ("c2", c2, c2), ("c3", c3, c2), ("c4", c4, c4), ("c5", c5, c4),
        ] {
            let got = Self.nfc(source)
            if got != expected {
                return
                    "NFC(\(name)) is \(got.map { String($0, radix: 16) }), "
                    + "not \(expected.map { String($0, radix: 16) })"
            }
            let isNormalized = source.withUnsafeBufferPointer(NFC.isNormalized)
            if isNormalized != (source == expected) { return "isNormalized(\(name)) is \(isNormalized)" }
        }
        return nil
    }
}

/// The code points DerivedAge.txt says were assigned in `version` or before, one bit each.
struct AssignedCodePoints: Sendable {
    private var bits = [UInt64](repeating: 0, count: 0x11_0000 / 64)

    init(derivedAge: String, version: String) {
        let wanted = version.split(separator: ".").prefix(2).compactMap { Int($0) }
        for line in derivedAge.split(separator: "\n") where line.first?.isHexDigit == true {
            let fields = line.split(separator: "#")[0].split(separator: ";").map { $0.filter { $0 != " " } }
            let age = fields[1].split(separator: ".").compactMap { Int($0) }
            guard age.lexicographicallyPrecedes(wanted) || age == wanted else { continue }
            let bounds = fields[0].split(separator: ".").compactMap { UInt32($0, radix: 16) }
            guard let low = bounds.first, let high = bounds.last else { continue }
            for codePoint in low...high { bits[Int(codePoint / 64)] |= 1 << (codePoint % 64) }
        }
    }

    func contains(_ codePoint: UInt32) -> Bool {
        codePoint < 0x11_0000 && bits[Int(codePoint / 64)] & (1 << (codePoint % 64)) != 0
    }
}

/// 250 lines of the file: Swift Testing's cost per argument would make one test per line (20,000)
/// take a minute, so each test checks a run of lines and names every line that fails.
struct NormalizationTestChunk: Sendable, CustomTestStringConvertible {
    let cases: ArraySlice<NormalizationTestCase>
    var testDescription: String { "lines \(cases.first?.line ?? 0)–\(cases.last?.line ?? 0)" }

    static let all: [NormalizationTestChunk] = stride(from: 0, to: NormalizationTestCase.loaded.cases.count, by: 250)
        .map {
            NormalizationTestChunk(
                cases: NormalizationTestCase.loaded.cases[$0..<min($0 + 250, NormalizationTestCase.loaded.cases.count)])
        }
}

@Suite("Unicode NormalizationTest.txt (NFC, lines of characters assigned by the tables' version)")
struct NormalizationTestTests {
    static let cases = NormalizationTestCase.loaded.cases

    @Test("lines", arguments: NormalizationTestChunk.all)
    func conforms(_ chunk: NormalizationTestChunk) {
        for testCase in chunk.cases {
            let mismatch = testCase.mismatch()
            #expect(mismatch == nil, "\(testCase.testDescription): \(mismatch ?? "")")
        }
    }

    /// Part 1's rule for every other code point: X == NFC(X).
    @Test("every assigned code point Part 1 does not list is its own NFC")
    func unlisted() {
        guard let ages = CorpusFiles.text("unicode/DerivedAge.txt") else { return }
        let assigned = AssignedCodePoints(derivedAge: ages, version: UTS46.unicodeVersion)
        let listed = NormalizationTestCase.loaded.partOne
        var checked = 0
        var wrong: [UInt32] = []
        for codePoint in UInt32(0)...0x10FFFF where !(0xD800...0xDFFF).contains(codePoint) {
            guard !listed.contains(codePoint), assigned.contains(codePoint) else { continue }
            checked += 1
            if NormalizationTestCase.nfc([codePoint]) != [codePoint] { wrong.append(codePoint) }
        }
        print(
            "NormalizationTest.txt Part 1 complement: \(checked - wrong.count) of \(checked) code points "
                + "are their own NFC"
        )
        #expect(wrong.isEmpty, "\(wrong.prefix(20).map { String($0, radix: 16) })")
    }

    @Test("summary: every applicable line passes")
    func summary() {
        let failed = Self.cases.filter { $0.mismatch() != nil }.count
        print(
            "NormalizationTest.txt (NFC, Unicode \(UTS46.unicodeVersion) characters): "
                + "\(Self.cases.count - failed) of \(Self.cases.count) lines pass"
        )
        #expect(Self.cases.count > 15000, "NormalizationTest.txt not found under \(CorpusFiles.directory)")
        #expect(failed == 0)
    }
}
