import WebAddress

/// Tests/Corpora/psl/test_psl.txt: `checkPublicSuffix(host, registrableDomainOrNull)`, against the
/// list bundled with WebAddress.
public struct PublicSuffixCheck: ConformanceCase {
    public let line: Int
    public let host: String?
    public let expected: String?

    public var description: String { "line \(line): \(host ?? "null") → \(expected ?? "null")" }

    public static let all: [PublicSuffixCheck] = {
        guard let text = CorpusFiles.text("psl/test_psl.txt") else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            // Lines the file itself comments out (`//checkPublicSuffix(...)`) are not checks.
            guard line.hasPrefix("checkPublicSuffix(") else { return nil }
            let arguments = line.dropFirst("checkPublicSuffix(".count).prefix { $0 != ")" }
            let values = arguments.split(separator: ",").map { argument -> String? in
                let trimmed = argument.drop(while: { $0 == " " })
                return trimmed == "null" ? nil : String(trimmed.dropFirst().dropLast())
            }
            guard values.count == 2 else { return nil }
            return PublicSuffixCheck(line: index + 1, host: values[0], expected: values[1])
        }
    }()

    /// What the bundled list answers; a null host has no registrable domain.
    public var actual: String? { host.flatMap(PublicSuffixList.bundled.registrableDomain(of:)) }

    public func mismatches() -> [String] {
        actual == expected ? [] : ["expected \(expected ?? "null"), got \(actual ?? "null")"]
    }
}
