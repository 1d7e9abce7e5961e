// Shared by the fuzz targets that reach WebFence (`json`, `scenario`). Unlike FuzzSupport.swift
// (compiled into one module with Sources/WebAddress), this file and one target file make their own
// module, WebFenceFuzz, that imports the separately built WebFence, AppBound and WebAddress modules
// (see Fuzz/run.sh): only public API is reachable.
//
// An invariant that does not hold is reported with the exact input (Swift-escaped and as hex) and
// then traps (fatalError), which libFuzzer records as a crash and saves as a crash-* artifact.

import WebFence

#if canImport(Glibc)
    import Glibc
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

    /// FUZZ_SKIP_KNOWN=1: let inputs that hit a known, reported bug through unchecked, so that a
    /// campaign can look for other bugs (see "Known bugs" in Fuzz/README.md). Off by default: until
    /// the bugs are fixed, the targets find them again.
    static let skipKnown: Bool = getenv("FUZZ_SKIP_KNOWN").map { String(cString: $0) == "1" } ?? false

    /// FUZZ_VERBOSE=1: say on stderr what became of each input (for replaying one by hand).
    static let verbose: Bool = getenv("FUZZ_VERBOSE").map { String(cString: $0) == "1" } ?? false

    static func log(_ message: @autoclosure () -> String) {
        if verbose { fputs(message() + "\n", stderr) }
    }

    static func check(_ condition: Bool, _ invariant: String, _ details: @autoclosure () -> String) {
        if !condition { fail(invariant, details()) }
    }

    /// Whether `value` holds a double that is infinite or NaN (known bug J1).
    static func hasNonFiniteNumber(_ value: JSONValue) -> Bool {
        switch value {
        case .double(let number): return !number.isFinite
        case .array(let values): return values.contains(where: hasNonFiniteNumber)
        case .object(let members): return members.contains { hasNonFiniteNumber($0.value) }
        default: return false
        }
    }

    /// Exact equality: strings compared code point by code point (JSONValue's `==` uses String's,
    /// which calls canonically equivalent strings equal), doubles by bit pattern, members in order.
    static func identical(_ a: JSONValue, _ b: JSONValue) -> Bool {
        func same(_ x: String, _ y: String) -> Bool { x.unicodeScalars.elementsEqual(y.unicodeScalars) }
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.int(let x), .int(let y)): return x == y
        case (.double(let x), .double(let y)): return x.bitPattern == y.bitPattern
        case (.string(let x), .string(let y)): return same(x, y)
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { identical($0, $1) }
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { same($0.key, $1.key) && identical($0.value, $1.value) }
        default: return false
        }
    }
}
