import CWebKitGTK
import Foundation
import WebFenceGTK

/// Waiting on the GLib main loop, always with a time limit: every engine event (loads, decisions,
/// messages, script results) arrives through it, and a wait that never ends would hide a failure.
@MainActor
enum Waiting {
    /// Runs the loop until `condition` holds; throws after `limit`, naming `what` was awaited.
    static func until(_ what: String, limit: Duration = .seconds(20), _ condition: () -> Bool) throws {
        if !MainLoop.run(for: limit, until: condition) { throw ShopError.timedOut(what, limit) }
    }

    /// Runs the loop until the page's `expression` is true; throws after `limit`.
    static func untilPage(
        _ what: String, _ webView: FencedWebView, _ expression: String, limit: Duration = .seconds(20)
    ) throws {
        let end = ContinuousClock.now + limit
        while true {
            if evaluate(expression, in: webView, before: end) == "true" { return }
            if ContinuousClock.now >= end { throw ShopError.timedOut(what, limit) }
            settle(.milliseconds(100))
        }
    }

    /// The page's value of `expression` as JSON text, or nil if it failed or did not answer in time.
    /// Through `runnerEvaluate`, the observer's call: the app's own `evaluateJavaScript` is fenced.
    static func evaluate(
        _ expression: String, in webView: FencedWebView, before end: ContinuousClock.Instant
    ) -> String? {
        MainLoop.result(limit: max(end - ContinuousClock.now, .milliseconds(500))) {
            webView.runnerEvaluate(expression, completion: $0)
        } ?? nil
    }

    /// Lets the engine run for `duration`: for what should not happen (a request that must not come).
    static func settle(_ duration: Duration) {
        MainLoop.settle(duration)
    }

    /// Runs the loop until the user closes the last window.
    static func whileWindowsOpen() {
        while ShopWindow.isOpen { g_main_context_iteration(nil, 1) }
    }
}
