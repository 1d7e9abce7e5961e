import AppManifest
import AssociatedDomains
import HybridFrameworks
import ManagedWebViews
import NavigationRules
import StrictJSON
import WebAddress

/// A scenario file (spec/interfaces.md §1): an app, its web views, and steps to replay, each with
/// an optional expectation.
public struct Scenario: Sendable {
    /// The scenario's name, for reports.
    public var name: String
    /// What the scenario shows, for people (`webfence tour` reads it aloud).
    public var description: String?
    /// The app.
    public var app: AppSpec
    /// Views and view controllers that hold web views, for managed-web-view policies.
    public var viewers: [ViewerSpec]
    /// Website data stores besides the shared one.
    public var dataStores: [DataStoreSpec]
    /// The web views the app creates before the first step.
    public var webViews: [WebViewSpec]
    /// The steps, replayed in order.
    public var steps: [Step]

    /// The app: what its Info.plist and entitlements declare, and the world around it.
    public struct AppSpec: Sendable {
        /// The app's Info.plist and entitlements, read as the platforms read them and checked when
        /// the scenario was read (a scenario with a problem in them is refused), so set only there.
        public internal(set) var declarations: AppDeclarations
        /// The user turned on "Allow Cross-Website Tracking" in the app's Settings (§7).
        public var userAllowsCrossWebsiteTracking: Bool
        /// The managed account signed in (the current UI identity); nil when none is.
        public var managedAccount: String?
        /// The tenant's clipboard and managed-browser settings (`app.tenantPolicy`).
        public var tenantPolicy: TenantPolicy
        /// `app.sites`: the association file each site serves.
        public var sites: [SiteSpec]
        /// `app.framework`: the hybrid framework the app is built on; nil for a native app.
        public var framework: FrameworkSpec?
    }

    /// `app.framework`: the framework whose navigation code is the app's delegate (the first stage
    /// of every navigation, at every hop) and whose bridge every web view carries.
    public struct FrameworkSpec: Sendable {
        /// The framework with its configuration (and, for the Flutter plugins and Tauri, the app's
        /// callback answers).
        public var framework: AppFramework
        /// What the framework reads differently from how the configuration looks.
        public var notes: [FrameworkConfigurationNote]
        /// The flag the framework sets on the web views it makes (`limitsNavigationsToAppBoundDomains`):
        /// the default of a web view that does not say.
        public var limitsNavigationsToAppBoundDomains: Bool { framework.limitsNavigationsToAppBoundDomains }
    }

    /// A site of `app.sites` and the association file it serves, as a device reads it: a file a
    /// device cannot use is a decision ("denied"), not an error of the scenario.
    public struct SiteSpec: Sendable {
        /// The site, as the entitlement names hosts (lower case, IDNs in their ASCII form).
        public var domain: LinkDomain
        /// The file as a device reads it, or why a device cannot use it.
        public var file: Result<AssociationFile, AssociationFile.ReadError>
    }

    /// A view or view controller that can hold web views; a web view policy set on it applies to
    /// every web view below it, including ones added later.
    public struct ViewerSpec: Sendable {
        /// The viewer's id, which steps and web views name.
        public var id: String
        /// The viewer it sits in; nil at the top.
        public var parent: String?
    }

    /// A website data store and the cookies its pages set before the scenario starts.
    public struct DataStoreSpec: Sendable {
        /// The store's id, which web views name.
        public var id: String
        /// The cookies in it when the scenario starts.
        public var cookies: [CookieSpec]
    }

    /// A cookie, as a page or the app sets it.
    public struct CookieSpec: Sendable, Hashable {
        /// The cookie's domain (a leading dot is allowed).
        public var domain: String
        /// The cookie's name (case-sensitive).
        public var name: String
        /// The cookie's value.
        public var value: String
    }

    /// A web view and the configuration it was created with.
    public struct WebViewSpec: Sendable {
        /// The web view's id, which steps name.
        public var id: String
        /// The viewer it sits in.
        public var parent: String?
        /// `configuration.limitsNavigationsToAppBoundDomains` when the web view was created.
        public var limitsNavigationsToAppBoundDomains: Bool
        /// User style sheets in the configuration at creation.
        public var userStyleSheets: Int
        /// User scripts in the configuration at creation.
        public var userScripts: [UserScriptSpec]
        /// The data store it uses: `shared`, or one of the scenario's `dataStores`.
        public var dataStore: String
        /// The app's navigation delegate, as a rule set: it runs before the app-bound gate.
        public var navigationRules: NavigationRuleSet?
    }

    /// A `WKUserScript`: where it is injected and when.
    public struct UserScriptSpec: Sendable, Hashable {
        /// The framework script it is (`native-bridge.js`); nil for a script the scenario declares.
        public var name: String? = nil
        /// Whether it is injected into the main frame only.
        public var forMainFrameOnly: Bool
        /// When in the document's load it runs.
        public var injectionTime: InjectionTime

        /// `WKUserScriptInjectionTime`.
        public enum InjectionTime: String, Sendable {
            case atDocumentStart, atDocumentEnd
        }
    }

    /// One step: an action on a web view (or the app), and what it should produce.
    public struct Step: Sendable {
        /// The step's position in `steps`, from 0.
        public var index: Int
        /// The web view the step acts on; nil for the app's actions.
        public var webView: String?
        /// The frame it acts in (`main` unless the action takes a frame).
        public var frame: String
        /// What the step does.
        public var action: Action
        /// Outcome fields and their expected values, in the order written.
        public var expect: [JSONValue.Member]?
        /// A sentence for the story.
        public var note: String?
    }
}

extension Scenario {
    /// The ids a scenario has declared up to a step: what an action's references are checked against.
    public struct KnownReferences: Sendable {
        /// Web views: declared, or opened by an earlier step.
        public var webViews: Set<String>
        /// Viewers.
        public let viewers: Set<String>
        /// Data stores besides `shared`.
        public let dataStores: Set<String>
    }
}
