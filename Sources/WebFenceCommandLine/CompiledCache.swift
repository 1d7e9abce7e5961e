import Foundation
import StrictJSON

/// Inputs compiled once and kept for the requests or lines that repeat them: association files,
/// rule sets, framework configurations, keyed by a JSON text of the input, compared byte for byte:
/// the text a request sent (``value(forText:compile:)``), or the compact text of a parsed value
/// (``value(for:compile:)``). One text always parses to one value, and a value's compact text
/// parses back to it (a value the parser made: a number that is not finite, which JSON cannot
/// write, keeps its input from being kept), so the two kinds of key share one table. Compared as
/// bytes, precomposed and decomposed `é` (equal `String`s) are different inputs, as they are to
/// the matchers, which compare Unicode scalars; the same value written with other spacing is
/// compiled again. Bounded in entries and in the size of what it keeps: when full it starts again
/// empty, and an input over `maximumInputSize` is compiled every time. Safe to share between
/// threads; compiling happens outside the lock, so requests compiling different inputs do not wait
/// for each other.
public final class CompiledCache<Value: Sendable>: JSONInputCache, @unchecked Sendable {
    // An `NSLock`, not `Synchronization.Mutex`, which needs macOS 15 (D106).
    @usableFromInline let lock = NSLock()
    /// The kept values, and the counts `/metrics` reports; read and written under `lock` only.
    @usableFromInline var entries: [Key: Value] = [:]
    @usableFromInline var hits = 0
    @usableFromInline var misses = 0
    /// At most this many compiled inputs are kept.
    public let capacity: Int
    /// Inputs whose JSON is larger than this many bytes are not kept.
    public static var maximumInputSize: Int { 64 << 10 }

    /// An empty cache of at most `capacity` entries.
    public init(capacity: Int) {
        self.capacity = capacity
    }

    /// The value compiled from `key`: the kept one, or `compile`'s, kept when it gives one.
    @inlinable
    public func value<Failure: Error>(for key: JSONValue, compile: () -> Result<Value, Failure>) -> Result<
        Value, Failure
    > {
        // Measured before a key is written, so an input over the limit costs no copy. A number
        // JSON cannot write (a value made in code; the parser refuses them) would be written
        // `null`, another value's text: such an input is compiled every time.
        guard let size = key.writableTextSize, size <= Self.maximumInputSize else {
            return value(for: nil, compile: compile)
        }
        // Writing the compact text is one walk of appends; hashing and comparing the value in
        // place was two walks through the enum, each a few times slower (docs/performance.md).
        return value(for: Key(utf8: key.serializedBytes()), compile: compile)
    }

    /// The value compiled from the JSON value written as `text` (UTF-8, as it was sent: whitespace
    /// and escapes are part of the key, so the same value written another way is compiled again).
    @inlinable
    public func value<Failure: Error>(forText text: ArraySlice<UInt8>, compile: () -> Result<Value, Failure>)
        -> Result<Value, Failure>
    {
        value(for: text.count <= Self.maximumInputSize ? Key(utf8: Array(text)) : nil, compile: compile)
    }

    /// `compile`'s value for an input kept by `key`, or not kept when `key` is nil. (Inlinable, as
    /// the two above: a caller that names the cache's type, as the rules route does, gets code made
    /// for it, not generic code that looks up its types' metadata on every request. A call through
    /// `JSONInputCache` stays generic.)
    @inlinable
    func value<Failure: Error>(for key: Key?, compile: () -> Result<Value, Failure>) -> Result<Value, Failure> {
        // The compact text may be longer than the estimate (an escaped character is counted once).
        let key = key.flatMap { $0.utf8.count <= Self.maximumInputSize ? $0 : nil }
        let kept = locked { () -> Value? in
            guard let key, let kept = entries[key] else {
                misses += 1
                return nil
            }
            hits += 1
            return kept
        }
        if let kept { return .success(kept) }
        let compiled = compile()
        if case .success(let value) = compiled, let key {
            locked {
                if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
                entries[key] = value
            }
        }
        return compiled
    }

    /// How many inputs were found kept (`hits`) and how many compiled (`misses`) since the cache
    /// was made: what `webfence serve`'s `/metrics` reports.
    public var counts: (hits: Int, misses: Int) { locked { (hits, misses) } }

    /// `body`'s result, run under `lock`. (Not `NSLocking.withLock`: Linux's Foundation carries no
    /// availability to check it against the package's macOS by; docs/platforms.md.)
    @inlinable
    func locked<Result>(_ body: () -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// What an input is kept by: a JSON text of it.
    @usableFromInline
    struct Key: Hashable, Sendable {
        @usableFromInline let utf8: [UInt8]

        @usableFromInline
        init(utf8: [UInt8]) {
            self.utf8 = utf8
        }

        @inlinable
        func hash(into hasher: inout Hasher) {
            // The bytes at once, not one `combine` a byte as `Array`'s own hash does.
            utf8.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }
}
