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

    /// Lets the engine run for `duration` (for things that may or may not happen, like a message).
    public static func settle(_ duration: Duration) {
        _ = run(for: duration) { false }
    }
}
