import FindingReports
import WebAddress

/// The version `webfence --version` prints; CHANGELOG.md has a section for each.
public enum WebFenceVersion {
    /// The version number alone.
    public static let current = "0.1.0"

    /// WebFence's home: its repository, where releases, docs and issues are.
    public static let homepage = "https://github.com/webfence/webfence"

    /// The tool as a SARIF log names it: the rules' help links point at this version's docs.
    public static var sarifTool: SARIFReport.Tool {
        SARIFReport.Tool(
            name: "webfence", version: current, informationURI: homepage,
            documentationRoot: homepage + "/blob/v\(current)/")
    }

    /// The first line is the version alone (scripts read it); the data every answer depends on
    /// follows: the Unicode version of the UTS #46 tables and the Public Suffix List's date.
    public static let description = """
        \(current)
        Unicode \(UTS46.unicodeVersion) (UTS #46 tables)
        Public Suffix List \(PublicSuffixList.bundledVersion.date) (commit \(PublicSuffixList.bundledVersion.commit.prefix(12)))
        """
}
