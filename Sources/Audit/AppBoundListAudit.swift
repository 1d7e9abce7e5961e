import AppBound
import AppManifest
import WebAddress

/// `WKAppBoundDomains` as the engine reads it (spec/app-bound-domains.md §1), with a finding for
/// every entry that does not do what it says: dropped, past the cap, repeated, wider than written,
/// a public suffix, a scheme that never matches or a web scheme.
public struct AppBoundListAudit: Sendable {
    /// The list as read; nil when the key is absent or unusable (not an array of strings).
    public let domains: AppBoundDomains?
    /// The key is present (whatever its value).
    public let isPresent: Bool
    /// A finding for each value of the wrong type and each entry that does not do what it says.
    public private(set) var findings: [AuditFinding] = []

    /// The list the declarations read, with `problems` (its values of the wrong type, as findings)
    /// and a finding for each entry that does not do what it says.
    init(_ declarations: AppDeclarations, problems: [AuditFinding], file: SourceFile) {
        let key = "/WKAppBoundDomains"
        let isBrowser = declarations.appBound.isBrowser
        isPresent = declarations.declaresAppBoundDomains
        findings = problems
        guard let list = declarations.appBound.domains else {
            domains = nil
            return
        }
        domains = list
        for entry in list.entries {
            findings += Self.check(entry, in: list, file: file, key: "\(key)/\(entry.index)")
        }
        if list.domains.isEmpty, list.schemes.isEmpty, !isBrowser {
            findings.append(
                AuditFinding(
                    .appBoundKeyEmpty, file, key: key,
                    "WKAppBoundDomains is present but lists no usable domain or scheme: restricted APIs are blocked on every web page, and a web view with limitsNavigationsToAppBoundDomains can show only local content"
                ))
        }
        if isBrowser {
            findings.append(
                AuditFinding(
                    .appBoundBrowserKeyIgnored, file, key: key,
                    "the app is a browser (com.apple.developer.web-browser): WKAppBoundDomains restricts none of its web views"
                ))
        }
    }

    private static func check(_ entry: AppBoundDomains.Entry, in list: AppBoundDomains, file: SourceFile, key: String)
        -> [AuditFinding]
    {
        let quoted = "\"\(entry.text)\""
        switch entry.outcome {
        case .dropped(let reason):
            return [AuditFinding(.appBoundEntryDropped, file, key: key, "\(quoted) is dropped: \(reason)")]
        case .pastCapacity:
            return [
                AuditFinding(
                    .appBoundEntryPastCapacity, file, key: key,
                    "\(quoted) is never read: the \(AppBoundDomains.capacity) slots were full before it (\(list.domains.count) domains, \(list.schemes.count) schemes), and nothing warns"
                )
            ]
        case .duplicate(let first):
            return [
                AuditFinding(
                    .appBoundEntryDuplicate, file, key: key,
                    "\(quoted) repeats entry \(first) and uses no slot")
            ]
        case .scheme(let scheme):
            if scheme == "http" || scheme == "https" {
                return [
                    AuditFinding(
                        .appBoundSchemeWeb, file, key: key,
                        "\(quoted) makes every \(scheme) URL app-bound: restricted APIs work on every web site")
                ]
            }
            if !scheme.utf8.allSatisfy(Self.isLowercaseSchemeByte)
                || !(scheme.utf8.first.map(Self.isLowercaseLetter) ?? false)
            {
                return [
                    AuditFinding(
                        .appBoundSchemeNeverMatches, file, key: key,
                        "\(quoted) never matches: the engine compares it, as written, with a URL's lowercase scheme")
                ]
            }
            return []
        case .domain(let domain, let host):
            var findings: [AuditFinding] = []
            if domain.contains("*") {
                findings.append(
                    AuditFinding(
                        .appBoundEntryWildcard, file, key: key,
                        "\(quoted) is read as the host \(domain), which no URL has: it never matches (a * is not a wildcard here)"
                    ))
            }
            if PublicSuffixList.bundled.registrableDomain(of: domain) == nil, domain.contains("."),
                !Self.isIPAddress(host)
            {
                findings.append(
                    AuditFinding(
                        .appBoundEntryPublicSuffix, file, key: key,
                        "\(quoted) is the public suffix \(domain): it matches only the host \(domain) itself, never a site under it"
                    ))
            }
            let written = entry.text.lowercased().trimmingCharacters(in: ["/"])
            if ![domain, "https://" + domain, "http://" + domain].contains(written) {
                findings.append(
                    AuditFinding(
                        .appBoundEntryWidened, file, key: key,
                        "\(quoted) counts as \(domain): every subdomain, path, port and scheme of \(domain) is app-bound"
                    ))
            }
            return findings
        }
    }

    private static func isLowercaseLetter(_ byte: UInt8) -> Bool { (0x61...0x7A).contains(byte) }

    private static func isLowercaseSchemeByte(_ byte: UInt8) -> Bool {
        isLowercaseLetter(byte) || (0x30...0x39).contains(byte) || byte == 0x2B || byte == 0x2D || byte == 0x2E
    }

    private static func isIPAddress(_ host: String) -> Bool {
        host.hasPrefix("[") || host.split(separator: ".").allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
    }
}
