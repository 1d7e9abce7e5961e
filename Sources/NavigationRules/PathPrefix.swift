/// The path prefixes of object rules (decision D41). The URL parser has already removed dot
/// segments, but a server may decode escapes, fold case or read `;` parameters before it routes a
/// request; so an allow rule admits only what is plainly under its prefix, and an exception covers
/// everything a lenient server could read as under it. Either way, doubt means "not allowed".
enum PathPrefix {
    /// Allow rules: the path starts with the prefix on a segment boundary (a prefix ending in `/`
    /// is a plain prefix; `/v1` matches `/v1` and `/v1/x`, never `/v10`), and what follows holds
    /// no way out: no encoded `.`, `/` or `\` (nor the same encoded twice, `%252f`), no `%00`, no
    /// `;` (Tomcat and Jetty read `/v1/..;/admin` as `/admin`).
    static func admits(_ path: UnsafeBufferPointer<UInt8>, prefix: String) -> Bool {
        let prefixBytes = prefix.utf8
        guard path.count >= prefixBytes.count, path.prefix(prefixBytes.count).elementsEqual(prefixBytes) else {
            return false
        }
        if prefixBytes.last != UInt8(ascii: "/"), path.count > prefixBytes.count,
            path[prefixBytes.count] != UInt8(ascii: "/")
        {
            return false
        }
        return !holdsWayOut(path[prefixBytes.count...])
    }

    private static func holdsWayOut(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: ";") { return true }
            if byte == UInt8(ascii: "%"), index + 2 < bytes.endIndex {
                switch (bytes[index + 1], bytes[index + 2] | 0x20) {
                case (UInt8(ascii: "2"), UInt8(ascii: "e")), (UInt8(ascii: "2"), UInt8(ascii: "f")),
                    (UInt8(ascii: "5"), UInt8(ascii: "c")), (UInt8(ascii: "0"), UInt8(ascii: "0")),
                    (UInt8(ascii: "2"), UInt8(ascii: "5")):
                    return true
                default: break
                }
            }
            index += 1
        }
        return false
    }

    /// Exceptions: the path and the prefix compared as a lenient server reads them (escapes
    /// decoded, twice encoded too; `\` as `/`; `;` parameters dropped; empty and `.` segments
    /// skipped, `..` applied; ASCII case folded), segment by segment. So `/ADMIN/x`, `/%61dmin/x`,
    /// `//admin/x`, `/admin;x/y` and `/admin%2fx` are all under `/admin/`.
    static func covers(_ path: UnsafeBufferPointer<UInt8>, prefix: String) -> Bool {
        let pathSegments = segments(Array(path))
        let prefixSegments = segments(Array(prefix.utf8))
        return pathSegments.count >= prefixSegments.count && zip(pathSegments, prefixSegments).allSatisfy { $0 == $1 }
    }

    /// The segments of a path as a lenient server reads it.
    static func segments(_ path: [UInt8]) -> [[UInt8]] {
        var bytes = path
        // Three rounds of decoding undo double and triple encoding; more is not a real server.
        for _ in 0..<3 {
            let decoded = decode(bytes)
            if decoded == bytes { break }
            bytes = decoded
        }
        var result: [[UInt8]] = []
        for raw in bytes.split(
            omittingEmptySubsequences: true, whereSeparator: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") })
        {
            let segment = raw.prefix { $0 != UInt8(ascii: ";") }.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
            if segment.isEmpty || segment == [UInt8(ascii: ".")] { continue }
            if segment == [UInt8(ascii: "."), UInt8(ascii: ".")] {
                _ = result.popLast()
                continue
            }
            result.append(segment)
        }
        return result
    }

    private static func decode(_ bytes: [UInt8]) -> [UInt8] {
        func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count, let high = hex(bytes[index + 1]),
                let low = hex(bytes[index + 2])
            {
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return output
    }
}
