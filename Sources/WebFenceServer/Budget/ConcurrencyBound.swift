import NIOConcurrencyHelpers

/// At most `maximum` pieces of costly work at once across the server (fetches, uploaded apps): a
/// request that finds every place taken is answered at once (a `503`), not queued, so a flood of
/// such requests costs the server no memory, disk or outbound connections beyond the bound.
final class ConcurrencyBound: Sendable {
    let maximum: Int
    private let inFlight = NIOLockedValueBox(0)

    init(maximum: Int) {
        self.maximum = maximum
    }

    /// Runs `work` if a place is free; nil when every place is taken.
    func withPlace<T: Sendable>(_ work: () async -> T) async -> T? {
        let admitted = inFlight.withLockedValue { count -> Bool in
            guard count < maximum else { return false }
            count += 1
            return true
        }
        guard admitted else { return nil }
        defer { inFlight.withLockedValue { $0 -= 1 } }
        return await work()
    }
}
