/// What a finding code means: a short title, the sentence that says how to fix what it reports, and
/// the part of WebFence's docs that explains it. Each capability keeps a catalog of its codes; SARIF
/// logs list them as their rules, and code-scanning tools show the title, the fix and the link.
public struct FindingRule: Sendable, Hashable {
    /// The stable code: `aasa.rule.unreachable`, `rules.host.publicSuffix`, `appBound.entry.pastCapacity`.
    public let code: String
    /// A short name for the problem, without a final full stop.
    public let title: String
    /// One or two sentences: what to change. Ends with a full stop.
    public let fix: String
    /// The page and section of WebFence's docs that explain the code, relative to the repository's
    /// root: `docs/audit.md#3-findings`.
    public let documentation: String

    /// The rule for `code`.
    public init(code: String, title: String, fix: String, documentation: String) {
        self.code = code
        self.title = title
        self.fix = fix
        self.documentation = documentation
    }
}
