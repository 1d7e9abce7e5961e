import AppFixtures
import AppManifest
import Audit
import Foundation
import Testing

/// What a shipped configuration should not hold (`FrameworkAudit+Shipped`): which hosts are a
/// development machine's, which entry gets which finding, and how a project folder's findings are
/// worded against a built app's.
@Suite("Audit: development servers, cleartext, every host, Web Inspector, the flag without a list")
struct ShippedConfigurationTests {
    /// The findings of a project folder holding `files` beside an Info.plist with `domains` as
    /// WKAppBoundDomains (none: the key is absent).
    static func audit(_ files: [String: String], domains: [String]? = ["example.com"]) throws -> [AuditFinding] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shipped-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let list = domains.map {
            "<key>WKAppBoundDomains</key><array>" + $0.map { "<string>\($0)</string>" }.joined() + "</array>"
        }
        let info = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.example.app</string>\(list ?? "")</dict></plist>
            """
        try Data(info.utf8).write(to: folder.appendingPathComponent("Info.plist"))
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        let app = try #require(try AppFiles.read(at: folder, displayPath: "project").apps.first)
        return AppAudit(app).findings.filter { $0.code != "entitlements.unknown" }
    }

    static func capacitor(url: String? = nil, allow: [String] = [], ios: String = "") throws -> [AuditFinding] {
        let server =
            (url.map { #""url": "\#($0)""# } ?? "") + (url != nil && !allow.isEmpty ? ", " : "")
            + (allow.isEmpty ? "" : #""allowNavigation": [\#(allow.map { "\"\($0)\"" }.joined(separator: ", "))]"#)
        return try audit([
            "capacitor.config.json":
                #"{"server": {\#(server)}, "ios": {"limitsNavigationsToAppBoundDomains": true\#(ios)}}"#
        ])
    }

    /// Start pages and the code each gets (nil: none of this suite's codes).
    static let startPages: [(url: String, code: String?)] = [
        ("http://localhost:5173/", "framework.startPage.developmentServer"),
        ("http://app.localhost/", "framework.startPage.developmentServer"),
        ("http://127.0.0.1:8100/", "framework.startPage.developmentServer"),
        ("http://[::1]:3000/", "framework.startPage.developmentServer"),
        ("http://10.0.2.2:3001/", "framework.startPage.developmentServer"),
        ("http://192.168.11.106:8100/", "framework.startPage.developmentServer"),
        ("http://172.20.10.2/", "framework.startPage.developmentServer"),
        ("http://169.254.10.1/", "framework.startPage.developmentServer"),
        ("https://devbox.local:8443/", "framework.startPage.developmentServer"),
        ("http://devbox:8080/", "framework.startPage.developmentServer"),
        ("https://[fd12:3456::1]/", "framework.startPage.developmentServer"),
        ("http://93.184.215.14/", "framework.startPage.cleartext"),
        ("http://example.com/", "framework.startPage.cleartext"),
        ("https://example.com/", nil),
        ("https://93.184.215.14/", nil),
    ]

    @Test("a start page: a development address, else cleartext, else nothing", arguments: startPages.map(\.url))
    func startPage(_ url: String) throws {
        let expected = try #require(Self.startPages.first { $0.url == url }).code
        let codes = try Self.capacitor(url: url).map(\.code).filter {
            $0.hasPrefix("framework.startPage.developmentServer") || $0.hasPrefix("framework.startPage.cleartext")
        }
        #expect(codes == (expected.map { [$0] } ?? []), "\(url)")
    }

    @Test("every host: scheme-wide wildcards, said once where the framework has its own code")
    func everyHost() throws {
        for href in ["http://*/*", "https://*/*", "*://*/*", "https://*"] {
            let codes = try Self.audit([
                "config.xml": #"<widget><allow-navigation href="\#(href)"/></widget>"#
            ]).map(\.code)
            #expect(codes.filter { $0 == "framework.allowed.everyHost" }.count == 1, "\(href): \(codes)")
        }
        // "*" has its own code in Cordova and Capacitor, and is not said twice.
        let star = try Self.audit(["config.xml": #"<widget><allow-navigation href="*"/></widget>"#]).map(\.code)
        #expect(star.contains("cordova.allowNavigation.everything") && !star.contains("framework.allowed.everyHost"))
        let capacitorStar = try Self.capacitor(allow: ["*"]).map(\.code)
        #expect(!capacitorStar.contains("framework.allowed.everyHost"))
        // A wildcard of one site is not every host, and http://*/* is not reported as cleartext too.
        let site = try Self.audit([
            "config.xml":
                #"<widget><allow-navigation href="https://*.example.com/*"/><allow-navigation href="http://*/*"/></widget>"#
        ]).map(\.code)
        #expect(site.filter { $0 == "framework.allowed.everyHost" }.count == 1)
        #expect(!site.contains("framework.allowed.cleartext"))
    }

    @Test("entries of schemes that name no network host: neither every host nor a development server")
    func nonNetworkSchemes() throws {
        let codes = try Self.audit([
            "config.xml":
                #"<widget><content src="app://localhost/index.html"/><allow-navigation href="tel:*"/><allow-navigation href="data:*"/><allow-navigation href="app://localhost/*"/></widget>"#
        ]).map(\.code)
        #expect(codes.allSatisfy { !Self.newCodes.contains($0) }, "\(codes)")
    }

    @Test("allowed entries: a LAN host as a Capacitor pattern, an http entry, a Capacitor pattern that never matches")
    func allowed() throws {
        let lan = try Self.capacitor(allow: ["192.168.1.20", "localhost", "example.com"]).map(\.code)
        #expect(lan.filter { $0 == "framework.allowed.developmentServer" }.count == 2)
        // "http://10.0.0.5" never matches in Capacitor: its own code says so, not this one.
        let never = try Self.capacitor(allow: ["http://10.0.0.5"]).map(\.code)
        #expect(
            never.contains("capacitor.allowNavigation.notAHost")
                && !never.contains("framework.allowed.developmentServer"))
    }

    @Test("Web Inspector: the setting on, off, absent; CAPACITOR_DEBUG in Info.plist")
    func webInspector() throws {
        let on = try Self.capacitor(ios: #", "webContentsDebuggingEnabled": true"#)
        #expect(
            on.contains { $0.code == "framework.webInspector.enabled" && $0.key == "/ios/webContentsDebuggingEnabled" })
        #expect(
            try Self.capacitor(ios: #", "webContentsDebuggingEnabled": false"#).allSatisfy {
                $0.code != "framework.webInspector.enabled"
            })
        #expect(try Self.capacitor().allSatisfy { $0.code != "framework.webInspector.enabled" })
        let cordova = try Self.audit([
            "config.xml": #"<widget><preference name="inspectablewebview" value="YES"/></widget>"#
        ])
        #expect(
            cordova.contains {
                $0.code == "framework.webInspector.enabled" && $0.key == "/widget/preference/InspectableWebview"
            })
        let cordovaOff = try Self.audit([
            "config.xml": #"<widget><preference name="InspectableWebview" value="false"/></widget>"#
        ])
        #expect(cordovaOff.allSatisfy { $0.code != "framework.webInspector.enabled" })
    }

    @Test("CAPACITOR_DEBUG \"true\" in Info.plist, where the configuration leaves the setting out")
    func capacitorDebug() throws {
        let built = AuditSketch.shop.with("Capacitor with CAPACITOR_DEBUG") {
            $0.app.resources["capacitor.config.json"] = Array(
                #"{"ios": {"limitsNavigationsToAppBoundDomains": true}}"#.utf8)
            $0.setInfo("CAPACITOR_DEBUG", .string("true"))
        }
        let findings = try built.audit().findings.filter { $0.code == "framework.webInspector.enabled" }
        #expect(findings.count == 1 && findings.first?.key == "/CAPACITOR_DEBUG")
        // A built app's message states it as fact.
        #expect(findings.first.map { !$0.message.contains("if this configuration") } ?? false)
        let overridden = built.with("and webContentsDebuggingEnabled false") {
            $0.app.resources["capacitor.config.json"] = Array(
                #"{"ios": {"limitsNavigationsToAppBoundDomains": true, "webContentsDebuggingEnabled": false}}"#.utf8)
        }
        #expect(try overridden.audit().findings.allSatisfy { $0.code != "framework.webInspector.enabled" })
    }

    @Test("the flag without WKAppBoundDomains: in the audit, not in framework lint (which has no Info.plist)")
    func flagWithoutList() throws {
        let config = #"{"ios": {"limitsNavigationsToAppBoundDomains": true}}"#
        let absent = try Self.audit(["capacitor.config.json": config], domains: nil).map(\.code)
        #expect(absent.contains("framework.appBound.flagWithoutList"))
        let present = try Self.audit(["capacitor.config.json": config], domains: []).map(\.code)
        #expect(!present.contains("framework.appBound.flagWithoutList"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lint-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("capacitor.config.json")
        try Data(config.utf8).write(to: file)
        let lint = FrameworkAudit.lint(
            try FrameworkFiles.read(configuration: file, displayPath: "capacitor.config.json"))
        #expect(lint.allSatisfy { $0.code != "framework.appBound.flagWithoutList" })
    }

    /// The codes this suite's checks add (issue 30): those Examples/projects shows, but the Flutter
    /// project's (D124), which is there for its lock file, not for a development state.
    static let newCodes = Set(ExampleProjectsTests.projects.flatMap(\.codes)).filter { !$0.hasPrefix("flutter.") }

    /// Each framework's configuration as its own template or generator writes it for a new app
    /// (`npx cap init`, `cordova create`, the props a new screen passes, Hotwire's demo, PWABuilder
    /// for a site), written here from their documented shape.
    static let templates: [String: String] = [
        "capacitor.config.json": #"{"appId": "com.example.app", "appName": "App", "webDir": "www"}"#,
        "config.xml": """
        <?xml version='1.0' encoding='utf-8'?>
        <widget id="io.cordova.hellocordova" version="1.0.0" xmlns="http://www.w3.org/ns/widgets">
            <name>HelloCordova</name>
            <content src="index.html" />
            <allow-intent href="http://*/*" />
            <allow-intent href="https://*/*" />
            <allow-intent href="tel:*" />
            <allow-intent href="sms:*" />
            <allow-intent href="mailto:*" />
            <allow-intent href="geo:*" />
        </widget>
        """,
        "webfence-framework.json":
            #"{"framework": "hotwire-native", "configuration": {"startLocation": "https://hotwire-native-demo.dev"}}"#,
        "Settings.swift": ExampleApps.pwabuilderSettings(root: "https://example.com", allowed: ["example.com"]),
    ]

    @Test("the frameworks' templates get none of these codes", arguments: templates.keys.sorted())
    func template(_ name: String) throws {
        let text = try #require(Self.templates[name])
        let codes = Set(try Self.audit([name: text]).map(\.code))
        #expect(codes.isDisjoint(with: Self.newCodes), "\(name): \(codes)")
    }

    @Test("Examples/frameworks under framework lint, and every app of Examples/apps, get none of these codes")
    func examples() throws {
        let folder = ExampleApps.packageRoot.appendingPathComponent("Examples/frameworks")
        for name in ["capacitor.config.json", "config.xml", "Settings.swift"] {
            let files = try FrameworkFiles.read(
                configuration: folder.appendingPathComponent(name), displayPath: name)
            let codes = Set(FrameworkAudit.lint(files).map(\.code))
            #expect(codes.isDisjoint(with: Self.newCodes), "\(name): \(codes)")
        }
        let apps = try AppFiles.read(at: ExampleApps.directory, displayPath: "Examples/apps").apps
        for app in apps {
            let codes = Set(AppAudit(app).findings.map(\.code))
            #expect(codes.isDisjoint(with: Self.newCodes), "\(app.path): \(codes)")
        }
    }
}
