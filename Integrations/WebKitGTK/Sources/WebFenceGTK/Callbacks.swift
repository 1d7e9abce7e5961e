import CWebKitShim

/// A Swift value carried through C as a context pointer.
final class Box<Value> {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// A retained context for a C callback; `release` (or `destroyBox`) balances it.
func retainedContext<Value>(_ value: Value) -> UnsafeMutableRawPointer {
    Unmanaged.passRetained(Box(value)).toOpaque()
}

/// The value behind a context, without releasing it (signal handlers, called many times).
func borrowed<Value>(_ context: UnsafeMutableRawPointer?, as type: Value.Type) -> Value {
    Unmanaged<Box<Value>>.fromOpaque(context!).takeUnretainedValue().value
}

/// The value behind a context, released (one-shot callbacks).
func taken<Value>(_ context: UnsafeMutableRawPointer?, as type: Value.Type) -> Value {
    Unmanaged<Box<Value>>.fromOpaque(context!).takeRetainedValue().value
}

/// Releases a signal handler's context when GLib disconnects it.
let destroyBox: wf_destroy = { context in
    if let context { Unmanaged<AnyObject>.fromOpaque(context).release() }
}

/// A one-shot C result (JSON or text, or an error message) delivered to a Swift closure.
typealias ResultHandler = (Result<String, EngineError>) -> Void

let resultTrampoline: wf_result_handler = { text, error, context in
    let handler = taken(context, as: ResultHandler.self)
    if let error {
        handler(.failure(EngineError(message: String(cString: error))))
    } else {
        handler(.success(text.map { String(cString: $0) } ?? ""))
    }
}

/// An error the engine itself reported (not a WebFence decision).
public struct EngineError: Error, Sendable, Hashable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
