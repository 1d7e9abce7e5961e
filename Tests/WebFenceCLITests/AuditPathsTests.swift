import AppFixtures
import Foundation
import StrictJSON
import Testing

/// `webfence audit` with the paths a pre-commit hook passes: a project's Info.plist is audited with
/// the `.entitlements` file beside it, an `.entitlements` file stands for that Info.plist, and
/// several paths are one run.
@Suite("webfence audit: project files and several paths")
final class AuditPathsTests {
    let directory: URL

    /// Each test's folder goes with it (Swift Testing makes one instance per test).
    deinit { try? FileManager.default.removeItem(at: directory) }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("audit-paths-\(UUID())")
        for (name, domains) in [("One", ["*.one.example"]), ("Two", ["two.example"])] {
            let folder = directory.appendingPathComponent(name)
            try PropertyListWriter.write(
                .object([
                    .init("CFBundleIdentifier", .string("com.example.\(name.lowercased())")),
                    .init("WKAppBoundDomains", .array(domains.map(JSONValue.string))),
                ]), format: .xml, to: folder.appendingPathComponent("Info.plist"))
            try PropertyListWriter.write(
                .object([
                    .init("application-identifier", .string("ABCDE12345.com.example.\(name.lowercased())")),
                    .init(
                        "com.apple.developer.associated-domains",
                        .array([.string("applinks:\(name.lowercased()).example"), .string("applinks:https://x/")])),
                ]), format: .xml, to: folder.appendingPathComponent("App.entitlements"))
        }
    }

    func audit(_ paths: [String], format: String = "json") throws -> (ProcessResult, JSONValue?) {
        let result = try WebFenceBinary.run(["audit"] + paths + ["--format", format], in: directory)
        return (result, try? JSONParser.parse(result.stdout))
    }

    @Test("an Info.plist alone is audited with the .entitlements file beside it")
    func pairsWithEntitlementsBeside() throws {
        let (result, document) = try audit(["One/Info.plist"])
        #expect(result.status == 1, "\(result.stderr)")
        let findings = document?["apps"]?[0]?["findings"]
        guard case .array(let list)? = findings else {
            Issue.record("no findings")
            return
        }
        let files = Set(list.compactMap { $0["file"]?["path"]?.stringValue })
        #expect(files.contains("One/App.entitlements"), "\(files)")
        #expect(list.contains { $0["code"] == .string("entitlement.path") })
    }

    @Test("an .entitlements file stands for its Info.plist; both named are audited once")
    func entitlementsStandsForItsApp() throws {
        let (alone, first) = try audit(["One/App.entitlements"])
        let (both, second) = try audit(["One/Info.plist", "One/App.entitlements"])
        #expect(alone.status == 1 && both.status == 1)
        guard case .array(let apps)? = second?["apps"] else {
            Issue.record("no apps")
            return
        }
        #expect(apps.count == 1)
        #expect(first?["apps"] == second?["apps"])
    }

    @Test("several paths are one run; one that cannot be read is named, the others are reported, exit 2")
    func severalPaths() throws {
        let (result, document) = try audit(["One/Info.plist", "Two/App.entitlements"], format: "xcode")
        #expect(result.status == 1)
        #expect(result.stdout.contains("One/App.entitlements:") && result.stdout.contains("Two/App.entitlements:"))
        _ = document
        let (broken, _) = try audit(["One/Info.plist", "Missing/Info.plist"], format: "xcode")
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("Missing/Info.plist"))
        #expect(broken.stdout.contains("One/App.entitlements:"))
        let (lonely, _) = try audit(["Nowhere/App.entitlements"])
        #expect(lonely.status == 2 && lonely.stderr.contains("no Info.plist beside it"), "\(lonely.stderr)")
    }
}
