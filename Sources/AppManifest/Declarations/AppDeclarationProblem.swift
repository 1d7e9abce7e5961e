import StrictJSON

/// A value of the wrong type in an app's Info.plist or entitlements, and what the platform does
/// with it.
public struct AppDeclarationProblem: Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: Sendable, Hashable {
        case appBoundDomainsNotArray(found: String)
        case appBoundDomainsEntryNotString(index: Int, found: String)
        case managedSettingsNotDictionary(found: String)
        case treatAllWebViewsAsUnmanagedNotBoolean(found: String)
        case associatedDomainsNotArray(found: String)
        case associatedDomainsEntryNotString(index: Int, found: String)
    }

    /// What a problem is about.
    public enum Subject: Sendable, Hashable {
        /// `WKAppBoundDomains`.
        case appBoundDomains
        /// `IntuneMAMSettings`.
        case managedSettings
        /// `com.apple.developer.associated-domains`.
        case associatedDomains
    }

    /// The file a problem is in.
    public enum File: Sendable, Hashable {
        case infoPlist
        case entitlements
    }

    /// What is wrong, and the value found.
    public let kind: Kind

    init(_ kind: Kind) { self.kind = kind }

    /// What the problem is about.
    public var subject: Subject {
        switch kind {
        case .appBoundDomainsNotArray, .appBoundDomainsEntryNotString: .appBoundDomains
        case .managedSettingsNotDictionary, .treatAllWebViewsAsUnmanagedNotBoolean: .managedSettings
        case .associatedDomainsNotArray, .associatedDomainsEntryNotString: .associatedDomains
        }
    }

    /// The file the value is in.
    public var file: File {
        switch subject {
        case .appBoundDomains, .managedSettings: .infoPlist
        case .associatedDomains: .entitlements
        }
    }

    /// The JSON pointer of the value in its file: `/WKAppBoundDomains/3`.
    public var pointer: String {
        switch kind {
        case .appBoundDomainsNotArray: "/WKAppBoundDomains"
        case .appBoundDomainsEntryNotString(let index, _): "/WKAppBoundDomains/\(index)"
        case .managedSettingsNotDictionary: "/IntuneMAMSettings"
        case .treatAllWebViewsAsUnmanagedNotBoolean: "/IntuneMAMSettings/TreatAllWebViewsAsUnmanaged"
        case .associatedDomainsNotArray: "/" + AppDeclarations.associatedDomainsKey
        case .associatedDomainsEntryNotString(let index, _): "/\(AppDeclarations.associatedDomainsKey)/\(index)"
        }
    }

    /// What the value is and what the platform does with it.
    public var description: String {
        switch kind {
        case .appBoundDomainsNotArray(let found):
            "WKAppBoundDomains is \(found), not an array of strings: the engine crashes reading it when the app makes its first web view"
        case .appBoundDomainsEntryNotString(let index, let found):
            "entry \(index) is \(found), not a string: the engine crashes reading the list"
        case .managedSettingsNotDictionary(let found):
            "IntuneMAMSettings is \(found), not a dictionary: none of its settings is read"
        case .treatAllWebViewsAsUnmanagedNotBoolean(let found):
            "TreatAllWebViewsAsUnmanaged is \(found), not a Boolean: it is read as NO"
        case .associatedDomainsNotArray(let found):
            "\(AppDeclarations.associatedDomainsKey) is \(found), not an array of strings: the system reads no associated domain"
        case .associatedDomainsEntryNotString(let index, let found):
            "entry \(index) is \(found), not a string: it is ignored"
        }
    }
}
