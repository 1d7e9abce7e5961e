import AppBound
import AppManifest
import AssociatedDomains
import FindingReports
import Foundation

/// `webfence audit` for people: one block per app, its sections, then its findings with the fix.
public enum AuditText {
    /// The report of `audits`, each with the association files fetched for it.
    public static func render(
        _ audits: [AppAudit], fetches: [[AuditFetch.Result]], styled: TextReport.Styler = TextReport.plain
    ) -> String {
        var out = ""
        for (audit, fetched) in zip(audits, fetches) {
            out += app(audit, fetched, styled) + "\n"
        }
        if audits.count > 1 {
            let totals = audits.reduce(into: (0, 0, 0)) { sum, audit in
                sum.0 += audit.counts.errors
                sum.1 += audit.counts.warnings
                sum.2 += audit.counts.notes
            }
            out +=
                "\(audits.count) apps: "
                + TextReport.severityCounts(errors: totals.0, warnings: totals.1, notes: totals.2) + "\n"
        }
        return out
    }

    private static func app(_ audit: AppAudit, _ fetched: [AuditFetch.Result], _ styled: TextReport.Styler) -> String {
        let files = audit.files
        var out = styled(files.path, .bold)
        out += "  " + (audit.bundleIdentifier ?? "(no CFBundleIdentifier)")
        out += audit.appID.map { "  app ID \($0)" } ?? ""
        out += "\n"
        out += readFiles(audit, styled) + appBoundDomains(audit, styled) + webViews(audit, styled)
        out += browserAndManagement(audit, styled) + hybridFramework(audit, styled)
        out += associatedDomains(audit, fetched, styled) + findingLines(audit, styled)
        return out
    }

    private static func readFiles(_ audit: AppAudit, _ styled: TextReport.Styler) -> String {
        let files = audit.files
        var out = section("Read", styled)
        out += row(files.infoPlist.file.name, "\(formatName(files.infoPlist.format)) property list")
        if let project = files.projectEntitlements {
            out += row(project.file.name, "the project's entitlements (\(formatName(project.format)))")
        }
        switch files.executable {
        case .read(let file, let executable)?: out += row(file.name, executableSummary(executable))
        case .missing(let file)?: out += row(file.name, "named by Info.plist, not in the bundle")
        case .unreadable(let file, _)?: out += row(file.name, "not a usable Mach-O file")
        case .notNamed?: out += row("executable", "Info.plist names none")
        case nil: break
        }
        switch files.profile {
        case .read(let file, let profile)?: out += row(file.name, profileSummary(profile))
        case .unreadable(let file, _)?: out += row(file.name, "does not read")
        case nil: break
        }
        let origin: String =
            switch audit.entitlements.origin {
            case .signature:
                "the code signature of \(audit.entitlements.file.name)"
                    + (audit.entitlements.signedArchitecture.map { " (\($0))" } ?? "")
            case .project: "\(audit.entitlements.file.name) (nothing signed was read)"
            case .none: "none read"
            }
        out += row("entitlements in force", origin)
        return out
    }

    private static func appBoundDomains(_ audit: AppAudit, _ styled: TextReport.Styler) -> String {
        var out = section("App-Bound Domains", styled)
        if let list = audit.appBoundList.domains {
            out +=
                "    WKAppBoundDomains: \(list.domains.count + list.schemes.count) of \(AppBoundDomains.capacity) slots used"
            out += (audit.appBound.isBrowser ? " (a browser: not applied)" : "") + "\n"
            for entry in list.entries {
                out += row("/\(entry.index) \(quoted(entry.text))", outcome(entry.outcome), width: 36)
            }
        } else {
            out +=
                audit.appBoundList.isPresent
                ? "    WKAppBoundDomains is unusable (see the findings)\n"
                : "    no WKAppBoundDomains: the feature is off, nothing is restricted\n"
        }
        return out
    }

    private static func webViews(_ audit: AppAudit, _ styled: TextReport.Styler) -> String {
        var out = section("Web views", styled)
        for view in audit.webViews {
            out += "    \(view.configuration.rawValue)\n"
            for capability in view.capabilities {
                out += "      " + capabilityName(capability.name).padding(toLength: 16, withPad: " ", startingAt: 0)
                out += capability.answer + styled("  [\(capability.rule.code)]", .dim) + "\n"
            }
        }
        return out
    }

    private static func browserAndManagement(_ audit: AppAudit, _ styled: TextReport.Styler) -> String {
        var out = section("Browser and tracking", styled)
        out += row("web-browser entitlement", audit.appBound.isBrowser ? "yes" : "no")
        if audit.appBound.isBrowser {
            let prohibited = audit.appBound.prohibitedUsageDescriptions
            out += row("prohibited usage strings", prohibited.isEmpty ? "none" : prohibited.joined(separator: ", "))
        }
        out += row(
            "ITP",
            audit.tracking.settingsSwitchShown
                ? "on unless the user turns on \"Allow Cross-Website Tracking\" in Settings"
                : "on in every web view; no Settings switch")
        out += section("Managed web views", styled)
        out += row(
            "TreatAllWebViewsAsUnmanaged",
            audit.treatAllWebViewsAsUnmanaged ? "YES: every web view holds unmanaged data" : "NO")
        return out
    }

    private static func hybridFramework(_ audit: AppAudit, _ styled: TextReport.Styler) -> String {
        guard let framework = audit.framework else { return "" }
        var out = section("Hybrid framework", styled)
        out += row(framework.framework?.displayName ?? "unknown framework", framework.file.description)
        for rule in framework.rules { out += "    \(rule)\n" }
        if let bridge = framework.policy?.bridge {
            out += row("bridge", "handlers " + bridge.messageHandlers.joined(separator: ", "))
        }
        return out
    }

    private static func associatedDomains(
        _ audit: AppAudit, _ fetched: [AuditFetch.Result], _ styled: TextReport.Styler
    ) -> String {
        var out = section("Associated domains", styled)
        if let entitlement = audit.associatedDomains, !entitlement.domains.isEmpty {
            for service in AssociatedDomain.Service.allCases {
                let domains = entitlement.domains.filter { $0.service == service }
                guard !domains.isEmpty else { continue }
                let text = domains.map {
                    "\($0.text.dropFirst(service.rawValue.count + 1)) (\($0.fetchesDirectly ? "direct" : "CDN"))"
                }
                out += row(service.rawValue, text.joined(separator: ", "))
            }
        } else {
            out += "    none\n"
        }
        if !fetched.isEmpty {
            out += section("Association files (--fetch)", styled)
            for result in fetched {
                var text = "GET \(result.url ?? "?") → \(result.status.map(String.init) ?? result.outcome.rawValue)"
                switch result.listsApp {
                case true?: text += ", names the app"
                case false?: text += ", does not name the app"
                case nil: break
                }
                out += row(result.entry, text, width: 30)
            }
        }
        return out
    }

    private static func findingLines(_ audit: AppAudit, _ styled: TextReport.Styler) -> String {
        var out = section("Findings", styled)
        for finding in audit.findings {
            out += "    " + TextReport.severityColumn(finding.severity.rawValue, styled)
            let line = finding.position.map { "\($0.line):\($0.column) " } ?? ""
            out += " \(finding.code)  \(finding.file.name):\(line)\(finding.key)\n"
            out += "        \(finding.message)\n"
            out += styled("        fix: \(finding.fix)", .dim) + "\n"
        }
        let (errors, warnings, notes) = audit.counts
        out +=
            audit.findings.isEmpty
            ? "    no findings\n"
            : "  " + TextReport.severityCounts(errors: errors, warnings: warnings, notes: notes) + "\n"
        return out
    }

    private static func section(_ title: String, _ styled: TextReport.Styler) -> String {
        "  " + styled(title, .bold) + "\n"
    }

    private static func row(_ label: String, _ value: String, width: Int = 28) -> String {
        "    " + label.padding(toLength: max(width, label.count + 1), withPad: " ", startingAt: 0) + value + "\n"
    }

    private static func quoted(_ text: String) -> String { "\"\(text)\"" }

    private static func formatName(_ format: PropertyList.Format) -> String {
        switch format {
        case .xml: "XML"
        case .binary: "binary"
        case .openStep: "OpenStep"
        case .json: "JSON"
        }
    }

    private static func capabilityName(_ name: String) -> String {
        switch name {
        case "restrictedAPIs": "restricted APIs"
        case "serviceWorkers": "service workers"
        default: name
        }
    }

    private static func outcome(_ outcome: AppBoundDomains.Outcome) -> String {
        switch outcome {
        case .domain(let domain, _): "domain \(domain)"
        case .scheme(let scheme): "scheme \(scheme):"
        case .duplicate(let first): "repeats /\(first)"
        case .dropped: "dropped"
        case .pastCapacity: "not read: past the cap"
        }
    }

    private static func executableSummary(_ executable: MachOExecutable) -> String {
        let architectures = executable.slices.map(\.architecture).joined(separator: ", ")
        let signed = executable.slices.filter { $0.signature != nil }
        guard let signature = signed.first?.signature else { return "Mach-O \(architectures), not signed" }
        let blobs = [signature.entitlementsXML == nil ? nil : "XML", signature.entitlementsDER == nil ? nil : "DER"]
            .compactMap { $0 }
        let entitlements = blobs.isEmpty ? "no entitlements" : blobs.joined(separator: " and ") + " entitlements"
        let team = signature.teamIdentifier.map { ", team \($0)" } ?? ""
        return "Mach-O \(architectures), signed (\(entitlements)\(team))"
    }

    private static func profileSummary(_ profile: ProvisioningProfile) -> String {
        var parts: [String] = []
        if let name = profile.name { parts.append("\"\(name)\"") }
        if let team = profile.teamIdentifiers.first { parts.append("team \(team)") }
        if let expiry = profile.expirationDate {
            parts.append("expires \(ISO8601DateFormatter().string(from: expiry).prefix(10))")
        }
        switch profile.signature {
        case .valid(let signer): parts.append("signed by \(signer) (the chain to Apple is not checked)")
        case .invalid: parts.append("signature does not verify")
        }
        return parts.joined(separator: ", ")
    }
}
