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

    /// The styles text may have (SGR codes).
    public enum Style: String, Sendable {
        /// Bold.
        case bold = "1"
        /// Faint.
        case dim = "2"
        /// Red: errors.
        case red = "31"
        /// Green: what held.
        case green = "32"
        /// Yellow: warnings.
        case yellow = "33"
    }

    /// `text` in `style` when the stream is coloured, else `text`.
    public func styled(_ text: String, _ style: Style) -> String {
        usesColour ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }
}
