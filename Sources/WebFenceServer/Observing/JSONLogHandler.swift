import Foundation
import Logging
import StrictJSON

/// `webfence serve --log-format json`: each log message as one JSON object on a line of its own
/// (`{"time", "level", "label", "message", ...metadata}`), for a log collector to read without a
/// pattern. Metadata keys are the message's own (`hb.request.method`, `hb.request.path`, `watch`,
/// `domain`); a key that would hide one of the four is written with a `metadata.` prefix.
public struct JSONLogHandler: LogHandler {
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
        var members: [JSONValue.Member] = [
            .init("time", .string(Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(Date()))),
            .init("level", .string(event.level.rawValue)),
            .init("label", .string(label)),
            .init("message", .string(event.message.description)),
        ]
        let reserved: Set<String> = ["time", "level", "label", "message"]
        let all = metadata.merging(event.metadata ?? [:]) { $1 }
        for (key, value) in all.sorted(by: { $0.key < $1.key }) {
            members.append(.init(reserved.contains(key) ? "metadata." + key : key, Self.json(value)))
        }
        write(JSONValue.object(members).serialized() + "\n")
    }

    static func json(_ value: Logger.Metadata.Value) -> JSONValue {
        switch value {
        case .string(let text): .string(text)
        case .stringConvertible(let convertible): .string(convertible.description)
        case .array(let values): .array(values.map(json))
        case .dictionary(let values):
            .object(values.sorted { $0.key < $1.key }.map { .init($0.key, json($0.value)) })
        }
    }
}
