/// The tenant's app-protection settings that decide clipboard transfers (§3) and where external
/// links open (§4). The app's policy service delivers them; the engine only reads them.
public struct TenantPolicy: Sendable, Hashable {
    /// The setting "restrict cut, copy and paste between other apps" (§3).
    public enum Clipboard: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// No transfer between identities in either direction.
        case blocked
        /// Managed data stays managed; unmanaged data may not be pasted into managed places either.
        case policyManagedApps
        /// Managed data stays managed; unmanaged data may be pasted into managed places.
        case policyManagedAppsWithPasteIn
        /// No restriction.
        case anyApp

        /// The setting's name as the tenant's console shows it, e.g. "policy managed apps with paste in".
        public var settingName: String {
            switch self {
            case .blocked: "blocked"
            case .policyManagedApps: "policy managed apps"
            case .policyManagedAppsWithPasteIn: "policy managed apps with paste in"
            case .anyApp: "any app"
            }
        }

        /// The setting's case name, e.g. `policyManagedApps`.
        public var description: String { rawValue }
    }

    /// "Restrict cut, copy and paste between other apps". Defaults to `.policyManagedApps`, the
    /// setting the spec's §5 example is judged under.
    public var clipboard: Clipboard
    /// "Cut and copy character limit for any app": managed data of at most this many characters may
    /// be pasted anywhere, whatever `clipboard` says. Nil: no limit is configured.
    public var characterLimit: Int?
    /// The browser that web links from managed web views must open in (§4). Nil means the tenant
    /// sets no requirement, which behaves as `.any` (the SDK's default).
    public var managedBrowser: ManagedBrowser?
    /// Whether the browser `managedBrowser` requires is installed on the device. Defaults to true.
    public var managedBrowserInstalled: Bool

    /// Settings as given; the defaults are policy managed apps, no character limit, no browser
    /// requirement, and the browser installed.
    public init(
        clipboard: Clipboard = .policyManagedApps, characterLimit: Int? = nil, managedBrowser: ManagedBrowser? = nil,
        managedBrowserInstalled: Bool = true
    ) {
        self.clipboard = clipboard
        self.characterLimit = characterLimit
        self.managedBrowser = managedBrowser
        self.managedBrowserInstalled = managedBrowserInstalled
    }
}
