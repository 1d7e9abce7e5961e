import Foundation

/// Writing to the terminal: colour only when the stream is a terminal and `NO_COLOR` is unset.
struct Terminal: Sendable {
    let fileDescriptor: Int32

    static let standardOutput = Terminal(fileDescriptor: STDOUT_FILENO)
    static let standardError = Terminal(fileDescriptor: STDERR_FILENO)

    var isTerminal: Bool { isatty(fileDescriptor) == 1 }

    var usesColour: Bool {
        isatty(fileDescriptor) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    }

    func write(_ text: String) {
        if fileDescriptor == STDOUT_FILENO {
            // Through print(), so it interleaves correctly with other printed output.
            print(text, terminator: "")
        } else {
            FileHandle.standardError.write(Data(text.utf8))
        }
    }

    enum Style: String {
        case bold = "1"
        case dim = "2"
        case red = "31"
        case green = "32"
        case yellow = "33"
    }

    func styled(_ text: String, _ style: Style) -> String {
        usesColour ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }
}
