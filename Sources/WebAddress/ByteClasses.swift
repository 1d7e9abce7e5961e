/// 256-entry tables that sort a byte into what the one-pass parser does with it, so that its hot
/// loops make one load and one comparison per byte. Built once from the standard's sets, into
/// memory that lives as long as the process: a pointer, unlike an array, is read without reference
/// counting.
enum ByteClasses {
    typealias Table = UnsafePointer<UInt8>

    private static func table(_ classify: (UInt8) -> UInt8) -> Table {
        let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        for value in 0...255 { memory[value] = classify(UInt8(value)) }
        return UnsafePointer(memory)
    }

    /// For a special URL's host: copy, lowercase, a dot, an `x` (which may start `xn--`), or stop
    /// (a forbidden domain code point: a delimiter, `%`, `[`, a non-ASCII byte, ...).
    enum Host {
        static let copy: UInt8 = 0, uppercase: UInt8 = 1, dot: UInt8 = 2, x: UInt8 = 3, stop: UInt8 = 4
    }

    nonisolated(unsafe) static let host: Table = table { byte in
        if URLHost.forbiddenDomainCodePoints.contains(byte) { return Host.stop }
        if byte == UInt8(ascii: ".") { return Host.dot }
        if byte | 0x20 == UInt8(ascii: "x") { return Host.x }
        if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { return Host.uppercase }
        return Host.copy
    }

    /// For an authority: what ends it (`/`, `?`, `#`, and `\` in a special URL), and the bytes
    /// that split it (`@`, `:`, and the brackets around an IPv6 address).
    enum Authority {
        static let other: UInt8 = 0, delimiter: UInt8 = 1, atSign: UInt8 = 2, colon: UInt8 = 3
        static let openBracket: UInt8 = 4, closeBracket: UInt8 = 5
    }

    nonisolated(unsafe) static let specialAuthority: Table = authorityTable(backslashIsDelimiter: true)
    nonisolated(unsafe) static let nonSpecialAuthority: Table = authorityTable(backslashIsDelimiter: false)

    private static func authorityTable(backslashIsDelimiter: Bool) -> Table {
        table { byte in
            switch byte {
            case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"): Authority.delimiter
            case UInt8(ascii: "\\"): backslashIsDelimiter ? Authority.delimiter : Authority.other
            case UInt8(ascii: "@"): Authority.atSign
            case UInt8(ascii: ":"): Authority.colon
            case UInt8(ascii: "["): Authority.openBracket
            case UInt8(ascii: "]"): Authority.closeBracket
            default: Authority.other
            }
        }
    }

    /// For a path segment: copy, encode (the path percent-encode set), a delimiter that ends the
    /// segment (`/`, `?`, `#`, and `\` in a special URL), or a tab or newline (which the state
    /// machine removes first, so the one-pass parser declines the input).
    enum Path {
        static let copy: UInt8 = 0, encode: UInt8 = 1, delimiter: UInt8 = 2, tabOrNewline: UInt8 = 3
    }

    nonisolated(unsafe) static let specialPath: Table = pathTable(backslashIsDelimiter: true)
    nonisolated(unsafe) static let nonSpecialPath: Table = pathTable(backslashIsDelimiter: false)

    private static func pathTable(backslashIsDelimiter: Bool) -> Table {
        table { byte in
            if ASCII.isTabOrNewline(byte) { return Path.tabOrNewline }
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
                || (backslashIsDelimiter && byte == UInt8(ascii: "\\"))
            {
                return Path.delimiter
            }
            return PercentEncodeSet.path.contains(byte) ? Path.encode : Path.copy
        }
    }

    /// For a query, a fragment, an opaque path or userinfo: copy, encode (the component's percent-encode set),
    /// or a tab or newline (the one-pass parser then declines the input).
    enum Encoding {
        static let copy: UInt8 = 0, encode: UInt8 = 1, tabOrNewline: UInt8 = 3
    }

    nonisolated(unsafe) static let specialQuery = encodingTable(.specialQuery)
    nonisolated(unsafe) static let query = encodingTable(.query)
    nonisolated(unsafe) static let fragment = encodingTable(.fragment)
    nonisolated(unsafe) static let c0Control = encodingTable(.c0Control)
    nonisolated(unsafe) static let userinfo = encodingTable(.userinfo)

    private static func encodingTable(_ set: PercentEncodeSet) -> Table {
        table { byte in
            if ASCII.isTabOrNewline(byte) { return Encoding.tabOrNewline }
            return set.contains(byte) ? Encoding.encode : Encoding.copy
        }
    }
}
