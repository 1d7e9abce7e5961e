import NIOConcurrencyHelpers

/// How much a watch has done since it started: rounds finished, fetches made, changes recorded.
/// `webfence serve`'s `/metrics` reports them.
public final class WatchCounts: Sendable {
    private let state = NIOLockedValueBox((rounds: 0, fetches: 0, changes: 0))

    init() {}

    /// The rounds finished, the fetches made (each domain on each route is one), and the answers
    /// that changed.
    public var current: (rounds: Int, fetches: Int, changes: Int) { state.withLockedValue { $0 } }

    func fetched(changed: Bool) {
        state.withLockedValue {
            $0.fetches += 1
            if changed { $0.changes += 1 }
        }
    }

    func roundFinished() { state.withLockedValue { $0.rounds += 1 } }
}
