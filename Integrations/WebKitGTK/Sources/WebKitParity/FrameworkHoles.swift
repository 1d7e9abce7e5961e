import AppBound
import HybridFrameworks
import NavigationRules
import StrictJSON
import WebFenceGTK

/// The hybrid frameworks' navigation holes (spec hybrid-frameworks §9.1), driven from a page's own
/// JavaScript in a real web view whose delegate is the framework's matcher, as the app built on it
/// has: each hole loads the attacker's page under the framework's own rules, and is refused under
/// the rule set `webfence framework rules` prints for the same configuration. The same route to a
/// trusted page (a control) gets through under both, and an attempt the framework does close
/// stays closed, so that both halves are evidence.
@MainActor
enum FrameworkHoles {
    /// One framework configuration whose author meant example.com (and, where it says so, its
    /// subdomains), with what its matcher lets through.
    struct Case {
        let framework: HybridFramework
        /// The configuration, as `webfence framework check` reads it.
        let configuration: String
        /// Attempts that load under the framework's rules and are caught under the rule set.
        let holes: [BypassAttempts.Attack]
        /// Attempts the framework itself refuses (caught under both) and controls.
        var others: [BypassAttempts.Attack] = []
    }

    static let subdomainControl = BypassAttempts.Attack(
        name: "control: location to a subdomain", script: BypassAttempts.location("https://login.example.com/"),
        control: "https://login.example.com/")

    static let cases: [Case] = [
        Case(
            framework: .capacitor,
            configuration: #"{"server": {"url": "https://example.com", "allowNavigation": ["*.example.com"]}}"#,
            holes: [
                .init(
                    name: "server.url without a trailing slash: a longer host (row 76)",
                    script: BypassAttempts.location("https://example.com.evil.com/")),
                .init(
                    name: "server.url without a trailing slash: userinfo (row 77)",
                    script: BypassAttempts.location("https://example.com@evil.com/")),
            ],
            others: [subdomainControl]),
        Case(
            framework: .cordovaIOS,
            configuration: #"{"version": "8", "allowNavigation": ["https://*example.com/*"]}"#,
            holes: [
                .init(
                    name: "allow-navigation https://*example.com/* allows every https host (row 34)",
                    script: BypassAttempts.location("https://evil.com/"))
            ],
            others: [subdomainControl]),
        Case(
            framework: .reactNativeWebView,
            configuration: #"{"originWhitelist": ["https://example.com", "https://*.example.com"]}"#,
            holes: [
                .init(
                    name: "originWhitelist is a prefix: a longer host (row 8)",
                    script: BypassAttempts.location("https://example.com.evil.com/")),
                .init(
                    name: "originWhitelist is a prefix: userinfo (row 9)",
                    script: BypassAttempts.location("https://example.com@evil.com/")),
            ],
            others: [subdomainControl]),
        Case(
            framework: .hotwireNative,
            configuration: #"{"startLocation": "https://example.com/"}"#,
            holes: [
                .init(
                    name: "a form post is never routed (no host check)",
                    script: BypassAttempts.formPost("https://evil.com/collect"))
            ],
            others: [
                .init(
                    name: "a link to another host is routed out of the web view",
                    script: BypassAttempts.click("https://evil.com/"),
                    clicksLink: true),
                .init(
                    name: "control: a link to the start host", script: BypassAttempts.click("https://example.com/next"),
                    control: "https://example.com/next"),
            ]),
        Case(
            framework: .pwabuilder,
            configuration: #"{"rootUrl": "https://example.com", "allowedOrigins": ["example.com"], "authOrigins": []}"#,
            holes: [
                .init(
                    name: "allowedOrigins is a substring: a longer host (§12d)",
                    script: BypassAttempts.location("https://example.com.evil.com/")),
                .init(
                    name: "allowedOrigins is a substring: a host ending with it (§12d)",
                    script: BypassAttempts.location("https://evilexample.com/")),
                .init(
                    name: "a page-initiated navigation goes to any host (§12b step 4.3)",
                    script: BypassAttempts.location("https://evil.com/")),
            ],
            others: [
                subdomainControl,
                .init(
                    name: "a tap on another host is sent to SFSafariViewController",
                    script: BypassAttempts.click("https://evil.com/"), clicksLink: true),
            ]),
    ]

    /// The two policies of a case, without App-Bound Domains (which would stop an unlisted main
    /// frame on its own, spec §9.2 row 118), and what a hole must do under each.
    static func policies(_ hole: Case) throws -> [(BypassAttempts.Policy, BypassAttempts.Expectation)] {
        let (policy, _) = try FrameworkConfigurationReader.policy(
            hole.framework, configuration: try JSONParser.parse(hole.configuration), at: "")
        let (ruleSet, _) = FrameworkRuleSet.json(MeantNavigation(policy), framework: hole.framework)
        let rules = try NavigationRuleSet(json: ruleSet.serialized())
        let noList = AppBoundApp(domains: nil)
        return [
            (
                (
                    "\(hole.framework.rawValue)'s own rules",
                    WebFencePolicy(app: noList, framework: .navigationFramework(policy)), false
                ), .loads
            ),
            (
                ("\(hole.framework.rawValue) as `framework rules`", WebFencePolicy(app: noList, rules: rules), false),
                .caught
            ),
        ]
    }

    /// Every attempt of a case under one of its policies, with what it must show.
    static func attempts(_ hole: Case, expectingOfHoles expected: BypassAttempts.Expectation) -> [(
        BypassAttempts.Attack, BypassAttempts.Expectation
    )] {
        hole.holes.map { ($0, expected) } + hole.others.map { ($0, $0.control == nil ? .caught : .through) }
    }
}
