import AppManifest
import ArgumentParser
import AssociationFetchCore
import Audit
import FindingReports
import Foundation
import WebFenceCommandLine

/// `webfence audit PATH`: an app's web-content posture from its real files (spec/interfaces.md §5).
struct AuditCommand: AsyncParsableCommand, FetchingCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Report how an app's web content is governed, from its real files, with a finding for what is wrong.",
        discussion: """
            PATH is an .app folder, an .ipa, an Info.plist (with --entitlements, or else with each \
            .entitlements file beside it), or a folder holding them (every .app and .ipa in it, two \
            folders deep; or else every Info.plist with the .entitlements file beside it). Several \
            paths may be named (a pre-commit hook passes every changed Info.plist and .entitlements \
            file: an .entitlements file stands for the Info.plist beside it).

            Read: Info.plist (XML or binary); the entitlements signed into the main executable \
            (Mach-O, thin or universal: the code signature's XML and DER blobs); \
            embedded.mobileprovision (its signed plist and signature); and the project's \
            .entitlements file. The signed entitlements are the ones in force; where the sources \
            disagree, a finding says so. From an .ipa only those files are extracted.

            Reported: App-Bound Domains as the engine reads them (each entry kept, dropped and why, \
            the 10-entry cap); what a web view may do by default and with \
            limitsNavigationsToAppBoundDomains; the browser entitlement and prohibited usage \
            strings; the ITP switch; IntuneMAMSettings; associated domains per service with every \
            entitlement finding; with --fetch, each applinks domain's association file fetched as a \
            device does and checked for the app's ID. Every finding has a stable code, a severity, \
            the file and key it is about, and a fix (docs/audit.md lists them).

            Every finding read from a text file (an XML Info.plist or .entitlements, \
            capacitor.config.json, config.xml, Settings.swift) has its line and column; one in a \
            binary plist, an executable or an .ipa names its file and key. --format xcode, github, \
            gitlab and sarif write the findings for Xcode, GitHub Actions, GitLab Code Quality and \
            code scanning (SARIF 2.1.0). --write-baseline FILE records today's findings; --baseline \
            FILE then leaves them out, so only new ones are reported (docs/ci.md).

            Exit status: 0 no finding at --fail-on's severity (error by default) or above; 1 such a \
            finding; 2 unusable input (no \
            such path, no app in a folder, an Info.plist or .entitlements file that does not read or \
            is not a dictionary, a damaged .ipa; in a folder, the apps that do read are still \
            reported, and each that does not is named on stderr).

            Examples:
              webfence audit Examples/apps
              webfence audit Examples/apps/ShopApp.app --format sarif > audit.sarif
              webfence audit App/Info.plist --entitlements App/App.entitlements --format xcode
              webfence audit App/Info.plist --entitlements App/App.entitlements
              webfence audit Shop.ipa --fetch --app-id ABCDE12345.com.example.shop
            """
    )

    @Argument(
        help: ArgumentHelp(
            "An .app, an .ipa, an Info.plist (or the .entitlements file beside one), or a folder holding them.",
            valueName: "path"))
    var paths: [String]

    @Option(help: ArgumentHelp("The project's .entitlements file (compared with the signed ones).", valueName: "file"))
    var entitlements: String?

    @Option(
        name: .customLong("app-id"),
        help: ArgumentHelp("The app's ID (<team>.<bundle ID>), used when the files do not give it.", valueName: "id"))
    var appID: String?

    @Flag(help: "Fetch each applinks domain's association file as a device does, and check it names the app.")
    var fetch = false

    /// It fetches with --fetch only.
    var fetches: Bool { fetch }

    @OptionGroup(title: "With --fetch") var fetching: FetchOptions

    @OptionGroup var report: ReportOptions

    func validate() throws {
        if !fetch, fetching.isGiven { throw ValidationError("--ca-file and --timeout are used with --fetch only.") }
        if paths.isEmpty {
            throw ValidationError("Name the app to audit: an .app, an .ipa, an Info.plist or a folder.")
        }
    }

    /// The apps at every path. An `.entitlements` file stands for the Info.plist beside it, which
    /// is read with each `.entitlements` file beside it; a path named twice is read once. With one
    /// path, a path that cannot be read is unusable input (exit 2); with several, it is named on
    /// stderr and the others are audited.
    func read() throws -> AppFiles.Reading {
        var targets: [String] = []
        for path in paths {
            var target = path
            if path.hasSuffix(".entitlements"), entitlements == nil {
                target = ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent("Info.plist")
                guard FileManager.default.fileExists(atPath: target) else {
                    throw InputError(
                        path, "no Info.plist beside it: an .entitlements file is audited with its app's Info.plist")
                }
            }
            if !targets.contains(target) { targets.append(target) }
        }
        var reading = AppFiles.Reading()
        for path in targets {
            do {
                let read = try AppFiles.read(
                    at: URL(fileURLWithPath: path), displayPath: path,
                    entitlements: entitlements.map { URL(fileURLWithPath: $0) }, entitlementsDisplayPath: entitlements)
                reading.apps += read.apps
                reading.unusable += read.unusable
            } catch {
                if targets.count == 1 { throw InputError(error.path, error.message) }
                reading.unusable.append(error)
            }
        }
        // Options about one app must not be applied to several.
        if reading.apps.count + reading.unusable.count > 1 {
            let holds = paths.count == 1 ? "\(paths[0]) holds" : "\(paths.joined(separator: ", ")) hold"
            if entitlements != nil { throw InputError("--entitlements", "\(holds) several apps: name one of them") }
            if appID != nil { throw InputError("--app-id", "\(holds) several apps: name one of them") }
        }
        return reading
    }

    func run() async throws {
        try checkAppIDOption(appID)
        let reading = try read()
        for failure in reading.unusable { Terminal.standardError.write("webfence: \(failure)\n") }
        var audits = reading.apps.map { AppAudit($0, appID: appID) }
        var fetchResults: [[AuditFetch.Result]] = Array(repeating: [], count: audits.count)
        if fetch {
            let fetcher = try fetching.fetcher()
            for index in audits.indices {
                let results = await AuditFetch.run(audits[index], fetcher: fetcher) { url in
                    if Terminal.standardError.isTerminal { Terminal.standardError.write("webfence: GET \(url) ...\n") }
                }
                fetchResults[index] = results
                audits[index].append(results.flatMap(\.findings))
            }
        }
        // Each finding at its line, when its file is text; then the baseline's.
        var locator = FindingLocations.locator()
        for index in audits.indices {
            audits[index].locateFindings { file, key in
                file.member == nil ? locator.position(of: key, in: file.path) : nil
            }
        }
        let known = try report.known(audits.flatMap(\.findings).map(AuditReport.reported))
        var next = 0
        for index in audits.indices {
            audits[index].keepFindings { _ in
                defer { next += 1 }
                return !known[next]
            }
        }
        let leftOut = known.count(where: { $0 })
        switch report.format {
        case .text:
            print(
                AuditText.render(audits, fetches: fetchResults, styled: { Terminal.standardOutput.styled($0, $1) }),
                terminator: "")
            if leftOut > 0 {
                print("\(TextReport.counted(leftOut, "finding")) left out: the baseline records them")
            }
        case .json: print(AuditJSON.render(audits, fetches: fetchResults, unusable: reading.unusable).serialized())
        default:
            Terminal.standardOutput.write(
                report.rendered(AuditReport.findings(audits, unusable: reading.unusable)) ?? "")
        }
        if !reading.unusable.isEmpty { throw ExitCode(ExitStatus.unusableInput) }
        try report.exitIfFailing(audits.flatMap(\.findings).map(\.severity))
    }
}
