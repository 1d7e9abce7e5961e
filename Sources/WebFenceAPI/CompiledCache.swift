import Foundation
import WebFence

/// Inputs compiled once and kept for the requests or lines that repeat them: association files,
/// rule sets, framework configurations, keyed by their JSON. Bounded: when full, it starts again
/// empty, so memory stays constant however many different inputs arrive. Safe to share between
/// threads; compiling happens outside the lock, so requests compiling different inputs do not wait
/// for each other.
public final class CompiledCache<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [JSONValue: Value] = [:]
    /// At most this many compiled inputs are kept.
    public let capacity: Int

    /// An empty cache of at most `capacity` entries.
    public init(capacity: Int) {
        self.capacity = capacity
    }

    /// The value compiled from `key`: the kept one, or `compile`'s, kept when it gives one.
    public func value<Failure: Error>(for key: JSONValue, compile: () -> Result<Value, Failure>) -> Result<
        Value, Failure
    > {
        if let kept = lock.withLock({ entries[key] }) { return .success(kept) }
        let compiled = compile()
        if case .success(let value) = compiled {
            lock.withLock {
                if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
                entries[key] = value
            }
        }
        return compiled
    }
}
