import AppBound
import AppManifest
import AssociatedDomains
import Findings
import Foundation

/// An app's web-content posture, from its real files (`webfence audit`): App-Bound Domains as the
/// engine reads them, what its web views may do, the browser entitlement and the usage strings
/// that matter, ITP, managed-web-view settings and associated domains, each with findings that
/// have a stable code, a severity, a file and key, and a fix.
public struct AppAudit: Sendable {
    /// The files the audit read.
    public let files: AppFiles
    /// The entitlements in force and where they come from.
    public let entitlements: EntitlementSources
    /// `CFBundleIdentifier`.
    public let bundleIdentifier: String?
    /// `<team>.<bundle ID>`: signed (`application-identifier`), or the signature's or the
    /// profile's team and the bundle ID, or the one given; nil when nothing says.
    public let appID: String?
    /// What App-Bound Domains reads of the app.
    public let appBound: AppBoundApp
    /// `WKAppBoundDomains` as the engine reads it, entry by entry.
    public let appBoundList: AppBoundListAudit
    /// What a web view may do, with and without `limitsNavigationsToAppBoundDomains`.
    public let webViews: [WebViewCapabilities]
    /// Intelligent Tracking Prevention in the app, before the user touches its switch.
    public let tracking: IntelligentTrackingPrevention.Status
    /// `IntuneMAMSettings` → `TreatAllWebViewsAsUnmanaged` (absent or unreadable: NO).
    public let treatAllWebViewsAsUnmanaged: Bool
    /// `com.apple.developer.associated-domains`, read and checked; nil when the app has none.
    public let associatedDomains: AssociatedDomainsEntitlement?
    /// The hybrid framework the app is built on, when its files show one.
    public let framework: FrameworkAudit?
    /// Every finding, in the order of the report's sections.
    public private(set) var findings: [AuditFinding]

    /// Audits the files read. `appID` is used when the files give none; `now` is the time the
    /// profile's expiry is compared with.
    public init(_ files: AppFiles, appID: String? = nil, now: Date = Date()) {
        self.files = files
        let info = files.infoPlist
        let entitlements = EntitlementSources(files, now: now)
        self.entitlements = entitlements
        bundleIdentifier = info["CFBundleIdentifier"]?.stringValue
        self.appID = Self.appID(entitlements, files, bundleIdentifier) ?? appID
        var findings = entitlements.findings
        if let signed = entitlements["application-identifier"]?.stringValue, let bundle = bundleIdentifier,
            !signed.contains("$("), !signed.hasSuffix("." + bundle)
        {
            findings.append(
                AuditFinding(
                    .entitlementsAppIDMismatch, entitlements.file, key: "/application-identifier",
                    "application-identifier is \(signed), which is not a team ID followed by the bundle ID \(bundle): the app does not install"
                ))
        }
        if let bundle = bundleIdentifier, let template = AppID.template(ofBundleID: bundle) {
            findings.append(
                AuditFinding(
                    .appIDTemplateBundleID, info.file, key: "/CFBundleIdentifier",
                    "CFBundleIdentifier is \(bundle), the default of \(template): the App ID, the association files that name it and the keychain are all keyed by it, so set the app's own before it ships"
                ))
        }

        let declarations = AppDeclarations(infoPlist: info.members, entitlements: entitlements.values)
        func problems(_ subject: AppDeclarationProblem.Subject) -> [AuditFinding] {
            declarations.problems.filter { $0.subject == subject }.map {
                Self.finding($0, info: info.file, entitlements: entitlements.file)
            }
        }
        let isBrowser = declarations.appBound.isBrowser
        let list = AppBoundListAudit(
            declarations, problems: problems(.appBoundDomains), file: info.file)
        appBoundList = list
        findings += list.findings
        appBound = declarations.appBound
        let prohibited = appBound.prohibitedUsageDescriptions
        let serviceWorkers = appBound.hasServiceWorkersEntitlement
        webViews = WebViewCapabilities.all(for: appBound, listUnreadable: list.isPresent && list.domains == nil)
        tracking = IntelligentTrackingPrevention.status(app: appBound, userAllowsCrossWebsiteTracking: false)

        if isBrowser {
            for key in prohibited {
                findings.append(
                    AuditFinding(
                        .browserProhibitedUsage, info.file, key: "/" + key,
                        "the app is a browser and declares \(key): every navigation is marked not app-bound, so restricted APIs are blocked on every site"
                    ))
            }
        }
        if serviceWorkers {
            findings.append(
                AuditFinding(
                    .serviceWorkersEverywhere, entitlements.file,
                    key: "/" + AppBoundApp.serviceWorkersEntitlement,
                    "the app holds \(AppBoundApp.serviceWorkersEntitlement): service workers register on every site, in every web view"
                ))
        }
        findings += Self.tracking(info, isBrowser: isBrowser, entitlementsFile: entitlements.file)
        treatAllWebViewsAsUnmanaged = declarations.treatAllWebViewsAsUnmanaged
        findings += problems(.managedSettings)
        if treatAllWebViewsAsUnmanaged { findings.append(Self.allWebViewsUnmanaged(info.file)) }
        associatedDomains = declarations.associatedDomains
        findings += problems(.associatedDomains)
        findings += Self.associatedDomainFindings(declarations, file: entitlements.file)
        framework = FrameworkAudit(
            files.frameworkFiles, app: declarations.appBound, infoPlist: info, builtApp: files.kind != .project)
        for problem in files.frameworkFiles.unreadable {
            findings.append(
                AuditFinding(
                    .frameworkConfigurationUnreadable, SourceFile(path: problem.path), key: "/",
                    problem.message))
        }
        findings += framework?.findings ?? []
        findings += Self.flutterAndTauri(files.frameworkFiles, app: declarations.appBound)
        self.findings = findings
    }

    /// The Flutter plugins' findings (a built app's frameworks, a project's lock, the settings in
    /// `webfence-framework.json`) and a Tauri project's.
    private static func flutterAndTauri(_ frameworks: FrameworkFiles, app: AppBoundApp) -> [AuditFinding] {
        FlutterAppAudit.findings(frameworks.embedded)
            + (frameworks.pubspecLock.map(FlutterAppAudit.findings) ?? [])
            + (frameworks.file("webfence-framework.json").flatMap(FlutterAppAudit.findings(settingsFile:)) ?? [])
            + (frameworks.tauri.map { TauriAppAudit.findings($0, app: app) } ?? [])
    }

    /// Adds findings found later (a fetched association file).
    public mutating func append(_ more: [AuditFinding]) { findings += more }

    /// Gives each finding the position `locate` finds for its file and key (a report does this
    /// where it reads files again).
    public mutating func locateFindings(_ locate: (SourceFile, String) -> SourcePosition?) {
        for index in findings.indices where findings[index].position == nil {
            findings[index].position = locate(findings[index].file, findings[index].key)
        }
    }

    /// Keeps only the findings `isKept` says to keep (a baseline leaves out those already known).
    public mutating func keepFindings(where isKept: (AuditFinding) -> Bool) {
        findings = findings.filter(isKept)
    }

    /// The number of findings of each severity.
    public var counts: (errors: Int, warnings: Int, notes: Int) {
        (
            findings.count { $0.severity == .error }, findings.count { $0.severity == .warning },
            findings.count { $0.severity == .note }
        )
    }

    private static func appID(_ entitlements: EntitlementSources, _ files: AppFiles, _ bundleID: String?) -> String? {
        if let signed = entitlements["application-identifier"]?.stringValue, !signed.contains("*"),
            !signed.contains("$(")
        {
            return signed
        }
        guard let bundleID else { return nil }
        if let team = entitlements.signedTeamIdentifier { return team + "." + bundleID }
        if case .read(_, let profile)? = files.profile, let team = profile.teamIdentifiers.first {
            return team + "." + bundleID
        }
        return nil
    }

    private static func tracking(_ info: PropertyListDocument, isBrowser: Bool, entitlementsFile: SourceFile)
        -> [AuditFinding]
    {
        var findings: [AuditFinding] = []
        let key = "NSCrossWebsiteTrackingUsageDescription"
        if let value = info[key] {
            let text = value.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            if text.isEmpty {
                findings.append(
                    AuditFinding(
                        .itpPurposeStringInvalid, info.file, key: "/" + key,
                        "\(key) is \(value.stringValue == nil ? value.typeName : "an empty string"): the Settings switch shows no reason to the user"
                    ))
            }
            findings.append(
                AuditFinding(
                    .itpSwitch, info.file, key: "/" + key,
                    "\(key) is declared: the app's Settings page shows \"Allow Cross-Website Tracking\", and ITP is off in every web view when the user turns it on"
                ))
        } else if isBrowser {
            findings.append(
                AuditFinding(
                    .itpSwitch, entitlementsFile, key: "/" + AppBoundApp.browserEntitlement,
                    "the app is a browser: its Settings page shows \"Allow Cross-Website Tracking\", and ITP is off when the user turns it on"
                ))
        }
        return findings
    }

    /// A value of the wrong type, as an audit finding.
    private static func finding(_ problem: AppDeclarationProblem, info: SourceFile, entitlements: SourceFile)
        -> AuditFinding
    {
        let code: AuditCode =
            switch problem.subject {
            case .appBoundDomains: .appBoundKeyWrongType
            case .managedSettings: .managedSettingsWrongType
            case .associatedDomains: .associatedDomainsWrongType
            }
        let file = problem.file == .infoPlist ? info : entitlements
        return AuditFinding(code, file, key: problem.pointer, problem.description)
    }

    private static func allWebViewsUnmanaged(_ file: SourceFile) -> AuditFinding {
        AuditFinding(
            .managedAllWebViewsUnmanaged, file, key: "/IntuneMAMSettings/TreatAllWebViewsAsUnmanaged",
            "TreatAllWebViewsAsUnmanaged is YES: every web view holds unmanaged (personal) data, so pasting managed data into one follows the tenant's rules for unmanaged destinations"
        )
    }

    /// The associated-domains linter's findings, pointing at the entitlement array's own indices
    /// (the linter counts only the strings).
    private static func associatedDomainFindings(_ declarations: AppDeclarations, file: SourceFile) -> [AuditFinding] {
        guard let entitlement = declarations.associatedDomains else { return [] }
        let key = "/" + AppDeclarations.associatedDomainsKey
        let indices = declarations.associatedDomainsIndices
        return entitlement.findings.map { finding in
            var pointer = finding.pointer
            if let position = Int(pointer.dropFirst()), indices.indices.contains(position) {
                pointer = "/\(indices[position])"
            }
            return AuditFinding(linted: finding.code, finding.severity, file, key: key + pointer, finding.message)
        }
    }
}
