import StrictJSON
import WebAddress

/// A line of IdnaTestV2.txt 16.0.0 as the tests generated from it in PyPI's `idna` 3.11 carry it
/// (Tests/Corpora/unicode/idna-uts46-cases.json): ToUnicode and ToASCII with every check on, and
/// an error wherever either column of the line has a status. 5,373 of the file's 6,389 lines: the
/// package leaves out 53 where it departs from UTS #46 itself, and Scripts/refresh-corpora.py the
/// ones whose error the package reports for an IDNA2008 rule UTS #46 does not have (NV8/XV8 code
/// points, CONTEXTO).
public struct IdnaPackageCase: ConformanceCase {
    public let line: Int
    public let input: String
    public let toUnicode: String?
    public let toASCII: String?

    public var description: String { "line \(line) \"\(escapedForDisplay(input))\"" }

    public static let all: [IdnaPackageCase] = {
        guard let text = CorpusFiles.text("unicode/idna-uts46-cases.json"), let document = try? JSONParser.parse(text),
            case .array(let cases)? = document["cases"]
        else { return [] }
        return cases.map {
            IdnaPackageCase(
                line: $0["line"]?.intValue ?? 0, input: $0["input"]?.stringValue ?? "",
                toUnicode: $0["toUnicode"]?.stringValue, toASCII: $0["toASCII"]?.stringValue)
        }
    }()

    public func mismatches() -> [String] {
        var problems: [String] = []
        let unicode = UTS46.toUnicode(input, options: .strict)
        let unicodeResult = unicode.errors.isEmpty ? unicode.domain : nil
        if unicodeResult != toUnicode {
            problems.append(
                "ToUnicode: expected \(toUnicode.map { "\"\($0)\"" } ?? "an error"), got "
                    + (unicodeResult.map { "\"\($0)\"" } ?? "\(unicode.errors.codes)"))
        }
        let ascii = UTS46.toASCII(input, options: .strict)
        if (try? ascii.get()) != toASCII {
            problems.append("ToASCII: expected \(toASCII.map { "\"\($0)\"" } ?? "an error"), got \(ascii)")
        }
        return problems
    }
}
