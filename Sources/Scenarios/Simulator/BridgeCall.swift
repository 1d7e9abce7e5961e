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
        /// It reached the framework's native side, whose own check dropped or rejected it before the
        /// app's code ran.
        case rejected
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
        /// The framework's own check kept its bridge out of the frame (flutter_inappwebview's page
        /// gate, its bridge disabled): its rule is `frameworkDecision`'s.
        case notOffered = "framework.bridge.notOffered"
        /// The bridge is in the frame but the framework's native check refused the call
        /// (flutter_inappwebview's handler list, a Tauri capability): its rule is `frameworkDecision`'s.
        case refusedByFramework = "framework.bridge.refusedByFramework"

        /// A stable identifier.
        public var code: String { rawValue }
    }

    /// Which way the call went.
    public let direction: Direction
    /// What became of it.
    public let result: Result
    /// Why.
    public let reason: Reason
    /// The framework whose bridge it is, as its project writes its name.
    public let framework: String
    /// What the app shows when the call does not get through, in the framework's terms; nil when
    /// it got through.
    public let symptom: String?
    /// The framework's own decision, for the frameworks that check the calling frame (the Flutter
    /// plugins, Tauri) when App-Bound Domains left the bridge in it; nil otherwise.
    public var frameworkDecision: FrameworkBridgeDecision? = nil

    /// The rule reported: the framework's when it decided, else the reason's code.
    public var rule: String {
        switch reason {
        case .bridgeReachable, .notOffered, .refusedByFramework: frameworkDecision?.rule.code ?? reason.code
        case .noDocument, .mainFrameOnly, .restrictedFrame, .scriptNotInjected: reason.code
        }
    }

    /// The `result` field: `delivered`, `skipped`, `refused` or `rejected`.
    public var resultName: String {
        switch result {
        case .delivered: "delivered"
        case .skipped: "skipped"
        case .refused: "refused"
        case .rejected: "rejected"
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
            ? "the page's call to \(framework)'s bridge" : "\(framework)'s call into the page"
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
            case .notOffered: "finds no bridge: the framework keeps it out of this frame"
            case .refusedByFramework: "is refused by the framework's own check"
            }
        let decided = frameworkDecision.map { " (\($0))" } ?? ""
        return "\(what) \(why)\(decided)" + (symptom.map { "; \($0)" } ?? "")
    }
}
