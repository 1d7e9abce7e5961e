import AppBound
import Foundation
import WebFenceGTK

/// The shop app: an app whose Info.plist lists `WKAppBoundDomains` = ["shop.example"], a web view with
/// `limitsNavigationsToAppBoundDomains` on, a `cart` message handler, and the refusals WebFence reports.
@MainActor
final class ShopApp {
    /// A navigation WebFence refused, as the app heard of it.
    struct Refusal {
        let url: String
        let error: WKError
        let rule: AppBoundRule
    }

    /// An item as the page posts it.
    private struct Item: Decodable {
        let sku: String
        let name: String
        let price: Double
    }

    let webView: FencedWebView
    let window: ShopWindow
    /// Every message the `cart` handler received, as JSON text.
    private(set) var cartMessages: [String] = []
    /// Main-frame commits, in order, with the state WebFence gave each.
    private(set) var commits: [(url: String, state: FrameAppBoundState)] = []
    private(set) var refusals: [Refusal] = []
    /// URLs whose main-frame load finished.
    private(set) var finishedLoads: [String] = []
    /// What the app could not do (a page update that failed); shown in the status bar.
    private(set) var problems: [String] = []
    private var cart: [(item: Item, quantity: Int)] = []

    init(sites: ShopSites) throws {
        // The app as App-Bound Domains reads it: only WKAppBoundDomains matters to this example.
        let app = AppBoundApp(domains: AppBoundDomains(entries: [ShopPages.shopHost]))
        let session = FencedSession()
        guard sites.serve(session) else { throw ShopError.setup("the loopback certificate was refused") }
        webView = FencedWebView(
            policy: WebFencePolicy(app: app), session: session, limitsNavigationsToAppBoundDomains: true)
        window = ShopWindow(title: "Loopback Goods \u{2014} fenced-shop, WebFence on WebKitGTK", showing: webView.view)
        webView.addMessageHandler("cart") { [weak self] json in self?.received(json) }
        webView.onNavigation = { [weak self] event in self?.navigated(event) }
        webView.onLoadFinished = { [weak self] url in self?.finishedLoads.append(url) }
        updateStatus()
    }

    func start() {
        window.present()
        webView.load(ShopPages.shopURL)
    }

    // MARK: the cart handler

    /// The page's "Add to cart": the app keeps the cart and sends the page what to show.
    private func received(_ json: String) {
        cartMessages.append(json)
        if let item = try? JSONDecoder().decode(Item.self, from: Data(json.utf8)) {
            if let index = cart.firstIndex(where: { $0.item.sku == item.sku }) {
                cart[index].quantity += 1
            } else {
                cart.append((item, 1))
            }
        }
        updateStatus()
        callPage("shop.setCart", cartForPage)
    }

    private var cartCount: Int { cart.reduce(0) { $0 + $1.quantity } }

    private var cartForPage: [String: Any] {
        let total = cart.reduce(0) { $0 + $1.item.price * Double($1.quantity) }
        return [
            "count": cartCount,
            "lines": cart.map { line in
                let amount = euros(line.item.price * Double(line.quantity))
                return ["name": line.item.name, "quantity": line.quantity, "amount": amount] as [String: Any]
            },
            "total": euros(total),
            "messages": cartMessages.count,
        ]
    }

    private func euros(_ amount: Double) -> String { String(format: "\u{20AC}%.2f", amount) }

    // MARK: navigations

    private func navigated(_ event: NavigationEvent) {
        switch event.outcome {
        case .committed(let state):
            commits.append((event.url, state))
        case .failed(let error, let rule):
            refusals.append(Refusal(url: event.url, error: error, rule: rule))
            // The page stays, so the app can tell it why (evaluateJavaScript: the frame is app-bound).
            callPage(
                "shop.showRefusal",
                [
                    "url": event.url,
                    "error": "WKErrorDomain \(error.code) (\(error.name))",
                    "rule": "\(rule.code) \(rule.section)",
                    "summary": rule.summary,
                ])
        case .cancelled(let reason), .openedExternally(let reason):
            problems.append("navigation to \(event.url) not made: \(reason)")
        case .download:
            break
        }
        updateStatus()
    }

    // MARK: showing it

    /// Calls the page's `function` with `argument` as JSON, through the app's (gated) `evaluateJavaScript`.
    private func callPage(_ function: String, _ argument: [String: Any]) {
        guard let data = try? JSONSerialization.data(withJSONObject: argument, options: [.sortedKeys]) else { return }
        let script = "\(function)(\(String(decoding: data, as: UTF8.self)));"
        webView.evaluateJavaScript(script) { [weak self] result in
            guard let self, case .failure(let error) = result else { return }
            problems.append("\(function) failed: \(error)")
            updateStatus()
        }
    }

    private func updateStatus() {
        let escaped = ShopWindow.escaped
        var lines = [
            "<b>App</b>  WKAppBoundDomains: shop.example \u{00B7} limitsNavigationsToAppBoundDomains: on"
                + (commits.last.map { "  \u{00B7}  page \(escaped($0.url)) (\(describe($0.state)))" } ?? ""),
            "<b>cart handler</b>  "
                + (cartMessages.isEmpty
                    ? "no message yet"
                    : "\(cartMessages.count) \(cartMessages.count == 1 ? "message" : "messages") received; "
                        + "the app set the page\u{2019}s cart to \(cartCount)"),
        ]
        if let refusal = refusals.last {
            lines.append(
                "<span foreground=\"#b3261e\"><b>Refused</b></span>  \(escaped(refusal.url))  \u{2014}  "
                    + "WKErrorDomain \(refusal.error.code) (\(refusal.error.name)), "
                    + "rule <tt>\(refusal.rule.code)</tt> \(refusal.rule.section); the page stays")
        } else {
            lines.append("<b>Refused</b>  nothing yet")
        }
        lines += problems.map { "<span foreground=\"#b3261e\">\(escaped($0))</span>" }
        window.setStatus(lines)
    }

    private func describe(_ state: FrameAppBoundState) -> String {
        switch state {
        case .appBound: "app-bound"
        case .notAppBound: "not app-bound"
        case .none: "no app-bound state"
        }
    }
}
