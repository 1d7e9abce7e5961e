import AppFixtures
import Audit
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import StrictJSON
import Testing

@testable import AppManifest
@testable import WebFenceServer

/// Uploads on the app page and `POST /v1/audit`: an `.ipa`, a zipped `.app`, or an Info.plist with
/// its entitlements, audited as `webfence audit` audits the same files; hostile uploads refused
/// within their bounds; the private folder removed after every request.
@Suite("webfence serve: uploaded apps", .serialized, .timeLimit(.minutes(1)))
struct AppUploadTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// An example app's files, zipped under `root` (`Payload/` for an `.ipa`, empty for a zipped `.app`).
    static func zip(example name: String, root: String) throws -> Data {
        let folder = repository.appendingPathComponent("Examples/apps/\(name).app")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        return try ZipBuilder.archive(
            [.directory("\(root)\(name).app/")]
                + files.map {
                    .file("\(root)\(name).app/\($0)", try Data(contentsOf: folder.appendingPathComponent($0)))
                })
    }

    /// A `multipart/form-data` body of `parts` (name, file name, content) and its Content-Type.
    static func form(_ parts: [(name: String, filename: String?, content: Data)]) -> (body: Data, type: String) {
        let boundary = "----WebFenceTest\(UUID().uuidString.prefix(8))"
        var body = Data("preamble to ignore\r\n".utf8)
        for part in parts {
            body.append(Data("--\(boundary)\r\n".utf8))
            let file = part.filename.map { "; filename=\"\($0)\"" } ?? ""
            body.append(Data("Content-Disposition: form-data; name=\"\(part.name)\"\(file)\r\n".utf8))
            if part.filename != nil { body.append(Data("Content-Type: application/octet-stream\r\n".utf8)) }
            body.append(Data("\r\n".utf8))
            body.append(part.content)
            body.append(Data("\r\n".utf8))
        }
        body.append(Data("--\(boundary)--\r\n".utf8))
        return (body, "multipart/form-data; boundary=\(boundary)")
    }

    static func post(
        _ uri: String, body: Data, type: String, _ configuration: WebFenceServer.Configuration = .init()
    ) async throws -> (status: Int, text: String, headers: HTTPFields) {
        let app = WebFenceServer(configuration).application(logger: Logger(label: "test"))
        let answer = try await app.test(.router) { client in
            try await client.execute(
                uri: uri, method: .post, headers: [.contentType: type], body: ByteBuffer(bytes: body)
            ) { (Int($0.status.code), String(buffer: $0.body), $0.headers) }
        }
        if uri.hasPrefix("/v1/") {
            ResponseLog.record(method: "post", path: "/v1/audit", status: answer.0, body: answer.1)
        }
        #expect(leftovers().isEmpty, "upload folders left behind: \(leftovers())")
        return answer
    }

    /// This process's upload folders still in the temporary directory (their names carry its pid).
    static func leftovers() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path))
        return (names ?? []).filter { $0.hasPrefix("webfence-upload-\(getpid())-") }
    }

    /// The codes `webfence audit` finds in the example app's folder.
    static func folderCodes(_ name: String) throws -> [String] {
        let reading = try AppFiles.read(
            at: repository.appendingPathComponent("Examples/apps/\(name).app"), displayPath: "\(name).app")
        return reading.apps.flatMap { AppAudit($0).findings.map(\.code) }
    }

    static func codes(_ document: JSONValue) -> [String] {
        guard case .array(let apps)? = document["apps"] else { return [] }
        return apps.flatMap { app -> [String] in
            guard case .array(let findings)? = app["findings"] else { return [] }
            return findings.compactMap { $0["code"]?.stringValue }
        }
    }

    @Test(
        "An .ipa and a zipped .app are audited as webfence audit audits the folder",
        arguments: [("ShopApp", "Payload/"), ("CapacitorBrokenApp", ""), ("ReactNativeApp", "Payload/")])
    func archives(name: String, root: String) async throws {
        let (body, type) = Self.form([("app", "\(name).ipa", try Self.zip(example: name, root: root))])
        let (status, text, _) = try await Self.post("/v1/audit", body: body, type: type)
        #expect(status == 200, "\(text)")
        let document = try JSONParser.parse(text)
        #expect(Self.codes(document) == (try Self.folderCodes(name)))
        guard case .array(let apps)? = document["apps"] else { return }
        #expect(apps.count == 1)
    }

    @Test("An Info.plist with its entitlements, and the app ID from the form")
    func project() async throws {
        let info = try Data(contentsOf: Self.repository.appendingPathComponent("Examples/apps/ShopApp.app/Info.plist"))
        let entitlements = Data(
            #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>com.apple.developer.associated-domains</key><array><string>applinks:shop.example</string></array></dict></plist>"#
                .utf8)
        let (body, type) = Self.form([
            ("infoPlist", "Info.plist", info), ("entitlements", "Shop.entitlements", entitlements),
            ("appId", nil, Data("ABCDE12345.com.example.shop".utf8)),
        ])
        let (status, text, _) = try await Self.post("/v1/audit", body: body, type: type)
        #expect(status == 200, "\(text)")
        #expect(text.contains("Shop.entitlements"))
        #expect(text.contains("applinks:shop.example"))
    }

    @Test("The page shows each finding with its fix; the second button downloads the SARIF log")
    func pageAndSARIF() async throws {
        let (body, type) = Self.form([
            (
                "app", "C:\\Users\\me\\CapacitorBrokenApp.ipa",
                try Self.zip(example: "CapacitorBrokenApp", root: "Payload/")
            )
        ])
        let (status, html, _) = try await Self.post("/app", body: body, type: type)
        #expect(status == 200)
        #expect(html.contains("<code>CapacitorBrokenApp.ipa</code>"))
        #expect(!html.contains("Users"))
        #expect(html.contains("Fix: "))
        #expect(html.contains("hybrid framework: Capacitor 8"))
        #expect(PageTests.labelsMatchFields(html))
        let (sarifStatus, sarif, headers) = try await Self.post("/app/audit.sarif", body: body, type: type)
        #expect(sarifStatus == 200)
        #expect(headers[.contentDisposition] == "attachment; filename=\"webfence-audit.sarif\"")
        #expect(headers[.contentType] == "application/sarif+json; charset=utf-8")
        #expect(try JSONParser.parse(sarif)["version"] == .string("2.1.0"))
        let (_, apiSARIF, _) = try await Self.post("/v1/audit?format=sarif", body: body, type: type)
        #expect(try JSONParser.parse(apiSARIF)["version"] == .string("2.1.0"))
    }

    @Test("A plist full of markup and script is shown as text")
    func hostilePlist() async throws {
        let info = Data(
            #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>CFBundleIdentifier</key><string>&lt;script&gt;alert(1)&lt;/script&gt;</string><key>WKAppBoundDomains</key><array><string>&lt;img src=x onerror=alert(2)&gt;</string></array></dict></plist>"#
                .utf8)
        let (body, type) = Self.form([("infoPlist", "<b>Info</b>.plist", info)])
        let (status, html, _) = try await Self.post("/app", body: body, type: type)
        #expect(status == 200)
        #expect(!html.contains("<script") && !html.contains("<img") && !html.contains("<b>"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    }

    @Test(
        "Uploads that are not what the route takes are refused with a code",
        arguments: [
            ("text/plain", "hello", "upload.type", 400),
            (
                "multipart/form-data; boundary=abc", "--abc\r\nContent-Disposition: form-data\r\n\r\nx\r\n--abc--",
                "upload.multipart", 400
            ),
            ("multipart/form-data; boundary=abc", "no boundary here", "upload.multipart", 400),
            (
                "multipart/form-data; boundary=abc",
                "--abc\r\nContent-Disposition: form-data; name=\"other\"\r\n\r\nx\r\n--abc--", "upload.empty", 400
            ),
            (
                "multipart/form-data; boundary=abc",
                "--abc\r\nContent-Disposition: form-data; name=\"app\"; filename=\"a.ipa\"\r\n\r\nnot a zip\r\n--abc--",
                "upload.unusable", 422
            ),
        ])
    func refused(type: String, body: String, code: String, status: Int) async throws {
        let answer = try await Self.post("/v1/audit", body: Data(body.utf8), type: type)
        #expect(answer.status == status, "\(answer.text)")
        #expect(try JSONParser.parse(answer.text)["code"] == .string(code))
        // No answer names the server's private folder: the file is named as the browser sent it.
        #expect(!answer.text.contains("webfence-upload"), "\(answer.text)")
        if code == "upload.unusable" { #expect(answer.text.contains(#""a.ipa: "#), "\(answer.text)") }
    }

    @Test("A zip bomb stops at the extraction budget; too many entries and too large an upload are refused")
    func bounds() async throws {
        let info = try Data(contentsOf: Self.repository.appendingPathComponent("Examples/apps/ShopApp.app/Info.plist"))
        // 16 MiB of zeros after a Mach-O magic number deflate to a few kilobytes.
        let bomb = try ZipBuilder.archive([
            .file("Payload/ShopApp.app/Info.plist", info),
            .file("Payload/ShopApp.app/ShopApp", Data([0xCF, 0xFA, 0xED, 0xFE]) + Data(count: 16 << 20)),
        ])
        #expect(bomb.count < 100_000)
        let tight = WebFenceServer.Configuration(
            maximumUploadSize: 1 << 20, archiveLimits: ArchiveLimits(maximumEntries: 20, maximumExtractedSize: 4 << 20))
        let (bombBody, type) = Self.form([("app", "bomb.ipa", bomb)])
        let exploded = try await Self.post("/v1/audit", body: bombBody, type: type, tight)
        #expect(exploded.status == 422)
        #expect(exploded.text.contains("would extract more than the 4194304 bytes"))

        let many = try ZipBuilder.archive(
            [.file("Payload/ShopApp.app/Info.plist", info)]
                + (0..<30).map { .file("Payload/ShopApp.app/\($0)", Data()) })
        let (manyBody, manyType) = Self.form([("app", "many.ipa", many)])
        let crowded = try await Self.post("/v1/audit", body: manyBody, type: manyType, tight)
        #expect(crowded.status == 422)
        #expect(crowded.text.contains("31 entries: more than the 20"))

        let (bigBody, bigType) = Self.form([("app", "big.ipa", Data(count: 2 << 20))])
        let large = try await Self.post("/v1/audit", body: bigBody, type: bigType, tight)
        #expect(large.status == 413)
        #expect(try JSONParser.parse(large.text)["code"] == .string("body.tooLarge"))
    }

    @Test("The scenario and universal-links pages take a chosen file as well as pasted text")
    func pagesTakeFiles() async throws {
        let scenario = try Data(
            contentsOf: Self.repository.appendingPathComponent(
                "Examples/scenarios/framework-capacitor-localhost-start.json"))
        let (body, type) = Self.form([
            ("scenarioFile", "framework-capacitor-localhost-start.json", scenario), ("scenario", nil, Data()),
        ])
        let (status, html, _) = try await Self.post("/scenario", body: body, type: type)
        #expect(status == 200)
        #expect(!html.contains("cannot be run"))
        #expect(html.contains("verdict"))
        let aasa = Data(
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/shop/*"}]}]}}"#
                .utf8)
        let (linkBody, linkType) = Self.form([
            ("domain", nil, Data("example.com".utf8)), ("upload", "apple-app-site-association", aasa),
            ("file", nil, Data()), ("link", nil, Data("https://example.com/shop/42".utf8)), ("appID", nil, Data()),
        ])
        let (_, linkHTML, _) = try await Self.post("/", body: linkBody, type: linkType)
        #expect(linkHTML.contains("<strong class=\"verdict good\">match</strong>"))
    }

    @Test("The boundary is read from the Content-Type as RFC 7578 and browsers write it")
    func boundaries() {
        #expect(MultipartFormData.boundary(contentType: "multipart/form-data; boundary=abc") == "abc")
        #expect(MultipartFormData.boundary(contentType: "Multipart/Form-Data;boundary=\"a b\"; charset=x") == "a b")
        #expect(MultipartFormData.boundary(contentType: "multipart/form-data; charset=utf-8; BOUNDARY=x") == "x")
        #expect(MultipartFormData.boundary(contentType: "multipart/mixed; boundary=abc") == nil)
        #expect(MultipartFormData.boundary(contentType: "multipart/form-data") == nil)
        #expect(MultipartFormData.boundary(contentType: "multipart/form-data; boundary=") == nil)
        #expect(
            MultipartFormData.boundary(
                contentType: "multipart/form-data; boundary=" + String(repeating: "a", count: 71)) == nil)
        let parameters = MultipartFormData.parameters(#"form-data; name="app"; filename="C:\a\%22b%22.ipa""#)
        #expect(parameters.map(\.name) == ["form-data", "name", "filename"])
        #expect(parameters.map(\.value) == [nil, "app", #"C:\a\"b".ipa"#])
    }

    @Test("The uploaded file's name loses any folder and control characters")
    func displayNames() {
        #expect(AppAuditing.displayName("../../etc/passwd", default: "x") == "passwd")
        #expect(AppAuditing.displayName("C:\\a\\Shop.ipa", default: "x") == "Shop.ipa")
        #expect(AppAuditing.displayName("..", default: "app.ipa") == "app.ipa")
        #expect(AppAuditing.displayName("a\u{0}b\nc.ipa", default: "x") == "abc.ipa")
        #expect(AppAuditing.displayName(nil, default: "Info.plist") == "Info.plist")
    }
}
