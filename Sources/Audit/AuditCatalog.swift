import Findings

/// Every code `webfence audit` reports: a title and the sentence that says how to fix it. SARIF
/// output lists these as its rules. Codes are stable: scripts and code-scanning tools match on them.
public enum AuditCatalog {
    /// What a code means and how to fix what it reports.
    public struct Rule: Sendable, Hashable {
        /// The stable code: `appBound.entry.pastCapacity`, or a family such as `aasa.*`.
        public let code: String
        /// The severity every finding of the code has; nil for a code of a linter the audit runs,
        /// whose findings keep the severity their linter gives.
        public let severity: Finding.Severity?
        /// A short name for the problem.
        public let title: String
        /// One sentence: what to change.
        public let fix: String

        /// The rule of `code`; `severity` nil for a code whose linter gives its findings theirs.
        public init(code: String, severity: Finding.Severity? = nil, title: String, fix: String) {
            (self.code, self.severity, self.title, self.fix) = (code, severity, title, fix)
        }
    }

    /// The rule for `code`. Codes of a fetched association file (`fetch.*`, `aasa.*`) share their
    /// family's rule unless they have one of their own.
    public static func rule(for code: String) -> Rule {
        if let rule = byCode[code] { return rule }
        let family = code.hasPrefix("fetch.") ? "fetch.*" : code.hasPrefix("aasa.") ? "aasa.*" : ""
        return byCode[family] ?? Rule(code: code, title: code, fix: "See docs/audit.md for \(code).")
    }

    /// Every code the audit reports: its own (``AuditCode``, in their order), then those of the
    /// linters it runs.
    public static let rules: [Rule] = AuditCode.allCases.map(\.rule) + delegated

    /// The codes of the linters the audit runs, with the titles and fixes the audit shows for them:
    /// the entitlement linter's (`entitlement.*`), and a fetched association file's (`aasa.*`,
    /// `fetch.*`, whose families share a rule unless a code has its own). Their severity is the one
    /// their linter gives.
    public static let delegated: [Rule] = [
        // Associated domains (spec/associated-domains.md §1).
        Rule(
            code: "entitlement.format", title: "An entry that is not <service>:<domain>",
            fix: "Write the entry as <service>:<domain>, for example applinks:example.com."
        ),
        Rule(
            code: "entitlement.service.unknown", title: "An unknown associated-domains service",
            fix: "Use applinks, webcredentials, activitycontinuation, appclips or authsrv."
        ),
        Rule(
            code: "entitlement.service.authsrv", title: "An enterprise single sign-on entry",
            fix:
                "Nothing to do if the app is an SSO extension; authsrv entries are read by the system's SSO, not by universal links."
        ),
        Rule(
            code: "entitlement.browser.applinks", title: "A browser that claims universal links",
            fix:
                "Nothing to do if the association file's rules cover only pages the browser handles itself (a purchase or sign-in link); claim no other paths."
        ),
        Rule(
            code: "entitlement.query", title: "Something other than ?mode= after the domain",
            fix: "Remove everything after the domain except ?mode=developer, ?mode=managed or ?mode=developer+managed."
        ),
        Rule(
            code: "entitlement.mode.unknown", title: "An unknown mode, ignored",
            fix: "Use the modes developer and managed only (developer+managed for both)."
        ),
        Rule(
            code: "entitlement.path", title: "A scheme, path or fragment in an entry",
            fix:
                "Write the domain only: no https://, path, fragment or trailing slash (paths belong in the association file)."
        ),
        Rule(
            code: "entitlement.wildcard.appclips", title: "A wildcard appclips entry",
            fix: "List each App Clip domain in full: appclips entries cannot use *."
        ),
        Rule(
            code: "entitlement.wildcard.baseDomain", title: "A wildcard entry and its base domain",
            fix:
                "Add the base domain as an entry of its own if it should open the app too: whether *.example.com covers example.com is disputed."
        ),
        Rule(
            code: "entitlement.port.invalid", title: "A port that is not 1–65535",
            fix: "Remove the port, or write a number from 1 to 65535."
        ),
        Rule(
            code: "entitlement.port", title: "A port in an entry",
            fix: "Remove the port: Apple says universal links with a port do not work."
        ),
        Rule(
            code: "entitlement.host.empty", title: "No domain in an entry",
            fix: "Write a domain after the service: applinks:example.com."
        ),
        Rule(
            code: "entitlement.host.leadingDot", title: "A domain that starts with a dot",
            fix: "Remove the leading dot; write *.example.com to cover subdomains."
        ),
        Rule(
            code: "entitlement.host.emptyLabel", title: "A domain with an empty label",
            fix: "Remove the doubled dot."
        ),
        Rule(
            code: "entitlement.host.idna", title: "A domain that is not valid IDNA",
            fix: "Write the domain in punycode (xn--...) as the DNS knows it."
        ),
        Rule(
            code: "entitlement.host.idn", title: "A non-ASCII domain",
            fix: "Write the domain in punycode, as the warning shows."
        ),
        Rule(
            code: "entitlement.host.uppercase", title: "A domain with capital letters",
            fix: "Write the domain in lowercase."
        ),
        Rule(
            code: "entitlement.host.characters", title: "A domain with characters a host cannot have",
            fix: "Write a plain host name: letters, digits, hyphens and dots."
        ),
        Rule(
            code: "entitlement.host.ipAddress", title: "An IP address without a mode",
            fix: "Use a domain name, or add ?mode=developer for local testing."
        ),
        Rule(
            code: "entitlement.host.localhost", title: "localhost without developer mode",
            fix: "Add ?mode=developer, and turn on Associated Domains Development on the test device."
        ),
        Rule(
            code: "entitlement.host.noDot", title: "A domain without a dot",
            fix: "Write the full domain name (example.com)."
        ),
        Rule(
            code: "entitlement.host.tld", title: "A top-level domain",
            fix: "Write a registrable domain (example.com), not a top-level domain."
        ),
        Rule(
            code: "entitlement.duplicate", title: "An entry that repeats another",
            fix: "Remove the repeated entry."
        ),
        Rule(
            code: "entitlement.tooMany", title: "More associated domains than Apple advises",
            fix: "Consolidate to about 20–30 domains, for example with *. entries served from the base domain."
        ),
        // A fetched association file (`--fetch`, spec/associated-domains.md §2–§4).
        Rule(
            code: "aasa.appID.missing", title: "The association file does not name the app",
            fix:
                "Add the app's ID (team ID, a dot, bundle ID) to the file's applinks details (or the service's apps) and publish it again."
        ),
        Rule(
            code: "fetch.*", title: "The association file could not be fetched as a device fetches it",
            fix:
                "If this machine reaches the network, serve the file at https://DOMAIN/.well-known/apple-app-site-association: status 200, no redirect, a trusted certificate, application/json, at most 131,072 bytes."
        ),
        Rule(
            code: "aasa.*", title: "A problem in the association file",
            fix: "Correct the association file as `webfence aasa lint` explains, and publish it again."
        ),
    ]

    private static let byCode: [String: Rule] = Dictionary(
        rules.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
}
