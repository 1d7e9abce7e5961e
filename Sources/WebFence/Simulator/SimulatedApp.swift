import AppBound
import ManagedWebViews

/// The app a scenario describes, read the way the platform reads it.
public struct SimulatedApp: Sendable {
    public let appBound: AppBoundApp
    /// The user turned on "Allow Cross-Website Tracking" (§7).
    public let userAllowsCrossWebsiteTracking: Bool
    /// Associated domains and the files the app's sites serve.
    public var associations: AppAssociations
    /// The managed account, `IntuneMAMSettings` and the tenant's policy (managed web views).
    public let managed: ManagedApp

    /// Reads Info.plist and entitlement values (JSON for plist values). A `WKAppBoundDomains` that
    /// is not an array of strings is an error: the real engine crashes reading it.
    public init(_ spec: Scenario.AppSpec) throws(ScenarioError) {
        // Plist keys match code point by code point, as the platform compares them (and as
        // JSONValue's subscript does): "WKAppBoundDomains" spelled with a Kelvin sign is another key.
        func value(_ members: [JSONValue.Member], _ key: String) -> JSONValue? {
            JSONValue.object(members)[key]
        }
        let domains: AppBoundDomains?
        switch value(spec.infoPlist, "WKAppBoundDomains") {
        case nil:
            domains = nil
        case .array(let items)?:
            var entries: [String] = []
            for (index, item) in items.enumerated() {
                guard case .string(let text) = item else {
                    throw ScenarioError(
                        "/app/infoPlist/WKAppBoundDomains/\(index)",
                        "WKAppBoundDomains must hold only strings (found \(item.typeName)); the real engine crashes reading it"
                    )
                }
                entries.append(text)
            }
            domains = AppBoundDomains(entries: entries)
        case let other?:
            throw ScenarioError(
                "/app/infoPlist/WKAppBoundDomains",
                "WKAppBoundDomains must be an array of strings (found \(other.typeName)); the real engine crashes reading it"
            )
        }
        let keys = Set(spec.infoPlist.map { Array($0.key.unicodeScalars) })
        let isBrowser = value(spec.entitlements, AppBoundApp.browserEntitlement) == .bool(true)
        associations = try AppAssociations(entitlements: spec.entitlements, sites: spec.sites)
        appBound = AppBoundApp(
            domains: domains,
            isBrowser: isBrowser,
            prohibitedUsageDescriptions: AppBoundApp.prohibitedUsageDescriptionKeys.filter {
                keys.contains(Array($0.unicodeScalars))
            },
            hasServiceWorkersEntitlement: value(spec.entitlements, AppBoundApp.serviceWorkersEntitlement)
                == .bool(true),
            declaresCrossWebsiteTracking: keys.contains(Array("NSCrossWebsiteTrackingUsageDescription".unicodeScalars)))
        userAllowsCrossWebsiteTracking = spec.userAllowsCrossWebsiteTracking
        managed = ManagedApp(
            managedAccount: spec.managedAccount,
            treatAllWebViewsAsUnmanaged: try Self.treatAllWebViewsAsUnmanaged(
                value(spec.infoPlist, "IntuneMAMSettings")),
            tenant: spec.tenantPolicy)
    }

    /// `IntuneMAMSettings` → `TreatAllWebViewsAsUnmanaged`, a Boolean (absent: NO).
    private static func treatAllWebViewsAsUnmanaged(_ settings: JSONValue?) throws(ScenarioError) -> Bool {
        let pointer = "/app/infoPlist/IntuneMAMSettings"
        switch settings {
        case nil: return false
        case .object?:
            switch settings?["TreatAllWebViewsAsUnmanaged"] {
            case nil: return false
            case .bool(let flag)?: return flag
            case let other?:
                throw ScenarioError(
                    pointer + "/TreatAllWebViewsAsUnmanaged", "must be a Boolean, found \(other.typeName)")
            }
        case let other?:
            throw ScenarioError(pointer, "must be a dictionary, found \(other.typeName)")
        }
    }

    /// How the engine read the app: the list, the browser entitlement, the keys that matter.
    var summary: [String] {
        let app = appBound
        var lines: [String] = []
        if let domains = app.domains {
            let listed = domains.domains + domains.schemes.map { $0 + ":" }
            lines.append(
                "WKAppBoundDomains: " + (listed.isEmpty ? "present, lists nothing" : listed.joined(separator: ", ")))
            lines += domains.diagnostics
        } else {
            lines.append("WKAppBoundDomains: absent (the feature is off)")
        }
        if app.isBrowser {
            lines.append(
                "browser entitlement"
                    + (app.prohibitedUsageDescriptions.isEmpty
                        ? "" : ", with \(app.prohibitedUsageDescriptions.joined(separator: ", "))"))
        }
        if managed.hasManagedAccount {
            let tenant = managed.tenant
            lines.append(
                "managed account \(managed.managedAccount ?? ""); TreatAllWebViewsAsUnmanaged "
                    + (managed.treatAllWebViewsAsUnmanaged ? "YES" : "NO")
                    + "; clipboard: \(tenant.clipboard.settingName)"
                    + (tenant.characterLimit.map { " (\($0) characters to any app)" } ?? "")
                    + "; managed browser: \(tenant.managedBrowser?.settingName ?? "no requirement")"
                    + (tenant.managedBrowserInstalled ? "" : " (not installed)"))
        }
        return lines
    }
}
