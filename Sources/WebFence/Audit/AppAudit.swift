import AppBound
import AppManifest
import AssociatedDomains
import Foundation

/// An app's web-content posture, from its real files (`webfence audit`): App-Bound Domains as the
/// engine reads them, what its web views may do, the browser entitlement and the usage strings
/// that matter, ITP, managed-web-view settings and associated domains, each with findings that
/// have a stable code, a severity, a file and key, and a fix.
public struct AppAudit: Sendable {
    public let files: AppFiles
    /// The entitlements in force and where they come from.
    public let entitlements: EntitlementSources
    /// `CFBundleIdentifier`.
    public let bundleIdentifier: String?
    /// `<team>.<bundle ID>`: signed (`application-identifier`), or the signature's or the
    /// profile's team and the bundle ID, or the one given; nil when nothing says.
    public let appID: String?
    /// What App-Bound Domains reads of the app.
    public let appBound: AppBoundApp
    public let appBoundList: AppBoundListAudit
    public let webViews: [WebViewCapabilities]
    public let tracking: IntelligentTrackingPrevention.Status
    /// `IntuneMAMSettings` → `TreatAllWebViewsAsUnmanaged` (absent or unreadable: NO).
    public let treatAllWebViewsAsUnmanaged: Bool
    /// `com.apple.developer.associated-domains`, read and checked; nil when the app has none.
    public let associatedDomains: AssociatedDomainsEntitlement?
    /// Every finding, in the order of the report's sections.
    public private(set) var findings: [AuditFinding]

    /// Audits the files read. `appID` is used when the files give none; `now` is the time the
    /// profile's expiry is compared with.
    public init(_ files: AppFiles, appID: String? = nil, now: Date = Date()) {
        self.files = files
        let info = files.infoPlist
        let entitlements = EntitlementSources(files, now: now)
        self.entitlements = entitlements
        bundleIdentifier = info["CFBundleIdentifier"]?.stringValue
        self.appID = Self.appID(entitlements, files, bundleIdentifier) ?? appID
        var findings = entitlements.findings
        if let signed = entitlements["application-identifier"]?.stringValue, let bundle = bundleIdentifier,
            !signed.contains("$("), !signed.hasSuffix("." + bundle)
        {
            findings.append(
                AuditFinding(
                    "entitlements.appIDMismatch", .error, entitlements.file, key: "/application-identifier",
                    "application-identifier is \(signed), which is not a team ID followed by the bundle ID \(bundle): the app does not install"
                ))
        }

        let isBrowser = entitlements[AppBoundApp.browserEntitlement] == .bool(true)
        let list = AppBoundListAudit(info, isBrowser: isBrowser)
        appBoundList = list
        findings += list.findings
        // Keys compare code point by code point, as the platform compares them: a key spelled with a
        // look-alike character (a Kelvin sign for K) is another key.
        let keys = Set(info.members.map { Array($0.key.unicodeScalars) })
        let prohibited = AppBoundApp.prohibitedUsageDescriptionKeys.filter { keys.contains(Array($0.unicodeScalars)) }
        let serviceWorkers = entitlements[AppBoundApp.serviceWorkersEntitlement] == .bool(true)
        let declaresTracking = info["NSCrossWebsiteTrackingUsageDescription"] != nil
        appBound = AppBoundApp(
            domains: list.domains, isBrowser: isBrowser, prohibitedUsageDescriptions: isBrowser ? prohibited : [],
            hasServiceWorkersEntitlement: serviceWorkers, declaresCrossWebsiteTracking: declaresTracking)
        webViews = WebViewCapabilities.all(for: appBound, listUnreadable: list.isPresent && list.domains == nil)
        tracking = IntelligentTrackingPrevention.status(app: appBound, userAllowsCrossWebsiteTracking: false)

        if isBrowser {
            for key in prohibited {
                findings.append(
                    AuditFinding(
                        "browser.prohibitedUsage", .warning, info.file, key: "/" + key,
                        "the app is a browser and declares \(key): every navigation is marked not app-bound, so restricted APIs are blocked on every site"
                    ))
            }
        }
        if serviceWorkers {
            findings.append(
                AuditFinding(
                    "serviceWorkers.everywhere", .note, entitlements.file,
                    key: "/" + AppBoundApp.serviceWorkersEntitlement,
                    "the app holds \(AppBoundApp.serviceWorkersEntitlement): service workers register on every site, in every web view"
                ))
        }
        findings += Self.tracking(info, isBrowser: isBrowser, entitlementsFile: entitlements.file)
        let managed = Self.managedSettings(info)
        treatAllWebViewsAsUnmanaged = managed.flag
        findings += managed.findings
        let associated = Self.associatedDomains(entitlements, isBrowser: isBrowser)
        associatedDomains = associated.entitlement
        findings += associated.findings
        self.findings = findings
    }

    /// Adds findings found later (a fetched association file).
    public mutating func append(_ more: [AuditFinding]) { findings += more }

    /// The number of findings of each severity.
    public var counts: (errors: Int, warnings: Int, notes: Int) {
        (
            findings.count { $0.severity == .error }, findings.count { $0.severity == .warning },
            findings.count { $0.severity == .note }
        )
    }

    private static func appID(_ entitlements: EntitlementSources, _ files: AppFiles, _ bundleID: String?) -> String? {
        if let signed = entitlements["application-identifier"]?.stringValue, !signed.contains("*"),
            !signed.contains("$(")
        {
            return signed
        }
        guard let bundleID else { return nil }
        if let team = entitlements.signedTeamIdentifier { return team + "." + bundleID }
        if case .read(_, let profile)? = files.profile, let team = profile.teamIdentifiers.first {
            return team + "." + bundleID
        }
        return nil
    }

    private static func tracking(_ info: PropertyListDocument, isBrowser: Bool, entitlementsFile: SourceFile)
        -> [AuditFinding]
    {
        var findings: [AuditFinding] = []
        let key = "NSCrossWebsiteTrackingUsageDescription"
        if let value = info[key] {
            let text = value.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            if text.isEmpty {
                findings.append(
                    AuditFinding(
                        "itp.purposeString.invalid", .warning, info.file, key: "/" + key,
                        "\(key) is \(value.stringValue == nil ? value.typeName : "an empty string"): the Settings switch shows no reason to the user"
                    ))
            }
            findings.append(
                AuditFinding(
                    "itp.switch", .note, info.file, key: "/" + key,
                    "\(key) is declared: the app's Settings page shows \"Allow Cross-Website Tracking\", and ITP is off in every web view when the user turns it on"
                ))
        } else if isBrowser {
            findings.append(
                AuditFinding(
                    "itp.switch", .note, entitlementsFile, key: "/" + AppBoundApp.browserEntitlement,
                    "the app is a browser: its Settings page shows \"Allow Cross-Website Tracking\", and ITP is off when the user turns it on"
                ))
        }
        return findings
    }

    private static func managedSettings(_ info: PropertyListDocument) -> (flag: Bool, findings: [AuditFinding]) {
        guard let settings = info["IntuneMAMSettings"] else { return (false, []) }
        guard case .object = settings else {
            return (
                false,
                [
                    AuditFinding(
                        "managed.settings.wrongType", .error, info.file, key: "/IntuneMAMSettings",
                        "IntuneMAMSettings is \(settings.typeName), not a dictionary: none of its settings is read")
                ]
            )
        }
        switch settings["TreatAllWebViewsAsUnmanaged"] {
        case nil, .bool(false)?:
            return (false, [])
        case .bool(true)?:
            return (
                true,
                [
                    AuditFinding(
                        "managed.allWebViewsUnmanaged", .note, info.file,
                        key: "/IntuneMAMSettings/TreatAllWebViewsAsUnmanaged",
                        "TreatAllWebViewsAsUnmanaged is YES: every web view holds unmanaged (personal) data, so pasting managed data into one follows the tenant's rules for unmanaged destinations"
                    )
                ]
            )
        case let other?:
            return (
                false,
                [
                    AuditFinding(
                        "managed.settings.wrongType", .error, info.file,
                        key: "/IntuneMAMSettings/TreatAllWebViewsAsUnmanaged",
                        "TreatAllWebViewsAsUnmanaged is \(other.typeName), not a Boolean: it is read as NO")
                ]
            )
        }
    }

    private static func associatedDomains(_ entitlements: EntitlementSources, isBrowser: Bool)
        -> (entitlement: AssociatedDomainsEntitlement?, findings: [AuditFinding])
    {
        let name = "com.apple.developer.associated-domains"
        let key = "/" + name
        guard let value = entitlements[name] else { return (nil, []) }
        guard case .array(let items) = value else {
            return (
                nil,
                [
                    AuditFinding(
                        "associatedDomains.wrongType", .error, entitlements.file, key: key,
                        "\(name) is \(value.typeName), not an array of strings: the system reads no associated domain")
                ]
            )
        }
        var findings: [AuditFinding] = []
        var strings: [String] = []
        for (index, item) in items.enumerated() {
            if let text = item.stringValue {
                strings.append(text)
            } else {
                findings.append(
                    AuditFinding(
                        "associatedDomains.wrongType", .error, entitlements.file, key: "\(key)/\(index)",
                        "entry \(index) is \(item.typeName), not a string: it is ignored"))
            }
        }
        let entitlement = AssociatedDomainsEntitlement(values: strings, isBrowser: isBrowser)
        // The linter points at the index among the strings; map it back to the array's index.
        let indices = items.indices.filter { items[$0].stringValue != nil }
        for finding in entitlement.findings {
            var pointer = finding.pointer
            if let position = Int(pointer.dropFirst()), indices.indices.contains(position) {
                pointer = "/\(indices[position])"
            }
            findings.append(
                AuditFinding(finding.code, finding.severity, entitlements.file, key: key + pointer, finding.message))
        }
        return (entitlement, findings)
    }
}
