import WebAddress

/// One line of Unicode's IdnaTestV2.txt: a source string and the results of ToUnicode, ToASCII
/// (nontransitional) and ToASCII (transitional) with every check on, each with its status codes.
/// Every status code is compared, not only whether there is an error.
public struct UnicodeIdnaTestCase: ConformanceCase {
    public let line: Int
    /// UTF-16, as the file writes it: a few sources hold lone surrogates (`\uD900`).
    let source: [UInt16]
    let toUnicode: [UInt16]
    let toUnicodeStatus: Set<String>
    let toASCIIN: [UInt16]
    let toASCIINStatus: Set<String>
    let toASCIIT: [UInt16]
    let toASCIITStatus: Set<String>

    public var description: String { "line \(line) \"\(escapedForDisplay(String(decoding: source, as: UTF16.self)))\"" }

    /// The file's cases, or none when it is not in the corpora folder (the summary test and the
    /// runner then fail).
    public static let all: [UnicodeIdnaTestCase] = {
        guard let text = CorpusFiles.text("unicode/IdnaTestV2.txt") else { return [] }
        var cases: [UnicodeIdnaTestCase] = []
        // Split on scalars, not characters: a `;` or a space before a combining mark is one
        // character with it.
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, rawLine) in lines.enumerated() {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? rawLine
            let columns = line.split(separator: ";", omittingEmptySubsequences: false).map(trimmed)
            guard columns.count >= 7 else { continue }
            // Blank columns take another column's value, as the file's header says.
            let source = unescape(columns[0])
            let toUnicode = columns[1].isEmpty ? source : unescape(columns[1])
            let toUnicodeStatus = statuses(columns[2]) ?? []
            let toASCIIN = columns[3].isEmpty ? toUnicode : unescape(columns[3])
            let toASCIINStatus = statuses(columns[4]) ?? toUnicodeStatus
            let toASCIIT = columns[5].isEmpty ? toASCIIN : unescape(columns[5])
            let toASCIITStatus = statuses(columns[6]) ?? toASCIINStatus
            cases.append(
                UnicodeIdnaTestCase(
                    line: index + 1, source: source, toUnicode: toUnicode, toUnicodeStatus: toUnicodeStatus,
                    toASCIIN: toASCIIN, toASCIINStatus: toASCIINStatus, toASCIIT: toASCIIT,
                    toASCIITStatus: toASCIITStatus))
        }
        return cases
    }()

    /// `\uXXXX` and `\x{XXXX}` escapes, and `""` for the empty string, as UTF-16.
    static func unescape(_ text: String) -> [UInt16] {
        if text == "\"\"" { return [] }
        var units: [UInt16] = []
        var scalars = Substring(text).unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\\", let kind = scalars.first, kind == "u" || kind == "x" else {
                units.append(contentsOf: String(scalar).utf16)
                continue
            }
            scalars.removeFirst()
            var digits = ""
            if kind == "u" {
                digits = String(String.UnicodeScalarView(scalars.prefix(4)))
                scalars.removeFirst(min(4, scalars.count))
            } else {
                scalars.removeFirst()  // {
                while let digit = scalars.popFirst(), digit != "}" { digits.unicodeScalars.append(digit) }
            }
            let value = UInt32(digits, radix: 16) ?? 0xFFFD
            if let scalar = Unicode.Scalar(value) {
                units.append(contentsOf: String(scalar).utf16)
            } else {
                units.append(UInt16(truncatingIfNeeded: value))  // a lone surrogate
            }
        }
        return units
    }

    /// `[B1, V6]` → {"B1", "V6"}; `[]` → {}; a blank column → nil (take the default).
    static func statuses(_ text: String) -> Set<String>? {
        guard !text.isEmpty else { return nil }
        let inner = text.dropFirst().dropLast()
        return Set(inner.unicodeScalars.split(separator: ",").map(trimmed).filter { !$0.isEmpty })
    }

    /// Without leading and trailing spaces and tabs.
    static func trimmed(_ text: Substring.UnicodeScalarView) -> String {
        let isBlank: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" }
        let start = text.firstIndex(where: { !isBlank($0) }) ?? text.endIndex
        let end = text.lastIndex(where: { !isBlank($0) }).map(text.index(after:)) ?? start
        return String(String.UnicodeScalarView(text[start..<max(start, end)]))
    }

    public func mismatches() -> [String] {
        var problems: [String] = []
        let unicode = UTS46.toUnicode(utf16: source, options: .strict)
        let expectedUnicode = String(decoding: toUnicode, as: UTF16.self)
        if unicode.domain != expectedUnicode {
            problems.append(
                "ToUnicode: expected \"\(escapedForDisplay(expectedUnicode))\", "
                    + "got \"\(escapedForDisplay(unicode.domain))\""
            )
        }
        problems += Self.compare("ToUnicode", got: unicode.errors, expected: toUnicodeStatus)
        for (name, transitional, expected, status) in [
            ("ToASCII-N", false, toASCIIN, toASCIINStatus), ("ToASCII-T", true, toASCIIT, toASCIITStatus),
        ] {
            var options = UTS46.Options.strict
            options.transitionalProcessing = transitional
            switch UTS46.toASCII(utf16: source, options: options) {
            case .success(let ascii):
                let want = String(decoding: expected, as: UTF16.self)
                if ascii != want { problems.append("\(name): expected \"\(want)\", got \"\(ascii)\"") }
                problems += Self.compare(name, got: [], expected: status)
            case .failure(let errors):
                // With errors, the file's output is only a guide (a lone surrogate cannot be encoded).
                problems += Self.compare(name, got: errors, expected: status)
            }
        }
        return problems
    }

    /// An error where the file has one and none where it has none; the codes themselves too.
    static func compare(_ operation: String, got: IDNAFailure, expected: Set<String>) -> [String] {
        let codes = Set(got.codes)
        if codes.isEmpty != expected.isEmpty {
            let want = expected.isEmpty ? "no error" : expected.sorted().description
            return ["\(operation): expected \(want), got \(codes.isEmpty ? "no error" : codes.sorted().description)"]
        }
        return codes == expected ? [] : ["\(operation): status codes \(codes.sorted()) instead of \(expected.sorted())"]
    }
}
