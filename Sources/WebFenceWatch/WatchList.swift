import AssociatedDomains

/// The domains `--watch FILE` names: one a line, as `host` or `host:port`; blank lines and lines
/// starting with `#` are skipped; each domain once, in the file's order.
public enum WatchList {
    /// At most this many domains: each is fetched twice a round.
    public static let maximumDomains = 1_000

    /// Why a watch file cannot be used: the line and what is wrong with it.
    public struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// The line, counting from 1 (0 for the file as a whole).
        public let line: Int
        /// What is wrong.
        public let message: String

        /// The problem in words, with its line.
        public var description: String { line > 0 ? "line \(line): \(message)" : message }
    }

    /// The domains of `text`, or the first line that is not a domain.
    public static func parse(_ text: String) throws(Problem) -> [LinkDomain] {
        var domains: [LinkDomain] = []
        var number = 0
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            number += 1
            let trimmed = line.trimmingCharacters(in: [" ", "\t"])
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard let domain = LinkDomain(String(trimmed)) else {
                throw Problem(line: number, message: "\"\(trimmed)\" is not a domain: give a host such as example.com")
            }
            if !domains.contains(domain) { domains.append(domain) }
            guard domains.count <= maximumDomains else {
                throw Problem(line: number, message: "more than \(maximumDomains) domains")
            }
        }
        guard !domains.isEmpty else { throw Problem(line: 0, message: "the file names no domain") }
        return domains
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: Set<Character>) -> Substring {
        var trimmed = self
        while let first = trimmed.first, set.contains(first) { trimmed = trimmed.dropFirst() }
        while let last = trimmed.last, set.contains(last) { trimmed = trimmed.dropLast() }
        return trimmed
    }
}
