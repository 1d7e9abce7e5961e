import WebAddress

/// The navigation decision of PWABuilder's iOS shell (`pwa-shell`, `WebView.swift`'s
/// `decidePolicyFor navigationAction`; spec §12b), in its order: `about:` allowed; `blob:`
/// downloaded; a host that contains an `authOrigins` entry, then an `allowedOrigins` entry, as a
/// substring, allowed (the first shows the "Done" toolbar, the second hides it); a page-initiated
/// navigation allowed to any host; anything else with a host cancelled and handed to
/// `SFSafariViewController` (http, https) or `UIApplication.open`; without a host, cancelled, and
/// `tel:` and `mailto:` handed to the system. Every frame is decided alike.
public struct PWABuilderPolicy: Sendable {
    /// The configuration the decisions follow.
    public let configuration: PWABuilderConfiguration
    private let named: [NamedHosts]
    /// The entries as UTF-8, searched for in a host's bytes.
    private let authBytes: [[UInt8]]
    private let allowedBytes: [[UInt8]]

    /// The policy of one app's `Settings.swift`.
    public init(_ configuration: PWABuilderConfiguration) {
        self.configuration = configuration
        named = configuration.namedHosts
        authBytes = configuration.authOrigins.map { Array($0.utf8) }
        allowedBytes = configuration.allowedOrigins.map { Array($0.utf8) }
    }

    /// What the shell does with its toolbar (a "Done" button that reloads the start URL).
    public enum Toolbar: String, Sendable, Hashable {
        /// An auth origin matched: the toolbar appears.
        case shown
        /// An allowed origin matched: the toolbar goes away.
        case hidden
        /// Left as it was.
        case unchanged
    }

    /// The decision for one navigation action.
    public func decide(_ action: FrameworkNavigationAction) -> FrameworkDecision { decideWithToolbar(action).decision }

    /// The decision, and what it does to the toolbar.
    public func decideWithToolbar(_ action: FrameworkNavigationAction) -> (
        decision: FrameworkDecision, toolbar: Toolbar
    ) {
        let url = action.url
        let host = action.realHost
        if url.scheme == "about" {
            return (
                .init(.allow, rule: .builtIn("pwabuilder.about", "about: URLs are allowed in any frame"), host: host),
                .unchanged
            )
        }
        if url.scheme == "blob" {
            return (
                .init(
                    .download,
                    rule: .builtIn(
                        "pwabuilder.download", "blob: URLs are downloaded (.download), never shown in the web view"),
                    host: host), .unchanged
            )
        }
        // `URL.host` of the URL WebKit canonicalised: scheme, port, path and query are never compared.
        guard let requestHost = FoundationURLView.host(of: action.url) else { return (withoutHost(action), .unchanged) }
        // Auth origins first: the start host may occur in a permitted URL's host too.
        for (list, entries, bytes, toolbar) in [
            ("authOrigins", configuration.authOrigins, authBytes, Toolbar.shown),
            ("allowedOrigins", configuration.allowedOrigins, allowedBytes, Toolbar.hidden),
        ] {
            guard let index = Self.firstOccurring(bytes, in: requestHost) else { continue }
            let shows =
                toolbar == .shown ? "and the Done toolbar shown (it reloads the start URL)" : "the toolbar hidden"
            let rule = FrameworkRule(
                code: "pwabuilder.\(list)", location: "\(list)[\(index)]", entry: entries[index],
                reason:
                    "the entry occurs in the host \"\(requestHost)\" (substring, no label boundary): allowed, \(shows)")
            return (allowed(host, rule), toolbar)
        }
        if action.navigationType == .other, action.target != .newWindow, !action.isAppInitiated {
            let rule = FrameworkRule.builtIn(
                "pwabuilder.pageInitiated",
                "no entry occurs in the host, but the navigation is page-initiated (type other, no tap, a target and a source frame: script, redirect, meta refresh, iframe): allowed to any host"
            )
            return (allowed(host, rule), .unchanged)
        }
        let appInitiated =
            action.isAppInitiated && action.navigationType == .other
            ? " (an app-initiated load: a release build may drop the sourceFrame test, and then it loads)" : ""
        if url.scheme == "http" || url.scheme == "https" {
            return (
                .init(
                    .openExternally,
                    rule: .builtIn(
                        "pwabuilder.safari",
                        "no allowedOrigins or authOrigins entry occurs in the host \"\(requestHost)\": cancelled and shown in SFSafariViewController\(appInitiated)"
                    ),
                    host: host), .unchanged
            )
        }
        return (
            .init(
                .openExternally,
                rule: .builtIn(
                    "pwabuilder.system",
                    "no entry occurs in the host \"\(requestHost)\": cancelled and handed to UIApplication.open if canOpenURL says yes; the template declares no LSApplicationQueriesSchemes, so a \(url.scheme): URL opens only if iOS lets any app check it\(appInitiated)"
                ),
                host: host), .unchanged
        )
    }

    /// A URL without a host: cancelled; `tel:` and `mailto:` handed to the system, `file:` to a
    /// download path, anything else dropped.
    private func withoutHost(_ action: FrameworkNavigationAction) -> FrameworkDecision {
        let scheme = action.url.scheme
        switch scheme {
        case "tel", "mailto":
            return .init(
                .openExternally,
                rule: .builtIn(
                    "pwabuilder.noHost.system",
                    "a \(scheme): URL has no host: cancelled and handed to UIApplication.open"),
                host: action.realHost)
        case "file":
            return .init(
                .cancel,
                rule: .builtIn(
                    "pwabuilder.noHost.file",
                    "a file: URL has no host: cancelled and passed to the template's (untested) download-and-open code"),
                host: action.realHost)
        default:
            return .init(
                .cancel,
                rule: .builtIn("pwabuilder.noHost", "a \(scheme): URL has no host: cancelled, and nothing opens"),
                host: action.realHost)
        }
    }

    private func allowed(_ host: URLHost?, _ rule: FrameworkRule) -> FrameworkDecision {
        FrameworkDecision(.allow, rule: rule, host: host, isBypass: !NamedHosts.anyNames(host, in: named))
    }

    /// The index of the first entry that occurs in `host` (`host.range(of: entry) != nil`:
    /// case-sensitive; an empty entry occurs nowhere). Compared as UTF-8 bytes: a web site's host is
    /// ASCII, where bytes and Foundation's comparison agree; only a custom scheme's decoded host can
    /// hold other characters, and there canonically equivalent spellings are not matched (D90).
    static func firstOccurring(_ entries: [[UInt8]], in host: String) -> Int? {
        var host = host
        return host.withUTF8 { bytes in entries.firstIndex { !$0.isEmpty && occurs($0, in: bytes) } }
    }

    private static func occurs(_ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        guard needle.count <= haystack.count else { return false }
        let first = needle[0]
        for start in 0...(haystack.count - needle.count) where haystack[start] == first {
            var index = 1
            while index < needle.count, haystack[start + index] == needle[index] { index += 1 }
            if index == needle.count { return true }
        }
        return false
    }
}

extension PWABuilderPolicy {
    /// Why an `allowedOrigins` or `authOrigins` entry can never occur in a host WebKit hands over
    /// (lowercase, ASCII, without scheme, port, path or query), or nil when it can.
    public static func deadEntry(_ entry: String) -> String? {
        if entry.isEmpty { return "it is empty, and an empty string occurs nowhere" }
        if entry.contains("://") { return "it has a scheme" }
        if let slash = entry.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) {
            return "it has a path or query, from \"\(entry[slash...])\""
        }
        if let colon = entry.lastIndex(of: ":"), entry[entry.index(after: colon)...].allSatisfy(\.isNumber),
            !entry.hasSuffix(":"), entry.firstIndex(of: ":") == colon
        {
            return "it has a port, and ports are never compared"
        }
        if entry.contains(where: { $0.isASCII && $0.isUppercase }) { return "it has capitals, and hosts are lowercase" }
        if entry.contains(where: { !$0.isASCII }) {
            return "it is not ASCII, and a web site's host is punycode (xn--…): only a custom scheme's could hold it"
        }
        if entry.contains("*") { return "a * is not a wildcard here: it is looked for as a character" }
        if entry.contains(where: \.isWhitespace) { return "it has white space" }
        return nil
    }
}
