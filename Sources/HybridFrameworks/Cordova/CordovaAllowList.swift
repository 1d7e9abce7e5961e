/// A `CDVAllowList`: the patterns of a list of hrefs and the schemes they permit (spec §3b).
struct CordovaAllowList: Sendable {
    /// The index of a `*` href, which allows everything and ends the list.
    private let everything: Int?
    /// Each pattern with the index of the href it came from.
    private let patterns: [(index: Int, pattern: CordovaAllowListPattern)]
    /// The schemes hrefs named; nil once one named `*`.
    private let permittedSchemes: Set<String>?

    init(_ hrefs: [String], version: CordovaConfiguration.Version) {
        var patterns: [(Int, CordovaAllowListPattern)] = []
        var permitted: Set<String>? = []
        var everything: Int?
        for (index, href) in hrefs.enumerated() {
            if href == "*" {
                everything = index
                break
            }
            let entry = CordovaAllowListEntry(href, version: version)
            if let scheme = entry.scheme {
                patterns.append((index, .init(scheme: scheme, host: entry.host, port: entry.port, path: entry.path)))
                if scheme == "*" { permitted = nil } else { permitted?.insert(scheme) }
            } else {
                for scheme in ["http", "https"] {
                    patterns.append(
                        (index, .init(scheme: scheme, host: entry.host, port: entry.port, path: entry.path)))
                }
            }
        }
        self.everything = everything
        self.patterns = patterns
        self.permittedSchemes = permitted
    }

    /// `URLIsAllowed:`: the index of the first href whose pattern admits the URL, or nil. (Its retry under the
    /// pseudo-scheme `cdv-default-scheme` changes no answer: docs/decisions.md D73.)
    func match(scheme urlScheme: String, _ url: FoundationURLView) -> Int? {
        if let everything { return everything }
        let scheme = urlScheme.lowercased()
        let alwaysPermitted = ["http", "https", "ftp", "ftps"].contains(scheme)
        if !alwaysPermitted, let permittedSchemes, !permittedSchemes.contains(scheme) { return nil }
        let host = url.host?.lowercased()
        return patterns.first { $0.pattern.matches(lowerScheme: scheme, lowerHost: host, url) }?.index
    }
}
