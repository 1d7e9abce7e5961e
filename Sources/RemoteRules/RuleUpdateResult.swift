import AssociationFetchCore
import NavigationRules
import WebFenceNetwork

/// What one ``RemoteRuleSetClient/update()`` did. Every case but ``updated(version:keyID:)`` left
/// the rules in force and the stored copy exactly as they were.
public enum RuleUpdateResult: Sendable, Hashable, CustomStringConvertible {
    /// The fetched rule set verified, was newer, was stored, and is now in force.
    case updated(version: Int, keyID: String)
    /// The exchange did not complete: transport or TLS failure, timeout, a body over the size
    /// limit or cut short.
    case fetchFailed(HTTPFetchFailure)
    /// The server answered with a status other than 200 (a redirect is not followed).
    case status(Int)
    /// The body is not a signed rule set this app may use: malformed, unknown key, bad signature,
    /// invalid rule set, or expired.
    case refused(SignedRuleSetError)
    /// The rule set verified but its version is not above `floor`, the highest version trusted so
    /// far: an older or replayed config.
    case notNewer(version: Int, floor: Int)
    /// The rule set could not be stored, so it is not used either: rules in force are always the
    /// ones a relaunch would start with.
    case storeFailed(RuleStoreError)

    /// A stable identifier: `remote.updated`, `remote.fetchFailed`, `remote.status`, the
    /// `signed.*` code of a refusal, `remote.notNewer` or `remote.storeFailed`.
    public var code: String {
        switch self {
        case .updated: "remote.updated"
        case .fetchFailed: "remote.fetchFailed"
        case .status: "remote.status"
        case .refused(let error): error.code
        case .notNewer: "remote.notNewer"
        case .storeFailed: "remote.storeFailed"
        }
    }

    /// Whether the update changed the rules in force.
    public var isUpdated: Bool {
        if case .updated = self { return true }
        return false
    }

    /// What happened, as a sentence for people that says whether the rules in force changed.
    public var description: String {
        let unchanged = "; the rules in force are unchanged"
        switch self {
        case .updated(let version, let keyID):
            return "version \(version), signed by key \(keyID), is stored and in force"
        case .fetchFailed(let failure):
            return failure.sentence + " The rules in force are unchanged."
        case .status(let status):
            return "the server answered \(status), not 200\(unchanged)"
        case .refused(let error):
            return "refused: \(error)\(unchanged)"
        case .notNewer(let version, let floor):
            return "version \(version) is not newer than version \(floor), the highest trusted so far: "
                + "an older or replayed config is refused\(unchanged)"
        case .storeFailed(let error):
            return "the verified rule set was not used because it could not be stored: \(error)\(unchanged)"
        }
    }
}
