/// 256-entry tables that sort a byte into what the one-pass parser does with it, so that its hot
/// loops make one load and one comparison per byte. Built once from the standard's sets.
enum ByteClasses {
    /// For a special URL's host: copy, lowercase, a dot, an `x` (which may start `xn--`), or stop
    /// (a forbidden domain code point: a delimiter, `%`, `[`, a non-ASCII byte, ...).
    enum Host {
        static let copy: UInt8 = 0, uppercase: UInt8 = 1, dot: UInt8 = 2, x: UInt8 = 3, stop: UInt8 = 4
    }

    static let host: [UInt8] = (0...255).map { value in
        let byte = UInt8(value)
        if URLHost.forbiddenDomainCodePoints.contains(byte) { return Host.stop }
        if byte == UInt8(ascii: ".") { return Host.dot }
        if byte | 0x20 == UInt8(ascii: "x") { return Host.x }
        if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { return Host.uppercase }
        return Host.copy
    }

    /// For a path segment: copy, encode (the path percent-encode set), a delimiter that ends the
    /// segment (`/`, `?`, `#`, and `\` in a special URL), or a tab or newline (which the state
    /// machine removes first, so the one-pass parser declines the input).
    enum Path {
        static let copy: UInt8 = 0, encode: UInt8 = 1, delimiter: UInt8 = 2, tabOrNewline: UInt8 = 3
    }

    static let specialPath: [UInt8] = pathTable(backslashIsDelimiter: true)
    static let nonSpecialPath: [UInt8] = pathTable(backslashIsDelimiter: false)

    private static func pathTable(backslashIsDelimiter: Bool) -> [UInt8] {
        (0...255).map { value in
            let byte = UInt8(value)
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

    static let specialQuery = encodingTable(.specialQuery)
    static let query = encodingTable(.query)
    static let fragment = encodingTable(.fragment)
    static let c0Control = encodingTable(.c0Control)
    static let userinfo = encodingTable(.userinfo)

    private static func encodingTable(_ set: PercentEncodeSet) -> [UInt8] {
        (0...255).map { value in
            let byte = UInt8(value)
            if ASCII.isTabOrNewline(byte) { return Encoding.tabOrNewline }
            return set.contains(byte) ? Encoding.encode : Encoding.copy
        }
    }
}
