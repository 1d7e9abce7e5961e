import AppBound
import AssociatedDomains

/// The app's associated domains (its entitlement and app ID) and the association files its sites
/// serve: what decides whether a tapped link opens the app or the browser.
public struct AppAssociations: Sendable {
    /// `application-identifier` (or `com.apple.application-identifier`): `<team>.<bundle ID>`.
    public let appID: String?
    public let entitlement: AssociatedDomainsEntitlement
    /// Site (the file's host) → its file, or why a device could not use it.
    let files: [String: Result<UniversalLinkMatcher, AssociationFile.ReadError>]
    /// Whether `*.example.com` also covers `example.com` (disputed; default no, D28).
    public var wildcardCoversBaseDomain = false

    public static let entitlementKey = "com.apple.developer.associated-domains"
    public static let appIDKeys = ["application-identifier", "com.apple.application-identifier"]

    /// Reads the entitlements (JSON for plist values) and `app.sites`. An entitlement that is not
    /// an array of strings cannot be signed into an app: it is an error, not a finding.
    public init(entitlements: [JSONValue.Member], sites: JSONValue?) throws(ScenarioError) {
        let object = JSONValue.object(entitlements)
        let isBrowser = object[AppBoundApp.browserEntitlement] == .bool(true)
        var values: [String] = []
        switch object[Self.entitlementKey] {
        case nil: break
        case .array(let items)?:
            for (index, item) in items.enumerated() {
                guard case .string(let text) = item else {
                    throw ScenarioError(
                        "/app/entitlements/\(Self.entitlementKey)/\(index)", "expected a string, found \(item.typeName)"
                    )
                }
                values.append(text)
            }
        case let other?:
            throw ScenarioError(
                "/app/entitlements/\(Self.entitlementKey)", "expected an array of strings, found \(other.typeName)")
        }
        entitlement = AssociatedDomainsEntitlement(values: values, isBrowser: isBrowser)
        appID = Self.appIDKeys.lazy.compactMap { object[$0]?.stringValue }.first

        var files: [String: Result<UniversalLinkMatcher, AssociationFile.ReadError>] = [:]
        if case .object(let members)? = sites {
            for site in members {
                let file: Result<(file: AssociationFile, findings: [Finding]), AssociationFile.ReadError>
                switch site.value["aasa"] {
                case nil, .null?: continue
                case .string(let text)?: file = AssociationFile.read(Array(text.utf8))
                case let value?: file = AssociationFile.read(value: value)
                }
                // Keyed as the entitlement names hosts: lower case, IDNs in their ASCII form.
                guard let domain = LinkDomain(site.key) else { continue }
                files[domain.description] = file.map { UniversalLinkMatcher($0.file) }
            }
        }
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
    public let opensApp: Bool
    public let appID: String?
    /// A stable code: a `UniversalLinkDecision.Reason`, or why the file was never consulted.
    public let reason: String
    /// The matcher's decision, when a file was consulted.
    public let decision: UniversalLinkDecision?
    public let message: String
}
