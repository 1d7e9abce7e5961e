// The frameworks' own matchers as they run on a device, through regular expressions: the peers of
// WebFence's framework decisions (Benchmarks/FrameworkDecision, InstructionCounts `framework`).
// Written in our words from their behaviour (hybrid-frameworks.md §4b, §5, and their sources read); none of their code copied.

import Foundation

/// react-native-webview's `originWhitelist` check as its JavaScript does it: the origin is the
/// match of a regular expression at the URL's start, and each entry is a regular expression (the
/// entry escaped, `*` as `.*`) anchored at the origin's start.
public struct RegexOriginWhitelist: @unchecked Sendable {
    let origin = try! NSRegularExpression(pattern: "^[A-Za-z][A-Za-z0-9+\\-.]+:(//)?[^/]*")
    let entries: [NSRegularExpression]

    public init(_ whitelist: [String]) {
        entries = (["about:blank"] + whitelist).map { entry in
            let escaped = NSRegularExpression.escapedPattern(for: entry).replacingOccurrences(of: "\\*", with: ".*")
            return try! NSRegularExpression(pattern: "^" + escaped)
        }
    }

    /// Whether the URL loads in the web view (the check passes).
    public func passes(_ url: String) -> Bool {
        let whole = NSRange(url.startIndex..., in: url)
        guard let match = origin.firstMatch(in: url, range: whole), let range = Range(match.range, in: url) else {
            return false
        }
        let found = String(url[range])
        let all = NSRange(found.startIndex..., in: found)
        return entries.contains { $0.firstMatch(in: found, range: all) != nil }
    }
}

/// Cordova's `<allow-navigation>` check as `CDVAllowList` does it: each entry's scheme, host and
/// path become case-insensitive (scheme, host) or exact (path) regular expressions ending in `$`,
/// matched anchored against Foundation's `URL` parts.
public struct RegexCordovaAllowList: @unchecked Sendable {
    /// One entry, already split into its parts (nil: any).
    public struct Entry: Sendable {
        let scheme: String?
        let host: String?
        let path: String?

        public init(scheme: String?, host: String?, path: String?) {
            self.scheme = scheme
            self.host = host
            self.path = path
        }
    }

    struct Compiled {
        let scheme: NSRegularExpression?
        let host: NSRegularExpression?
        let path: NSRegularExpression?
    }

    let entries: [Compiled]

    public init(_ entries: [Entry]) {
        self.entries = entries.map { entry in
            let scheme = entry.scheme.map { Self.regex(Self.pattern($0, wildcards: false), caseInsensitive: true) }
            let host = entry.host.map { host in
                host.hasPrefix("*.")
                    ? Self.regex(
                        "([a-z0-9.-]*\\.)?" + Self.pattern(String(host.dropFirst(2)), wildcards: false),
                        caseInsensitive: true)
                    : Self.regex(Self.pattern(host, wildcards: false), caseInsensitive: true)
            }
            let path = entry.path.flatMap { $0 == "/*" ? nil : Self.regex(Self.pattern($0, wildcards: true)) }
            return Compiled(scheme: scheme, host: host, path: path)
        }
    }

    static func pattern(_ text: String, wildcards: Bool) -> String {
        var pattern = NSRegularExpression.escapedPattern(for: text)
        if wildcards {
            pattern = pattern.replacingOccurrences(of: "\\*", with: ".*")
            // A trailing "/*" also covers the path without its slash.
            if pattern.hasSuffix("\\/.*") { pattern = String(pattern.dropLast(4)) + "(\\/.*)?" }
        }
        return pattern + "$"
    }

    static func regex(_ pattern: String, caseInsensitive: Bool = false) -> NSRegularExpression {
        try! NSRegularExpression(pattern: pattern, options: caseInsensitive ? [.caseInsensitive] : [])
    }

    /// Whether an entry allows the URL (Foundation's parse of the string, as `NSURL` on a device).
    public func allows(_ text: String) -> Bool {
        guard let url = URL(string: text) else { return false }
        let scheme = url.scheme ?? ""
        let host = url.host
        let path = url.path
        func matches(_ regex: NSRegularExpression?, _ value: String?) -> Bool {
            guard let regex else { return true }
            guard let value else { return false }
            return regex.numberOfMatches(in: value, options: .anchored, range: NSRange(value.startIndex..., in: value))
                > 0
        }
        return entries.contains { matches($0.scheme, scheme) && matches($0.host, host) && matches($0.path, path) }
    }
}
