import ManagedWebViews
import NavigationRules
import WebAddress

/// A scenario file (spec/interfaces.md §1): an app, its web views, and steps to replay, each with
/// an optional expectation.
public struct Scenario: Sendable {
    public var name: String
    /// What the scenario shows, for people (`webfence tour` reads it aloud).
    public var description: String?
    public var app: AppSpec
    public var viewers: [ViewerSpec]
    public var dataStores: [DataStoreSpec]
    public var webViews: [WebViewSpec]
    public var steps: [Step]

    /// The app: Info.plist and entitlement values, exactly as in the real files.
    public struct AppSpec: Sendable {
        /// Info.plist keys and values (JSON for plist values), in file order.
        public var infoPlist: [JSONValue.Member]
        public var entitlements: [JSONValue.Member]
        /// The user turned on "Allow Cross-Website Tracking" in the app's Settings (§7).
        public var userAllowsCrossWebsiteTracking: Bool
        /// The managed account signed in (the current UI identity); nil when none is.
        public var managedAccount: String?
        /// The tenant's clipboard and managed-browser settings (`app.tenantPolicy`).
        public var tenantPolicy: TenantPolicy
        /// `app.sites`: the association file each site serves (read by `AppAssociations`).
        public var sites: JSONValue?
    }

    /// A view or view controller that can hold web views; a web view policy set on it applies to
    /// every web view below it, including ones added later.
    public struct ViewerSpec: Sendable {
        public var id: String
        public var parent: String?
    }

    /// A website data store and the cookies its pages set before the scenario starts.
    public struct DataStoreSpec: Sendable {
        public var id: String
        public var cookies: [CookieSpec]
    }

    public struct CookieSpec: Sendable, Hashable {
        public var domain: String
        public var name: String
        public var value: String
    }

    /// A web view and the configuration it was created with.
    public struct WebViewSpec: Sendable {
        public var id: String
        /// The viewer it sits in.
        public var parent: String?
        public var limitsNavigationsToAppBoundDomains: Bool
        /// User style sheets in the configuration at creation.
        public var userStyleSheets: Int
        /// User scripts in the configuration at creation.
        public var userScripts: [UserScriptSpec]
        public var dataStore: String
        /// The app's navigation delegate, as a rule set: it runs before the app-bound gate.
        public var navigationRules: NavigationRuleSet?
    }

    public struct UserScriptSpec: Sendable, Hashable {
        public var forMainFrameOnly: Bool
        public var injectionTime: InjectionTime

        public enum InjectionTime: String, Sendable {
            case atDocumentStart, atDocumentEnd
        }
    }

    /// One step: an action on a web view (or the app), and what it should produce.
    public struct Step: Sendable {
        public var index: Int
        public var webView: String?
        public var frame: String
        public var action: Action
        /// Outcome fields and their expected values, in the order written.
        public var expect: [JSONValue.Member]?
        /// A sentence for the story.
        public var note: String?
    }
}
