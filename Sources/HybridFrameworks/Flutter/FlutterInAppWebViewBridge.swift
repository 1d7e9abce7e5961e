import WebAddress

/// flutter_inappwebview's JavaScript bridge on iOS (spec §13a–§13d): whether its user script runs in
/// a frame and whether a `callHandler` call from that frame reaches the app's Dart handler.
///
/// 6.1.5, the stable release, has no origin settings: the bridge is in every frame and its message
/// handler takes any call. From 6.2.0-beta.1 the script carries a secret and three lists restrict it:
/// the page's gate (`javaScriptBridgeOriginAllowList`, else `pluginScriptsOriginAllowList`, as
/// JavaScript regular expressions behind a string literal) and the native check
/// (`javaScriptHandlersOriginAllowList`, as ICU expressions).
public struct FlutterInAppWebViewBridge: Sendable, Hashable {
    /// The releases whose source WebFence follows.
    public enum Version: String, Sendable, Hashable, CaseIterable {
        /// 6.1.5, the current stable release (no origin settings).
        case stable615 = "6.1.5"
        /// 6.2.0-beta.1, which added the origin settings and the bridge secret.
        case beta1 = "6.2.0-beta.1"
        /// 6.2.0-beta.2.
        case beta2 = "6.2.0-beta.2"
        /// 6.2.0-beta.3, the latest the spec describes: the default.
        case beta3 = "6.2.0-beta.3"

        /// Whether the release has the origin settings and the secret.
        var hasOriginSettings: Bool { self != .stable615 }
    }

    /// The settings the decisions follow.
    public let settings: FlutterInAppWebViewSettings
    /// The release.
    public let version: Version

    private let pageGate: FlutterOriginList?
    private let handlers: FlutterOriginList?

    /// The bridge of a web view made with `settings` by `version`; a setting the release does not
    /// have is a failure naming it.
    public init(_ settings: FlutterInAppWebViewSettings, version: Version = .beta3)
        throws(FrameworkBridgeFailure)
    {
        if !version.hasOriginSettings, let member = settings.membersSince62.first {
            throw FrameworkBridgeFailure(
                "\(member) does not exist in flutter_inappwebview \(version.rawValue) (added in 6.2.0-beta.1)")
        }
        self.settings = settings
        self.version = version
        var states = OriginRegex.largestConfiguration
        if let list = settings.javaScriptBridgeOriginAllowList {
            pageGate = FlutterOriginList(
                setting: "javaScriptBridgeOriginAllowList", values: list, check: .pageGate, states: &states)
        } else if let list = settings.pluginScriptsOriginAllowList {
            pageGate = FlutterOriginList(
                setting: "pluginScriptsOriginAllowList", values: list, check: .pageGate, states: &states)
        } else {
            pageGate = nil
        }
        handlers = settings.javaScriptHandlersOriginAllowList.map {
            FlutterOriginList(
                setting: "javaScriptHandlersOriginAllowList", values: $0, check: .nativeHandler, states: &states)
        }
    }

    /// The decision for a frame at `url`, the main frame or a sub-frame.
    public func decide(_ url: WebURL, isMainFrame: Bool) throws(FrameworkBridgeFailure) -> FrameworkBridgeDecision {
        let origin = FrameOrigin(of: url)
        func no(_ rule: FrameworkRule) -> FrameworkBridgeDecision {
            FrameworkBridgeDecision(
                offered: false, accepted: false, origin: origin.location, rule: rule, isBypass: false)
        }
        if settings.applePayAPIEnabled == true {
            return no(Self.rule("applePayAPIEnabled", "true", Rules.applePay))
        }
        guard version.hasOriginSettings else {
            return FrameworkBridgeDecision(
                offered: true, accepted: true, origin: origin.location, rule: .builtIn(Rules.everyFrame, Rules.v615),
                isBypass: false)
        }
        if settings.javaScriptBridgeEnabled == false {
            return no(Self.rule("javaScriptBridgeEnabled", "false", Rules.disabled))
        }
        if settings.javaScriptBridgeOriginAllowList?.isEmpty == true {
            return no(Self.rule("javaScriptBridgeOriginAllowList", "[]", Rules.emptyBridgeList))
        }
        if !isMainFrame, settings.javaScriptBridgeForMainFrameOnly == true {
            return no(Self.rule("javaScriptBridgeForMainFrameOnly", "true", Rules.mainFrameOnly))
        }
        let gate = try FlutterOriginGate.page(pageGate, origin: origin.location)
        guard gate.passes else { return no(gate.rule) }
        if handlers != nil, url.scheme == "about" {
            throw FrameworkBridgeFailure(
                "the handler check of an \(url.href) frame reads the security origin it inherits from the document "
                    + "that made it, which the frame's URL alone does not give")
        }
        let native = try FlutterOriginGate.native(handlers, origin: origin.native)
        // Named by the configuration: by any of its lists (interfaces §6b counts the whole configuration).
        // The native origin, when there is one, is the same text as `location.origin`.
        let lists = [pageGate, handlers].compactMap { $0 }
        var bypass = false
        if lists.contains(where: \.namesSomeOrigin) {
            let parsed = try? WebURL(origin.location)
            bypass = !lists.contains { $0.names(origin.location, parsed: parsed) }
        }
        // With a handler list both checks decided: the handler's rule, with the script's beside it.
        let rule =
            handlers == nil
            ? gate.rule
            : FrameworkRule(
                code: native.rule.code, location: native.rule.location, entry: native.rule.entry,
                reason: "\(native.rule.reason); the script ran: " + Self.sentence(gate.rule))
        return FrameworkBridgeDecision(
            offered: true, accepted: native.passes, origin: origin.location, rule: rule, isBypass: bypass)
    }

    /// The states of every compiled allow-list entry, at least 1: an upper bound of the steps one
    /// decision takes for each character of the origin.
    public var compiledStates: Int {
        let lists = [pageGate, handlers].compactMap { $0 }
        return max(
            1,
            lists.flatMap(\.entries).reduce(0) { total, entry in
                var states = entry.anchored?.program.instructions.count ?? 0
                if case .regex(let regex) = entry.reading { states += regex.program.instructions.count }
                return total + states
            })
    }

    /// A rule without its code: `location "entry": reason`, or the reason.
    static func sentence(_ rule: FrameworkRule) -> String {
        guard let location = rule.location else { return rule.reason }
        return "\(location)" + (rule.entry.map { " \"\($0)\"" } ?? "") + ": \(rule.reason)"
    }

    static func rule(_ setting: String, _ value: String, _ reason: String) -> FrameworkRule {
        FrameworkRule(code: "flutter-inappwebview.\(setting)", location: setting, entry: value, reason: reason)
    }

    enum Rules {
        static let everyFrame = "flutter-inappwebview.bridge.everyFrame"
        static let v615 =
            "6.1.5 injects its bridge into every frame and its callHandler handler accepts a call from any frame "
            + "of any origin, with no secret and no origin check"
        static let applePay = "with applePayAPIEnabled the plugin adds no plugin script at all: no bridge"
        static let disabled = "no plugin script is added and every script message is ignored"
        static let emptyBridgeList = "an empty list turns javaScriptBridgeEnabled off: no bridge for any origin"
        static let mainFrameOnly = "the bridge's user script is added for the main frame only"
    }
}
