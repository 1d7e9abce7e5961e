/// Where an answerer keeps what it compiled from a JSON input (an association file, a framework
/// configuration), keyed by the input, so that a stream or a server that repeats an input compiles
/// it once. The command line and the server share a bounded, thread-safe one (`CompiledCache`, in
/// `WebFenceCommandLine`); `CompileEveryTime` keeps nothing.
public protocol JSONInputCache<Value>: Sendable {
    /// What is compiled from an input.
    associatedtype Value: Sendable

    /// The value compiled from `key`: a kept one, or `compile`'s.
    func value<Failure: Error>(for key: JSONValue, compile: () -> Result<Value, Failure>) -> Result<Value, Failure>

    /// The value compiled from the input written as `text` (its UTF-8 exactly as sent, from a
    /// ``JSONDocument``): a kept one, or `compile`'s. `text` must be a JSON text of exactly the
    /// input `compile` compiles: what is kept by it is given to every later input with that text.
    func value<Failure: Error>(forText text: ArraySlice<UInt8>, compile: () -> Result<Value, Failure>) -> Result<
        Value, Failure
    >
}

/// A cache that keeps nothing: every input is compiled each time it comes.
public struct CompileEveryTime<Value: Sendable>: JSONInputCache {
    /// The cache that keeps nothing.
    public init() {}

    /// `compile`'s value.
    public func value<Failure: Error>(for key: JSONValue, compile: () -> Result<Value, Failure>) -> Result<
        Value, Failure
    > {
        compile()
    }

    /// `compile`'s value.
    public func value<Failure: Error>(forText text: ArraySlice<UInt8>, compile: () -> Result<Value, Failure>)
        -> Result<Value, Failure>
    {
        compile()
    }
}
