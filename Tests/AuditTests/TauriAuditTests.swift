import AppFixtures
import AppManifest
import Audit
import Foundation
import Testing

/// A Tauri project's capability files in TOML, read as Tauri reads them (D122), and the files the
/// audit cannot use named with their place.
@Suite("Audit: a Tauri project's capabilities in TOML, and files it cannot read")
struct TauriAuditTests {
    /// The ShopApp's Info.plist in `Shop/`, Tauri's files around it.
    static func project(_ files: [String: String]) -> AuditSketch {
        var sketch = AuditSketch.shop.with("Tauri \(files.keys.sorted())") { $0.asProject = true }
        sketch.projectFiles = ["tauri.conf.json": #"{"app": {"windows": [{}]}}"#].merging(files) { $1 }
        return sketch
    }

    @Test("a TOML capability is read as its JSON twin: the same finding, at the TOML file")
    func toml() throws {
        let toml = """
            identifier = "sites"
            windows = ["main"]
            local = false
            permissions = ["core:event:default"]

            [remote]
            urls = ["https://*"]
            """
        let findings = try Self.project(["capabilities/sites.toml": toml]).audit().findings
        let everyHost = try #require(findings.first { $0.code == "tauri.capability.everyHost" })
        #expect(everyHost.file.path.hasSuffix("capabilities/sites.toml"))
        #expect(everyHost.message.contains(#"remote URL "https://*""#))
        let json =
            #"{"identifier": "sites", "windows": ["main"], "local": false, "permissions": ["core:event:default"], "remote": {"urls": ["https://*.shop.example", "https://shop.example"]}}"#
        let fixed = try Self.project(["capabilities/sites.json": json]).audit().findings
        #expect(!fixed.contains { $0.code.hasPrefix("tauri.") || $0.code.hasPrefix("framework.") }, "\(fixed)")
    }

    @Test("files over the size cap are refused by name, never skipped; nothing above the folder audited is read")
    func bounds() throws {
        let large = String(repeating: " ", count: (4 << 20) + 1)
        let oversized = try Self.project(["tauri.conf.json": large]).audit().findings
        let finding = try #require(oversized.first { $0.code == "framework.configuration.unreadable" })
        #expect(finding.file.path.hasSuffix("tauri.conf.json") && finding.message.contains("larger than"))
        // A pre-release in Cargo.lock is before its release; a Cargo.lock above the folder audited
        // is not read (the audit's folder holds Shop/ and tauri.conf.json).
        let rc = try Self.project(["Cargo.lock": "[[package]]\nname = \"tauri\"\nversion = \"2.0.0-rc.17\"\n"])
            .audit().findings
        #expect(rc.contains { $0.code == "tauri.appCommands.remote" }, "\(rc)")
        // A workspace's Cargo.lock beside the project is read only when its folder is the one audited.
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tauri-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = [
            "Cargo.lock": "[[package]]\nname = \"tauri\"\nversion = \"2.0.0\"\n",
            "proj/tauri.conf.json": #"{"app": {"windows": [{}]}}"#,
            "proj/Shop/Info.plist":
                #"<plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.example.shop</string></dict></plist>"#,
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        func lockRead(auditing folder: URL) throws -> Bool {
            let app = try #require(try AppFiles.read(at: folder, displayPath: "x").apps.first)
            return try #require(app.frameworkFiles.tauri).lockFile != nil
        }
        #expect(try lockRead(auditing: root))
        #expect(try !lockRead(auditing: root.appendingPathComponent("proj")))
    }

    @Test("a TOML file that does not read, and a capability Tauri refuses: unreadable, naming the file and place")
    func unreadable() throws {
        let broken = try Self.project(["capabilities/sites.toml": "identifier = \"sites\"\nwindows = [\"main\""])
            .audit().findings
        let finding = try #require(broken.first { $0.code == "framework.configuration.unreadable" })
        #expect(finding.file.path.hasSuffix("capabilities/sites.toml"))
        #expect(finding.message.contains("line 2"), "\(finding.message)")
        let refused = try Self.project([
            "capabilities/sites.json":
                #"{"identifier": "sites", "remote": {"urls": ["example.com"]}, "permissions": []}"#
        ]).audit().findings
        let named = try #require(refused.first { $0.code == "framework.configuration.unreadable" })
        #expect(named.file.path.hasSuffix("capabilities/sites.json"), "\(named)")
        #expect(named.message.contains("no scheme"), "\(named.message)")
    }
}
