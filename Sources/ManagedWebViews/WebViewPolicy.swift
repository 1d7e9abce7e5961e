/// The policy an app sets on a web viewer with `setWebViewPolicy:forWebViewer:` (§2). The raw
/// values are the SDK's stable numbers.
public enum WebViewPolicy: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The default: follow the app-wide flag `TreatAllWebViewsAsUnmanaged`.
    case unset = 0
    /// Cut, copy and paste as the unmanaged identity, whatever the flag says.
    case unmanaged = 1
    /// Cut, copy and paste as the current UI identity, whatever the flag says.
    case currentIdentity = 2
    /// As `currentIdentity`, and file uploads from the web view and pastes into it are blocked.
    case currentIdentityBlockUpload = 3

    /// The policy named `unset`, `unmanaged`, `currentIdentity` or `currentIdentityBlockUpload`;
    /// nil for any other name.
    public init?(name: String) {
        guard let policy = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = policy
    }

    /// The policy's name, as `init(name:)` reads it.
    public var name: String {
        switch self {
        case .unset: "unset"
        case .unmanaged: "unmanaged"
        case .currentIdentity: "currentIdentity"
        case .currentIdentityBlockUpload: "currentIdentityBlockUpload"
        }
    }

    /// The policy's name, as `init(name:)` reads it.
    public var description: String { name }
}
