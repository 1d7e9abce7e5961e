// The bridge checks of flutter_inappwebview 6.2 and Tauri 2 as they run on a device, through regular
// expressions: the peers of WebFence's bridge decisions (Benchmarks/FrameworkBridge, InstructionCounts
// `bridge`). Written in our words from their behaviour (hybrid-frameworks.md §13c, §13d, §14a, §14b);
// none of their code copied.

import Foundation

/// The `scheme://host[:port]` text both frameworks build from a frame (the page's `location.origin`,
/// the plugin's `securityOrigin` URL), from Foundation's parts; nil when the scheme or host is empty.
func foundationOrigin(_ url: URL) -> String? {
    guard let scheme = url.scheme, let host = url.host, !host.isEmpty else { return nil }
    return url.port.map { "\(scheme)://\(host):\($0)" } ?? "\(scheme)://\(host)"
}

/// flutter_inappwebview 6.2's two checks of a call from a frame: the page's gate (each entry of
/// `javaScriptBridgeOriginAllowList` pasted into a JavaScript string literal, then `RegExp.test` of
/// `location.origin`), then the native handler's (each entry of `javaScriptHandlersOriginAllowList`
/// searched for with `String.range(of:options: .regularExpression)`, compiled by ICU at every call).
/// The page's expressions run here through `NSRegularExpression`, compiled once: Linux has no
/// JavaScript engine, and the entries are of the syntax both dialects agree on.
public struct RegexFlutterBridgeCheck: @unchecked Sendable {
    let page: [NSRegularExpression]
    let handlers: [String]

    public init(pageList: [String], handlerList: [String]) {
        page = pageList.map { try! NSRegularExpression(pattern: Self.afterStringLiteral($0)) }
        handlers = handlerList
    }

    /// What a JavaScript string literal makes of `text`: a backslash escapes the character after it
    /// (the entries here use no letter escapes).
    static func afterStringLiteral(_ text: String) -> String {
        var result = ""
        var escaped = false
        for character in text {
            if character == "\\", !escaped {
                escaped = true
            } else {
                result.append(character)
                escaped = false
            }
        }
        return result
    }

    /// Whether a call from a frame at `url` reaches the Dart handler.
    public func accepts(_ url: String) -> Bool {
        guard let parsed = URL(string: url), let origin = foundationOrigin(parsed) else { return false }
        let whole = NSRange(origin.startIndex..., in: origin)
        guard page.contains(where: { $0.firstMatch(in: origin, range: whole) != nil }) else { return false }
        return handlers.contains { origin.range(of: $0, options: .regularExpression) != nil }
    }
}

/// Tauri 2's access check for a command invoked from a top-level page (`RuntimeAuthority::resolve_access`):
/// the command's resolved grants, each for the local context or one `remote.urls` URL pattern, and a
/// window label. A pattern is tested as the `urlpattern` crate does it, one anchored regular expression
/// per URL component, against the URL's parts (Foundation's here, the `url` crate's on a device).
/// Simplified where the benchmark's URLs do not reach: hosts are compared as written (they are lower
/// case), an explicit default port is not removed, and Foundation's `path` (which drops a trailing
/// slash) stands for the URL's pathname.
public struct URLPatternTauriAccess: @unchecked Sendable {
    /// One `remote.urls` entry's components after Tauri's defaults (search and hash `*`, pathname `*`
    /// when absent), as the pattern string of each.
    public struct Pattern: Sendable {
        let components: [String]

        /// The components in the crate's order: protocol, username, password, hostname, port,
        /// pathname, search, hash.
        public init(scheme: String, hostname: String, port: String = "", pathname: String = "*") {
            components = [scheme, "*", "*", hostname, port, pathname, "*", "*"]
        }
    }

    /// One grant of the command: local pages, or remote ones whose URL matches `pattern`.
    struct Grant {
        let remote: [NSRegularExpression]?
        let window: String
    }

    let grants: [Grant]

    /// The grants of one command: local pages of `window` if `local`, and each remote pattern.
    public init(local: Bool, remote: [Pattern], window: String) {
        grants =
            (local ? [Grant(remote: nil, window: window)] : [])
            + remote.map { pattern in
                Grant(remote: pattern.components.map(Self.componentRegex), window: window)
            }
    }

    /// A component's pattern string as the crate compiles it: `*` any text, everything else itself.
    static func componentRegex(_ pattern: String) -> NSRegularExpression {
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false)
        let body = parts.map { NSRegularExpression.escapedPattern(for: String($0)) }.joined(separator: "(.*)")
        return try! NSRegularExpression(pattern: "^" + body + "$")
    }

    /// Whether the command runs for a top-level page at `url` in window `window`.
    public func allows(_ url: String, window: String) -> Bool {
        guard let parsed = URL(string: url), let scheme = parsed.scheme else { return false }
        let isLocal = scheme == "tauri" && parsed.host == "localhost"
        let parts = [
            scheme, parsed.user ?? "", parsed.password ?? "", parsed.host ?? "",
            parsed.port.map(String.init) ?? "", parsed.path, parsed.query ?? "", parsed.fragment ?? "",
        ]
        return grants.contains { grant in
            guard grant.window == window else { return false }
            guard let remote = grant.remote else { return isLocal }
            return !isLocal
                && zip(remote, parts).allSatisfy { regex, part in
                    regex.firstMatch(in: part, range: NSRange(part.startIndex..., in: part)) != nil
                }
        }
    }
}
