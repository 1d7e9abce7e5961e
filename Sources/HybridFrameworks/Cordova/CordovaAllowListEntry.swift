/// One `<allow-navigation>` or `<allow-intent>` href as `CDVAllowList addAllowListEntry:` splits it
/// (spec §3b): the longest prefix of the form `scheme://host:port/path` its regular expression
/// accepts, each part optional, the rest of the text silently ignored.
///
/// The expression is anchored at the start only and every part is optional, so its first match is
/// found left to right, each part taking what it can: reproduced here without a regex engine.
struct CordovaAllowListEntry: Sendable, Hashable {
    /// `*`, a scheme, or nil (the entry then stands for `http` and `https`).
    let scheme: String?
    /// `*`, `*.name`, a literal host, or nil (any host).
    let host: String?
    /// The digits after the host's `:`.
    let port: String?
    /// `/` and everything up to a line terminator.
    let path: String?

    init(_ text: String, version: CordovaConfiguration.Version) {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        var scheme: String?
        if let (name, end) = Self.scheme(scalars, version: version) {
            scheme = name
            index = end
            for _ in 0..<2 where index < scalars.count && scalars[index] == "/" { index += 1 }
        }
        let (host, hostEnd) = Self.host(scalars, from: index)
        index = hostEnd
        var port: String?
        if index + 1 < scalars.count, scalars[index] == ":", Self.isDigit(scalars[index + 1]) {
            var end = index + 1
            while end < scalars.count, Self.isDigit(scalars[end]) { end += 1 }
            port = Self.string(scalars[(index + 1)..<end])
            index = end
        }
        var path: String?
        if index < scalars.count, scalars[index] == "/" {
            var end = index
            while end < scalars.count, !Self.isLineTerminator(scalars[end]) { end += 1 }
            path = Self.string(scalars[index..<end])
        }
        if host == nil, scheme == "file" || scheme == "content" {
            self.host = "*"
        } else {
            self.host = host
        }
        self.scheme = scheme
        self.port = port
        self.path = path
    }

    /// `(\*|[a-z][a-z0-9+\-.]*):` (8.x) or `(\*|[A-Za-z-]+):` (7.x) at the start.
    private static func scheme(
        _ scalars: [Unicode.Scalar], version: CordovaConfiguration.Version
    ) -> (String, Int)? {
        if scalars.count >= 2, scalars[0] == "*", scalars[1] == ":" { return ("*", 2) }
        var end = 0
        switch version {
        case .v8:
            guard let first = scalars.first, ("a"..."z").contains(first) else { return nil }
            end = 1
            while end < scalars.count, isSchemeScalar(scalars[end]) { end += 1 }
        case .v7:
            while end < scalars.count,
                ("a"..."z").contains(scalars[end]) || ("A"..."Z").contains(scalars[end])
                    || scalars[end] == "-"
            {
                end += 1
            }
            if end == 0 { return nil }
        }
        guard end < scalars.count, scalars[end] == ":" else { return nil }
        return (string(scalars[0..<end]), end + 1)
    }

    /// `((\*\.)?[^*/:]+)|\*` at `start`: a host, possibly `*.`-prefixed, or a lone `*`.
    private static func host(_ scalars: [Unicode.Scalar], from start: Int) -> (String?, Int) {
        func run(from position: Int) -> Int {
            var end = position
            while end < scalars.count, scalars[end] != "*", scalars[end] != "/", scalars[end] != ":" { end += 1 }
            return end
        }
        if start + 1 < scalars.count, scalars[start] == "*", scalars[start + 1] == "." {
            let end = run(from: start + 2)
            if end > start + 2 { return (string(scalars[start..<end]), end) }
        }
        let end = run(from: start)
        if end > start { return (string(scalars[start..<end]), end) }
        if start < scalars.count, scalars[start] == "*" { return ("*", start + 1) }
        return (nil, start)
    }

    private static func isSchemeScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "+" || scalar == "-" || scalar == "."
    }

    /// ICU's `\d`: any Unicode decimal digit.
    static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.numericType == .decimal }

    /// ICU's line terminators, which `.` does not match and before which `$` also matches.
    static func isLineTerminator(_ scalar: Unicode.Scalar) -> Bool {
        (0x0A...0x0D).contains(scalar.value) || scalar.value == 0x85 || scalar.value == 0x2028
            || scalar.value == 0x2029
    }

    private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        return text
    }
}
