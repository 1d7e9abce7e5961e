import Foundation

/// What every report for people shares, whoever shows it: the marks on its text (a terminal shows
/// them as colours, a file or a pipe drops them), the severity column, and counts in words.
public enum TextReport {
    /// A mark on a piece of text.
    public enum Emphasis: Sendable, Hashable {
        /// A heading.
        case bold
        /// What matters less: notes, rule codes, fixes.
        case dim
        /// Errors.
        case red
        /// What held.
        case green
        /// Warnings.
        case yellow
    }

    /// How a piece of text is marked.
    public typealias Styler = @Sendable (String, Emphasis) -> String

    /// Text without marks.
    public static let plain: Styler = { text, _ in text }

    /// A severity named as the reports name it (`error`, `warning`, `note`), padded to one column
    /// and marked: errors red, warnings yellow, the rest dim.
    public static func severityColumn(_ name: String, _ styled: Styler) -> String {
        let emphasis: Emphasis = name == "error" ? .red : name == "warning" ? .yellow : .dim
        return styled(name.padding(toLength: 7, withPad: " ", startingAt: 0), emphasis)
    }

    /// `1 error`, `2 warnings`.
    public static func counted(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)" + (number == 1 ? "" : "s")
    }

    /// `1 error, 0 warnings, 2 notes`.
    public static func severityCounts(errors: Int, warnings: Int, notes: Int) -> String {
        "\(counted(errors, "error")), \(counted(warnings, "warning")), \(counted(notes, "note"))"
    }
}
