import FindingReports
import HybridFrameworks

/// The locator every report uses: the standard kinds of text file, and the files framework
/// readers place themselves (Cordova's `config.xml`, a PWABuilder shell's `Settings.swift`), by the
/// same walk that reads them.
public enum FindingLocations {
    /// A locator for every kind of file WebFence reports findings about.
    public static func locator() -> SourceLocator {
        SourceLocator(custom: [cordovaConfig, settingsSwift])
    }

    /// `config.xml`: each entry at its element, in the order Cordova reads them.
    static let cordovaConfig: SourceLocator.Custom = { path, text in
        guard path.hasSuffix("config.xml") else { return nil }
        let positions = CordovaConfigXMLReader.positions(Array(text.utf8))
        return positions.isEmpty ? nil : KeyPositionsLocator(positions)
    }

    /// `Settings.swift`: each key at the literal the reader took (`/allowedOrigins/1`), a list at
    /// its name.
    static let settingsSwift: SourceLocator.Custom = { path, text in
        path.hasSuffix(".swift") ? KeyPositionsLocator(PWABuilderSettingsReader.positions(text)) : nil
    }
}
