import AppFixtures
import Foundation
import NIOPosix
import NetworkTestSupport
import StrictJSON
import Testing

/// `webfence audit` as spec/interfaces.md §5 and issue 6 fix it: the bundled apps, `.ipa`
/// archives, SARIF a consumer loads, exit statuses, damaged input, and `--fetch` against a local
/// HTTPS server.
@Suite("webfence audit")
final class AuditCommandTests {
    let directory: URL

    /// Each test's folder goes with it (Swift Testing makes one instance per test).
    deinit { try? FileManager.default.removeItem(at: directory) }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("audit-cli-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// ShopApp with a WKAppBoundDomains entry past the cap (an error) and one that is dropped.
    static func faultyShop() -> AppFolderBuilder {
        var app = ExampleApps.all[1]
        app.info.removeAll { $0.key == "WKAppBoundDomains" }
        let eleven = (1...11).map { JSONValue.string("site\($0).example") } + [.string("localhost:8000")]
        app.info.append(.init("WKAppBoundDomains", .array(eleven)))
        return app
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    // MARK: - The bundled apps

    @Test("Examples/apps: the seed's five apps without an error, the broken framework apps with theirs: exit 1")
    func examples() throws {
        let result = try WebFenceBinary.run(["audit", PackageFiles.url("Examples/apps").path])
        #expect(result.status == 1, "\(result.stderr)")
        for name in [
            "UnchangedApp", "ShopApp", "SocialApp", "BrowserApp", "HybridApp", "CapacitorApp", "CordovaApp",
            "PWABuilderApp",
        ] {
            #expect(result.stdout.contains("\(name).app"))
        }
        #expect(result.stdout.contains("21 apps: 6 errors, 21 warnings, 23 notes"))
        #expect(result.stdout.contains("Hybrid framework"))
        #expect(result.stdout.contains("WKAppBoundDomains: 2 of 10 slots used"))
        #expect(result.stdout.contains("Mach-O arm64, x86_64, signed (XML and DER entitlements, team ABCDE12345)"))
    }

    @Test("--format json: the sections, and each finding with file, key and fix")
    func jsonOutput() throws {
        let result = try WebFenceBinary.run([
            "audit", PackageFiles.url("Examples/apps/SocialApp.app").path, "--format", "json",
        ])
        #expect(result.status == 0)
        let document = try Self.json(result.stdout)
        let apps = try #require(document["apps"] as? [[String: Any]])
        let social = try #require(apps.first)
        #expect(social["bundleIdentifier"] as? String == "com.example.social")
        #expect((social["entitlementsInForce"] as? [String: Any])?["origin"] as? String == "signature")
        #expect((social["appBoundDomains"] as? [String: Any])?["slotsUsed"] as? Int == 0)
        let webViews = try #require(social["webViews"] as? [[String: Any]])
        #expect(webViews.map { $0["configuration"] as? String } == ["default", "limitsNavigationsToAppBoundDomains"])
        let findings = try #require(social["findings"] as? [[String: Any]])
        #expect(findings.map { $0["code"] as? String } == ["appBound.key.empty"])
        #expect(findings.first?["key"] as? String == "/WKAppBoundDomains")
        #expect((findings.first?["fix"] as? String)?.isEmpty == false)
    }

    // MARK: - Exit status and SARIF

    @Test("an error-level finding exits 1; SARIF loads in sarif-tools and every result points at a file and a key")
    func sarif() async throws {
        let app = try Self.faultyShop().write(in: directory)
        let text = try await WebFenceBinary.run(["audit", app.path])
        #expect(text.status == 1)
        #expect(text.stdout.contains("appBound.entry.pastCapacity"))

        let result = try await WebFenceBinary.run(["audit", app.path, "--format", "sarif"])
        #expect(result.status == 1)
        let log = try Self.json(result.stdout)
        #expect(log["version"] as? String == "2.1.0")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count >= 2)
        for item in results {
            let location = try #require((item["locations"] as? [[String: Any]])?.first)
            let uri =
                ((location["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"]
                as? String
            #expect(uri?.isEmpty == false)
            let key = (location["logicalLocations"] as? [[String: Any]])?.first?["fullyQualifiedName"] as? String
            #expect(key?.hasPrefix("/") == true, "\(item)")
        }
        #expect(
            results.contains {
                $0["ruleId"] as? String == "appBound.entry.pastCapacity" && $0["level"] as? String == "error"
            })

        let file = directory.appendingPathComponent("audit.sarif")
        try Data(result.stdout.utf8).write(to: file)
        let summary = try await SARIFTools.summary(file)
        #expect(summary.status == 0, "sarif-tools: \(summary.stderr)")
        let lines = summary.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "\(results.count) results", "\(summary.stdout)")
        #expect(
            lines.dropFirst().allSatisfy {
                $0.hasPrefix("error appBound.entry.pastCapacity file://\(app.path)/Info.plist")
            }, "\(lines)")
    }

    // MARK: - .ipa

    @Test(".ipa: the same report as the .app, entries named inside the archive")
    func ipa() throws {
        let app = try Self.faultyShop().write(in: directory)
        let files = try ["Info.plist", "ShopApp", "embedded.mobileprovision"].map { name in
            (name: name, contents: try Data(contentsOf: app.appendingPathComponent(name)))
        }
        let archive = directory.appendingPathComponent("Shop.ipa")
        try ZipBuilder.ipa(app: "ShopApp.app", infoPlist: files[0].contents, files: Array(files.dropFirst())).write(
            to: archive)
        let fromApp = try Self.json(try WebFenceBinary.run(["audit", app.path, "--format", "json"]).stdout)
        let result = try WebFenceBinary.run(["audit", archive.path, "--format", "json"])
        #expect(result.status == 1)
        let fromIPA = try Self.json(result.stdout)
        func codes(_ document: [String: Any]) -> [String] {
            ((document["apps"] as? [[String: Any]])?.first?["findings"] as? [[String: Any]] ?? []).compactMap {
                $0["code"] as? String
            }
        }
        #expect(codes(fromIPA) == codes(fromApp) && !codes(fromIPA).isEmpty)
        let finding = try #require(
            ((fromIPA["apps"] as? [[String: Any]])?.first?["findings"] as? [[String: Any]])?.first)
        let file = try #require(finding["file"] as? [String: Any])
        #expect(file["path"] as? String == archive.path)
        #expect(file["member"] as? String == "Payload/ShopApp.app/Info.plist")
        #expect(try WebFenceBinary.run(["audit", archive.path]).stdout.contains("Mach-O arm64, x86_64"))
    }

    // MARK: - Damaged input

    @Test("damaged input: a clear message and exit 2, or a finding; never a crash")
    func damaged() throws {
        let app = try ExampleApps.all[1].write(in: directory)
        let ipa = try ZipBuilder.ipa(
            app: "ShopApp.app", infoPlist: try Data(contentsOf: app.appendingPathComponent("Info.plist")),
            files: [("ShopApp", try Data(contentsOf: app.appendingPathComponent("ShopApp")))])
        // A truncated .ipa.
        let truncated = directory.appendingPathComponent("Truncated.ipa")
        try ZipBuilder.truncated(ipa, at: ipa.count / 2).write(to: truncated)
        var result = try WebFenceBinary.run(["audit", truncated.path])
        #expect(result.status == 2 && result.stderr.contains("Truncated.ipa"), "\(result)")
        // A 1 GB file (sparse): not an ipa, read only as far as its first bytes.
        let huge = directory.appendingPathComponent("Huge.ipa")
        _ = FileManager.default.createFile(atPath: huge.path, contents: nil)
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        result = try WebFenceBinary.run(["audit", huge.path])
        #expect(result.status == 2 && result.stderr.contains("Huge.ipa"), "\(result)")
        // An Info.plist that is an array: exit 2 naming it.
        let project = directory.appendingPathComponent("Project")
        try PropertyListWriter.write(
            .array([.string("x")]), format: .binary, to: project.appendingPathComponent("Info.plist"))
        result = try WebFenceBinary.run(["audit", project.appendingPathComponent("Info.plist").path])
        #expect(result.status == 2 && result.stderr.contains("not a dictionary"), "\(result)")
        // A Mach-O whose load commands claim more than the file holds: a finding, exit 1.
        var lying = try MachOBuilder(.arm64).parts()
        var bytes = lying.bytes
        MachOBuilder.poke32(&bytes, at: lying.layout.commandsSizeOffset, 0x7FFF_FFFF, bigEndian: false)
        try Data(bytes).write(to: app.appendingPathComponent("ShopApp"))
        result = try WebFenceBinary.run(["audit", app.path])
        #expect(result.status == 1 && result.stdout.contains("executable.unreadable"), "\(result)")
        // A signature index pointing outside the signature: signature.damaged.
        lying = try MachOBuilder(.arm64).parts()
        bytes = lying.bytes
        let index = try #require(lying.layout.signatureOffset) + 12 + 4
        MachOBuilder.poke32(&bytes, at: index, 0x00FF_FFFF, bigEndian: true)
        try Data(bytes).write(to: app.appendingPathComponent("ShopApp"))
        result = try WebFenceBinary.run(["audit", app.path])
        #expect(result.status == 1 && result.stdout.contains("signature.damaged"), "\(result)")
        // No such path.
        result = try WebFenceBinary.run(["audit", directory.appendingPathComponent("nothing").path])
        #expect(result.status == 2 && result.stderr.contains("no such file or folder"))
    }

    @Test(
        "a folder with a damaged .ipa beside a good app: the good app reported, the bad one named (input.unusable), exit 2"
    )
    func folderWithADamagedApp() throws {
        try ExampleApps.all[2].write(in: directory)
        var result = try WebFenceBinary.run(["audit", directory.path, "--format", "sarif"])
        #expect(result.status == 0 && !result.stdout.contains("input.unusable"), "\(result)")
        try Data("PK\u{3}\u{4} not really".utf8).write(to: directory.appendingPathComponent("Bad.ipa"))
        result = try WebFenceBinary.run(["audit", directory.path])
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout.contains("SocialApp.app") && result.stderr.contains("Bad.ipa"))
        result = try WebFenceBinary.run(["audit", directory.path, "--format", "sarif"])
        #expect(result.status == 2 && result.stdout.contains(#""ruleId":"input.unusable""#))
        result = try WebFenceBinary.run(["audit", directory.path, "--format", "json"])
        let unusable = try #require(try Self.json(result.stdout)["unusable"] as? [[String: Any]])
        #expect(unusable.count == 1 && (unusable.first?["path"] as? String)?.hasSuffix("Bad.ipa") == true)
        // Options about one app are refused for several.
        result = try WebFenceBinary.run([
            "audit", PackageFiles.url("Examples/apps").path, "--app-id", "ZZZZZ99999.com.evil",
        ])
        #expect(result.status == 2 && result.stderr.contains("--app-id"), "\(result)")
        // --timeout belongs to --fetch.
        result = try WebFenceBinary.run(["audit", PackageFiles.url("Examples/apps").path, "--timeout", "3"])
        #expect(result.status == 2, "\(result)")
    }

    @Test("a FIFO is refused, not read (reading one would block)")
    func fifo() throws {
        let fifo = directory.appendingPathComponent("Info.plist")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let result = try WebFenceBinary.run(["audit", fifo.path])
        #expect(result.status == 2 && result.stderr.contains("not a regular file"), "\(result)")
    }

    // MARK: - --fetch

    /// A project whose entitlements name `applinks:localhost:<port>?mode=developer` (fetched
    /// directly, as a developer-mode device does), with or without an application identifier.
    func project(port: Int, appID: String?) throws -> URL {
        let folder = directory.appendingPathComponent("Fetch-\(UUID())")
        try PropertyListWriter.write(
            .object(["CFBundleIdentifier": .string("com.example.shop")]), format: .xml,
            to: folder.appendingPathComponent("Info.plist"))
        var entitlements: [JSONValue.Member] = [
            .init(
                "com.apple.developer.associated-domains", .array([.string("applinks:localhost:\(port)?mode=developer")])
            )
        ]
        if let appID { entitlements.append(.init("application-identifier", .string(appID))) }
        try PropertyListWriter.write(
            .object(entitlements), format: .xml, to: folder.appendingPathComponent("Shop.entitlements"))
        return folder
    }

    static let namingTheApp =
        #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.shop"], "components": [{"/": "/buy/*"}]}]}}"#
    static let namingAnother =
        #"{"applinks": {"details": [{"appIDs": ["ZZZZZ99999.com.example.other"], "components": [{"/": "*"}]}]}}"#

    @Test(
        "--fetch: the file names the app (no finding), does not (aasa.appID.missing), is missing (fetch.status.denied), or the app ID is unknown"
    )
    func fetch() async throws {
        let ca = try TestCA(name: "WebFence Audit Test CA")
        let caFile = try ca.writePEMFile()
        let leaf = try ca.issueLeaf(dnsName: "localhost")
        let body = Locked(Self.namingTheApp)
        let status = Locked(200)
        try await withTestServer(leaf: leaf, route: { _ in .json(body.value, status: status.value) }) { server, _ in
            let appID = "ABCDE12345.com.example.shop"
            func audit(_ folder: URL) async throws -> (ProcessResult, [String]) {
                let arguments = [
                    "audit", folder.path, "--fetch", "--ca-file", caFile, "--timeout", "30", "--format", "json",
                ]
                let result = try await WebFenceBinary.run(arguments)
                let document = try Self.json(result.stdout)
                let findings = ((document["apps"] as? [[String: Any]])?.first?["findings"] as? [[String: Any]]) ?? []
                return (result, findings.compactMap { $0["code"] as? String })
            }
            let named = try project(port: server.port, appID: appID)
            var (result, codes) = try await audit(named)
            #expect(result.status == 0, "\(result)")
            #expect(!codes.contains("aasa.appID.missing") && !codes.contains { $0.hasPrefix("fetch.") }, "\(codes)")
            #expect(result.stdout.contains(#""listsApp":true"#))

            body.value = Self.namingAnother
            (result, codes) = try await audit(named)
            #expect(result.status == 1 && codes.contains("aasa.appID.missing"), "\(codes)")

            status.value = 404
            (result, codes) = try await audit(named)
            #expect(result.status == 1 && codes.contains("fetch.status.denied"), "\(codes)")

            status.value = 200
            body.value = Self.namingTheApp
            (result, codes) = try await audit(try project(port: server.port, appID: nil))
            #expect(codes.contains("appID.unknown"), "\(codes)")
            (result, codes) = try await audit(named)
            #expect(!codes.contains("appID.unknown"), "\(codes)")
        }
    }
}

/// A value the test server's route reads while the test changes it.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// The `sarif-tools` package from PyPI, installed on first use into .build/python-sarif-tools.
enum SARIFTools {
    static func summary(_ file: URL) async throws -> ProcessResult {
        let target = PackageFiles.url(".build/python-sarif-tools")
        let python = try #require(Processes.find("python3"), "python3 is needed to run sarif-tools")
        let check = "import sys; sys.path.insert(0, '\(target.path)'); import sarif"
        if try await Processes.run(python, ["-c", check]).status != 0 {
            let install = try await Processes.run(
                python, ["-m", "pip", "install", "--quiet", "--target", target.path, "sarif-tools"])
            guard install.status == 0 else { return install }
        }
        let script = """
            import sys; sys.path.insert(0, '\(target.path)')
            from sarif import loader
            log = loader.load_sarif_file(sys.argv[1])
            print(log.get_result_count(), "results")
            for record in log.get_records():
                print(record["Severity"], record["Code"], record["Location"])
            """
        return try await Processes.run(python, ["-c", script, file.path])
    }
}
