import WebAddress

/// The version `webfence --version` prints; CHANGELOG.md has a section for each.
public enum WebFenceVersion {
    /// The version number alone.
    public static let current = "0.1.0"

    /// The first line is the version alone (scripts read it); the data every answer depends on
    /// follows: the Unicode version of the UTS #46 tables and the Public Suffix List's date.
    public static let description = """
        \(current)
        Unicode \(UTS46.unicodeVersion) (UTS #46 tables)
        Public Suffix List \(PublicSuffixList.bundledVersion.date) (commit \(PublicSuffixList.bundledVersion.commit.prefix(12)))
        """
}
