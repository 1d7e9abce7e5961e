import AppFixtures
import Audit
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
            #"{"identifier": "sites", "windows": ["main"], "local": false, "permissions": ["core:event:default"], "remote": {"urls": ["https://*.shop.example"]}}"#
        let fixed = try Self.project(["capabilities/sites.json": json]).audit().findings
        #expect(!fixed.contains { $0.code.hasPrefix("tauri.") || $0.code.hasPrefix("framework.") }, "\(fixed)")
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
