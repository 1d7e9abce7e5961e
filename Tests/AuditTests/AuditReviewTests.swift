import AppFixtures
import AppManifest
import Foundation
import StrictJSON
import Testing

@testable import Audit

/// Cases a review of the audit found (issue 6): what is in force, and what a web view may do, when
/// the files are odd.
@Suite("Audit: entitlements in force and capabilities in odd apps")
struct AuditReviewTests {
    @Test(
        "a universal binary: the arm64 slice's entitlements are in force, even when it has no entitlement blob; the other slice differs"
    )
    func sliceInForce() throws {
        let plain = CodeSignatureBuilder(
            identifier: "com.example.shop", teamIdentifier: "ABCDE12345", xml: nil, der: nil)
        let browser = CodeSignatureBuilder(
            identifier: "com.example.shop", teamIdentifier: "ABCDE12345",
            entitlements: .object(["com.apple.developer.web-browser": .bool(true)]))
        let sketch = AuditSketch.shop.with("x86_64 browser, arm64 without entitlements") {
            $0.app.executable = .fat(
                [MachOBuilder(.x86_64, signature: browser), MachOBuilder(.arm64, signature: plain)], .fat32)
        }
        let audit = try sketch.audit()
        #expect(audit.entitlements.signedArchitecture == "arm64")
        #expect(audit.entitlements.values.isEmpty)
        #expect(!audit.appBound.isBrowser)
        #expect(audit.findings.contains { $0.code == "entitlements.slicesDiffer" && $0.key == "/x86_64/entitlements" })
    }

    @Test("a WKAppBoundDomains of the wrong type: no web view capability at all, not 'feature off'")
    func unreadableList() throws {
        let audit = try AuditSketch.shop.with("WKAppBoundDomains a string") {
            $0.setInfo("WKAppBoundDomains", .string("shop.example"))
        }.audit()
        for view in audit.webViews {
            #expect(view.capabilities.allSatisfy { $0.rule == .listUnreadable }, "\(view)")
        }
    }

    @Test("limits on with no domain listed: service workers on loopback pages only")
    func serviceWorkersWithoutDomains() throws {
        let audit = try AuditSketch.shop.with("empty list") { $0.setInfo("WKAppBoundDomains", .array([])) }.audit()
        let limits = try #require(audit.webViews.first { $0.configuration == .limitsNavigationsToAppBoundDomains })
        #expect(limits.capabilities.first { $0.name == "serviceWorkers" }?.rule == .serviceWorkerLoopback)
    }

    @Test("profile grants: wildcards (one or several *), arrays, and a Boolean granted but signed off")
    func grants() {
        #expect(EntitlementSources.allows(.string("*"), .array([.string("applinks:shop.example")])))
        #expect(EntitlementSources.allows(.string("ABCDE12345.*"), .string("ABCDE12345.com.example.shop")))
        #expect(EntitlementSources.allows(.array([.string("ABCDE12345.**")]), .array([.string("ABCDE12345.c")])))
        #expect(EntitlementSources.allows(.array([.string("A*B*C")]), .array([.string("AxxBxxC")])))
        #expect(!EntitlementSources.allows(.array([.string("A*B*C")]), .array([.string("AxxC")])))
        #expect(!EntitlementSources.allows(.string("ABCDE12345.*"), .string("ZZZZZ99999.com.example.shop")))
        #expect(!EntitlementSources.allows(.string("ab*b"), .string("ab")))
        #expect(EntitlementSources.allows(.bool(true), .bool(false)))
        #expect(!EntitlementSources.allows(.bool(false), .bool(true)))
    }

    @Test("a bundle is a bundle whatever its folder's name: a built app copied to Bundle/ is read signed")
    func bundleByContent() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bundle-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let app = try ExampleApps.all[3].write(in: directory)
        let renamed = directory.appendingPathComponent("Bundle")
        try FileManager.default.moveItem(at: app, to: renamed)
        let reading = try AppFiles.read(at: renamed, displayPath: "Bundle")
        let audit = AppAudit(try #require(reading.apps.first))
        #expect(audit.files.kind == .app && audit.entitlements.origin == .signature && audit.appBound.isBrowser)
        // In a folder, too.
        let inFolder = try AppFiles.read(at: directory, displayPath: "apps")
        #expect(inFolder.apps.map(\.path) == ["apps/Bundle"])
    }
}
