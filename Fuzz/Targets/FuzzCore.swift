// The core every fuzz target shares: the input at hand, and how a broken invariant is reported.
// Fuzz/run.sh compiles this file into each target's module, beside FuzzSupport.swift (the URL
// targets, one module with Sources/WebAddress) or FuzzWebFenceSupport.swift (the targets that
// import WebFence), which extend `Fuzz` with their own checks.
//
// An invariant that does not hold is reported with the exact input (Swift-escaped and as hex) and
// then traps (fatalError), which libFuzzer records as a crash and saves as a crash-* artifact.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

enum Fuzz {
    /// The bytes libFuzzer handed over, for failure messages.
    nonisolated(unsafe) static var currentInput: [UInt8] = []

    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    /// Fails loudly: prints the input and the broken invariant, then traps.
    static func fail(_ invariant: String, _ details: @autoclosure () -> String) -> Never {
        let message = """
            === WebFence fuzz invariant violated: \(invariant)
            input (hex): \(hex(currentInput))
            input (escaped): \(String(decoding: currentInput, as: UTF8.self).debugDescription)
            \(details())

            """
        fputs(message, stderr)
        fatalError("fuzz invariant violated: \(invariant)")
    }

    static func check(_ condition: Bool, _ invariant: String, _ details: @autoclosure () -> String) {
        if !condition { fail(invariant, details()) }
    }
}
