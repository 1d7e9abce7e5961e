import WebAddress

/// What a framework's own navigation code decided, by which configuration entry or built-in rule,
/// on which real host, and whether the URL loads in the web view on a host the configuration does
/// not name (interfaces §6).
public struct FrameworkDecision: Sendable, Hashable, CustomStringConvertible {
    /// The framework's answer to WebKit, with what it does beside it.
    public enum Action: String, Sendable, Hashable, CaseIterable {
        /// The URL loads in the web view (WebKit's App-Bound gate decides next).
        case allow
        /// The framework cancels and nothing opens.
        case cancel
        /// The framework cancels and offers the URL to the system: Safari, another app,
        /// `SFSafariViewController`, `Linking.openURL`.
        case openExternally
        /// The framework answers `.download`: the response is saved, never shown in the web view,
        /// and the page's app-bound state resets to none (PWABuilder's shell for `blob:`).
        case download
    }

    /// The framework's answer.
    public let action: Action
    /// The configuration entry or built-in rule that decided.
    public let rule: FrameworkRule
    /// The host the engine would connect to (WHATWG); nil without one.
    public let host: URLHost?
    /// True when the framework lets the URL load in the web view while its real host is not one the
    /// configuration names (label-bounded; spec §11 for wildcard and built-in entries).
    public let isBypass: Bool

    /// A decision; `isBypass` is computed by the policy from the hosts its whole configuration names.
    public init(_ action: Action, rule: FrameworkRule, host: URLHost?, isBypass: Bool = false) {
        self.action = action
        self.rule = rule
        self.host = host
        self.isBypass = isBypass
    }

    /// The decision as `framework check` names it (interfaces §6): `allow`, `cancel` or
    /// `openExternally`. A download shows nothing in the web view, so it is a `cancel` there, its
    /// rule saying download; the navigation pipeline keeps it a download.
    public var checkDecision: String { action == .download ? Action.cancel.rawValue : action.rawValue }

    /// The host as interfaces §6 prints it: the URL Standard's serialisation, or nil.
    public var hostText: String? { host?.description }

    /// The decision as a sentence: what, by which rule, on which host, and the bypass.
    public var description: String {
        let on = host.map { " (host \($0))" } ?? " (no host)"
        let bypass = isBypass ? "; BYPASS: the configuration does not name this host" : ""
        return "\(checkDecision)\(on): \(rule)\(bypass)"
    }
}

/// The configuration entry or built-in rule behind a framework decision.
public struct FrameworkRule: Sendable, Hashable, CustomStringConvertible {
    /// A stable identifier, e.g. `capacitor.allowNavigation` or `cordova.intent.notOpened`.
    public let code: String
    /// Where the entry sits in the configuration (`server.allowNavigation[0]`,
    /// `<allow-navigation>[2]`); nil for a built-in rule.
    public let location: String?
    /// The entry as written; nil for a built-in rule.
    public let entry: String?
    /// Why this rule decides as it does, in the framework's terms.
    public let reason: String

    /// A configuration entry's rule.
    public init(code: String, location: String?, entry: String?, reason: String) {
        self.code = code
        self.location = location
        self.entry = entry
        self.reason = reason
    }

    /// A built-in rule of the framework's code.
    public static func builtIn(_ code: String, _ reason: String) -> FrameworkRule {
        FrameworkRule(code: code, location: nil, entry: nil, reason: reason)
    }

    /// `location "entry": reason [code]`, or `reason [code]` for a built-in rule.
    public var description: String {
        let entryText = entry.map { "\"\($0)\"" }
        let source = [location, entryText].compactMap { $0 }.joined(separator: " ")
        return (source.isEmpty ? "" : "\(source): ") + "\(reason) [\(code)]"
    }
}
