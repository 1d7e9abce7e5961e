import AssociatedDomains
import AssociationFetchCore
import Foundation

/// `webfence audit --fetch`: each applinks domain's association file, fetched on the route a
/// device takes (Apple's CDN, or the server itself when the entry names a mode), read, linted and
/// checked for the app's ID. Every problem becomes a finding about the entitlement entry that
/// caused the fetch.
public enum AuditFetch {
    /// One association file fetched for an entitlement entry, and the findings it gave.
    public struct Result: Sendable {
        /// The entitlement entry, e.g. `applinks:shop.example`.
        public let entry: String
        /// The route a device takes for it.
        public let route: AssociationFileRequest.Route
        /// The URL asked, when one could be made.
        public let url: String?
        /// What the fetch came to.
        public let outcome: AssociationFetchReport.Outcome
        /// The HTTP status, when a response arrived.
        public let status: Int?
        /// Whether the file lists the app's ID for applinks; nil when no file was read or the ID is unknown.
        public let listsApp: Bool?
        /// The checks and file findings that are not notes, about the entitlement entry.
        public let findings: [AuditFinding]
    }

    /// Fetches each applinks file `audit`'s entitlement names, once per host and route;
    /// `progress` hears each URL before it is asked.
    public static func run(
        _ audit: AppAudit, fetcher: any AssociationFileFetching, progress: (String) -> Void = { _ in }
    ) async -> [Result] {
        guard let entitlement = audit.associatedDomains else { return [] }
        let name = "com.apple.developer.associated-domains"
        let file = audit.entitlements.file
        var seen: Set<String> = []
        var results: [Result] = []
        // One fetch per file a device asks for: per host and route (a mode changes the route).
        for domain in entitlement.domains
        where domain.service == .applinks && seen.insert("\(domain.fileHost) \(domain.fetchesDirectly)").inserted {
            var index: Int?
            if case .array(let items)? = audit.entitlements[name] { index = items.firstIndex(of: .string(domain.text)) }
            let key = "/\(name)" + (index.map { "/\($0)" } ?? "")
            var findings: [AuditFinding] = []
            guard let linkDomain = LinkDomain(domain.fileHost) else { continue }
            let route: AssociationFileRequest.Route = domain.fetchesDirectly ? .direct : .cdn
            let url = try? fetcher.requestURL(for: domain.fileHost, route: route).get()
            progress(url ?? domain.fileHost)
            let report = await fetcher.fetch(domain.fileHost, route: route)
            let fetched = AssociationFetch.Fetched(report: report, domain: linkDomain, appID: audit.appID)
            let place = url ?? domain.fileHost
            for check in report.checks where check.severity != .note {
                findings.append(
                    AuditFinding(
                        linted: check.code, check.severity == .error ? .error : .warning, file, key: key,
                        "\(place): \(check.message)"))
            }
            for finding in fetched.findings where finding.severity != .note {
                let pointer = finding.pointer.isEmpty ? "" : " at \(finding.pointer)"
                findings.append(
                    AuditFinding(
                        linted: finding.code, finding.severity, file, key: key, "\(place)\(pointer): \(finding.message)"
                    ))
            }
            var listsApp: Bool?
            if let appID = audit.appID, let associationFile = fetched.file {
                listsApp = (associationFile.applinks?.details ?? []).contains { $0.appIDs.contains(appID) }
            }
            if audit.appID == nil, fetched.file != nil {
                findings.append(
                    AuditFinding(
                        .appIDUnknown, audit.files.infoPlist.file, key: "/CFBundleIdentifier",
                        "the app's ID is unknown, so whether \(place) names the app was not checked"))
            }
            results.append(
                Result(
                    entry: domain.text, route: route, url: url, outcome: report.outcome, status: report.status,
                    listsApp: listsApp, findings: findings))
        }
        return results
    }
}
