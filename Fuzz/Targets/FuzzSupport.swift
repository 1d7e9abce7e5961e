// Shared by the URL fuzz targets (`url`, `host`). Fuzz/run.sh compiles it, FuzzCore.swift, one target
// file and Sources/WebAddress/*.swift into a single module (WebAddressFuzz), so this code calls
// WebAddress's internal API directly and has no `import WebAddress`.

extension Fuzz {
    static func isASCII(_ string: String) -> Bool { string.utf8.allSatisfy { $0 < 0x80 } }

    /// Two parses give the same URL in everything a caller can see and the offsets behind it, or
    /// the same error.
    static func sameParse(_ a: Result<WebURL, URLParseError>, _ b: Result<WebURL, URLParseError>) -> Bool {
        switch (a, b) {
        case (.success(let x), .success(let y)):
            return x.href == y.href && x.offsets == y.offsets && x.hostKind == y.hostKind && x.port == y.port
                && x.apiFields == y.apiFields
        case (.failure(let x), .failure(let y)): return x == y
        default: return false
        }
    }

    /// The invariants every successfully parsed URL must satisfy (URL Standard §4.4–§4.5, §6.1).
    /// `base` is the base URL the input was parsed against, if any.
    static func checkURL(_ url: WebURL, input: String, base: WebURL?) {
        let href = url.href
        let fields = url.apiFields
        let context =
            "input: \(input.debugDescription)\nbase: \(base?.href.debugDescription ?? "nil")\nhref: \(href.debugDescription)"

        // (b) Every getter of the URL API is ASCII: the parser percent-encodes or punycodes everything else.
        for name in URLAPIFields.names {
            let value = fields[name] ?? ""
            check(isASCII(value), "API field is ASCII", "\(context)\nfield \(name): \(value.debugDescription)")
        }

        // (c) The serialization starts with the scheme and a colon; `protocol` agrees.
        check(!url.scheme.isEmpty, "scheme is not empty", context)
        check(href.hasPrefix(url.scheme + ":"), "href starts with scheme + \":\"", context)
        check(fields.protocol == url.scheme + ":", "protocol is scheme + \":\"", context)

        // (a) Idempotence: parsing href again (with no base) gives the same href, and the same API fields.
        let reparsed: WebURL
        do {
            reparsed = try WebURL(href)
        } catch {
            fail("href reparses", "\(context)\nerror: \(error)")
        }
        check(
            reparsed.href == href, "href is idempotent", "\(context)\nreparsed href: \(reparsed.href.debugDescription)")
        check(
            reparsed.apiFields == fields, "API fields are idempotent",
            "\(context)\nfirst: \(fields)\nreparsed: \(reparsed.apiFields)")

        // (e) An absolute URL string means the same against any base: href against the input's base.
        if let base {
            let again = try? WebURL(href, base: base)
            check(
                again?.href == href, "href parses the same against the base",
                "\(context)\nagainst base: \(again?.href.debugDescription ?? "failure")")
        }

        // The Public Suffix List on the parsed host: the registrable domain and the public suffix are
        // suffixes of the host name, cut at a label boundary.
        if let host = url.host {
            let registrable = PublicSuffixList.bundled.registrableDomain(of: host)
            if let match = PublicSuffixList.bundled.match(host), case .domain(let name) = host {
                for part in [match.publicSuffix] + (match.registrableDomain.map { [$0] } ?? []) {
                    check(
                        name == part || name.hasSuffix("." + part), "PSL answer is a label suffix of the host",
                        "\(context)\nhost: \(name)\nmatch: \(match)")
                }
                check(registrable == match.registrableDomain, "PSL registrableDomain agrees with match", context)
            }
        }
    }
}
