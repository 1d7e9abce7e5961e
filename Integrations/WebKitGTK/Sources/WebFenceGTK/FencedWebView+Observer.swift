import CWebKitGTK
import CWebKitShim

/// What a test harness or an observer of the web view uses, apart from the app's API: never
/// gated, never counted as restricted API use.
extension FencedWebView {
    /// The URL the engine shows in the main frame.
    public var committedURL: String? {
        webkit_web_view_get_uri(view).map { String(cString: $0) }
    }

    /// Evaluates `expression` in the main frame's page world for a test harness or an observer:
    /// not the app's `evaluateJavaScript`, so neither gated nor counted as restricted API use.
    /// `completion` gets the value as JSON text, or nil if the script failed.
    public func runnerEvaluate(_ expression: String, completion: @escaping (String?) -> Void) {
        let handler: ResultHandler = { result in completion(try? result.get()) }
        wf_evaluate_javascript(view, expression, nil, resultTrampoline, retainedContext(handler))
    }

    /// Adds an observer's script to every frame at document end, in its own content `world`, where
    /// the page cannot reach it, with a message handler `handler` in that world. For a test harness:
    /// not the app's API, so never gated, and kept after the app's scripts.
    public func addObserver(script: String, world: String, handler: String, receive: @escaping (String) -> Void) {
        connectMessages(to: handler, receive)
        content.observers.append((script, world, handler))
        applyRestriction()
    }
}
