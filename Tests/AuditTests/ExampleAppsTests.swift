import AppFixtures
import AppManifest
import Audit
import Foundation
import StrictJSON
import Testing

/// Examples/apps: the five apps of seed 000 and the hybrid-framework apps of issue 17, made by
/// `ExampleApps`. The committed folders must be
/// what the code makes (profiles are compared by their signed content: a CMS signature is not
/// reproducible byte for byte); `WEBFENCE_WRITE_EXAMPLES=1` writes them again.
@Suite("Examples/apps: the seed's five apps and the hybrid-framework apps")
struct ExampleAppsTests {
    static let seedNames = ExampleApps.all.map(\.name)
    static let names = seedNames + ExampleApps.frameworkApps.map(\.name)

    @Test("the committed app is what ExampleApps makes", arguments: names)
    func committedMatchesGenerator(_ name: String) throws {
        if ProcessInfo.processInfo.environment["WEBFENCE_WRITE_EXAMPLES"] == "1" {
            try ExampleApps.write(to: ExampleApps.directory)
        }
        let builder = try #require((ExampleApps.all + ExampleApps.frameworkApps).first { $0.name == name })
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("examples-\(UUID())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let made = try builder.write(in: scratch)
        let committed = ExampleApps.directory.appendingPathComponent(name + ".app")
        let hint = "run WEBFENCE_WRITE_EXAMPLES=1 swift test --filter ExampleAppsTests to write Examples/apps again"

        // Info.plist: same values and the same format (binary plists do not keep key order).
        let ours = try PropertyListDocument.read(
            made.appendingPathComponent("Info.plist"), as: SourceFile(path: "made"))
        let theirs = try PropertyListDocument.read(
            committed.appendingPathComponent("Info.plist"), as: SourceFile(path: "committed"))
        #expect(ours.members == theirs.members && ours.format == theirs.format, "\(name) Info.plist: \(hint)")
        // The executable: byte for byte.
        let executableName = builder.executableName ?? name
        let executable = try Data(contentsOf: made.appendingPathComponent(executableName))
        #expect(
            executable == (try Data(contentsOf: committed.appendingPathComponent(executableName))),
            "\(name) executable: \(hint)")
        // The profile: the same signed content, a signature that verifies.
        let madeProfile = try ProvisioningProfile(contentsOf: made.appendingPathComponent("embedded.mobileprovision"))
        let committedProfile = try ProvisioningProfile(
            contentsOf: committed.appendingPathComponent("embedded.mobileprovision"))
        #expect(madeProfile.content == committedProfile.content, "\(name) profile: \(hint)")
        guard case .valid = committedProfile.signature else {
            Issue.record("\(name): the committed profile's signature does not verify: \(committedProfile.signature)")
            return
        }
        // The framework's files, byte for byte; nothing else in the folder.
        for (file, bytes) in builder.resources where !file.hasSuffix("/") {
            // A file in a folder (a resource bundle) is compared too.
            let committedBytes = try Data(contentsOf: committed.appendingPathComponent(file))
            #expect(committedBytes == Data(bytes), "\(name) \(file): \(hint)")
        }
        let resources = Set(builder.resources.keys.map { String($0.split(separator: "/")[0]) })
        let contents = try FileManager.default.contentsOfDirectory(atPath: committed.path).sorted()
        #expect(contents == (["Info.plist", "embedded.mobileprovision", executableName] + resources).sorted())
    }

    @Test("Examples/apps holds these apps and nothing else")
    func folder() throws {
        let contents = try FileManager.default.contentsOfDirectory(atPath: ExampleApps.directory.path).filter {
            !$0.hasPrefix(".")
        }
        #expect(contents.sorted() == Self.names.map { $0 + ".app" }.sorted())
    }

    @Test("each app audits as seed 000 describes it")
    func audits() throws {
        let audits = try AppFiles.read(at: ExampleApps.directory, displayPath: "Examples/apps").apps.map {
            AppAudit($0)
        }
        let byName = Dictionary(
            uniqueKeysWithValues: audits.map { (($0.files.path as NSString).lastPathComponent, $0) })
        #expect(byName.count == Self.names.count)
        for audit in audits
        where Self.seedNames.contains(
            (audit.files.path as NSString).lastPathComponent.replacingOccurrences(of: ".app", with: ""))
        {
            #expect(audit.entitlements.origin == .signature, "\(audit.files.path)")
            #expect(audit.counts.errors == 0 && audit.counts.warnings == 0, "\(audit.files.path): \(audit.findings)")
            #expect(audit.appID == "ABCDE12345." + (audit.bundleIdentifier ?? ""))
        }
        // UnchangedApp: no key, nothing restricted anywhere.
        let unchanged = try #require(byName["UnchangedApp.app"])
        #expect(unchanged.appBoundList.isPresent == false && unchanged.findings.isEmpty)
        #expect(
            unchanged.webViews.allSatisfy { $0.capabilities.first { $0.name == "restrictedAPIs" }?.rule == .featureOff }
        )
        // ShopApp: two domains; a limits web view has the APIs there; universal binary, binary plist.
        let shop = try #require(byName["ShopApp.app"])
        #expect(shop.appBoundList.domains?.domains == ["shop.example", "shop-cdn.example"])
        #expect(shop.files.infoPlist.format == .binary)
        if case .read(_, let executable)? = shop.files.executable {
            #expect(executable.isFat && executable.slices.map(\.architecture) == ["arm64", "x86_64"])
        } else {
            Issue.record("ShopApp's executable was not read")
        }
        #expect(
            shop.associatedDomains?.domains.map(\.text) == ["applinks:shop.example", "webcredentials:shop.example"])
        // SocialApp: the empty key, restricted APIs blocked on every page.
        let social = try #require(byName["SocialApp.app"])
        #expect(social.findings.map(\.code) == ["appBound.key.empty"])
        // BrowserApp: the browser entitlement; ITP switch shown.
        let browser = try #require(byName["BrowserApp.app"])
        #expect(browser.appBound.isBrowser && browser.tracking.settingsSwitchShown)
        #expect(browser.findings.map(\.code) == ["itp.switch"])
        // HybridApp: one domain.
        let hybrid = try #require(byName["HybridApp.app"])
        #expect(hybrid.appBoundList.domains?.domains == ["hybrid.example"])
        #expect(hybrid.findings.isEmpty)
    }

    @Test("every framework finding code: triggered by a framework app, absent from its fixed twin")
    func frameworkApps() throws {
        let audits = try AppFiles.read(at: ExampleApps.directory, displayPath: "Examples/apps").apps.map {
            AppAudit($0)
        }
        let byName = Dictionary(
            uniqueKeysWithValues: audits.map {
                (($0.files.path as NSString).lastPathComponent.replacingOccurrences(of: ".app", with: ""), $0)
            })
        let frameworkCodes = AuditCatalog.rules.map(\.code).filter {
            ["framework.", "capacitor.", "cordova.", "reactNativeWebView.", "hotwire.", "pwabuilder."].contains(
                where: $0.hasPrefix)
        }
        var triggered: Set<String> = []
        for (broken, fixed) in ExampleApps.twins {
            let brokenAudit = try #require(byName[broken])
            let fixedAudit = try #require(byName[fixed])
            let codes = Set(brokenAudit.findings.map(\.code)).intersection(frameworkCodes)
            #expect(!codes.isEmpty, "\(broken) triggers no framework code")
            for code in codes {
                #expect(!fixedAudit.findings.contains { $0.code == code }, "\(fixed) still has \(code)")
            }
            triggered.formUnion(codes)
        }
        // Examples/projects triggers the codes of a configuration left in a development state
        // (ExampleProjectsTests holds each to its project and twin).
        triggered.formUnion(Set(ExampleProjectsTests.projects.flatMap(\.codes)).intersection(frameworkCodes))
        #expect(triggered == Set(frameworkCodes), "not triggered: \(Set(frameworkCodes).subtracting(triggered))")
        for fixed in Set(ExampleApps.twins.values) {
            let audit = try #require(byName[fixed])
            #expect(audit.counts.errors == 0 && audit.counts.warnings == 0, "\(fixed): \(audit.findings)")
            #expect(audit.framework?.policy != nil, "\(fixed) is read as a framework app")
        }
    }

    @Test("the Flutter apps: 6.1.5's bridge for every frame, gone in its 6.2 twin; webview_flutter's channels noted")
    func flutterApps() throws {
        let audits = try AppFiles.read(at: ExampleApps.directory, displayPath: "Examples/apps").apps.map {
            AppAudit($0)
        }
        func codes(_ name: String) throws -> [String] {
            try #require(audits.first { ($0.files.path as NSString).lastPathComponent == name + ".app" }).findings.map(
                \.code)
        }
        for (broken, fixed) in ExampleApps.flutterTwins {
            #expect(try codes(broken).contains("flutter.inAppWebView.bridgeEveryFrame"))
            #expect(try !codes(fixed).contains { $0.hasPrefix("flutter.") })
        }
        #expect(try codes("WebViewFlutterApp").contains("flutter.webviewFlutter.channelsEveryFrame"))
    }
}
