import HybridFrameworks
import StrictJSON
import Testing
import WebAddress

/// Tauri 2's IPC, spec §14a–§14b: the sample cases of §14f with the decision, origin, rule and
/// bypass, and the URL patterns of `remote.urls`.
struct TauriBridgeTests {
    static let main = #"{"identifier": "main", "windows": ["main"], "permissions": ["core:default"]}"#

    static func decide(
        _ capabilities: [String], _ url: String, main: Bool = true, command: String? = nil, extra: String = "",
        version: String? = nil
    ) throws -> FrameworkBridgeDecision {
        let json = #"{"capabilities": [\#(capabilities.joined(separator: ","))]\#(extra)}"#
        let policy = try BridgePolicy.read(
            framework: "tauri", version: version, configuration: try JSONParser.parse(json), at: "")
        return try policy.decide(try WebURL(url), isMainFrame: main, command: command)
    }

    @Test("§14f 1: the app's own page calls a core command: allowed, local")
    func row1() throws {
        let decision = try Self.decide([Self.main], "tauri://localhost/", command: "plugin:event|listen")
        #expect(decision.offered && decision.accepted && !decision.isBypass)
        #expect(decision.origin == "tauri://localhost")
        #expect(decision.rule.code == "tauri.capability" && decision.rule.entry == "main")
    }

    @Test(
        "§14f 2–4: a remote top-level page gets the IPC script and key; plugin commands refused; app commands ran before 2.11.2"
    )
    func rows2to4() throws {
        let page = try Self.decide([Self.main], "https://evil.net/")
        #expect(page.offered && page.isBypass && !page.accepted)
        let plugin = try Self.decide([Self.main], "https://evil.net/", command: "plugin:event|listen")
        #expect(plugin.offered && !plugin.accepted && plugin.rule.code == "tauri.noCapability")
        #expect(plugin.rule.reason.hasPrefix("plugin:event|listen not allowed by ACL"))
        let old = try Self.decide([Self.main], "https://evil.net/", command: "my_cmd", version: "2.11.1")
        #expect(old.accepted && old.isBypass && old.rule.code == "tauri.appCommand.ungated")
        let new = try Self.decide([Self.main], "https://evil.net/", command: "my_cmd", version: "2.11.2")
        #expect(!new.accepted)
        // An app manifest puts app commands under the ACL in every release.
        let manifest = try Self.decide(
            [Self.main], "https://evil.net/", command: "my_cmd", extra: #", "appManifest": true"#, version: "2.0.6")
        #expect(!manifest.accepted)
        // Locally, without a manifest, app commands need no capability.
        #expect(try Self.decide([], "tauri://localhost/", command: "save_note").accepted)
        // Cargo.lock's pre-releases: before their release (2.11.2-rc.1 still lets remote pages in).
        for (version, ungated) in [("2.0.0-rc.17", true), ("2.11.2-rc.1", true), ("2.11.3-beta.0", false)] {
            let decision = try Self.decide([Self.main], "https://evil.net/", command: "my_cmd", version: version)
            #expect(decision.accepted == ungated, "\(version)")
        }
        for version in ["2.11", "2.11.x", "3.0.0", "2..1", "-rc"] {
            #expect(throws: BridgePolicyError.self, "\(version)") {
                try Self.decide([Self.main], "https://evil.net/", command: "my_cmd", version: version)
            }
        }
    }

    static let opener =
        #"{"identifier": "remote", "windows": ["main"], "remote": {"urls": ["https://*.example.com"]}, "permissions": ["opener:default"]}"#

    @Test("§14f 6, 7: *. admits one or more labels, never the bare domain")
    func rows6and7() throws {
        let sub = try Self.decide(
            [Self.main, Self.opener], "https://app.example.com/x", command: "plugin:opener|open_url")
        #expect(sub.accepted && !sub.isBypass && sub.rule.entry == "remote")
        #expect(try Self.decide([Self.opener], "https://a.b.example.com/", command: "plugin:opener|open_url").accepted)
        let bare = try Self.decide([Self.main, Self.opener], "https://example.com/", command: "plugin:opener|open_url")
        #expect(bare.offered && !bare.accepted && bare.isBypass)
    }

    @Test("§14f 9, 11: a pattern without a path admits any path, query and fragment; a path pattern its paths")
    func rows9and11() throws {
        let any =
            #"{"identifier": "r", "windows": ["main"], "remote": {"urls": ["https://example.com"]}, "permissions": ["opener:default"]}"#
        #expect(try Self.decide([any], "https://example.com/a?b#c", command: "plugin:opener|open_url").accepted)
        #expect(!(try Self.decide([any], "https://example.com:8443/", command: "plugin:opener|open_url").accepted))
        let path =
            #"{"identifier": "r", "windows": ["main"], "remote": {"urls": ["https://example.com/app/*"]}, "permissions": ["opener:default"]}"#
        // The frame's URL, as the postMessage path sends it (D119).
        #expect(try Self.decide([path], "https://example.com/app/x", command: "plugin:opener|open_url").accepted)
        #expect(!(try Self.decide([path], "https://example.com/other", command: "plugin:opener|open_url").accepted))
    }

    @Test("§14f 12, 13: the window label must match; a cross-origin iframe has no invoke key")
    func rows12and13() throws {
        let other =
            #"{"identifier": "remote", "windows": ["other"], "remote": {"urls": ["https://*.example.com"]}, "permissions": ["opener:default"]}"#
        #expect(!(try Self.decide([other], "https://app.example.com/", command: "plugin:opener|open_url").accepted))
        #expect(
            try Self.decide(
                [other], "https://app.example.com/", command: "plugin:opener|open_url", extra: #", "window": "other""#
            ).accepted)
        let frame = try Self.decide([Self.main], "https://ads.net/", main: false, command: "plugin:event|listen")
        #expect(!frame.offered && !frame.accepted && frame.rule.code == "tauri.subFrame")
    }

    @Test("§14f 16, 17: a registered protocol is local whatever its host; frontendDist names one origin, no suffix")
    func rows16and17() throws {
        let stream = try Self.decide(
            [Self.main], "stream://anything/x", command: "plugin:event|listen",
            extra: #", "customProtocols": ["stream"]"#)
        #expect(stream.accepted && !stream.isBypass)
        let dist = #", "frontendDist": "https://app.example.com""#
        #expect(
            try Self.decide([Self.main], "https://app.example.com/", command: "plugin:event|listen", extra: dist)
                .accepted)
        let lookalike = try Self.decide(
            [Self.main], "https://app.example.com.evil.net/", command: "plugin:event|listen", extra: dist)
        #expect(!lookalike.accepted && lookalike.isBypass)
    }

    @Test("core sets hold their real commands; a deny anywhere denies everywhere; platforms")
    func permissions() throws {
        // core:default has the window getters, not the setters.
        #expect(try Self.decide([Self.main], "tauri://localhost/", command: "plugin:window|title").accepted)
        let setter = try Self.decide([Self.main], "tauri://localhost/", command: "plugin:window|set_title")
        #expect(!setter.accepted && setter.rule.code == "tauri.notGranted")
        let allowed = #"{"identifier": "w", "windows": ["main"], "permissions": ["core:window:allow-set-title"]}"#
        #expect(try Self.decide([allowed], "tauri://localhost/", command: "plugin:window|set_title").accepted)
        let deny = #"{"identifier": "d", "windows": ["nowhere"], "permissions": ["core:event:deny-listen"]}"#
        let denied = try Self.decide([Self.main, deny], "tauri://localhost/", command: "plugin:event|listen")
        #expect(!denied.accepted && denied.rule.code == "tauri.denied")
        let desktop =
            #"{"identifier": "m", "windows": ["main"], "permissions": ["core:default"], "platforms": ["macOS"]}"#
        #expect(!(try Self.decide([desktop], "tauri://localhost/", command: "plugin:event|listen").accepted))
        let glob = #"{"identifier": "g", "windows": ["ma*"], "permissions": ["core:default"]}"#
        #expect(try Self.decide([glob], "tauri://localhost/", command: "plugin:event|listen").accepted)
    }

    @Test(
        "remote.urls outside the evaluated URLPattern subset, or refused by Tauri at build: a failure naming the entry",
        arguments: [
            "example.com", "https://:sub.example.com", "https://example.com/:id", "https://example.com/a?x=1",
            "http{s}?://a.com",
        ])
    func patternFailures(_ entry: String) throws {
        let capability =
            #"{"identifier": "r", "windows": ["main"], "remote": {"urls": ["\#(entry)"]}, "permissions": []}"#
        #expect {
            _ = try Self.decide([capability], "https://example.com/")
        } throws: { error in
            "\(error)".contains("/capabilities/0/remote/urls/0")
        }
    }

    @Test("the configuration's shape: capabilities required, unknown keys refused with their pointer")
    func shape() throws {
        #expect(throws: BridgePolicyError.self) {
            _ = try BridgePolicy.read(
                framework: "tauri", version: nil, configuration: try JSONParser.parse("{}"), at: "/config")
        }
        #expect(throws: BridgePolicyError.self) {
            _ = try BridgePolicy.read(
                framework: "tauri", version: "1.8.1", configuration: try JSONParser.parse(#"{"capabilities": []}"#),
                at: "")
        }
        let unknown = #"{"capabilities": [{"identifier": "x", "permissions": [], "remotes": {}}]}"#
        #expect {
            _ = try BridgePolicy.read(
                framework: "tauri", version: nil, configuration: try JSONParser.parse(unknown), at: "/config")
        } throws: { error in
            "\(error)".hasPrefix("/config/capabilities/0/remotes: unknown key")
        }
    }
}

/// A Tauri project read from its files (spec §14a, §14d).
struct TauriProjectTests {
    static func files(
        _ configuration: String, capabilities: [(String, String)] = [], lock: String? = nil, build: String? = nil
    ) -> TauriProject.Files {
        TauriProject.Files(
            configuration: Array(configuration.utf8), capabilities: capabilities.map { ($0.0, Array($0.1.utf8)) },
            lockFile: lock, buildScript: build)
    }

    static let capability = #"{"identifier": "default", "windows": ["main"], "permissions": ["core:default"]}"#
    static let remote =
        #"[{"identifier": "help", "windows": ["main"], "local": false, "remote": {"urls": ["https://*.example.com"]}, "permissions": ["opener:default"]}]"#

    @Test("every capability file by default; the window, the app's origins, the release from Cargo.lock")
    func reading() throws {
        let project = try TauriProject.read(
            Self.files(
                #"{"build": {"devUrl": "http://localhost:1420", "frontendDist": "../dist"}, "app": {"windows": [{"label": "editor", "limitNavigationsToAppBoundDomains": true}]}}"#,
                capabilities: [
                    ("capabilities/default.json", Self.capability), ("capabilities/help.json", Self.remote),
                ],
                lock: "[[package]]\nname = \"tauri\"\nversion = \"2.10.3\"\n",
                build: "fn main() { tauri_build::build() }"))
        #expect(project.configuration.window == "editor")
        #expect(project.configuration.capabilities.map(\.identifier) == ["default", "help"])
        #expect(project.configuration.capabilities[1].place == "capabilities/help.json#/0")
        #expect(project.configuration.devURL?.href == "http://localhost:1420/")
        #expect(project.configuration.frontendDist == nil)
        #expect(project.version == "2.10.3")
        #expect(project.limitsNavigationsToAppBoundDomains && project.appleSpelling == nil)
        #expect(!project.configuration.appManifest)
    }

    @Test(
        "app.security.capabilities picks files' capabilities by identifier and takes inline ones; Apple's spelling noted"
    )
    func listed() throws {
        let project = try TauriProject.read(
            Self.files(
                #"{"app": {"windows": [{"limitsNavigationsToAppBoundDomains": true}], "security": {"capabilities": ["help", {"identifier": "inline", "windows": ["*"], "permissions": []}]}}}"#,
                capabilities: [
                    ("capabilities/default.json", Self.capability), ("capabilities/help.json", Self.remote),
                ],
                build:
                    "tauri_build::try_build(Attributes::new().app_manifest(AppManifest::new().commands(&[\"save\"])))"))
        #expect(project.configuration.capabilities.map(\.identifier) == ["help", "inline"])
        #expect(project.appleSpelling == "/app/windows/0" && !project.limitsNavigationsToAppBoundDomains)
        #expect(project.configuration.appManifest)
        #expect(throws: BridgePolicyError.self) {
            _ = try TauriProject.read(Self.files(#"{"app": {"security": {"capabilities": ["missing"]}}}"#))
        }
    }
}

extension TauriBridgeTests {
    @Test("a deny in a capability for another platform does not deny on iOS; a set is marked as assumed")
    func platformsAndSets() throws {
        let desktopDeny =
            #"{"identifier": "d", "windows": ["main"], "permissions": ["core:event:deny-listen"], "platforms": ["macOS"]}"#
        #expect(
            try Self.decide([Self.main, desktopDeny], "tauri://localhost/", command: "plugin:event|listen").accepted)
        let set = try Self.decide(
            [#"{"identifier": "f", "windows": ["main"], "permissions": ["fs:default", "fs:scope-appdata"]}"#],
            "tauri://localhost/", command: "plugin:fs|read_file")
        #expect(set.accepted && set.rule.code == "tauri.capability.assumedSet")
        let scopeOnly = try Self.decide(
            [#"{"identifier": "f", "windows": ["main"], "permissions": ["fs:scope-appdata"]}"#], "tauri://localhost/",
            command: "plugin:fs|read_file")
        #expect(!scopeOnly.accepted)
        #expect(throws: BridgePolicyError.self) {
            _ = try Self.decide(
                [#"{"identifier": "p", "windows": ["main"], "permissions": [], "platforms": ["ios"]}"#],
                "tauri://localhost/")
        }
    }
}
