import Foundation
import StrictJSON

/// Inputs compiled once and kept for the requests or lines that repeat them: association files,
/// rule sets, framework configurations, keyed by the exact bytes their JSON would have
/// (`ExactJSON`: two texts that Swift's `String` would call equal, precomposed and decomposed `é`,
/// are different inputs to the matchers, which compare Unicode scalars). Bounded in entries and in the size of what it keeps:
/// when full it starts again empty, and an input over `maximumInputSize` is compiled every time.
/// Safe to share between threads; compiling happens outside the lock, so requests compiling
/// different inputs do not wait for each other.
public final class CompiledCache<Value: Sendable>: JSONInputCache, @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [ExactJSON: Value] = [:]
    private var hits = 0
    private var misses = 0
    /// At most this many compiled inputs are kept.
    public let capacity: Int
    /// Inputs whose JSON is larger than this many bytes are not kept.
    public static var maximumInputSize: Int { 64 << 10 }

    /// An empty cache of at most `capacity` entries.
    public init(capacity: Int) {
        self.capacity = capacity
    }

    /// The value compiled from `key`: the kept one, or `compile`'s, kept when it gives one.
    public func value<Failure: Error>(for key: JSONValue, compile: () -> Result<Value, Failure>) -> Result<
        Value, Failure
    > {
        let exact = ExactJSON(value: key)
        let keeps = exact.size <= Self.maximumInputSize
        let kept = lock.withLock { () -> Value? in
            let kept = keeps ? entries[exact] : nil
            if kept == nil { misses += 1 } else { hits += 1 }
            return kept
        }
        if let kept { return .success(kept) }
        let compiled = compile()
        if case .success(let value) = compiled, keeps {
            lock.withLock {
                if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
                entries[exact] = value
            }
        }
        return compiled
    }

    /// How many inputs were found kept (`hits`) and how many compiled (`misses`) since the cache
    /// was made: what `webfence serve`'s `/metrics` reports.
    public var counts: (hits: Int, misses: Int) { lock.withLock { (hits, misses) } }
}
