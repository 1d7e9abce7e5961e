import AppFixtures
import AppManifest
import Audit
import Foundation
import Testing

/// Examples/projects: project folders (an Info.plist with a framework's configuration beside it)
/// holding what real apps' configurations get wrong for a shipped app (issue 30), each with a
/// fixed twin. Each triggers its codes; its twin has none of them, and notes only.
@Suite("Examples/projects: configurations left in a development state, and their fixed twins")
struct ExampleProjectsTests {
    /// Each project, its fixed twin, and the codes it shows.
    static let projects: [(project: String, fixed: String, codes: Set<String>)] = [
        (
            "CapacitorLiveReload", "CapacitorLiveReloadFixed",
            [
                "framework.startPage.developmentServer", "framework.allowed.developmentServer",
                "framework.webInspector.enabled", "framework.appBound.flagWithoutList",
            ]
        ),
        (
            "CordovaChat", "CordovaChatFixed",
            [
                "framework.startPage.cleartext", "framework.allowed.cleartext", "framework.allowed.everyHost",
                "framework.webInspector.enabled",
            ]
        ),
        ("PWABuilderSample", "PWABuilderSampleFixed", ["pwabuilder.origin.sample", "pwabuilder.rootUrl.notAllowed"]),
        // A Flutter project (D124): its pubspec.lock locks flutter_inappwebview 6.1.5, the twin 6.2.0-beta.3.
        ("FlutterShop", "FlutterShopFixed", ["flutter.inAppWebView.bridgeEveryFrame"]),
        (
            "ReactNativeDebug", "ReactNativeDebugFixed",
            [
                "framework.startPage.developmentServer", "framework.allowed.everyHost",
                "framework.webInspector.enabled",
            ]
        ),
    ]

    static let directory = ExampleApps.packageRoot.appendingPathComponent("Examples/projects")

    static func audit(_ name: String) throws -> AppAudit {
        let reading = try AppFiles.read(
            at: directory.appendingPathComponent(name), displayPath: "Examples/projects/\(name)")
        let app = try #require(reading.apps.first)
        return AppAudit(app)
    }

    @Test(
        "the project shows its codes; its fixed twin none of them, and notes only", arguments: projects.map(\.project))
    func twins(_ name: String) throws {
        let pair = try #require(Self.projects.first { $0.project == name })
        let found = Set(try Self.audit(pair.project).findings.map(\.code))
        #expect(pair.codes.isSubset(of: found), "\(name): \(found)")
        let fixed = try Self.audit(pair.fixed).findings
        #expect(fixed.allSatisfy { !pair.codes.contains($0.code) && $0.severity == .note }, "\(pair.fixed): \(fixed)")
    }

    @Test("a project's message says the configuration may not be the shipped one")
    func projectWording() throws {
        let findings = try Self.audit("CapacitorLiveReload").findings
        let start = try #require(findings.first { $0.code == "framework.startPage.developmentServer" })
        #expect(start.message.contains("if this configuration is the one the app ships with"))
        #expect(start.message.contains("the Android emulator's alias"))
    }

    @Test("Examples/frameworks/tauri-app: the project beside its generated Info.plist, as its README says")
    func tauriProject() throws {
        let folder = ExampleApps.packageRoot.appendingPathComponent("Examples/frameworks/tauri-app/src-tauri")
        let reading = try AppFiles.read(at: folder, displayPath: "src-tauri")
        let app = try #require(reading.apps.first)
        #expect(app.path == "src-tauri/gen/apple/notes_iOS/Info.plist")
        let tauri = try #require(app.frameworkFiles.tauri)
        #expect(tauri.configuration.source.path == "src-tauri/tauri.conf.json")
        #expect(
            tauri.capabilities.map(\.source.path) == [
                "src-tauri/capabilities/default.json", "src-tauri/capabilities/help-site.json",
            ])
        let all = AppAudit(app).findings.filter { $0.code.hasPrefix("tauri.") }
        // help-site.json grants https://*.example.com, never example.com itself: a note of its own.
        #expect(all.map(\.code).last == "tauri.capability.subdomainsOnly")
        #expect(all.last?.file.path == "src-tauri/capabilities/help-site.json")
        let findings = all.filter { $0.code != "tauri.capability.subdomainsOnly" }
        #expect(findings.map(\.code) == ["tauri.appBound.appleSpelling", "tauri.appCommands.remote"])
        #expect(findings.first?.key == "/app/windows/0/limitsNavigationsToAppBoundDomains")
        #expect(findings.allSatisfy { $0.file.path == "src-tauri/tauri.conf.json" })
        // Nothing above the folder named is read: from gen/apple the project is not found.
        let below = try AppFiles.read(at: folder.appendingPathComponent("gen/apple"), displayPath: "apple")
        #expect(try #require(below.apps.first).frameworkFiles.tauri == nil)
    }

    @Test("Examples/projects holds these projects and nothing else")
    func folder() throws {
        let contents = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).filter {
            !$0.hasPrefix(".")
        }
        #expect(contents.sorted() == Self.projects.flatMap { [$0.project, $0.fixed] }.sorted())
    }
}
