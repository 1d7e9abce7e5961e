// Shared by the fuzz targets that reach WebFence (`json`, `scenario`, `aasa`, `pattern`). Unlike
// FuzzSupport.swift (compiled into one module with Sources/WebAddress), this file, FuzzCore.swift
// and one target file make their own module, WebFenceFuzz, that imports the separately built
// modules (see Fuzz/run.sh).

import StrictJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension Fuzz {
    /// FUZZ_SKIP_KNOWN=1: let inputs that hit a known, reported bug through unchecked, so that a
    /// campaign can look for other bugs (see "Known bugs" in Fuzz/README.md). Off by default: until
    /// the bugs are fixed, the targets find them again.
    static let skipKnown: Bool = getenv("FUZZ_SKIP_KNOWN").map { String(cString: $0) == "1" } ?? false

    /// FUZZ_VERBOSE=1: say on stderr what became of each input (for replaying one by hand).
    static let verbose: Bool = getenv("FUZZ_VERBOSE").map { String(cString: $0) == "1" } ?? false

    static func log(_ message: @autoclosure () -> String) {
        if verbose { fputs(message() + "\n", stderr) }
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
