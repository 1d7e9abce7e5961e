import CWebKitGTK
import Foundation

/// Runs the GLib main loop until a condition holds or a time limit passes: the engine's events
/// (decisions, loads, messages, cookie results) all arrive through it.
@MainActor
public enum MainLoop {
    /// Says whether `condition` held before `limit`.
    @discardableResult
    public static func run(for limit: Duration = .seconds(5), until condition: () -> Bool) -> Bool {
        let clock = ContinuousClock()
        let end = clock.now + limit
        while !condition() {
            if clock.now >= end { return false }
            // Non-blocking: an idle engine must not keep us past the limit.
            if g_main_context_iteration(nil, 0) == 0 { usleep(2_000) }
        }
        return true
    }

    /// Starts an operation that answers through a callback and runs the loop until it answers:
    /// its answer, or nil when `limit` passed first.
    public static func result<Value>(
        limit: Duration = .seconds(5), of start: (@escaping (Value) -> Void) -> Void
    ) -> Value? {
        var answer: Value?
        start { answer = $0 }
        run(for: limit) { answer != nil }
        return answer
    }

    /// Lets the engine run for `duration` (for things that may or may not happen, like a message).
    public static func settle(_ duration: Duration) {
        _ = run(for: duration) { false }
    }
}
