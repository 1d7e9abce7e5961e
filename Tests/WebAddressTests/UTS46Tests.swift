import Testing

@testable import WebAddress

/// UTS #46 through its public API: the flags, UTF-16 input, and the tables' data.
@Suite("UTS #46")
struct UTS46Tests {
    @Test("the Unicode version of the tables")
    func version() {
        #expect(UTS46.unicodeVersion == "16.0.0")
    }

    @Test("ToASCII and ToUnicode with the URL Standard's flags")
    func urlStandard() {
        #expect(UTS46.toASCII("Bücher.example") == .success("xn--bcher-kva.example"))
        #expect(UTS46.toASCII("faß.de") == .success("xn--fa-hia.de"))
        #expect(UTS46.toUnicode("xn--bcher-kva.example") == UTS46.UnicodeDomain(domain: "bücher.example", errors: []))
        // CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength are off for the URL Standard.
        #expect(UTS46.toASCII("-a-.b") == .success("-a-.b"))
        #expect(UTS46.toASCII("a_b.c") == .success("a_b.c"))
        #expect(UTS46.toASCII("a..b") == .success("a..b"))
    }

    @Test("each flag turns its check on")
    func flags() {
        var options = UTS46.Options.urlStandard
        options.checkHyphens = true
        #expect(UTS46.toASCII("-a-.b", options: options) == .failure(.leadingOrTrailingHyphen))
        #expect(UTS46.toASCII("ab--c", options: options) == .failure(.hyphenInThirdAndFourthPositions))
        options = .urlStandard
        options.useSTD3ASCIIRules = true
        #expect(UTS46.toASCII("a_b.c", options: options) == .failure(.std3ASCIIRules))
        options = .urlStandard
        options.verifyDNSLength = true
        #expect(UTS46.toASCII("a..b", options: options) == .failure(.labelLength))
        #expect(UTS46.toASCII(String(repeating: "a", count: 64), options: options) == .failure(.labelLength))
        options = .urlStandard
        options.transitionalProcessing = true
        #expect(UTS46.toASCII("faß.de", options: options) == .success("fass.de"))
        options = .urlStandard
        options.checkJoiners = false
        #expect(UTS46.toASCII("a\u{200D}b", options: options) == .success("xn--ab-m1t"))
        #expect(UTS46.toASCII("a\u{200D}b") == .failure(.zeroWidthJoiner))
    }

    @Test("CheckBidi: UTS #46 checks every label of a Bidi domain name; the URL Standard's tests only RTL labels (D1)")
    func checkBidi() {
        #expect(UTS46.toASCII("1.\u{064A}") == .success("1.xn--mhb"))
        #expect(UTS46.toASCII("1.\u{064A}", options: .strict) == .failure(.bidiFirstCharacter))
        var off = UTS46.Options.strict
        off.checkBidi = .off
        #expect(UTS46.toASCII("1.\u{064A}", options: off) == .success("1.xn--mhb"))
        // A right-to-left label that starts with a digit breaks rule 1 in every mode that checks.
        #expect(UTS46.toASCII("1\u{05D0}.com") == .failure(.bidiFirstCharacter))
    }

    @Test("UTF-16 input keeps a lone surrogate, which is disallowed; UTF-8 input decodes ill-formed bytes to U+FFFD")
    func illFormedInput() {
        #expect(UTS46.toASCII(utf16: [0x61, 0xD800, 0x62]) == .failure([.disallowed, .punycodeEncoding]))
        #expect(UTS46.toASCII(utf16: Array("b\u{FC}cher".utf16)) == .success("xn--bcher-kva"))
        let bytes: [UInt8] = [0x61, 0xFF, 0x62]
        let result = bytes.withUnsafeBufferPointer { UTS46.toASCII(utf8: $0, options: .urlStandard) }
        #expect(result == .failure(.disallowed))
    }

    @Test("errors name IdnaTestV2.txt's status codes")
    func codes() {
        let failure: IDNAFailure = [.disallowed, .bidiFirstCharacter, .emptyLabel]
        #expect(failure.codes == ["V7", "B1", "X4_2"])
        #expect(failure.description.contains("(V7)"))
    }
}

@Suite("NFC")
struct NFCTests {
    /// A long run of marks takes the counting sort; it must order as a stable sort by combining
    /// class. The base (U+4E00) and these marks compose with nothing, so NFC only orders.
    @Test("canonical ordering of long runs of marks", arguments: [33, 500, 5_000])
    func longRuns(_ length: Int) {
        var generator = SeededGenerator(seed: 0xA11CE)
        let marks: [UInt32] = [0x0301, 0x0316, 0x0334, 0x05B0, 0x0345, 0x0302, 0x1DCE]
        let run = (0..<length).map { _ in marks[Int(generator.next() % UInt64(marks.count))] }
        let sorted = run.enumerated()
            .sorted {
                let (a, b) = (
                    UnicodeTables.shared.info($0.element).combiningClass,
                    UnicodeTables.shared.info($1.element).combiningClass
                )
                return a != b ? a < b : $0.offset < $1.offset
            }
            .map(\.element)
        let text: [UInt32] = [0x4E00] + run
        let normalized = text.withUnsafeBufferPointer { source in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: NFC.decomposedLength(source)) { output in
                Array(output[..<NFC.normalize(source, into: output)])
            }
        }
        #expect(normalized == [0x4E00] + sorted)
    }
}

@Suite("UTS #46 bounds")
struct UTS46BoundsTests {
    @Test("a domain too long to process fails closed, with its own error (D69)")
    func tooLong() throws {
        let expanding = String(repeating: "\u{FDFA}", count: UTS46.maximumMappedLength / 18 + 1)
        #expect(UTS46.toASCII(expanding) == .failure(.tooLong))
        #expect(UTS46.toUnicode(expanding).errors == .tooLong)
        let huge = String(repeating: "ü", count: UTS46.maximumInputLength / 2 + 1)
        #expect(UTS46.toASCII(huge) == .failure(.tooLong))
        #expect(UTS46.toASCII(utf16: Array(huge.utf16)) == .failure(.tooLong))
        #expect(throws: URLParseError.domainToASCII(.tooLong)) { try WebURL("https://\(expanding)/") }
        // Just under the bound it is processed.
        let longest = String(repeating: "\u{FDFA}", count: UTS46.maximumMappedLength / 18)
        #expect(UTS46.toASCII(longest) != .failure(.tooLong))
        // An ASCII host needs no IDNA and has no bound.
        let ascii = String(repeating: "a", count: UTS46.maximumInputLength + 10) + ".example"
        #expect(try WebURL("https://\(ascii)/").host == .domain(ascii))
    }
}
