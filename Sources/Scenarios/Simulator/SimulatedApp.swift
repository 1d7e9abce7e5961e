import AppBound
import HybridFrameworks
import ManagedWebViews

/// The app a scenario describes, read the way the platform reads it.
public struct SimulatedApp: Sendable {
    /// App-Bound Domains' view of the app.
    public let appBound: AppBoundApp
    /// The user turned on "Allow Cross-Website Tracking" (§7).
    public let userAllowsCrossWebsiteTracking: Bool
    /// Associated domains and the files the app's sites serve.
    public var associations: AppAssociations
    /// The managed account, `IntuneMAMSettings` and the tenant's policy (managed web views).
    public let managed: ManagedApp
    /// The hybrid framework the app is built on: its navigation code is the app's delegate.
    public let framework: AppFramework?

    /// The app a scenario declares (its declarations were checked when the scenario was read).
    public init(_ spec: Scenario.AppSpec) {
        appBound = spec.declarations.appBound
        associations = AppAssociations(declarations: spec.declarations, sites: spec.sites)
        userAllowsCrossWebsiteTracking = spec.userAllowsCrossWebsiteTracking
        managed = ManagedApp(
            managedAccount: spec.managedAccount,
            treatAllWebViewsAsUnmanaged: spec.declarations.treatAllWebViewsAsUnmanaged, tenant: spec.tenantPolicy)
        framework = spec.framework?.framework
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
        if let framework {
            let bridge = framework.bridge
            lines.append(
                "framework \(framework.displayName): its navigation code decides first; bridge handlers "
                    + bridge.messageHandlers.joined(separator: ", ") + "; scripts "
                    + (bridge.userScripts.isEmpty ? "none" : bridge.userScripts.map(\.name).joined(separator: ", ")))
        }
        return lines
    }
}
