/// Whose data: the tag on clipboard data and the identity a web view acts as (§1, §3).
public enum DataIdentity: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The organisation's: the managed account's data.
    case managed
    /// Anyone else's: no account, a personal account, or a web view marked unmanaged.
    case unmanaged

    /// The identity's name: `managed` or `unmanaged`.
    public var description: String { rawValue }
}
