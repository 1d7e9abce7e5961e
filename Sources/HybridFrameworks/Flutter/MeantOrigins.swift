import WebAddress

/// The origins the author of a flutter_inappwebview allow-list entry meant, read from the entry as
/// written: what the bypass flag compares the frame's origin with (interfaces §6b).
///
/// The entry is taken as an origin with its regular-expression dress removed: `^` and `$`, a
/// backslash before punctuation, and a leading `*.`, `.*.`, `.+.` or `(.*.)?` before the host for
/// "and its subdomains". `https://example.com` then names `https://example.com` on the default port;
/// an entry without a scheme names the host on any scheme. `*`, `.*` and `.+` name every origin. An
/// entry that still holds regular-expression syntax (`(www|app)`, `[a-z]`) names what it matches.
enum MeantOrigins: Sendable, Hashable {
    case every
    case origins(Named)
    case whatItMatches

    /// A scheme (nil: any), the hosts, and a port (nil: the scheme's default).
    struct Named: Sendable, Hashable {
        let scheme: String?
        let hosts: NamedHosts
        let port: UInt16?

        func names(_ url: WebURL?) -> Bool {
            guard let url, let host = url.host else { return false }
            if let scheme, scheme != url.scheme { return false }
            return port == url.port && hosts.names(host)
        }
    }

    init(entry: String) {
        var text = Substring(entry)
        if text.first == "^" { text = text.dropFirst() }
        if text.last == "$", !text.hasSuffix("\\$") { text = text.dropLast() }
        var plain = String(Self.unescaped(text))
        if ["*", ".*", ".+", ""].contains(plain) {
            self = .every
            return
        }
        let schemeEnd = plain.range(of: "://")
        let hostStart = schemeEnd?.upperBound ?? plain.startIndex
        for wildcard in ["(.*.)?", "(.+.)?", ".*.", ".+.", "*."] where plain[hostStart...].hasPrefix(wildcard) {
            plain.replaceSubrange(hostStart..<plain.index(hostStart, offsetBy: wildcard.count), with: "*.")
            break
        }
        let scheme = schemeEnd.map { String(plain[..<$0.lowerBound]).lowercased() }
        var authority = plain[hostStart...]
        if let slash = authority.firstIndex(of: "/") { authority = authority[..<slash] }
        var port: UInt16?
        if let colon = authority.lastIndex(of: ":"), let number = UInt16(authority[authority.index(after: colon)...]) {
            port = number
            authority = authority[..<colon]
        }
        let hostText = authority.hasPrefix("*.") ? String(authority.dropFirst(2)) : String(authority)
        let syntax = Set("()[]{}|?+*^$\\")
        guard !hostText.isEmpty, !hostText.contains(where: syntax.contains),
            !(scheme?.contains(where: syntax.contains) ?? false)
        else {
            self = .whatItMatches
            return
        }
        if let scheme, port == WebURL.defaultPort(forScheme: scheme) { port = nil }
        self = .origins(
            Named(
                scheme: scheme, hosts: NamedHosts(hostText: authority.hasPrefix("*.") ? "*." + hostText : hostText),
                port: port))
    }

    /// The text with each backslash before punctuation removed (`app\.example\.com`, and
    /// `app\\.example\\.com` as Dart source writes it).
    private static func unescaped(_ text: Substring) -> Substring {
        var result = ""
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\\" else {
                result.unicodeScalars.append(scalar)
                continue
            }
            var next = scalars.next()
            while next == "\\" { next = scalars.next() }
            guard let next else { break }
            if next.isASCII, next.properties.isAlphabetic || ("0"..."9").contains(next) {
                result.unicodeScalars.append("\\")
            }
            result.unicodeScalars.append(next)
        }
        return Substring(result)
    }
}
