import AppBound
import HybridFrameworks

/// One call across a hybrid framework's bridge in a frame: the page calling native code
/// (`callBridge`) or native code calling the page (`callPage`), and what became of it.
public struct BridgeCall: Sendable, Hashable {
    /// Which way the call goes.
    public enum Direction: String, Sendable, Hashable {
        /// The page calls the framework's bridge (`postMessage` through its handler).
        case pageToNative
        /// The framework calls the page (`evaluateJavaScript`).
        case nativeToPage
    }

    /// What became of the call.
    public enum Result: Sendable, Hashable {
        /// It reached the other side.
        case delivered
        /// It never left: no document, no bridge in this frame, the script skipped or the handler
        /// null in a restricted frame.
        case skipped
        /// `evaluateJavaScript` failed with this error (14).
        case refused(WKError)
    }

    /// Why the call fared as it did.
    public enum Reason: String, Sendable, Hashable {
        /// The frame and its ancestors are app-bound, or the key is absent: nothing restricted.
        case bridgeReachable = "framework.bridge.reachable"
        /// The frame holds no document yet.
        case noDocument = "framework.bridge.noDocument"
        /// The framework's bridge exists in the main frame only.
        case mainFrameOnly = "framework.bridge.mainFrameOnly"
        /// The frame (or an ancestor) is not app-bound: user scripts skipped, handlers null,
        /// `evaluateJavaScript` refused (§4).
        case restrictedFrame = "framework.bridge.restrictedFrame"
        /// The framework's script was not in the web view when the document loaded.
        case scriptNotInjected = "framework.bridge.scriptNotInjected"

        /// A stable identifier.
        public var code: String { rawValue }
    }

    /// Which way the call went.
    public let direction: Direction
    /// What became of it.
    public let result: Result
    /// Why.
    public let reason: Reason
    /// The framework whose bridge it is.
    public let framework: HybridFramework
    /// What the app shows when the call does not get through, in the framework's terms; nil when
    /// it got through.
    public let symptom: String?

    /// The `result` field: `delivered`, `skipped` or `refused`.
    public var resultName: String {
        switch result {
        case .delivered: "delivered"
        case .skipped: "skipped"
        case .refused: "refused"
        }
    }

    /// The error of a refused call.
    public var error: WKError? {
        if case .refused(let error) = result { return error }
        return nil
    }
}

extension BridgeCall {
    /// The call as a sentence: what happened, why, and what the app shows.
    public var explanation: String {
        let what =
            direction == .pageToNative
            ? "the page's call to \(framework.displayName)'s bridge" : "\(framework.displayName)'s call into the page"
        let why: String =
            switch reason {
            case .bridgeReachable: "reaches the other side"
            case .noDocument: "finds no document in the frame"
            case .mainFrameOnly: "finds no bridge: the framework injects it into the main frame only"
            case .restrictedFrame:
                direction == .pageToNative
                    ? "finds no bridge: the frame is not app-bound, so user scripts are skipped and window.webkit.messageHandlers is null (§4)"
                    : "fails with error 14: the frame is not app-bound (§4)"
            case .scriptNotInjected:
                "finds no bridge: the framework's script was not in the web view when the document loaded"
            }
        return "\(what) \(why)" + (symptom.map { "; \($0)" } ?? "")
    }
}
