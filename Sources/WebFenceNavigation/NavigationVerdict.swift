import AppBound
import HybridFrameworks
import ManagedWebViews
import NavigationRules
import WebAddress

/// The pipeline's answer for one navigation: what happens, which stage decided, and every stage's
/// own typed decision at every hop, so that a caller can show the whole walk.
public struct NavigationVerdict: Sendable, Hashable {
    /// What happens to the navigation.
    public enum Result: Sendable, Hashable {
        /// It proceeds and commits; the frame gets this app-bound state.
        case allow(FrameAppBoundState)
        /// The app's delegate chose a download: nothing commits, the page's state resets to none.
        case download
        /// Cancelled, with no error: by the app's delegate or its framework, the navigation rules, or the managed
        /// web view SDK when the browser it must use is missing.
        case cancel
        /// Refused by the App-Bound gate with this error (13) under this rule; nothing commits.
        case fail(WKError, AppBoundRule)
        /// The app's framework or the navigation rules handed this URL to the system, which opens it
        /// outside the app.
        case openExternally(WebURL)
        /// The managed-web-view SDK opened this URL (rewritten) in the managed browser instead.
        case openInManagedBrowser(String)
    }

    /// The stage that decided, named as outcomes' `decidedBy` names it (spec/interfaces.md §1).
    public enum Stage: String, Sendable, Hashable, CaseIterable {
        /// The app's own code, as the scenario or the caller scripted its answer.
        case delegate
        /// The hybrid framework's navigation code, the app's delegate, asked at every hop.
        case framework
        case navigationRules
        case managedWebViews
        case appBound
    }

    /// What each stage decided at one hop; a stage that did not run (absent, or an earlier stage
    /// stopped the hop) is nil.
    public struct Hop: Sendable, Hashable {
        /// The URL of this hop.
        public let url: WebURL
        /// The hybrid framework's decision (the app's delegate), when the app is built on one.
        public internal(set) var framework: FrameworkDecision?
        /// The navigation rules' decision.
        public internal(set) var rules: NavigationDecision?
        /// The managed-web-view SDK's decision: `isExternalURL` for a main frame, or the routing of
        /// a URL the rules open externally.
        public internal(set) var managed: ExternalURLDecision?
        /// The App-Bound gate's decision.
        public internal(set) var appBound: NavigationGate.Decision?
        /// The URL the App-Bound lookup read: the hop's, or the subframe's origin for local content.
        public internal(set) var lookedUp: WebURL?
    }

    /// The navigation asked about.
    public let request: NavigationRequest
    /// The hops judged, in order; the last one decided. Empty when the app's delegate decided.
    public let hops: [Hop]
    /// What happens.
    public let result: Result
    /// The stage that decided.
    public let decidedBy: Stage
    /// The web view's state after the decision: a main-frame load of local content forces app-bound
    /// mode (§3), at any hop. `hasNavigated` is the caller's to set, when a main frame commits
    /// (the "before navigation" window closes with the first commit, not with a decision).
    public let state: AppBoundWebViewState

    /// Whether the navigation proceeds.
    public var allows: Bool {
        if case .allow = result { return true }
        return false
    }

    /// Whether the URL leaves the app for the system or the managed browser.
    public var opensOutside: Bool {
        switch result {
        case .openExternally, .openInManagedBrowser: true
        case .allow, .download, .cancel, .fail: false
        }
    }

    /// The hop that decided, or nil when the app's delegate decided before any hop.
    public var decidingHop: Hop? { hops.last }

    /// The redirect that decided, when the request had redirects (the URL of the last hop).
    public var decidingRedirect: WebURL? { request.redirects.isEmpty ? nil : hops.last?.url }

    /// The code of the rule that decided: `delegate.cancel`, `rules.allow`, `managed.external.edge`,
    /// `limits.appBound`, ...
    public var ruleCode: String {
        switch decidedBy {
        case .delegate: return request.delegate.rule?.code ?? ""
        case .framework: return decidingHop?.framework?.rule.code ?? ""
        case .navigationRules: return decidingHop?.rules?.reason.code ?? ""
        case .managedWebViews: return decidingHop?.managed?.rule.code ?? ""
        case .appBound: return decidingHop?.appBound?.rule.code ?? ""
        }
    }
}
