import AppBound
import AppManifest
import AssociatedDomains
import WebAddress

/// The app's associated domains (its entitlement and app ID) and the association files its sites
/// serve: what decides whether a tapped link opens the app or the browser.
public struct AppAssociations: Sendable {
    /// `application-identifier` (or `com.apple.application-identifier`): `<team>.<bundle ID>`.
    public let appID: String?
    /// `com.apple.developer.associated-domains`, read and checked (empty when the app has none).
    public let entitlement: AssociatedDomainsEntitlement
    /// Site (the file's host) → its file, or why a device could not use it.
    let files: [String: Result<UniversalLinkMatcher, AssociationFile.ReadError>]
    /// Whether `*.example.com` also covers `example.com` (disputed; default no, D28).
    public var wildcardCoversBaseDomain = false

    /// The app's associated domains and app ID, with the files `sites` serve.
    public init(declarations: AppDeclarations, sites: [Scenario.SiteSpec]) {
        entitlement =
            declarations.associatedDomains
            ?? AssociatedDomainsEntitlement(values: [], isBrowser: declarations.appBound.isBrowser)
        appID = declarations.appID
        var files: [String: Result<UniversalLinkMatcher, AssociationFile.ReadError>] = [:]
        for site in sites { files[site.domain.description] = site.file.map { UniversalLinkMatcher($0) } }
        self.files = files
    }

    /// Where a tapped link comes from (interfaces §1 `openUniversalLink`).
    public enum LinkSource: String, Sendable, CaseIterable {
        /// Another app (Messages, Mail, Notes): a universal link opens the app.
        case otherApp
        /// A page of the same domain in the browser: the user stays in the browser.
        case sameDomainPage
        /// Typed into the address bar: always the browser.
        case addressBar
    }

    /// Whether the link opens the app or the browser, and why.
    public func open(_ url: WebURL, from source: LinkSource) -> UniversalLinkOpening {
        func browser(_ reason: String, _ message: String, decision: UniversalLinkDecision? = nil)
            -> UniversalLinkOpening
        {
            UniversalLinkOpening(opensApp: false, appID: appID, reason: reason, decision: decision, message: message)
        }
        switch source {
        case .addressBar:
            return browser("addressBar", "a URL typed in the address bar always loads in the browser")
        case .sameDomainPage:
            return browser(
                "sameDomainPage",
                "a link to the page's own domain stays in the browser; universal links open from another domain or app")
        case .otherApp:
            break
        }
        guard url.scheme == "https" || url.scheme == "http", let host = url.host else {
            return browser("notHTTP", "only http(s) URLs are universal links")
        }
        let domain = LinkDomain(host: host)
        guard
            let entry = entitlement.entries(
                for: .applinks, covering: host.description, wildcardCoversBaseDomain: wildcardCoversBaseDomain
            ).first
        else {
            return browser("notInEntitlement", "the entitlement has no applinks entry covering \(host)")
        }
        guard let appID else {
            return browser("noAppID", "the app has no application-identifier entitlement, so no file can name it")
        }
        switch files[entry.fileHost] {
        case nil:
            return browser(
                "noFile", "\(entry.fileHost) serves no association file (it is not in app.sites), so \(entry) is denied"
            )
        case .failure(let error)?:
            return browser(
                "fileUnusable",
                "the association file of \(entry.fileHost) is unusable (\(error)), so \(entry) is denied")
        case .success(let matcher)?:
            let decision = matcher.decide(url, domain: domain, appID: appID)
            let source = "\(entry) → \(entry.fileHost)'s file: "
            return UniversalLinkOpening(
                opensApp: decision.outcome == .match, appID: appID, reason: decision.reason.rawValue,
                decision: decision,
                message: source + decision.message)
        }
    }
}

/// The answer to "does this link open the app?".
public struct UniversalLinkOpening: Sendable, Hashable {
    /// Whether the link opens the app (otherwise the browser).
    public let opensApp: Bool
    /// The app the link opens, when it opens one.
    public let appID: String?
    /// A stable code: a `UniversalLinkDecision.Reason`, or why the file was never consulted.
    public let reason: String
    /// The matcher's decision, when a file was consulted.
    public let decision: UniversalLinkDecision?
    /// The answer as a sentence: the entitlement entry, the file, the rule.
    public let message: String
}
