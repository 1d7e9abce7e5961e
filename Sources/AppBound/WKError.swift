/// The `WKErrorDomain` errors App-Bound Domains produce, with the platform's names and texts.
public enum WKError: Int, Sendable, Hashable, CustomStringConvertible {
    /// A navigation refused by the app-bound gate.
    case navigationAppBoundDomain = 13
    /// `evaluateJavaScript` or `callAsyncJavaScript` on a frame that is not app-bound.
    case javaScriptAppBoundDomain = 14

    /// The error's code in `WKErrorDomain`.
    public var code: Int { rawValue }

    /// The case name in `WKError.Code`.
    public var name: String {
        switch self {
        case .navigationAppBoundDomain: "navigationAppBoundDomain"
        case .javaScriptAppBoundDomain: "javaScriptAppBoundDomain"
        }
    }

    /// The localized description WebKit gives the error.
    public var localizedDescription: String {
        switch self {
        case .navigationAppBoundDomain:
            "Attempted to navigate away from an app-bound domain or navigate after using restricted APIs"
        case .javaScriptAppBoundDomain:
            "JavaScript execution targeted a frame that is not in an app-bound domain"
        }
    }

    /// The domain, the code, the case name and WebKit's text in one line.
    public var description: String { "WKErrorDomain \(code) (\(name)): \(localizedDescription)" }
}
