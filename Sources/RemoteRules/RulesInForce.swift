import Foundation
import NavigationRules

/// The navigation rule set a ``RemoteRuleSetClient`` applies now, where it came from, and why it
/// was chosen over the others (spec/navigation-rules.md §3).
public struct RulesInForce: Sendable {
    /// Where the rules in force came from.
    public enum Source: String, Sendable, Hashable {
        /// A signed rule set: the stored last known good, or an update accepted since launch.
        case lastKnownGood
        /// The default that ships inside the app, trusted as its code is.
        case bundled
        /// `{"allow": []}`: nothing matches and every navigation is cancelled, because no rule set
        /// may be used. Remote rules never fail open.
        case cancelEverything
    }

    /// Why these rules were chosen. The raw value is a stable code.
    public enum Reason: String, Sendable, Hashable, CaseIterable {
        /// At launch: the stored copy verifies, has not expired and is not older than the bundled default.
        case stored = "rules.stored"
        /// An update was fetched, verified, stored and swapped in.
        case updated = "remote.updated"
        /// Nothing is stored: the bundled default.
        case nothingStored = "rules.bundled.nothingStored"
        /// The stored copy fails verification (altered, truncated, unknown key, unreadable): the bundled default.
        case storedRefused = "rules.bundled.storedRefused"
        /// The signed rule set expired (at launch or while in force): the bundled default.
        case storedExpired = "rules.bundled.storedExpired"
        /// The bundled default has a higher version than the stored copy (the app was updated).
        case bundledNewer = "rules.bundled.newer"
        /// The bundled default was needed and does not load: everything is cancelled.
        case bundledInvalid = "rules.cancelEverything.bundledInvalid"
        /// The bundled default was needed and has expired: everything is cancelled.
        case bundledExpired = "rules.cancelEverything.bundledExpired"

        /// A stable identifier, e.g. `rules.bundled.storedRefused`.
        public var code: String { rawValue }

        /// Where rules chosen for this reason come from.
        public var source: Source {
            switch self {
            case .stored, .updated: .lastKnownGood
            case .nothingStored, .storedRefused, .storedExpired, .bundledNewer: .bundled
            case .bundledInvalid, .bundledExpired: .cancelEverything
            }
        }
    }

    /// The rules to decide navigations with.
    public let ruleSet: NavigationRuleSet
    /// Why these rules were chosen.
    public let reason: Reason
    /// The reason as a sentence for people, with the versions, keys and errors involved.
    public let explanation: String
    /// The key that signed the rules, for a signed rule set.
    public let keyID: String?

    /// Where the rules came from.
    public var source: Source { reason.source }
    /// The rule set's version (0 for ``Source/cancelEverything``).
    public var version: Int { ruleSet.version }

    init(_ ruleSet: NavigationRuleSet, _ reason: Reason, _ explanation: String, keyID: String? = nil) {
        self.ruleSet = ruleSet
        self.reason = reason
        self.explanation = explanation
        self.keyID = keyID
    }
}

extension RulesInForce: CustomStringConvertible {
    /// The source, the version, the explanation and the reason's code in one line.
    public var description: String { "\(source.rawValue) version \(version): \(explanation) [\(reason.code)]" }
}
