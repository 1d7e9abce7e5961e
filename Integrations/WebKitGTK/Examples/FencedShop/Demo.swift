import AppBound
import WebFenceGTK

/// The unattended run of `--check` and `--demo-screenshot`: does what a user would (two clicks on
/// "Add to cart", then the partner link), waits until the app has shown both effects, and checks
/// them against the engine's own evidence.
@MainActor
struct Demo {
    struct Check {
        let passed: Bool
        let text: String
    }

    static let clicks = 2
    let app: ShopApp
    let sites: ShopSites
    private var webView: FencedWebView { app.webView }

    /// Drives the page; throws when something does not happen within its time limit.
    func run() throws {
        app.start()
        try Waiting.until("https://shop.example/ to load") { app.finishedLoads.contains(ShopPages.shopURL) }
        try Waiting.untilPage("the shop page's script", webView, "document.readyState === 'complete' && !!window.shop")
        for count in 1...Self.clicks {
            try click(on: "add-to-cart")
            try Waiting.until("cart message \(count) to reach the app's handler") { app.cartMessages.count >= count }
            try Waiting.untilPage(
                "the page's cart to read \(count)", webView,
                "document.getElementById('cart-count').textContent === '\(count)'")
        }
        try click(on: "partner-link")
        try Waiting.until("WebFence to refuse https://tracker.example/") { !app.refusals.isEmpty }
        try Waiting.untilPage("the refusal banner", webView, "!document.getElementById('refusal').hidden")
        // Time for anything that should not happen (a late request, a commit) to show up in the evidence,
        // and for the engine to draw the page as it is now.
        Waiting.settle(.seconds(1))
    }

    /// A click as the page's own script would make it (`HTMLElement.click()`).
    private func click(on id: String) throws {
        let clicked = Waiting.evaluate(
            "(() => { const e = document.getElementById('\(id)'); if (!e) return false; e.click(); return true; })()",
            in: webView, before: .now + .seconds(10))
        guard clicked == "true" else { throw ShopError.page("no #\(id) to click") }
    }

    /// What the run showed, one line each.
    func checks() -> [Check] {
        var checks: [Check] = []
        let shopCommit = app.commits.first { $0.url == ShopPages.shopURL }
        checks.append(
            Check(
                passed: shopCommit?.state == .appBound,
                text: "\(ShopPages.shopURL) committed in the main frame, "
                    + (shopCommit.map { "\($0.state)" } ?? "never") + " (expected appBound)"))

        let messages = app.cartMessages
        checks.append(
            Check(
                passed: messages.count == Self.clicks,
                text: "the app's \"cart\" handler received \(messages.count) of \(Self.clicks) messages"
                    + (messages.first.map { ", e.g. \($0)" } ?? "")))

        let count = pageValue("document.getElementById('cart-count').textContent")
        checks.append(
            Check(
                passed: count == "\"\(Self.clicks)\"",
                text: "the page's cart counter, set by the app with evaluateJavaScript, reads \(count ?? "nothing")"))

        let refusal = app.refusals.first { $0.url == ShopPages.trackerURL }
        checks.append(
            Check(
                passed: refusal?.error == .navigationAppBoundDomain,
                text: "following the link to \(ShopPages.trackerURL) "
                    + (refusal.map(describe)
                        ?? "was not refused (refusals: \(app.refusals.map(\.url)))")))

        let location = pageValue("location.href")
        let commits = app.commits.count
        checks.append(
            Check(
                passed: webView.committedURL == ShopPages.shopURL && location == "\"\(ShopPages.shopURL)\""
                    && app.commits.allSatisfy { $0.url == ShopPages.shopURL },
                text: "the main frame stayed at \(webView.committedURL ?? "nothing") "
                    + "(page location \(location ?? "unknown"), \(commits) commit\(commits == 1 ? "" : "s"))"))

        // The loopback sites' log is the engine's evidence: a refusal made after the request would show.
        let trackerRequests = sites.requests(for: ShopPages.trackerHost)
        let shopRequests = sites.requests(for: ShopPages.shopHost)
        checks.append(
            Check(
                passed: trackerRequests.isEmpty && !shopRequests.isEmpty,
                text: "requests that reached the loopback sites: \(shopRequests.count) for shop.example, "
                    + "\(trackerRequests.count) for tracker.example"
                    + (trackerRequests.isEmpty ? "" : " \(trackerRequests)")))

        checks.append(
            Check(
                passed: app.problems.isEmpty,
                text: app.problems.isEmpty ? "the app met no other problem" : "the app's problems: \(app.problems)"))
        return checks
    }

    private func describe(_ refusal: ShopApp.Refusal) -> String {
        "failed with WKErrorDomain \(refusal.error.code) (\(refusal.error.name)), "
            + "rule \(refusal.rule.code) \(refusal.rule.section)"
    }

    private func pageValue(_ expression: String) -> String? {
        Waiting.evaluate(expression, in: webView, before: .now + .seconds(5))
    }
}
