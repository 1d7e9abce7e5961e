import HybridFrameworks
import Testing
import WebAddress

/// PWABuilder's iOS shell (spec/hybrid-frameworks.md §12): the decision of §12b step by step, the
/// holes and misroutes of §12d, and every row of §12e, each its own test case.
struct PWABuilderPolicyTests {
    static func shell(
        allowed: [String] = ["trusted.com"], auth: [String] = [], root: String? = "https://trusted.com"
    ) -> PWABuilderPolicy {
        PWABuilderPolicy(.init(rootURL: root, allowedOrigins: allowed, authOrigins: auth))
    }

    struct Row: Sendable, CustomTestStringConvertible {
        let policy: PWABuilderPolicy
        let url: String
        let target: FrameworkNavigationAction.TargetFrame
        let type: FrameworkNavigationAction.NavigationType
        let appInitiated: Bool
        let decision: FrameworkDecision.Action
        let host: String?
        let bypass: Bool
        let rule: String
        let toolbar: PWABuilderPolicy.Toolbar

        init(
            _ policy: PWABuilderPolicy, _ url: String, _ decision: FrameworkDecision.Action, host: String?,
            bypass: Bool = false, rule: String, toolbar: PWABuilderPolicy.Toolbar = .unchanged,
            target: FrameworkNavigationAction.TargetFrame = .main,
            type: FrameworkNavigationAction.NavigationType = .link,
            appInitiated: Bool = false
        ) {
            self.policy = policy
            self.url = url
            self.target = target
            self.type = type
            self.appInitiated = appInitiated
            self.decision = decision
            self.host = host
            self.bypass = bypass
            self.rule = rule
            self.toolbar = toolbar
        }

        var testDescription: String { "\(url) (\(target.rawValue), \(type.rawValue)\(appInitiated ? ", app" : ""))" }
    }

    func check(_ row: Row) throws {
        let url = try WebURL.parse(row.url).get()
        let action = FrameworkNavigationAction(
            url: url, target: row.target, navigationType: row.type, isAppInitiated: row.appInitiated)
        let (decision, toolbar) = row.policy.decideWithToolbar(action)
        #expect(decision.action == row.decision)
        #expect(decision.hostText == row.host)
        #expect(decision.isBypass == row.bypass)
        #expect(decision.rule.code == row.rule)
        #expect(toolbar == row.toolbar)
        #expect(FrameworkPolicy.pwabuilder(row.policy).decide(action) == decision)
    }

    /// §12e, as printed.
    static let sampleRows: [Row] = [
        Row(
            shell(), "https://trusted.com/page", .allow, host: "trusted.com", rule: "pwabuilder.allowedOrigins",
            toolbar: .hidden),
        Row(shell(), "https://other.org/", .openExternally, host: "other.org", rule: "pwabuilder.safari"),
        Row(
            shell(), "https://trusted.com.evil.net/", .allow, host: "trusted.com.evil.net", bypass: true,
            rule: "pwabuilder.allowedOrigins", toolbar: .hidden),
        Row(shell(), "https://trusted.com@evil.net/", .openExternally, host: "evil.net", rule: "pwabuilder.safari"),
        Row(
            shell(auth: ["accounts.google.com"]), "https://accounts.google.com/o/oauth2/v2/auth?client_id=1", .allow,
            host: "accounts.google.com", rule: "pwabuilder.authOrigins", toolbar: .shown),
        Row(
            shell(auth: ["accounts.google.com"]), "tel:+15551234", .openExternally, host: nil,
            rule: "pwabuilder.noHost.system"),
    ]

    @Test("§12e sample rows", arguments: sampleRows)
    func sample(_ row: Row) throws { try check(row) }

    /// §12b, each step in its order, and §12d's holes and misroutes.
    static let steps: [Row] = [
        // 1. about: in any frame.
        Row(shell(), "about:blank", .allow, host: nil, rule: "pwabuilder.about"),
        Row(shell(), "about:srcdoc", .allow, host: nil, rule: "pwabuilder.about", target: .sub, type: .other),
        // 2. blob: is downloaded, never shown.
        Row(shell(), "blob:https://trusted.com/0b6e", .download, host: nil, rule: "pwabuilder.download"),
        // 4.1 before 4.2: an auth origin that contains the allowed one.
        Row(
            shell(allowed: ["example.com"], auth: ["login.example.com"]), "https://login.example.com/", .allow,
            host: "login.example.com", rule: "pwabuilder.authOrigins", toolbar: .shown),
        // Substring, no label boundary, case-sensitive.
        Row(
            shell(), "https://eviltrusted.com/", .allow, host: "eviltrusted.com", bypass: true,
            rule: "pwabuilder.allowedOrigins", toolbar: .hidden),
        Row(
            shell(allowed: ["Trusted.com"]), "https://trusted.com/", .openExternally, host: "trusted.com",
            rule: "pwabuilder.safari"),
        // Ports and schemes never compared.
        Row(
            shell(), "https://trusted.com:8443/", .allow, host: "trusted.com", rule: "pwabuilder.allowedOrigins",
            toolbar: .hidden),
        Row(
            shell(), "http://trusted.com/", .allow, host: "trusted.com", rule: "pwabuilder.allowedOrigins",
            toolbar: .hidden),
        Row(
            shell(), "myapp://trusted.com/cb", .allow, host: "trusted.com", rule: "pwabuilder.allowedOrigins",
            toolbar: .hidden),
        // Auth origins are substrings too.
        Row(
            shell(auth: ["accounts.google.com"]), "https://evilaccounts.google.com/", .allow,
            host: "evilaccounts.google.com", bypass: true, rule: "pwabuilder.authOrigins", toolbar: .shown),
        Row(
            shell(auth: ["accounts.google.com"]), "https://accounts.google.com.evil.net/", .allow,
            host: "accounts.google.com.evil.net", bypass: true, rule: "pwabuilder.authOrigins", toolbar: .shown),
        // A subdomain of a named host is meant: no bypass.
        Row(
            shell(), "https://www.trusted.com/", .allow, host: "www.trusted.com", rule: "pwabuilder.allowedOrigins",
            toolbar: .hidden),
        // 4.3 page-initiated (other, a target and a source frame): any host, any frame.
        Row(
            shell(), "https://pay.example.net/checkout", .allow, host: "pay.example.net", bypass: true,
            rule: "pwabuilder.pageInitiated", type: .other),
        Row(
            shell(), "https://ads.example.net/frame", .allow, host: "ads.example.net", bypass: true,
            rule: "pwabuilder.pageInitiated", target: .sub, type: .other),
        // ... but not a new window (no target frame) or the app's own load (no source frame).
        Row(
            shell(), "https://popup.example.net/", .openExternally, host: "popup.example.net",
            rule: "pwabuilder.safari",
            target: .newWindow, type: .other),
        Row(
            shell(), "https://elsewhere.example.net/", .openExternally, host: "elsewhere.example.net",
            rule: "pwabuilder.safari", type: .other, appInitiated: true),
        // A tap in an iframe is checked like any other.
        Row(shell(), "https://other.org/", .openExternally, host: "other.org", rule: "pwabuilder.safari", target: .sub),
        // 4.4 other schemes with a host: UIApplication.open.
        Row(
            shell(), "myapp://callback.example/x", .openExternally, host: "callback.example", rule: "pwabuilder.system"),
        // Not holes: userinfo and backslashes are canonicalised before the delegate.
        Row(
            shell(), "https://trusted.com\\@evil.net/", .allow, host: "trusted.com", rule: "pwabuilder.allowedOrigins",
            toolbar: .hidden),
        // Misroutes: a permitted URL with a path or a port never occurs in a host.
        Row(
            shell(auth: ["accounts.google.com/o/oauth2"]), "https://accounts.google.com/o/oauth2/auth", .openExternally,
            host: "accounts.google.com", rule: "pwabuilder.safari"),
        Row(
            shell(auth: ["login.example.com:8443"]), "https://login.example.com:8443/", .openExternally,
            host: "login.example.com", rule: "pwabuilder.safari"),
        Row(
            shell(allowed: ["www.trusted.com"]), "https://trusted.com/", .openExternally, host: "trusted.com",
            rule: "pwabuilder.safari"),
        Row(
            shell(auth: ["account.google.com"]), "https://accounts.google.com/", .openExternally,
            host: "accounts.google.com", rule: "pwabuilder.safari"),
        // An empty entry occurs nowhere (Foundation's range(of: "") is nil).
        Row(
            shell(allowed: [""]), "https://trusted.com/", .openExternally, host: "trusted.com",
            rule: "pwabuilder.safari"),
        // 5. no host: tel: and mailto: to the system, file: to a download path, the rest dropped.
        Row(shell(), "mailto:someone@example.com", .openExternally, host: nil, rule: "pwabuilder.noHost.system"),
        Row(shell(), "file:///private/var/x.pdf", .cancel, host: "", rule: "pwabuilder.noHost.file"),
        Row(shell(), "data:text/html,hi", .cancel, host: nil, rule: "pwabuilder.noHost"),
        Row(shell(), "sms:+15551234", .cancel, host: nil, rule: "pwabuilder.noHost"),
        // A custom scheme's host as Foundation reports it: percent-decoded.
        Row(
            shell(), "myapp://trusted%2Ecom/x", .allow, host: "trusted%2Ecom", bypass: true,
            rule: "pwabuilder.allowedOrigins",
            toolbar: .hidden),
        Row(
            shell(allowed: ["bücher.example"]), "myapp://bücher.example/", .allow, host: "b%C3%BCcher.example",
            bypass: true, rule: "pwabuilder.allowedOrigins", toolbar: .hidden),
        // The hosts an entry names, for the bypass flag: its host as the URL Standard reads it.
        Row(
            shell(allowed: ["[::1]"]), "http://[::1]/", .allow, host: "[::1]", rule: "pwabuilder.pageInitiated",
            type: .other),
        Row(
            shell(allowed: ["0:0:0:0:0:0:0:1"]), "http://[::1]/", .allow, host: "[::1]",
            rule: "pwabuilder.pageInitiated", type: .other),
        Row(
            shell(allowed: ["https://trusted.com"]), "https://trusted.com/", .allow, host: "trusted.com",
            rule: "pwabuilder.pageInitiated", type: .other),
        Row(
            shell(allowed: ["bücher.example"]), "https://bücher.example/", .allow, host: "xn--bcher-kva.example",
            rule: "pwabuilder.pageInitiated", type: .other),
        Row(
            shell(allowed: ["*"]), "https://any.example/", .allow, host: "any.example",
            rule: "pwabuilder.pageInitiated", type: .other),
        Row(
            shell(allowed: ["*.trusted.com"]), "https://www.trusted.com/", .allow, host: "www.trusted.com",
            rule: "pwabuilder.pageInitiated", type: .other),
        // IPv6: Foundation's host has no brackets; the answer keeps them.
        Row(
            shell(allowed: ["::1"]), "http://[::1]/", .allow, host: "[::1]", rule: "pwabuilder.allowedOrigins",
            toolbar: .hidden),
    ]

    @Test("§12b the decision in order, §12d holes and misroutes", arguments: steps)
    func step(_ row: Row) throws { try check(row) }

    @Test("the rule names the entry that decided, and the reason says substring")
    func ruleText() throws {
        let policy = Self.shell(allowed: ["trusted.com"], auth: ["a.example", "accounts.google.com"])
        let decision = policy.decide(.init(url: try WebURL.parse("https://accounts.google.com/").get()))
        #expect(decision.rule.location == "authOrigins[1]" && decision.rule.entry == "accounts.google.com")
        #expect(decision.rule.reason.contains("substring") && decision.rule.reason.contains("Done toolbar"))
        #expect(policy.configuration.limitsNavigationsToAppBoundDomains)
        #expect(FrameworkPolicy.pwabuilder(policy).startPage == "https://trusted.com")
    }

    @Test(
        "entries that can never occur in a host, each with its reason",
        arguments: [
            ("", "empty"), ("https://trusted.com", "scheme"), ("accounts.google.com/o/oauth2", "path"),
            ("example.com?x=1", "path or query"), ("login.example.com:8443", "port"), ("Trusted.com", "capitals"),
            ("bücher.example", "punycode"), ("*.example.com", "wildcard"),
        ])
    func deadEntries(_ entry: String, _ reason: String) {
        #expect(PWABuilderPolicy.deadEntry(entry)?.contains(reason) == true, "\(entry)")
    }

    @Test("entries that can occur in a host")
    func liveEntries() {
        for entry in ["trusted.com", "accounts.google.com", "xn--bcher-kva.example", "::1", "127.0.0.1"] {
            #expect(PWABuilderPolicy.deadEntry(entry) == nil, "\(entry)")
        }
    }
}
