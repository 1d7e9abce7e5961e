import Foundation
import StrictJSON
import WebAddress

/// A rule set (spec/navigation-rules.md §2), validated and compiled once. `decide` looks each
/// suffix of the URL's host up in one hash table, so its cost depends on the host's labels, never
/// on how many rules there are: ten rules or a hundred thousand, the same check.
///
///     let rules = try NavigationRuleSet(json: #"{"allow": ["example.com"], "deny": ["ads.example.com"]}"#)
///     rules.decide(try WebURL("https://login.example.com/")).action          // .allow
///     rules.decide(try WebURL("https://example.com.evil.com/")).action       // .cancel
///     rules.decide(try WebURL("https://evil.com\\@example.com/")).action     // .cancel: the host is evil.com
public struct NavigationRuleSet: Sendable {
    /// What happens to a URL that nothing matched.
    public enum Otherwise: String, Sendable, Hashable {
        /// Cancel the navigation, or hand the URL to the system to open.
        case cancel, openExternally
    }

    /// The rule set's version; a remote update must carry a higher one.
    public let version: Int
    /// After this time the rule set is no longer used (nil: it does not expire).
    public let expires: Date?
    /// What happens to a URL that nothing matched in a main frame; in a subframe it is cancelled.
    public let otherwise: Otherwise
    /// Every rule, allow then deny, in file order.
    public let rules: [NavigationRule]
    /// Warnings and notes about a rule set that loaded (errors refuse it).
    public let findings: [RuleSetFinding]
    let allowances: NonNetworkAllowances
    /// Host or address → the rules anchored on it.
    private let index: AnchorTable

    /// Reads and compiles a rule set's JSON text. Any error-level finding refuses the whole set:
    /// a rule set with one unreadable exception must not load without it.
    public init(json text: String) throws(RuleSetError) {
        let root: JSONValue
        do { root = try JSONParser.parse(text) } catch {
            throw RuleSetError([RuleSetFinding("rules.json", .error, at: "", "invalid JSON at \(error)")])
        }
        try self.init(root)
    }

    /// Compiles a rule set from its JSON value.
    public init(_ root: JSONValue) throws(RuleSetError) {
        var reader = RuleSetReader()
        reader.read(root)
        guard !reader.findings.contains(where: { $0.severity == .error }) else {
            throw RuleSetError(reader.findings.sorted { $0.severity > $1.severity })
        }
        version = reader.version
        expires = reader.expires
        otherwise = reader.otherwise
        rules = reader.rules
        findings = reader.findings
        allowances = reader.allowances
        index = AnchorTable(rules.map { ($0.host.anchor, $0.host.matchesAnchor, $0.host.matchesSubdomains) })
    }

    /// A rule set from Swift values, in the file's syntax: `try NavigationRuleSet(allow: ["example.com"])`.
    public init(
        allow: [String], deny: [String] = [], allowSchemes: [String] = [], otherwise: Otherwise = .cancel
    ) throws(RuleSetError) {
        try self.init(
            JSONValue.object([
                "allow": .array(allow.map(JSONValue.string)), "deny": .array(deny.map(JSONValue.string)),
                "allowSchemes": .array(allowSchemes.map(JSONValue.string)), "otherwise": .string(otherwise.rawValue),
            ]))
    }

    /// Every finding of a rule set's text, errors included, for `webfence rules lint`.
    public static func lint(json text: String) -> [RuleSetFinding] {
        do { return try NavigationRuleSet(json: text).findings } catch { return error.findings }
    }

    /// Whether the rule set is past its expiry at `now`.
    public func isExpired(at now: Date) -> Bool { expires.map { now >= $0 } ?? false }

    // MARK: - Deciding

    /// The decision for a navigation to `url` in a main frame or a subframe. Every redirect hop and
    /// every new window is a navigation of its own: ask again for each.
    public func decide(_ url: WebURL, frame: NavigationFrame = .main) -> NavigationDecision {
        switch url.host {
        case .domain(let name)? where SchemeSet(scheme: url.scheme) != nil:
            return decideHost(Substring(name), url: url, frame: frame)
        case let host? where SchemeSet(scheme: url.scheme) != nil:
            // An IP address: only an address rule names it, exactly.
            return decideHost(Substring(host.description), url: url, frame: frame, isAddress: true)
        default:
            return decideWithoutNetworkHost(url, frame: frame)
        }
    }

    private func decideHost(_ host: Substring, url: WebURL, frame: NavigationFrame, isAddress: Bool = false)
        -> NavigationDecision
    {
        // `example.com.` is the DNS name `example.com`: the same rules apply.
        // (Counted as bytes: a host is ASCII by now, and characters would be counted one by one.)
        let name = !isAddress && host.utf8.count > 1 && host.utf8.last == UInt8(ascii: ".") ? host.dropLast() : host
        var allowed: Int32? = nil
        var denied: Int32? = nil
        var nearMiss: (Int32, String)? = nil

        // The host itself and each suffix that starts after a dot, shortest first: the last allow
        // rule seen is the most specific, and every deny rule is seen before answering. (The
        // visit reads the two arrays it needs, not `self`: a copy of the whole set, retained field
        // by field, for every navigation.)
        let rules = rules
        let ruleIndices = index.ruleIndices
        func visit(_ entry: AnchorTable.Entry, _ isHost: Bool) -> Bool {
            for slot in isHost ? entry.exact : entry.below {
                let position = ruleIndices[Int(slot)]
                if let mismatch = rules[Int(position)].mismatch(url) {
                    if rules[Int(position)].list == .allow { nearMiss = (position, mismatch) }
                } else if rules[Int(position)].list == .deny {
                    denied = position
                    return false
                } else {
                    allowed = position
                }
            }
            return true
        }
        var utf8 = name
        utf8.withUTF8 { bytes in
            if isAddress {
                guard let entry = index.entry(bytes[...], hash: AnchorTable.hash(bytes)) else { return }
                _ = visit(entry, true)
            } else {
                index.forEachAnchor(of: bytes, visit)
            }
        }
        if let denied { return denial(denied, url: url) }
        let hostText = String(host)
        if let allowed {
            let rule = rules[Int(allowed)]
            return NavigationDecision(.allow, .allowRule, pointer: rule.pointer, text: rule.description, host: hostText)
        }
        let miss = nearMiss.map { "\(rules[Int($0.0)].pointer) (\(rules[Int($0.0)])) names the host, but \($0.1)" }
        return unmatched(host: hostText, frame: frame, nearMiss: miss)
    }

    private func denial(_ position: Int32, url: WebURL) -> NavigationDecision {
        let rule = rules[Int(position)]
        return NavigationDecision(
            .cancel, .denyRule, pointer: rule.pointer, text: rule.description, host: url.host?.description)
    }

    private func unmatched(host: String?, frame: NavigationFrame, nearMiss: String? = nil) -> NavigationDecision {
        if frame == .sub, otherwise == .openExternally {
            return NavigationDecision(
                .cancel, .otherwiseSubframe, pointer: "/otherwise", text: otherwise.rawValue, host: host,
                nearMiss: nearMiss)
        }
        let action: NavigationDecision.Action = otherwise == .cancel ? .cancel : .openExternally
        return NavigationDecision(
            action, .otherwise, pointer: "/otherwise", text: otherwise.rawValue, host: host, nearMiss: nearMiss)
    }

    /// URLs whose scheme is not one a host rule can name: `about:`, `data:`, `blob:`,
    /// `javascript:`, `file:` are refused unless named; any other scheme (`mailto:`, `myapp:`) is
    /// allowed when named and otherwise goes where unmatched URLs go.
    private func decideWithoutNetworkHost(_ url: WebURL, frame: NavigationFrame) -> NavigationDecision {
        let scheme = url.scheme
        if scheme == "about" {
            // "Matches about:blank/about:srcdoc" (HTML): the path alone; a query or fragment may follow.
            let path = url.pathname
            let bare = url.host == nil && url.username.isEmpty && url.password.isEmpty
            if bare, path == "blank", allowances.aboutBlank {
                return NavigationDecision(
                    .allow, .allowedScheme, pointer: pointer(forAllowance: "about:blank"), text: "about:blank",
                    host: nil)
            }
            if bare, path == "srcdoc", allowances.aboutSrcdoc {
                return NavigationDecision(
                    .allow, .allowedScheme, pointer: pointer(forAllowance: "about:srcdoc"), text: "about:srcdoc",
                    host: nil)
            }
            return NavigationDecision(.cancel, .nonNetworkScheme, pointer: nil, text: "about:\(path)", host: nil)
        }
        if allowances.schemes.contains(scheme) {
            return NavigationDecision(
                .allow, .allowedScheme, pointer: pointer(forAllowance: scheme + ":"), text: scheme + ":",
                host: url.host?.description)
        }
        if ["data", "blob", "javascript", "file"].contains(scheme) {
            return NavigationDecision(.cancel, .nonNetworkScheme, pointer: nil, text: scheme + ":", host: nil)
        }
        return unmatched(host: url.host?.description, frame: frame)
    }

    /// The pointer of the `allowSchemes` entry that names `text`.
    private func pointer(forAllowance text: String) -> String? { allowances.pointers[text] }
}
