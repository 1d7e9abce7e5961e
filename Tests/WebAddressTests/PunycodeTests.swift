import Testing

@testable import WebAddress

/// Punycode (RFC 3492): its §7.1 samples both ways, and the O(n log n) paths for long labels
/// against the RFC's own loops.
@Suite("Punycode")
struct PunycodeTests {
    /// RFC 3492 §7.1: (A) Arabic (Egyptian) to (S), the encodings lowercase (the case annotations
    /// of the RFC's mixed-case forms are optional and not used by IDNA).
    static let samples: [(String, String)] = [
        ("ليهمابتكلموشعربي؟", "egbpdaj6bu4bxfgehfvwxn"),
        ("他们为什么不说中文", "ihqwcrb4cv8a8dqg056pqjye"),
        ("他們爲什麽不說中文", "ihqwctvzc91f659drss3x8bo0yb"),
        ("Pročprostěnemluvíčesky", "Proprostnemluvesky-uyb24dma41a"),
        ("למההםפשוטלאמדבריםעברית", "4dbcagdahymbxekheh6e0a7fei0b"),
        ("यहलोगहिंदीक्योंनहींबोलसकतेहैं", "i1baaa6gcj3inw9b2ae1bj0hfcgg6iyaf8o0a1dig3c"),
        ("なぜみんな日本語を話してくれないのか", "n8jok5ay5dzabd5bym9f0cm5685rrjetr6pdxa"),
        ("세계의모든사람들이한국어를이해한다면얼마나좋을까", "989aomsvi5e83db1d2a355cv1e0vak1dwrv93d5xbh15a0dt30a5jpsd879ccm6fea98c"),
        ("почемужеонинеговорятпорусски", "b1abfaaepdrnnbgefbadotcwatmq2g4l"),
        ("PorquénopuedensimplementehablarenEspañol", "PorqunopuedensimplementehablarenEspaol-fmd56a"),
        ("TạisaohọkhôngthểchỉnóitiếngViệt", "TisaohkhngthchnitingVit-kjcr8268qyxafd2f1b9g"),
        ("3年B組金八先生", "3B-ww4c5e180e575a65lsy2b"),
        ("安室奈美恵-with-SUPER-MONKEYS", "-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n"),
        ("Hello-Another-Way-それぞれの場所", "Hello-Another-Way--fc4qua05auwb3674vfr0b"),
        ("ひとつ屋根の下2", "2-u9tlzr9756bt3uc0v"),
        ("MajiでKoiする5秒前", "MajiKoi5-783gue6qz075azm5e"),
        ("パフィーdeルンバ", "de-jg4avhby1noc0d"),
        ("そのスピードで", "d9juau41awczczp"),
        ("-> $1.00 <-", "-> $1.00 <--"),
    ]

    static func encode(_ codePoints: [UInt32]) -> String? {
        var output: [UInt8] = []
        let encoded = codePoints.withUnsafeBufferPointer { Punycode.encode($0, appendingTo: &output) }
        return encoded ? String(decoding: output, as: UTF8.self) : nil
    }

    static func decode(_ text: String) -> [UInt32]? {
        let input = text.unicodeScalars.map(\.value)
        return input.withUnsafeBufferPointer { source in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: max(source.count, 1)) { output in
                Punycode.decode(source, into: output).map { Array(output[..<$0]) }
            }
        }
    }

    @Test("RFC 3492 §7.1 samples encode and decode", arguments: samples.indices)
    func sample(_ index: Int) {
        let (unicode, encoded) = Self.samples[index]
        let codePoints = unicode.unicodeScalars.map(\.value)
        #expect(Self.encode(codePoints) == encoded)
        #expect(Self.decode(encoded) == codePoints)
    }

    @Test("invalid Punycode is refused: bad digits, overflow, basic or surrogate results")
    func invalid() {
        #expect(Self.decode("0") == nil)  // a number that never ends
        #expect(Self.decode("a-9") == nil)  // 9 is 35: a digit, but the number does not end
        #expect(Self.decode("a-!") == nil)  // not a digit
        #expect(Self.decode("99999999999a") == nil)  // overflow
        #expect(Self.decode("ä-a") == nil)  // a non-ASCII basic code point
        #expect(Self.encode([0x61, 0xD800]) == nil)  // a lone surrogate cannot be encoded
        #expect(Self.decode("") == [])
    }

    /// Labels past `shortLabel` take the O(n log n) paths; random ones must give what the RFC's
    /// loops give, and decode back.
    @Test("long labels: the O(n log n) paths agree with the RFC's loops")
    func longLabels() {
        var generator = SeededGenerator(seed: 0x5EED)
        for length in [Punycode.shortLabel + 1, 200, 1_000, 5_000] {
            for _ in 0..<4 {
                let label: [UInt32] = (0..<length).map { _ in
                    switch generator.next() % 4 {
                    case 0: UInt32(0x61 + generator.next() % 26)
                    case 1: UInt32(0xE0 + generator.next() % 32)
                    case 2: UInt32(0x4E00 + generator.next() % 300)
                    default: UInt32(0x1F600 + generator.next() % 40)
                    }
                }
                var short: [UInt8] = []
                var long: [UInt8] = []
                let basicCount = label.count(where: { $0 < 0x80 })
                let shortResult = label.withUnsafeBufferPointer {
                    Punycode.encodeShort($0, basicCount: basicCount, output: &short)
                }
                let longResult = label.withUnsafeBufferPointer {
                    Punycode.encodeLong($0, basicCount: basicCount, output: &long)
                }
                #expect(shortResult == longResult)
                #expect(short == long, "length \(length)")
                let encoded = Self.encode(label)
                #expect(encoded.flatMap(Self.decode) == label, "length \(length)")
            }
        }
    }
}

/// A small deterministic generator (SplitMix64), so the random labels are the same on every run.
struct SeededGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
