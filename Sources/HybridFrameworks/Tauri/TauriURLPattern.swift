import WebAddress

/// A capability's `remote.urls` entry as Tauri 2 reads it (spec §14a): a URLPattern constructor
/// string, whose search and hash become `*` and whose pathname becomes `*` when it is absent, empty
/// or `/`; `test` then matches the whole URL.
///
/// The subset evaluated, which is what Tauri's entries use: `scheme://host[:port][/path]` where the
/// scheme is literal, the host literal or with `*` standing for any run of characters (`*.` before a
/// domain: one or more labels, never the bare domain), the port a number or `*` (absent: the
/// scheme's default only), the path literal with `*` for any run of characters. Userinfo is ignored.
/// Named groups, regular-expression groups, `{…}`, modifiers, a search or a hash in the entry are
/// refused with a failure naming the entry; an entry that is no pattern at all (no scheme) is a
/// configuration Tauri refuses at build.
struct TauriURLPattern: Sendable, Hashable {
    let scheme: String
    /// The host pattern, lowercased, `*` for any run of characters.
    let host: [UInt8]
    /// nil: the default port only; `.some(nil)`: any port.
    let port: UInt16??
    /// The path pattern, `*` for any run of characters; nil for any path.
    let path: [UInt8]?

    /// Why an entry is not read.
    enum Failure: Error, Hashable {
        /// Tauri refuses the entry when it builds the app.
        case invalid(String)
        /// Outside the subset WebFence evaluates.
        case outsideSubset(String)
    }

    init(_ entry: String) throws(Failure) {
        guard let schemeEnd = entry.range(of: "://") else {
            throw .invalid(
                "no scheme: a URLPattern constructor string without a base URL, which Tauri refuses at build")
        }
        let scheme = entry[..<schemeEnd.lowerBound].lowercased()
        guard !scheme.isEmpty, scheme.utf8.allSatisfy({ Self.isSchemeByte($0) }) else {
            throw .outsideSubset("the scheme \"\(entry[..<schemeEnd.lowerBound])\" is not a literal scheme")
        }
        var rest = entry[schemeEnd.upperBound...]
        if let bad = rest.first(where: { "?#(){}+\\".contains($0) }) {
            throw .outsideSubset("'\(bad)' (a search, a hash, a group or a modifier)")
        }
        var pathText: Substring?
        if let slash = rest.firstIndex(of: "/") {
            pathText = rest[slash...]
            rest = rest[..<slash]
        }
        if let at = rest.lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
        var hostText = rest
        var port: UInt16?? = nil
        if let colon = rest.lastIndex(of: ":"), !rest.hasSuffix("]") {
            let portText = rest[rest.index(after: colon)...]
            hostText = rest[..<colon]
            if portText == "*" {
                port = .some(nil)
            } else if let number = UInt16(portText) {
                port = number == WebURL.defaultPort(forScheme: scheme) ? nil : .some(number)
            } else {
                throw .outsideSubset("the port \"\(portText)\" is neither a number nor *")
            }
        }
        guard !hostText.isEmpty else { throw .outsideSubset("an empty host") }
        if hostText.contains(where: { ":".contains($0) && !hostText.hasPrefix("[") }) {
            throw .outsideSubset("a named group in the host")
        }
        let lowered = Array(hostText.lowercased().utf8)
        if !lowered.contains(UInt8(ascii: "*")) {
            // A literal host is canonicalised as a URL's would be (punycode, IPv4 forms).
            guard case .success(let parsed) = URLHost.parse(String(hostText)) else {
                throw .invalid("the host \"\(hostText)\" is not a host")
            }
            host = Array(parsed.description.utf8)
        } else {
            guard lowered.allSatisfy({ $0 < 0x80 }) else {
                throw .outsideSubset("a wildcard host with characters outside ASCII")
            }
            host = lowered
        }
        self.scheme = scheme
        self.port = port
        if let pathText, pathText != "/", !pathText.isEmpty {
            guard pathText.unicodeScalars.allSatisfy({ Self.isPathScalar($0) }) else {
                throw .outsideSubset("the path \"\(pathText)\" holds characters outside the evaluated subset")
            }
            path = Array(pathText.utf8)
        } else {
            path = nil
        }
    }

    /// Whether the pattern matches `url` (`URLPattern.test` on the whole URL).
    func matches(_ url: WebURL) -> Bool {
        guard url.scheme == scheme, let urlHost = url.host else { return false }
        switch port {
        case nil: if url.port != nil { return false }
        case .some(nil): break
        case .some(.some(let number)): if url.port != number { return false }
        }
        guard Self.glob(host[...], Array(urlHost.description.utf8)[...]) else { return false }
        guard let path else { return true }
        return Self.glob(path[...], Array(url.pathname.utf8)[...])
    }

    private static func glob(_ pattern: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>) -> Bool {
        TauriGlob.matches(pattern, text, star: UInt8(ascii: "*"))
    }

    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2B || byte == 0x2D || byte == 0x2E
    }

    private static func isPathScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII
            && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                || "-._~/%*!$&',;=@".unicodeScalars.contains(scalar))
    }
}
