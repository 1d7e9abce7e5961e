import Synchronization

/// At most `maximum` fetches at once across the server: a request that finds them all taken is
/// answered at once (`503 fetch.busy`), not queued, so a flood of fetch requests costs the server
/// no memory and no outbound connections beyond the bound.
final class FetchLimiter: Sendable {
    let maximum: Int
    private let inFlight = Mutex(0)

    init(maximum: Int) {
        self.maximum = maximum
    }

    /// Runs `work` if a place is free; nil when every place is taken.
    func withPlace<T: Sendable>(_ work: () async -> T) async -> T? {
        let admitted = inFlight.withLock { count -> Bool in
            guard count < maximum else { return false }
            count += 1
            return true
        }
        guard admitted else { return nil }
        defer { inFlight.withLock { $0 -= 1 } }
        return await work()
    }
}
