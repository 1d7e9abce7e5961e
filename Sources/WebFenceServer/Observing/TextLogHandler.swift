import Foundation
import Logging

/// `webfence serve --log-format text` (the default): each message on a line, as swift-log's
/// `StreamLogHandler` writes it (`time level label: key=value [source] message`), with the metadata
/// formatted when a message is written, not each time a key is set: the server's router sets a
/// request's id on every request, and `StreamLogHandler` formats all of its metadata again then
/// (about 3.5% of a small request's time in a profile, for lines that `--log-level warning` never
/// writes).
public struct TextLogHandler: LogHandler {
    /// The logger's label (`webfence.serve`).
    public let label: String
    /// The least severe messages written.
    public var logLevel: Logger.Level = .info
    /// Metadata every message carries.
    public var metadata: Logger.Metadata = [:]
    private let write: @Sendable (String) -> Void

    /// A handler that writes each line to standard error.
    public init(label: String) {
        self.init(label: label) { line in FileHandle.standardError.write(Data(line.utf8)) }
    }

    /// A handler that gives each line, its newline included, to `write`.
    public init(label: String, write: @escaping @Sendable (String) -> Void) {
        self.label = label
        self.write = write
    }

    /// One key of the metadata every message carries.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Writes `event` as one line.
    public func log(event: LogEvent) {
        let all = metadata.merging(event.metadata ?? [:]) { $1 }
        let pairs = all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        let time = Date.ISO8601FormatStyle(timeZone: .current).format(Date())
        write(
            "\(time) \(event.level) \(label):\(pairs.isEmpty ? "" : " " + pairs) [\(event.source)] \(event.message)\n")
    }
}
