import AppBound
import AssociatedDomains
import StrictJSON

/// What an app declares to the web-content systems, read from its Info.plist and entitlements
/// (plist values as JSON, from any source `AppManifest` reads) the way the platforms read them:
/// App-Bound Domains, the browser entitlement, the usage strings that matter, ITP, managed web
/// view settings, associated domains and the app ID. One reader for the simulator, the audit and
/// `aasa lint`; each maps `problems` to its own error form (a scenario error, an audit finding,
/// unusable input).
public struct AppDeclarations: Sendable {
    /// App-Bound Domains' view of the app.
    public let appBound: AppBoundApp
    /// `WKAppBoundDomains` is in Info.plist, whatever its value: with `appBound.domains` nil, the
    /// list is present but unreadable.
    public let declaresAppBoundDomains: Bool
    /// `com.apple.developer.associated-domains`, read and checked; nil when absent or not an array.
    public let associatedDomains: AssociatedDomainsEntitlement?
    /// The array indices of the associated-domains entries that are strings, in order: an
    /// entitlement finding's index among the strings maps back through it.
    public let associatedDomainsIndices: [Int]
    /// `application-identifier` (or `com.apple.application-identifier`) as signed: `<team>.<bundle ID>`.
    public let appID: String?
    /// `IntuneMAMSettings` → `TreatAllWebViewsAsUnmanaged` (absent or unreadable: NO).
    public let treatAllWebViewsAsUnmanaged: Bool
    /// Values of the wrong type, in the order they were read.
    public let problems: [AppDeclarationProblem]

    /// The keys of the associated-domains entitlement and of the app ID.
    public static let associatedDomainsKey = "com.apple.developer.associated-domains"
    /// The entitlements that carry the app ID, in the order they are read.
    public static let appIDKeys = ["application-identifier", "com.apple.application-identifier"]

    /// Reads the declarations. Keys compare code point by code point, as the platform compares them:
    /// `WKAppBoundDomains` spelled with a Kelvin sign is another key.
    public init(infoPlist: [JSONValue.Member], entitlements: [JSONValue.Member]) {
        let info = JSONValue.object(infoPlist)
        let signed = JSONValue.object(entitlements)
        var problems: [AppDeclarationProblem] = []
        let isBrowser = signed[AppBoundApp.browserEntitlement] == .bool(true)
        let list = Self.appBoundDomains(info["WKAppBoundDomains"], &problems)
        declaresAppBoundDomains = info["WKAppBoundDomains"] != nil
        let keys = Set(infoPlist.map { Array($0.key.unicodeScalars) })
        let prohibited = AppBoundApp.prohibitedUsageDescriptionKeys.filter { keys.contains(Array($0.unicodeScalars)) }
        appBound = AppBoundApp(
            domains: list, isBrowser: isBrowser, prohibitedUsageDescriptions: isBrowser ? prohibited : [],
            hasServiceWorkersEntitlement: signed[AppBoundApp.serviceWorkersEntitlement] == .bool(true),
            declaresCrossWebsiteTracking: keys.contains(Array("NSCrossWebsiteTrackingUsageDescription".unicodeScalars)))
        let associated = Self.associatedDomains(signed[Self.associatedDomainsKey], isBrowser: isBrowser, &problems)
        treatAllWebViewsAsUnmanaged = Self.treatAllWebViewsAsUnmanaged(info["IntuneMAMSettings"], &problems)
        associatedDomains = associated?.entitlement
        associatedDomainsIndices = associated?.indices ?? []
        appID = Self.appIDKeys.lazy.compactMap { signed[$0]?.stringValue }.first
        self.problems = problems
    }

    /// `WKAppBoundDomains`: an array of strings, or nothing (the engine crashes on anything else).
    private static func appBoundDomains(_ value: JSONValue?, _ problems: inout [AppDeclarationProblem])
        -> AppBoundDomains?
    {
        guard let value else { return nil }
        guard case .array(let items) = value else {
            problems.append(.init(.appBoundDomainsNotArray(found: value.typeName)))
            return nil
        }
        var texts: [String] = []
        for (index, item) in items.enumerated() {
            guard case .string(let text) = item else {
                problems.append(.init(.appBoundDomainsEntryNotString(index: index, found: item.typeName)))
                continue
            }
            texts.append(text)
        }
        return texts.count == items.count ? AppBoundDomains(entries: texts) : nil
    }

    /// `IntuneMAMSettings` → `TreatAllWebViewsAsUnmanaged`: a Boolean in a dictionary; anything
    /// else is read as NO.
    private static func treatAllWebViewsAsUnmanaged(_ settings: JSONValue?, _ problems: inout [AppDeclarationProblem])
        -> Bool
    {
        guard let settings else { return false }
        guard case .object = settings else {
            problems.append(.init(.managedSettingsNotDictionary(found: settings.typeName)))
            return false
        }
        switch settings["TreatAllWebViewsAsUnmanaged"] {
        case nil: return false
        case .bool(let flag)?: return flag
        case let other?:
            problems.append(.init(.treatAllWebViewsAsUnmanagedNotBoolean(found: other.typeName)))
            return false
        }
    }

    /// The associated-domains entitlement: its string entries (others are ignored), checked.
    private static func associatedDomains(
        _ value: JSONValue?, isBrowser: Bool, _ problems: inout [AppDeclarationProblem]
    ) -> (entitlement: AssociatedDomainsEntitlement, indices: [Int])? {
        guard let value else { return nil }
        guard case .array(let items) = value else {
            problems.append(.init(.associatedDomainsNotArray(found: value.typeName)))
            return nil
        }
        var strings: [String] = []
        var indices: [Int] = []
        for (index, item) in items.enumerated() {
            guard let text = item.stringValue else {
                problems.append(.init(.associatedDomainsEntryNotString(index: index, found: item.typeName)))
                continue
            }
            strings.append(text)
            indices.append(index)
        }
        return (AssociatedDomainsEntitlement(values: strings, isBrowser: isBrowser), indices)
    }
}
