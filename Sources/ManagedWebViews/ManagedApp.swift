/// The app-wide settings behind every decision: the current UI identity, Info.plist's
/// `IntuneMAMSettings`, and the tenant's policy (§1, §2).
public struct ManagedApp: Sendable, Hashable {
    /// The managed account signed in as the current UI identity. Nil or "" means none (no user, or
    /// an unmanaged or unknown personal account): every web view is unmanaged and nothing is
    /// restricted (§1).
    public var managedAccount: String?
    /// `IntuneMAMSettings` → `TreatAllWebViewsAsUnmanaged` in Info.plist (default NO). The caller
    /// reads the plist and passes the Boolean; an absent key is false.
    public var treatAllWebViewsAsUnmanaged: Bool
    /// The tenant's clipboard and browser settings.
    public var tenant: TenantPolicy

    /// The settings of an app whose current UI identity is `managedAccount`.
    public init(managedAccount: String?, treatAllWebViewsAsUnmanaged: Bool = false, tenant: TenantPolicy = .init()) {
        self.managedAccount = managedAccount
        self.treatAllWebViewsAsUnmanaged = treatAllWebViewsAsUnmanaged
        self.tenant = tenant
    }

    /// Whether a managed account is the current UI identity, so that the web-view rules apply.
    public var hasManagedAccount: Bool {
        guard let managedAccount else { return false }
        return !managedAccount.isEmpty
    }
}
