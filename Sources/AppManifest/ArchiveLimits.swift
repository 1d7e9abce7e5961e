/// What reading an app archive may cost: how many entries its directory may list and how many
/// bytes extraction may write in all. The command line takes what the format allows; a server that
/// opens uploads sets tighter ones, so a zip bomb or an archive of a million empty entries is
/// refused before it costs more than the bound.
public struct ArchiveLimits: Sendable, Hashable {
    /// The most entries an archive's directory may list (65,535 is the most a zip without ZIP64,
    /// the only kind read, can list).
    public var maximumEntries: Int
    /// The most bytes extraction may write, all files together (each is also bounded on its own:
    /// Info.plist, the profile, the executable).
    public var maximumExtractedSize: Int

    /// Limits of `maximumEntries` entries and `maximumExtractedSize` bytes written.
    public init(maximumEntries: Int = 65_535, maximumExtractedSize: Int = Int.max) {
        self.maximumEntries = maximumEntries
        self.maximumExtractedSize = maximumExtractedSize
    }
}
