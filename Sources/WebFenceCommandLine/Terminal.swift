import FindingReports
import Foundation

/// Writing to the terminal: colour only when the stream is a terminal and `NO_COLOR` is unset.
public struct Terminal: Sendable {
    /// The file descriptor written to.
    public let fileDescriptor: Int32

    /// Standard output.
    public static let standardOutput = Terminal(fileDescriptor: STDOUT_FILENO)
    /// Standard error.
    public static let standardError = Terminal(fileDescriptor: STDERR_FILENO)

    /// Whether the stream is a terminal (a person is reading).
    public var isTerminal: Bool { isatty(fileDescriptor) == 1 }

    /// Whether text is coloured: a terminal, and `NO_COLOR` unset.
    public var usesColour: Bool {
        isatty(fileDescriptor) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    }

    /// Writes `text` as it is.
    public func write(_ text: String) {
        if fileDescriptor == STDOUT_FILENO {
            // Through print(), so it interleaves correctly with other printed output.
            print(text, terminator: "")
        } else {
            FileHandle.standardError.write(Data(text.utf8))
        }
    }

    /// The marks text may have: the reports' own (`TextReport.Emphasis`).
    public typealias Style = TextReport.Emphasis

    /// `text` in `style` when the stream is coloured, else `text`.
    public func styled(_ text: String, _ style: Style) -> String {
        usesColour ? "\u{1B}[\(Self.selectGraphicRendition(style))m\(text)\u{1B}[0m" : text
    }

    /// The SGR code of a mark.
    private static func selectGraphicRendition(_ style: Style) -> String {
        switch style {
        case .bold: "1"
        case .dim: "2"
        case .red: "31"
        case .green: "32"
        case .yellow: "33"
        }
    }
}
