import StrictJSON

/// One corpus: its cases, each checked on its own, and the known gaps (cases WebAddress does not
/// pass, each with its reason; docs/conformance.md lists the same).
public protocol ConformanceCase: Sendable, CustomStringConvertible {
    /// What went wrong; empty when the case passes.
    func mismatches() -> [String]
    /// Why WebAddress does not pass this case, when it is a documented gap (KnownConformanceGaps).
    var knownGap: String? { get }
}

extension ConformanceCase {
    public var knownGap: String? { nil }
}

/// A corpus's result: how many cases pass, which fail, and which of those are documented gaps.
public struct CorpusReport: Sendable {
    public let name: String
    public let total: Int
    public let failures: [(case: String, problems: [String], knownGap: String?)]
    public var passed: Int { total - failures.count }
    /// Failures that are not documented gaps, and documented gaps that now pass.
    public let unexpected: Int

    public init<Case: ConformanceCase>(name: String, cases: [Case]) {
        self.name = name
        total = cases.count
        var failures: [(case: String, problems: [String], knownGap: String?)] = []
        var unexpected = 0
        for testCase in cases {
            let problems = testCase.mismatches()
            if !problems.isEmpty { failures.append((testCase.description, problems, testCase.knownGap)) }
            if problems.isEmpty == (testCase.knownGap != nil) { unexpected += 1 }
        }
        self.failures = failures
        self.unexpected = unexpected
    }
}

/// The JSON array of a corpus file, or an empty one when the file cannot be read (the summaries
/// then fail, saying where they looked).
func jsonArray(_ relativePath: String) -> [JSONValue] {
    guard let text = CorpusFiles.text(relativePath), case .array(let values)? = try? JSONParser.parse(text) else {
        return []
    }
    return values
}

extension JSONValue {
    /// The value of an object's member, for objects read from a corpus.
    func member(_ key: String) -> JSONValue? { self[key] }
}
