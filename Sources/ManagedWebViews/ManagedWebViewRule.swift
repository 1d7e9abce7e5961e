/// The rule of spec/managed-web-views.md that produced a decision: a stable code, the section it
/// comes from, and a sentence saying what it means. Every decision of this module carries one.
public enum ManagedWebViewRule: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// No managed account is signed in: every web view is unmanaged and nothing is restricted.
    case noManagedAccount = "account.none"
    /// The nearest web view policy is `unmanaged`: the web view acts as the unmanaged identity.
    case policyUnmanaged = "identity.policy.unmanaged"
    /// The nearest web view policy is `currentIdentity`: the web view acts as the current UI identity.
    case policyCurrentIdentity = "identity.policy.currentIdentity"
    /// The nearest web view policy is `currentIdentityBlockUpload`: the current UI identity, with
    /// uploads from the web view and pastes into it blocked.
    case policyCurrentIdentityBlockUpload = "identity.policy.currentIdentityBlockUpload"
    /// No web view policy is set and `TreatAllWebViewsAsUnmanaged` is on: the web view is unmanaged.
    case treatAllWebViewsAsUnmanaged = "identity.flag.treatAllWebViewsAsUnmanaged"
    /// No web view policy is set and `TreatAllWebViewsAsUnmanaged` is off: the current UI identity.
    case currentIdentityByDefault = "identity.default.currentIdentity"
    /// The web view shows an external page loaded as unmanaged: its data is unmanaged until its next page.
    case externalPageUnmanaged = "identity.externalPage"
    /// The data and the web view have the same identity: the paste is allowed.
    case pasteSameIdentity = "paste.sameIdentity"
    /// The web view's policy is `currentIdentityBlockUpload`: every paste into it is refused.
    case pasteBlockedByWebViewPolicy = "paste.blockUpload"
    /// The clipboard setting is blocked: managed data may not go into an unmanaged web view.
    case pasteManagedIntoUnmanagedBlocked = "paste.managedToUnmanaged.blocked"
    /// The clipboard setting is policy managed apps: managed data may not go into an unmanaged web view.
    case pasteManagedIntoUnmanagedPolicyManagedApps = "paste.managedToUnmanaged.policyManagedApps"
    /// The clipboard setting is policy managed apps with paste in: managed data may not go into an
    /// unmanaged web view.
    case pasteManagedIntoUnmanagedPolicyManagedAppsWithPasteIn = "paste.managedToUnmanaged.policyManagedAppsWithPasteIn"
    /// The clipboard setting is any app: managed data may go into an unmanaged web view.
    case pasteManagedIntoUnmanagedAnyApp = "paste.managedToUnmanaged.anyApp"
    /// The managed data is within the character limit: it may go into an unmanaged web view.
    case pasteManagedWithinCharacterLimit = "paste.managedToUnmanaged.characterLimit"
    /// The clipboard setting is blocked: unmanaged data may not go into a managed web view.
    case pasteUnmanagedIntoManagedBlocked = "paste.unmanagedToManaged.blocked"
    /// The clipboard setting is policy managed apps: unmanaged data may not go into a managed web view.
    case pasteUnmanagedIntoManagedPolicyManagedApps = "paste.unmanagedToManaged.policyManagedApps"
    /// The clipboard setting is policy managed apps with paste in: unmanaged data may go into a managed
    /// web view.
    case pasteUnmanagedIntoManagedPolicyManagedAppsWithPasteIn = "paste.unmanagedToManaged.policyManagedAppsWithPasteIn"
    /// The clipboard setting is any app: unmanaged data may go into a managed web view.
    case pasteUnmanagedIntoManagedAnyApp = "paste.unmanagedToManaged.anyApp"
    /// The web view's policy is not `currentIdentityBlockUpload`: the upload is allowed.
    case uploadAllowed = "upload.allowed"
    /// The web view's policy is `currentIdentityBlockUpload`: the upload is refused.
    case uploadBlocked = "upload.blockUpload"
    /// The web view's identity is unmanaged: `isExternalURL` is not asked and the page stays.
    case externalNotAskedUnmanaged = "external.notAsked.unmanagedIdentity"
    /// No policy delegate is set on the web view: no URL is external and the page stays.
    case externalNoDelegate = "external.notAsked.noDelegate"
    /// The URL is not http or https: `isExternalURL` is not asked and the page stays.
    case externalNotAskedNotWebLink = "external.notAsked.notHTTP"
    /// `isExternalURL` answered NO: the site is internal and the page stays.
    case externalInternal = "external.internal"
    /// `isExternalURL` answered YES and the tenant requires Microsoft Edge: the URL opens in Edge.
    case externalOpenInEdge = "external.managedBrowser.edge"
    /// `isExternalURL` answered YES and the tenant requires an unmanaged browser: the URL opens there.
    case externalOpenInUnmanagedBrowser = "external.managedBrowser.unmanaged"
    /// `isExternalURL` answered YES and the required browser is not installed: the navigation is blocked.
    case externalBrowserMissing = "external.managedBrowser.missing"
    /// `isExternalURL` answered YES and the browser's protocol is not a URL scheme: the navigation is
    /// blocked.
    case externalInvalidBrowserProtocol = "external.managedBrowser.invalidProtocol"
    /// `isExternalURL` answered YES and the tenant allows any app: the page loads as unmanaged.
    case externalAnyApp = "external.anyApp"
    /// `isExternalURL` answered YES and the tenant requires no browser: the page loads as unmanaged.
    case externalNoRequirement = "external.noRequirement"

    /// A stable identifier, e.g. `paste.managedToUnmanaged.policyManagedApps`.
    public var code: String { rawValue }

    /// The spec section, e.g. `§3`.
    public var section: String {
        switch self {
        case .noManagedAccount: "§1"
        case .policyUnmanaged, .policyCurrentIdentity, .policyCurrentIdentityBlockUpload, .treatAllWebViewsAsUnmanaged,
            .currentIdentityByDefault:
            "§2"
        case .pasteBlockedByWebViewPolicy, .uploadBlocked: "§2, §3"
        case .pasteSameIdentity, .pasteManagedIntoUnmanagedBlocked, .pasteManagedIntoUnmanagedPolicyManagedApps,
            .pasteManagedIntoUnmanagedPolicyManagedAppsWithPasteIn, .pasteManagedIntoUnmanagedAnyApp,
            .pasteManagedWithinCharacterLimit, .pasteUnmanagedIntoManagedBlocked,
            .pasteUnmanagedIntoManagedPolicyManagedApps, .pasteUnmanagedIntoManagedPolicyManagedAppsWithPasteIn,
            .pasteUnmanagedIntoManagedAnyApp, .uploadAllowed:
            "§3"
        case .externalNotAskedUnmanaged, .externalNoDelegate, .externalNotAskedNotWebLink, .externalInternal,
            .externalOpenInEdge, .externalOpenInUnmanagedBrowser, .externalBrowserMissing,
            .externalInvalidBrowserProtocol, .externalAnyApp, .externalNoRequirement, .externalPageUnmanaged:
            "§4"
        }
    }

    /// Whether a paste or upload decided by this rule goes ahead. Meaningful for the paste and
    /// upload rules; identity rules restrict nothing by themselves and answer true.
    var allows: Bool {
        switch self {
        case .pasteBlockedByWebViewPolicy, .pasteManagedIntoUnmanagedBlocked,
            .pasteManagedIntoUnmanagedPolicyManagedApps,
            .pasteManagedIntoUnmanagedPolicyManagedAppsWithPasteIn, .pasteUnmanagedIntoManagedBlocked,
            .pasteUnmanagedIntoManagedPolicyManagedApps, .uploadBlocked:
            false
        default:
            true
        }
    }

    /// What the rule says, in the SDK's and the tenant console's terms.
    public var summary: String {
        switch self {
        case .noManagedAccount:
            "no managed account is signed in: every web view is unmanaged and nothing is restricted"
        case .policyUnmanaged:
            "the nearest web view policy up the viewer tree is unmanaged: the web view acts as the unmanaged identity, whatever TreatAllWebViewsAsUnmanaged says"
        case .policyCurrentIdentity:
            "the nearest web view policy up the viewer tree is currentIdentity: the web view acts as the current UI identity, whatever TreatAllWebViewsAsUnmanaged says"
        case .policyCurrentIdentityBlockUpload:
            "the nearest web view policy up the viewer tree is currentIdentityBlockUpload: the web view acts as the current UI identity, and uploads from it and pastes into it are blocked"
        case .treatAllWebViewsAsUnmanaged:
            "no web view policy is set up the viewer tree and IntuneMAMSettings sets TreatAllWebViewsAsUnmanaged: the web view is unmanaged"
        case .currentIdentityByDefault:
            "no web view policy is set up the viewer tree and TreatAllWebViewsAsUnmanaged is off: the web view acts as the current UI identity"
        case .pasteSameIdentity:
            "the data and the web view belong to the same identity: the paste is allowed"
        case .pasteBlockedByWebViewPolicy:
            "the web view's policy is currentIdentityBlockUpload: every paste into it is refused"
        case .pasteManagedIntoUnmanagedBlocked:
            "the tenant sets cut, copy and paste between other apps to blocked: managed data may not be pasted into an unmanaged web view"
        case .pasteManagedIntoUnmanagedPolicyManagedApps:
            "the tenant restricts cut, copy and paste to policy managed apps: managed data may not be pasted into an unmanaged web view"
        case .pasteManagedIntoUnmanagedPolicyManagedAppsWithPasteIn:
            "the tenant restricts cut, copy and paste to policy managed apps with paste in: managed data may not be pasted into an unmanaged web view"
        case .pasteManagedIntoUnmanagedAnyApp:
            "the tenant allows cut, copy and paste with any app: managed data may be pasted into an unmanaged web view"
        case .pasteManagedWithinCharacterLimit:
            "the managed data is within the tenant's cut and copy character limit for any app: it may be pasted into an unmanaged web view whatever the clipboard setting"
        case .pasteUnmanagedIntoManagedBlocked:
            "the tenant sets cut, copy and paste between other apps to blocked: unmanaged data may not be pasted into a managed web view"
        case .pasteUnmanagedIntoManagedPolicyManagedApps:
            "the tenant restricts cut, copy and paste to policy managed apps: unmanaged data may not be pasted into a managed web view"
        case .pasteUnmanagedIntoManagedPolicyManagedAppsWithPasteIn:
            "the tenant restricts cut, copy and paste to policy managed apps with paste in: unmanaged data may be pasted into a managed web view"
        case .pasteUnmanagedIntoManagedAnyApp:
            "the tenant allows cut, copy and paste with any app: unmanaged data may be pasted into a managed web view"
        case .uploadAllowed:
            "the web view's policy is not currentIdentityBlockUpload: file uploads are allowed"
        case .uploadBlocked:
            "the web view's policy is currentIdentityBlockUpload: file uploads from it are refused"
        case .externalNotAskedUnmanaged:
            "the web view's identity is unmanaged: isExternalURL is not asked and the navigation stays in the web view"
        case .externalNoDelegate:
            "no IntuneMAMWebViewPolicyDelegate is set on the web view: no URL is external and the navigation stays in the web view"
        case .externalNotAskedNotWebLink:
            "the URL is not http or https: isExternalURL is not asked and the navigation stays in the web view"
        case .externalInternal:
            "isExternalURL answered NO: the site is internal and the navigation stays in the web view"
        case .externalOpenInEdge:
            "isExternalURL answered YES and the tenant requires Microsoft Edge for web links: the URL opens in Edge, not in the web view"
        case .externalOpenInUnmanagedBrowser:
            "isExternalURL answered YES and the tenant requires an unmanaged browser for web links: the URL opens in that browser through its protocol, not in the web view"
        case .externalBrowserMissing:
            "isExternalURL answered YES and the browser the tenant requires is not installed: the navigation is blocked"
        case .externalInvalidBrowserProtocol:
            "isExternalURL answered YES and the tenant's unmanaged browser protocol is not a URL scheme: the navigation is blocked"
        case .externalAnyApp:
            "isExternalURL answered YES and the tenant allows web content transfer with any app: the page loads in the web view as unmanaged"
        case .externalNoRequirement:
            "isExternalURL answered YES and the tenant requires no managed browser: the page loads in the web view as unmanaged"
        case .externalPageUnmanaged:
            "the web view shows a page isExternalURL called external, loaded as unmanaged: its data is unmanaged until it commits another page"
        }
    }

    /// The summary, then the code and the section in brackets.
    public var description: String { "\(summary) [\(code), \(section)]" }
}
