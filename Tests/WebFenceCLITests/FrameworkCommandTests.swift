import Foundation
import Testing

/// `webfence framework check` and `framework rules` (interfaces §6), through the binary.
@Suite("webfence framework")
final class FrameworkCommandTests {
    /// The folders a test wrote, removed with it (Swift Testing makes one instance per test).
    private var folders: [URL] = []

    deinit { for folder in folders { try? FileManager.default.removeItem(at: folder) } }

    static func json(_ line: Substring) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    func temporaryFile(_ name: String, _ text: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("framework-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        folders.append(folder)
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test("check: the bundled Capacitor configuration's prefix hole, in text")
    func capacitorText() throws {
        let result = try WebFenceBinary.run([
            "framework", "check", "--framework", "capacitor", "--config",
            PackageFiles.url("Examples/frameworks/capacitor.config.json").path, "https://app.example.com.evil.net/",
            "https://pay.example.com/",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("allow          https://app.example.com.evil.net/  BYPASS"))
        #expect(result.stdout.contains("host app.example.com.evil.net; server.url \"https://app.example.com\""))
        #expect(result.stdout.contains("[capacitor.allowNavigation]"))
    }

    @Test("bridge and lint read flutter_inappwebview's settings in webfence-framework.json (D125)")
    func flutterSettingsFile() throws {
        let path = PackageFiles.url("Examples/projects/FlutterShopFixed/ios/Runner/webfence-framework.json").path
        let bridge = try WebFenceBinary.run([
            "framework", "bridge", "--framework", "flutter-inappwebview", "--config", path, "https://a.shop.example/",
            "https://shop.example.evil.net/",
        ])
        #expect(bridge.status == 0, "\(bridge.stderr)")
        #expect(bridge.stdout.contains("accepted  https://a.shop.example/"))
        #expect(bridge.stdout.contains("absent    https://shop.example.evil.net/"))
        let other = try WebFenceBinary.run([
            "framework", "bridge", "--framework", "webview-flutter", "--config", path, "https://a.shop.example/",
        ])
        #expect(other.status == 2)
        #expect(other.stderr.contains("the file is for flutter-inappwebview, not webview-flutter"))
        let lint = try WebFenceBinary.run(["framework", "lint", path])
        #expect(lint.status == 0, "\(lint.stdout)")
        #expect(lint.stdout.contains("no findings"))
    }

    @Test("check --format json: decision, host, bypass and the rule's parts")
    func cordovaJSON() throws {
        let result = try WebFenceBinary.run([
            "framework", "check", "--framework", "cordova-ios", "--config",
            PackageFiles.url("Examples/frameworks/config.xml").path, "--format", "json", "https://evil.net/",
            "tel:+15551234",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try Self.json(Substring(result.stdout))
        let results = try #require(document["results"] as? [[String: Any]])
        #expect(results.count == 2)
        #expect(results[0]["decision"] as? String == "allow")
        #expect(results[0]["bypass"] as? Bool == true)
        #expect(results[0]["ruleCode"] as? String == "cordova.allowNavigation")
        #expect(results[0]["ruleEntry"] as? String == "https://*youtube.com/*")
        #expect(results[1]["decision"] as? String == "openExternally")
        #expect(results[1]["host"] is NSNull)
    }

    @Test("check --jsonl: one answer per line, in order, exactly the keys of interfaces §6; a bad line is a failure")
    func jsonLines() throws {
        let input = [
            #"{"id": "a", "framework": "react-native-webview", "config": {"originWhitelist": ["https://trusted.com"]}, "url": "https://trusted.com@evil.net/"}"#,
            #"{"id": "b", "framework": "hotwire-native", "config": {"startLocation": "https://app.example.com/"}, "url": "https://evil.net/", "navigationType": "formSubmitted"}"#,
            #"{"id": "c", "framework": "capacitor", "config": {}, "url": "https://ads.example/", "frame": "sub"}"#,
            #"{"id": "d", "framework": "cordova-ios", "config": {"version": "9"}, "url": "https://x.example/"}"#,
            #"{"id": "e", "framework": "capacitor", "config": {}, "url": "http://[::1]:8080/", "newWindow": true}"#,
            "not json",
        ].joined(separator: "\n")
        let result = try WebFenceBinary.run(["framework", "check", "--jsonl"], stdin: input)
        #expect(result.status == 2)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 6)
        let a = try Self.json(lines[0])
        #expect(Set(a.keys) == ["id", "decision", "host", "bypass", "rule"])
        #expect(
            a["decision"] as? String == "allow" && a["host"] as? String == "evil.net" && a["bypass"] as? Bool == true)
        let b = try Self.json(lines[1])
        #expect(b["decision"] as? String == "allow" && b["bypass"] as? Bool == true)
        let c = try Self.json(lines[2])
        #expect(c["decision"] as? String == "allow" && c["bypass"] as? Bool == false)
        let d = try Self.json(lines[3])
        #expect(d["failure"] as? Bool == true && (d["reason"] as? String)?.contains("/config/version") == true)
        let e = try Self.json(lines[4])
        #expect(e["decision"] as? String == "openExternally" && e["host"] as? String == "[::1]")
        let last = try Self.json(lines[5])
        #expect(last["failure"] as? Bool == true && last["id"] is NSNull)
        #expect(result.stderr.contains("stdin:line 4"))
    }

    @Test("an unusable configuration exits 2 naming the file and the place")
    func badConfiguration() throws {
        let badJSON = try temporaryFile("capacitor.config.json", #"{"server": {"url": 5"#)
        let json = try WebFenceBinary.run([
            "framework", "check", "--framework", "capacitor", "--config", badJSON.path, "https://a.example/",
        ])
        #expect(json.status == 2)
        #expect(json.stderr.contains("capacitor.config.json:line 1, column"))
        let unknownKey = try temporaryFile("props.json", #"{"startLocation": "https://a/", "startlocation": 1}"#)
        let props = try WebFenceBinary.run([
            "framework", "check", "--framework", "hotwire-native", "--config", unknownKey.path, "https://a/",
        ])
        #expect(props.status == 2)
        #expect(props.stderr.contains(":/startlocation: unknown key"))
        let badXML = try temporaryFile("config.xml", "<widget>\n  <allow-navigation href=\"x\">\n</widget>")
        let xml = try WebFenceBinary.run([
            "framework", "check", "--framework", "cordova-ios", "--config", badXML.path, "https://a/",
        ])
        #expect(xml.status == 2)
        #expect(xml.stderr.contains("config.xml:line 3"))
        let huge = try temporaryFile("capacitor.config.json", String(repeating: " ", count: 5 << 20) + "{}")
        let hugeResult = try WebFenceBinary.run([
            "framework", "check", "--framework", "capacitor", "--config", huge.path, "https://a/",
        ])
        #expect(hugeResult.status == 2)
        #expect(hugeResult.stderr.contains("not a configuration file"))
    }

    @Test("a value Capacitor ignores is said on stderr, and the decision follows Capacitor")
    func ignoredValue() throws {
        let config = try temporaryFile(
            "capacitor.config.json", #"{"server": {"allowNavigation": ["partner.example", 5]}}"#)
        let result = try WebFenceBinary.run([
            "framework", "check", "--framework", "capacitor", "--config", config.path, "https://partner.example/",
        ])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("openExternally"))
        #expect(result.stderr.contains("/server/allowNavigation/1"))
    }

    @Test("rules: the printed rule set loads in webfence rules and refuses the holes")
    func rules() throws {
        let printed = try WebFenceBinary.run([
            "framework", "rules", "--framework", "react-native-webview",
            PackageFiles.url("Examples/frameworks/react-native-webview.json").path,
        ])
        #expect(printed.status == 0, "\(printed.stderr)")
        let file = try temporaryFile("rules.json", printed.stdout)
        let check = try WebFenceBinary.run([
            "rules", "check", "--rules", file.path, "--format", "json", "https://trusted.com/",
            "https://trusted.com.evil.net/", "https://trusted.com@evil.net/", "https://a.trusted-cdn.com/",
        ])
        #expect(check.status == 0, "\(check.stderr)")
        let results = try #require(try Self.json(Substring(check.stdout))["results"] as? [[String: Any]])
        #expect(results.map { $0["decision"] as? String } == ["allow", "openExternally", "openExternally", "allow"])
    }

    @Test("pwabuilder: the bundled Settings.swift, its substring hole and the toolbar; the JSON form decides alike")
    func pwabuilderSettings() throws {
        let urls = ["https://news.example.evil.net/", "https://accounts.google.com/o/oauth2", "https://other.org/"]
        let result = try WebFenceBinary.run(
            [
                "framework", "check", "--framework", "pwabuilder", "--config",
                PackageFiles.url("Examples/frameworks/Settings.swift").path, "--format", "json",
            ] + urls)
        #expect(result.status == 0, "\(result.stderr)")
        let results = try #require(try Self.json(Substring(result.stdout))["results"] as? [[String: Any]])
        #expect(results.map { $0["decision"] as? String } == ["allow", "allow", "openExternally"])
        #expect(results.map { $0["bypass"] as? Bool } == [true, false, false])
        #expect(
            results.map { $0["ruleCode"] as? String } == [
                "pwabuilder.allowedOrigins", "pwabuilder.authOrigins", "pwabuilder.safari",
            ])
        #expect((results[1]["rule"] as? String)?.contains("Done toolbar shown") == true)
        let json = try WebFenceBinary.run(
            [
                "framework", "check", "--framework", "pwabuilder", "--config",
                PackageFiles.url("Examples/frameworks/pwabuilder.json").path, "--format", "json",
            ] + urls)
        let fromJSON = try #require(try Self.json(Substring(json.stdout))["results"] as? [[String: Any]])
        #expect(fromJSON.map { $0["rule"] as? String } == results.map { $0["rule"] as? String })
    }

    @Test("pwabuilder: a Settings.swift it cannot read exits 2 with the file, line and column")
    func pwabuilderUnreadable() throws {
        let settings = try temporaryFile(
            "Settings.swift", "import WebKit\n\nlet allowedOrigins: [String] = [host]\n")
        let result = try WebFenceBinary.run([
            "framework", "check", "--framework", "pwabuilder", "--config", settings.path, "https://a.example/",
        ])
        #expect(result.status == 2)
        #expect(
            result.stderr.contains("Settings.swift:line 3, column 33: allowedOrigins holds `host`"), "\(result.stderr)")
        let other = try temporaryFile("Settings.swift", "let theme = \"dark\"\n")
        let missing = try WebFenceBinary.run([
            "framework", "check", "--framework", "pwabuilder", "--config", other.path, "https://a.example/",
        ])
        #expect(missing.status == 2 && missing.stderr.contains("no allowedOrigins"))
    }

    @Test("pwabuilder --jsonl: page-initiated unless newWindow or appInitiated says otherwise")
    func pwabuilderLines() throws {
        let config = #"{"rootUrl": "https://trusted.com", "allowedOrigins": ["trusted.com"], "authOrigins": []}"#
        let input = [
            #"{"id": 1, "framework": "pwabuilder", "config": \#(config), "url": "https://pay.example.net/", "navigationType": "other"}"#,
            #"{"id": 2, "framework": "pwabuilder", "config": \#(config), "url": "https://pay.example.net/", "navigationType": "other", "newWindow": true}"#,
            #"{"id": 3, "framework": "pwabuilder", "config": \#(config), "url": "https://pay.example.net/", "navigationType": "other", "appInitiated": true}"#,
            #"{"id": 4, "framework": "pwabuilder", "config": \#(config), "url": "https://pay.example.net/", "appInitiated": "yes"}"#,
        ].joined(separator: "\n")
        let result = try WebFenceBinary.run(["framework", "check", "--jsonl"], stdin: input)
        let lines = try result.stdout.split(separator: "\n").map(Self.json)
        #expect(lines.count == 4)
        #expect(lines[0]["decision"] as? String == "allow" && lines[0]["bypass"] as? Bool == true)
        #expect(lines[1]["decision"] as? String == "openExternally")
        #expect(lines[2]["decision"] as? String == "openExternally")
        #expect(lines[3]["failure"] as? Bool == true)
    }

    @Test("pwabuilder rules: what the shell meant, without the substring and page-initiated holes")
    func pwabuilderRules() throws {
        let printed = try WebFenceBinary.run([
            "framework", "rules", "--framework", "pwabuilder",
            PackageFiles.url("Examples/frameworks/Settings.swift").path,
        ])
        #expect(printed.status == 0, "\(printed.stderr)")
        #expect(printed.stderr.contains("pay.example.net/checkout"))
        let file = try temporaryFile("rules.json", printed.stdout)
        let check = try WebFenceBinary.run([
            "rules", "check", "--rules", file.path, "--format", "json", "https://news.example/app",
            "https://news.example.evil.net/", "https://evilnews.example/", "https://accounts.google.com/",
            "https://www.news.example/",
        ])
        #expect(check.status == 0, "\(check.stderr)")
        let results = try #require(try Self.json(Substring(check.stdout))["results"] as? [[String: Any]])
        #expect(
            results.map { $0["decision"] as? String } == [
                "allow", "openExternally", "openExternally", "allow", "allow",
            ])
    }
}

/// `webfence framework bridge` (interfaces §6b), through the binary.
@Suite("webfence framework bridge")
struct FrameworkBridgeCommandTests {
    @Test("text: the bundled flutter_inappwebview settings, a named origin and a regex hole")
    func flutterText() throws {
        let result = try WebFenceBinary.run([
            "framework", "bridge", "--framework", "flutter-inappwebview", "--config",
            PackageFiles.url("Examples/frameworks/flutter-inappwebview.json").path, "https://app.example.com/",
            "https://helpxexample.com/",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("accepted  https://app.example.com/\n"))
        #expect(result.stdout.contains("offered   https://helpxexample.com/  BYPASS"))
        #expect(result.stdout.contains("[flutter-inappwebview.javaScriptHandlersOriginAllowList.noMatch]"))
    }

    @Test("--format json, --frame sub and --version 6.1.5")
    func json() throws {
        let result = try WebFenceBinary.run([
            "framework", "bridge", "--framework", "flutter-inappwebview", "--version", "6.1.5", "--config",
            PackageFiles.url("Examples/frameworks/flutter-inappwebview.json").path, "--frame", "sub", "--format",
            "json",
            "https://ads.example.net/",
        ])
        // The example's 6.2 settings do not exist in 6.1.5: refused, naming one.
        #expect(result.status == 2)
        #expect(result.stderr.contains("does not exist in flutter_inappwebview 6.1.5"))
        let capacitor = try WebFenceBinary.run([
            "framework", "bridge", "--framework", "capacitor", "--config",
            PackageFiles.url("Examples/frameworks/capacitor.config.json").path, "--frame", "sub", "--format", "json",
            "https://ads.example.net/",
        ])
        #expect(capacitor.status == 0, "\(capacitor.stderr)")
        let document = try FrameworkCommandTests.json(Substring(capacitor.stdout))
        let results = try #require(document["results"] as? [[String: Any]])
        #expect(results.first?["url"] as? String == "https://ads.example.net/")
        #expect(results.first?["offered"] as? Bool == false)
        #expect(results.first?["accepted"] as? Bool == true)
        #expect(results.first?["bypass"] as? Bool == true)
    }

    @Test("--jsonl: one answer a line with exactly the keys of §6b; an undecidable entry is a failure, exit 2")
    func jsonLines() throws {
        let input = [
            #"{"id": 1, "framework": "webview-flutter", "config": {"channels": ["Toaster"]}, "url": "https://ads.net/", "frame": "sub"}"#,
            #"{"id": 2, "framework": "flutter-inappwebview", "config": {"javaScriptBridgeOriginAllowList": ["(?=x)"]}, "url": "https://a.com/"}"#,
            #"{"id": 3, "framework": "flutter-inappwebview", "url": "https://a.com/", "frame": "top"}"#,
        ].joined(separator: "\n")
        let result = try WebFenceBinary.run(["framework", "bridge", "--jsonl"], stdin: input)
        #expect(result.status == 2)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        let first = try FrameworkCommandTests.json(lines[0])
        #expect(Set(first.keys) == ["id", "offered", "accepted", "origin", "rule", "bypass"])
        #expect(first["origin"] as? String == "https://ads.net")
        #expect((try FrameworkCommandTests.json(lines[1]))["reason"] as? String != nil)
        #expect(result.stderr.contains("stdin:line 2") && result.stderr.contains("stdin:line 3"))
    }

    @Test("tauri: --command and --version through the binary")
    func tauri() throws {
        let result = try WebFenceBinary.run([
            "framework", "bridge", "--framework", "tauri", "--config",
            PackageFiles.url("Examples/frameworks/tauri.json").path, "--version", "2.11.1", "--command", "save_note",
            "https://evil.net/", "tauri://localhost/",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("accepted  https://evil.net/  BYPASS"))
        #expect(result.stdout.contains("[tauri.appCommand.ungated]"))
    }

    @Test("usage: a framework it does not know is exit 2 with the names")
    func usage() throws {
        let result = try WebFenceBinary.run([
            "framework", "bridge", "--framework", "electron", "--config", "/dev/null", "https://a.com/",
        ])
        #expect(result.status == 2)
        #expect(result.stderr.contains("flutter-inappwebview"))
    }
}

extension FrameworkBridgeCommandTests {
    @Test("tauri: a project folder, its release from Cargo.lock, Apple's spelling of the flag on stderr")
    func tauriProject() throws {
        let result = try WebFenceBinary.run([
            "framework", "bridge", "--framework", "tauri", "--config",
            PackageFiles.url("Examples/frameworks/tauri-app").path, "--command", "save_note", "https://evil.net/",
            "https://help.example.com/",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        // 2.10.3: a remote page runs the app's own commands.
        #expect(result.stdout.contains("accepted  https://evil.net/  BYPASS"))
        #expect(result.stderr.contains("limitsNavigationsToAppBoundDomains is Apple's spelling"))
    }

    @Test("tauri: a capability file in TOML grants as its JSON twin; one that does not read is named with its line")
    func tauriTOML() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tauri-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("capabilities"), withIntermediateDirectories: true)
        try Data(#"{"app": {"windows": [{}]}}"#.utf8).write(to: folder.appendingPathComponent("tauri.conf.json"))
        let capability = folder.appendingPathComponent("capabilities/sites.toml")
        try Data(
            "identifier = \"sites\"\nwindows = [\"main\"]\nlocal = false\npermissions = [\"core:event:default\"]\n[remote]\nurls = [\"https://*.example.com\"]\n"
                .utf8
        ).write(to: capability)
        let arguments = [
            "framework", "bridge", "--framework", "tauri", "--config", folder.path, "--command", "plugin:event|listen",
            "https://a.example.com/", "https://evil.net/",
        ]
        let result = try WebFenceBinary.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("accepted  https://a.example.com/"), "\(result.stdout)")
        #expect(result.stdout.contains("offered   https://evil.net/  BYPASS"), "\(result.stdout)")
        try Data("identifier = \"sites\"\nwindows = [".utf8).write(to: capability)
        let broken = try WebFenceBinary.run(arguments)
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("sites.toml") && broken.stderr.contains("line 2"), "\(broken.stderr)")
    }
}
