/// What a framework's own code decides about its JavaScript bridge in one frame (interfaces §6b):
/// whether the bridge is there, whether a call from the frame reaches the app's native code, by
/// which setting or built-in rule, for which origin, and whether that is a bypass.
///
/// App-Bound Domains are not part of it: in a frame that is not app-bound WebKit skips user scripts
/// and withholds message handlers whatever the framework decides (spec/app-bound-domains.md).
public struct FrameworkBridgeDecision: Sendable, Hashable, CustomStringConvertible {
    /// The framework's bridge script runs in the frame (its user script is added for the frame and
    /// the script's own origin check, if any, passes).
    public let offered: Bool
    /// A bridge call from the frame reaches the app's native code.
    public let accepted: Bool
    /// The frame's origin as its `location.origin` serialises it (`null` for an opaque one).
    public let origin: String
    /// The setting or built-in rule that decided.
    public let rule: FrameworkRule
    /// The bridge is offered or accepted in a frame whose origin the configuration does not name,
    /// while it names at least one.
    public let isBypass: Bool

    /// A decision.
    public init(offered: Bool, accepted: Bool, origin: String, rule: FrameworkRule, isBypass: Bool) {
        self.offered = offered
        self.accepted = accepted
        self.origin = origin
        self.rule = rule
        self.isBypass = isBypass
    }

    /// The decision as a sentence.
    public var description: String {
        let what =
            accepted ? "offered and accepted" : offered ? "offered, calls refused" : "not offered"
        let bypass = isBypass ? "; BYPASS: the configuration does not name this origin" : ""
        return "\(what) (origin \(origin)): \(rule)\(bypass)"
    }
}

/// A bridge question WebFence will not answer with a guess: an allow-list entry outside the syntax
/// it evaluates, or a setting the chosen version does not have.
public struct FrameworkBridgeFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// What could not be decided, naming the entry.
    public let reason: String

    /// A failure.
    public init(_ reason: String) { self.reason = reason }

    /// The reason.
    public var description: String { reason }
}
