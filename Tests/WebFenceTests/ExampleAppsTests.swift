import AppFixtures
import AppManifest
import Foundation
import Testing
import WebFence

/// Examples/apps: the five apps of seed 000, made by `ExampleApps`. The committed folders must be
/// what the code makes (profiles are compared by their signed content: a CMS signature is not
/// reproducible byte for byte); `WEBFENCE_WRITE_EXAMPLES=1` writes them again.
@Suite("Examples/apps: the seed's five apps")
struct ExampleAppsTests {
    static let names = ExampleApps.all.map(\.name)

    @Test("the committed app is what ExampleApps makes", arguments: names)
    func committedMatchesGenerator(_ name: String) throws {
        if ProcessInfo.processInfo.environment["WEBFENCE_WRITE_EXAMPLES"] == "1" {
            try ExampleApps.write(to: ExampleApps.directory)
        }
        let builder = try #require(ExampleApps.all.first { $0.name == name })
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
        let executable = try Data(contentsOf: made.appendingPathComponent(name))
        #expect(
            executable == (try Data(contentsOf: committed.appendingPathComponent(name))), "\(name) executable: \(hint)")
        // The profile: the same signed content, a signature that verifies.
        let madeProfile = try ProvisioningProfile(contentsOf: made.appendingPathComponent("embedded.mobileprovision"))
        let committedProfile = try ProvisioningProfile(
            contentsOf: committed.appendingPathComponent("embedded.mobileprovision"))
        #expect(madeProfile.content == committedProfile.content, "\(name) profile: \(hint)")
        guard case .valid = committedProfile.signature else {
            Issue.record("\(name): the committed profile's signature does not verify: \(committedProfile.signature)")
            return
        }
        // Nothing else in the folder.
        let contents = try FileManager.default.contentsOfDirectory(atPath: committed.path).sorted()
        #expect(contents == ["Info.plist", "embedded.mobileprovision", name].sorted())
    }

    @Test("Examples/apps holds the five apps and nothing else")
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
        #expect(byName.count == 5)
        for audit in audits {
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
}
