import CWebKitGTK
import LoopbackSites
import WebFenceGTK

extension BypassAttempts {
    /// The policy an attempt runs under: its name in the report, the policy, and the limits flag.
    typealias Policy = (name: String, policy: WebFencePolicy, limits: Bool)

    /// One attempt in a fresh web view and session: the start page, the page's script, then a wait
    /// for the signal that the attempt has run its course; the result says whether what happened
    /// is what `expected` says.
    static func attempt(
        _ attack: Attack, expecting expected: Expectation, under policy: Policy, proxy: LoopbackProxy,
        ca: RunTimeCA, sites: SiteTable
    ) -> Result {
        let session = FencedSession()
        session.useProxy(proxy.uri)
        _ = session.allowCertificate(ca.leafPEM, for: hosts)
        let webView = FencedWebView(
            policy: policy.policy, session: session, limitsNavigationsToAppBoundDomains: policy.limits)
        var refusals: [String] = []
        var messages: [String] = []
        var popups: [FencedWebView] = []
        var finished = 0
        webView.onNavigation = { event in
            if case .committed = event.outcome { return }
            refusals.append(event.url)
        }
        webView.onLoadFinished = { _ in finished += 1 }
        webView.addMessageHandler("app") { messages.append($0) }
        webkit_settings_set_javascript_can_open_windows_automatically(webkit_web_view_get_settings(webView.view), 1)
        webView.onNewWindow = { opener in
            let popup = opener.makePopup()
            popup.onNavigation = { event in if case .committed = event.outcome {} else { refusals.append(event.url) } }
            popups.append(popup)
            return popup
        }
        webView.load(attack.start)
        MainLoop.run(for: .seconds(10)) { finished > 0 }
        let requestsBefore = sites.requests.count
        let tunnelsBefore = sites.tunnels.count
        if let script = attack.script {
            _ = MainLoop.result { webView.runnerEvaluate(script, completion: $0) }
        }
        let requests = { Array(sites.requests.dropFirst(requestsBefore)) }
        // A control must load, and in frames it must reach the handler by every route the attacker
        // tries, or the attacker's "caught" would prove nothing (a javascript: window is refused
        // under both policies).
        let routes = [
            "directly", "through a child frame", "through a getter borrowed from a child frame",
            "through a window it opened", "through a window opened with the built-ins replaced",
        ]
        let controlThrough = {
            guard let target = attack.control else { return false }
            return requests().contains { $0.hasPrefix(target) }
                && (!attack.name.contains("iframe")
                    || routes.allSatisfy { route in messages.contains { $0.contains("trusted " + route) } })
        }
        // Anything but the trusted site is the attacker's: evil.com, a numeric address, anything.
        let attackerTraffic = {
            requests().filter { !isTrusted(host(of: $0)) }
                + sites.tunnels.dropFirst(tunnelsBefore).filter { !isTrusted(host(ofTarget: $0)) }.map {
                    "CONNECT " + $0
                }
        }
        let left = {
            let main = webView.committedURL ?? ""
            let popupURLs = popups.compactMap(\.committedURL).filter { !$0.isEmpty && $0 != "about:blank" }
            return !isTrusted(host(of: main)) || popupURLs.contains { !isTrusted(host(of: $0)) }
        }
        // Under App-Bound Domains the attacker's frame displays (the platform's rule): these requests
        // are its load and its "done"; any other is the attacker's traffic getting through.
        let trafficExpected = attack.displaysUnderAppBound && policy.limits
        let displayedFrame: Set<String> = ["https://evil.com/frame", "https://evil.com/done", "CONNECT evil.com:443"]
        // Each attempt waits for the signal that it has run its course, with a long limit, so that a
        // slow machine neither fails a control nor ends an attempt before its traffic could show: a
        // control until it is through, a displayed frame until its script is done, a hole until the
        // attacker's page is the main frame's, any other attempt until WebFence refuses something
        // or the attacker's traffic appears. Then a moment for anything late.
        MainLoop.run(for: .seconds(15)) {
            switch expected {
            case .through: return controlThrough()
            case .loads: return left()
            case .caught:
                if trafficExpected { return requests().contains("https://evil.com/done") }
                return !refusals.isEmpty || !attackerTraffic().isEmpty
            }
        }
        MainLoop.settle(.milliseconds(700))

        let traffic = attackerTraffic()
        let attackerMessages = messages.filter { $0.contains("evil") }
        let passed: Bool
        switch expected {
        case .through:
            // The attacker's traffic during a control is an earlier attempt's, arriving late.
            return Result(
                policy: policy.name, attack: attack.name, expected: .through,
                passed: controlThrough() && traffic.isEmpty, evidence: "requests \(requests()), messages \(messages)")
        case .loads:
            passed = left() && !traffic.isEmpty
        case .caught:
            let unexpected = traffic.filter {
                !(trafficExpected && displayedFrame.contains($0)) && !(attack.clicksLink && $0.hasPrefix("CONNECT "))
            }
            passed = !left() && attackerMessages.isEmpty && unexpected.isEmpty
        }
        var evidence: [String] = []
        evidence.append(refusals.isEmpty ? "no refusal reported" : "WebFence refused \(refusals)")
        evidence.append(traffic.isEmpty ? "nothing sent off \(trusted)" : "sent off \(trusted): \(traffic)")
        if attack.clicksLink, traffic.contains(where: { $0.hasPrefix("CONNECT ") }) {
            evidence.append("the engine preconnects to a clicked link's host before it asks the policy (no request)")
        }
        if trafficExpected {
            evidence.append("the frame displays, not app-bound (only its load and its \"done\" may be sent)")
        }
        evidence.append(attackerMessages.isEmpty ? "no message from the attacker" : "messages: \(attackerMessages)")
        evidence.append("main frame \(webView.committedURL ?? "")")
        return Result(
            policy: policy.name, attack: attack.name, expected: expected, passed: passed,
            evidence: evidence.joined(separator: "; "))
    }
}
