import StrictJSON

/// The findings an app already had when WebFence was adopted: recorded once
/// (`--write-baseline FILE`), then left out of every report (`--baseline FILE`) so that only new
/// findings are shown and fail the build.
///
/// A finding is known when the baseline holds one with the same code and ``Fingerprint``, counted:
/// two findings alike in the file need two entries. The file is JSON, sorted, so that a change to it
/// reads well in review:
/// `{"webfenceBaseline": 1, "findings": [{"code", "fingerprint", "path", "pointer", "message"}]}`.
public struct Baseline: Sendable, Hashable {
    /// One recorded finding. Only `code` and `fingerprint` are compared; the rest is for people.
    public struct Entry: Sendable, Hashable {
        /// The finding's code.
        public let code: String
        /// Its ``Fingerprint``.
        public let fingerprint: String
        /// Its file, relative to the working directory.
        public let path: String
        /// Its key.
        public let pointer: String
        /// Its message when recorded.
        public let message: String
    }

    /// Why a baseline file cannot be used.
    public struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong, with the place when there is one.
        public let description: String
    }

    /// The version of the file format written and read.
    public static let formatVersion = 1

    /// The recorded findings, sorted by path, code and fingerprint.
    public let entries: [Entry]

    /// The baseline of `findings`.
    public init(_ findings: [ReportedFinding]) {
        entries = findings.map {
            Entry(
                code: $0.code, fingerprint: Fingerprint.of($0), path: ReportPaths.relative($0.path),
                pointer: $0.pointer, message: $0.message)
        }.sorted { ($0.path, $0.code, $0.fingerprint) < ($1.path, $1.code, $1.fingerprint) }
    }

    /// Reads a baseline file's text.
    public init(text: String) throws(Problem) {
        let value: JSONValue
        do { value = try JSONParser.parse(text) } catch { throw Problem(description: error.description) }
        guard case .int(let version)? = value["webfenceBaseline"] else {
            throw Problem(description: "not a WebFence baseline: no \"webfenceBaseline\" version")
        }
        guard version == Self.formatVersion else {
            throw Problem(
                description: "baseline format \(version); this WebFence reads format \(Self.formatVersion)")
        }
        guard case .array(let items)? = value["findings"] else {
            throw Problem(description: "/findings: expected an array")
        }
        var entries: [Entry] = []
        for (index, item) in items.enumerated() {
            guard case .string(let code)? = item["code"], case .string(let fingerprint)? = item["fingerprint"] else {
                throw Problem(description: "/findings/\(index): expected \"code\" and \"fingerprint\" strings")
            }
            func text(_ key: String) -> String {
                if case .string(let value)? = item[key] { return value }
                return ""
            }
            entries.append(
                Entry(
                    code: code, fingerprint: fingerprint, path: text("path"), pointer: text("pointer"),
                    message: text("message")))
        }
        self.entries = entries
    }

    /// The file's content: one entry a line, in order.
    public func rendered() -> String {
        var lines = ["{", "  \"webfenceBaseline\": \(Self.formatVersion),", "  \"findings\": ["]
        for (index, entry) in entries.enumerated() {
            let object = JSONValue.object([
                "code": .string(entry.code), "fingerprint": .string(entry.fingerprint), "path": .string(entry.path),
                "pointer": .string(entry.pointer), "message": .string(entry.message),
            ])
            lines.append("    " + object.serialized() + (index == entries.count - 1 ? "" : ","))
        }
        lines += ["  ]", "}"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// For each of `findings`, whether the baseline knows it. Entries are used once each, in order.
    public func knows(_ findings: [ReportedFinding]) -> [Bool] {
        var remaining: [String: Int] = [:]
        for entry in entries { remaining[entry.code + " " + entry.fingerprint, default: 0] += 1 }
        return findings.map { finding in
            let key = finding.code + " " + Fingerprint.of(finding)
            guard let count = remaining[key], count > 0 else { return false }
            remaining[key] = count - 1
            return true
        }
    }
}
