import StrictJSON
import WebAddress

/// Tests/Corpora/wpt/urltestdata.json: the WHATWG URL parser tests.
public struct URLTestCase: ConformanceCase {
    public let index: Int
    public let input: String
    public let base: String?
    /// The expected API fields; nil when the parse must fail.
    public let expected: [String: String]?

    public var description: String {
        "#\(index) \"\(escapedForDisplay(input))\"" + (base.map { " against \"\(escapedForDisplay($0))\"" } ?? "")
    }

    public static let all: [URLTestCase] = jsonArray("wpt/urltestdata.json")
        .filter { if case .object = $0 { true } else { false } }
        .enumerated()
        .map { index, entry in
            let failure = entry["failure"]?.boolValue ?? false
            var fields: [String: String] = [:]
            for name in URLAPIFields.names { if let value = entry[name]?.stringValue { fields[name] = value } }
            return URLTestCase(
                index: index, input: entry["input"]?.stringValue ?? "", base: entry["base"]?.stringValue,
                expected: failure ? nil : fields)
        }

    public var knownGap: String? { KnownConformanceGaps.urlTestData[index] }

    /// The fields that differ from the expectation (empty when the case passes).
    public func mismatches() -> [String] {
        let result = WebURL.parse(input, base: base)
        switch (result, expected) {
        case (.failure, nil): return []
        case (.success(let url), nil): return ["expected failure, got \(url.href)"]
        case (.failure(let error), .some): return ["expected success, got failure \(error.code): \(error)"]
        case (.success(let url), .some(let expected)):
            let actual = url.apiFields
            return expected.sorted(by: { $0.key < $1.key }).compactMap { name, value in
                let got = actual[name] ?? ""
                return got == value ? nil : "\(name): expected \"\(value)\", got \"\(got)\""
            }
        }
    }
}

/// Corpus cases WebAddress does not pass, each with its reason; docs/conformance.md lists the same.
/// They still run (as known issues): a gap that closes makes its test fail until it is removed here.
public enum KnownConformanceGaps {
    /// urltestdata.json, by index among its test objects.
    public static let urlTestData: [Int: String] = [:]
    /// IdnaTestV2.json, by input.
    public static let idnaTestV2: [String: String] = [:]
}
