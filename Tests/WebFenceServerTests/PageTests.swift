import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import WebFenceServer

/// `webfence serve`'s pages: rendered on the server, usable with forms alone, every label tied to
/// its field, and nothing a file, a form or a URL contains able to become markup.
@Suite("webfence serve: the pages")
struct PageTests {
    static func application(maximumBodySize: Int = 1 << 20) -> some ApplicationProtocol {
        WebFenceServer(.init(maximumBodySize: maximumBodySize)).application(logger: Logger(label: "test"))
    }

    /// A form's body, as a browser encodes it.
    static func form(_ fields: [(String, String)]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._*")
        return fields.map { name, value in
            let encoded = value.addingPercentEncoding(withAllowedCharacters: allowed)!
            return "\(name)=\(encoded)"
        }.joined(separator: "&")
    }

    static func request(
        _ method: HTTPRequest.Method, _ uri: String, _ body: String? = nil, maximumBodySize: Int = 1 << 20
    )
        async throws -> (status: HTTPResponse.Status, html: String, headers: HTTPFields)
    {
        try await application(maximumBodySize: maximumBodySize).test(.router) { client in
            try await client.execute(
                uri: uri, method: method,
                headers: [.contentType: "application/x-www-form-urlencoded"],
                body: body.map { ByteBuffer(string: $0) }
            ) { ($0.status, String(buffer: $0.body), $0.headers) }
        }
    }

    /// Every `<label for=X>` names an element with `id=X`, and every text field has a label.
    static func labelsMatchFields(_ html: String) -> Bool {
        let ids = Set(html.matches(of: /id="([^"]+)"/).map { String($0.output.1) })
        let labelled = Set(html.matches(of: /<label for="([^"]+)"/).map { String($0.output.1) })
        let fields = Set(html.matches(of: /<(?:textarea|input|select) [^>]*id="([^"]+)"/).map { String($0.output.1) })
        return labelled.isSubset(of: ids) && fields.isSubset(of: labelled) && !fields.isEmpty
    }

    @Test(
        "each page is HTML with its form, a label for every field, no script, and the style sheet it names",
        arguments: ["/", "/app", "/rules", "/scenario"])
    func pages(path: String) async throws {
        let (status, html, headers) = try await Self.request(.get, path)
        #expect(status == .ok)
        #expect(headers[.contentType] == "text/html; charset=utf-8")
        #expect(html.hasPrefix("<!doctype html>"))
        #expect(html.contains("<form method=\"post\""))
        #expect(!html.contains("<script"))
        #expect(Self.labelsMatchFields(html))
        #expect(headers[.contentSecurityPolicy]?.contains("default-src 'none'") == true)
        let (cssStatus, css, cssHeaders) = try await Self.request(.get, "/style.css")
        #expect(cssStatus == .ok && css.contains("body {") && cssHeaders[.contentType] == "text/css; charset=utf-8")
    }

    static let hostile = #"""
        {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app\"><script>alert(1)</script>"],
          "components": [{"/": "/shop/*", "comment": "</td><script>alert(2)</script>"}],
          "<img src=x onerror=alert(3)>": true}]}}
        """#

    @Test("a universal link: the decision, the rule, and a hostile file's markup shown as text")
    func universalLink() async throws {
        let body = Self.form([
            ("file", Self.hostile), ("domain", "example.com"), ("link", "https://example.com/shop/<i>42</i>"),
        ])
        let (status, html, _) = try await Self.request(.post, "/", body)
        #expect(status == .ok)
        #expect(html.contains("<strong class=\"verdict good\">match</strong>"))
        #expect(!html.contains("<script"))
        #expect(!html.contains("<img"))
        #expect(!html.contains("<i>"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(Self.labelsMatchFields(html))
    }

    @Test("a file a device denies is said so, with the place")
    func deniedFile() async throws {
        let (status, html, _) = try await Self.request(
            .post, "/", Self.form([("file", "{\"applinks\": "), ("domain", "example.com")]))
        #expect(status == .ok)
        #expect(html.contains("A device denies this file"))
        #expect(html.contains("role=\"alert\""))
    }

    @Test("a framework's configuration: its decisions with the bypass, and the rule set it meant")
    func framework() async throws {
        let body = Self.form([
            ("framework", "capacitor"), ("config", #"{"server": {"url": "https://app.example.com"}}"#),
            ("urls", "https://app.example.com/page\nhttps://app.example.com.evil.net/\n<b>not a url</b>"),
        ])
        let (status, html, _) = try await Self.request(.post, "/frameworks/check", body)
        #expect(status == .ok)
        #expect(html.contains("<strong class=\"verdict bad\">bypass</strong>"))
        #expect(html.contains("app.example.com.evil.net"))
        #expect(html.contains("The rule set that allows what it meant"))
        #expect(html.contains("&lt;b&gt;not a url&lt;/b&gt;"))
    }

    @Test("a framework's bridge: who reaches it, per frame, and configurations that cannot be used")
    func bridge() async throws {
        let lists =
            #"{"javaScriptBridgeOriginAllowList": ["https://app.example.com"], "javaScriptHandlersOriginAllowList": ["https://app.example.com"]}"#
        let body = Self.form([
            ("framework", "flutter-inappwebview"), ("config", lists),
            ("urls", "https://app.example.com/\nhttps://app.example.com.evil.net/x\nhttps://evil.example/\n<b>x</b>"),
            ("frame", "sub"),
        ])
        let (status, html, _) = try await Self.request(.post, "/frameworks/bridge", body)
        #expect(status == .ok)
        #expect(html.contains("Who reaches flutter-inappwebview's bridge"))
        #expect(html.contains("reaches native code</strong> <strong class=\"verdict bad\">bypass</strong>"))
        #expect(html.contains("<td class=\"mono\">https://app.example.com.evil.net</td>"))
        #expect(
            html.contains(
                "https://evil.example/</td><td>not offered</td>\n<td><strong class=\"verdict neutral\">refused</strong>"
            ))
        #expect(html.contains("&lt;b&gt;x&lt;/b&gt;</td><td colspan=\"4\">not a URL"))
        // The navigation frameworks take their own files; their release is in them.
        let capacitor = Self.form([
            ("framework", "capacitor"), ("config", #"{"server": {"url": "https://app.example.com"}}"#),
            ("urls", "https://app.example.com/"), ("frame", "sub"),
        ])
        let (_, offered, _) = try await Self.request(.post, "/frameworks/bridge", capacitor)
        #expect(offered.contains("not offered"))
        for (fields, message) in [
            ([("framework", "tauri"), ("config", "{"), ("urls", "https://a.example/")], "Not JSON: line 1"),
            (
                [("framework", "capacitor"), ("version", "8"), ("config", "{}"), ("urls", "https://a.example/")],
                "The release is read from the configuration"
            ),
            (
                [("framework", "flutter-inappwebview"), ("version", "5.0"), ("config", "{}"), ("urls", "https://a/")],
                "WebFence follows 6.1.5"
            ),
        ] {
            let (_, refused, _) = try await Self.request(.post, "/frameworks/bridge", Self.form(fields))
            #expect(refused.contains("The configuration cannot be used") && refused.contains(message), "\(fields)")
        }
    }

    @Test("the bridge form as a whole is held to one request's budget: rows past it are not decided")
    func bridgeBudget() async throws {
        // Two lists of 9,000 states each (twice: the bypass reads anchored): about 36,000 states, six
        // steps each per URL character. A short URL fits; a 300-character one is past what is left.
        let lists =
            #"{"javaScriptBridgeOriginAllowList": ["(a{90}){100}"], "javaScriptHandlersOriginAllowList": ["(a{90}){100}"]}"#
        let long = "https://x.example/" + String(repeating: "p", count: 300)
        let body = Self.form([
            ("framework", "flutter-inappwebview"), ("config", lists), ("urls", "https://x.example/\n\(long)"),
        ])
        let (status, html, _) = try await Self.request(.post, "/frameworks/bridge", body)
        #expect(status == .ok)
        #expect(html.contains("https://x.example/</td><td>not offered</td>"))
        #expect(html.contains("\(long)</td><td colspan=\"4\">not decided: with it the form could cost more than"))
    }

    @Test("a rule set: decisions, and the errors of one that does not load")
    func rules() async throws {
        let good = Self.form([
            ("rules", #"{"version": 1, "allow": ["example.com"]}"#),
            ("urls", "https://login.example.com/\nhttps://evil.com\\@example.com/"), ("frame", "main"),
        ])
        let (_, html, _) = try await Self.request(.post, "/rules/check", good)
        #expect(html.contains("<strong class=\"verdict good\">allow</strong>"))
        #expect(html.contains("<strong class=\"verdict bad\">cancel</strong>"))
        let bad = Self.form([("rules", #"{"version": 1, "allow": [42]}"#), ("urls", "https://a.example/")])
        let (_, refused, _) = try await Self.request(.post, "/rules/check", bad)
        #expect(refused.contains("The rule set does not load"))
    }

    @Test("a form over the cap is a 413 page")
    func overTheCap() async throws {
        let body = Self.form([("file", String(repeating: "x", count: 4096)), ("domain", "example.com")])
        let (status, html, _) = try await Self.request(.post, "/", body, maximumBodySize: 1024)
        #expect(status == .contentTooLarge)
        #expect(html.contains("over 1024 bytes"))
    }

    @Test("a scenario: each step's outcome and rule, a failed expectation, and a plist path refused")
    func scenario() async throws {
        let scenario = #"""
            {"name": "<b>shop</b>", "app": {"infoPlist": {"WKAppBoundDomains": ["shop.example"]}, "entitlements": {}},
             "webViews": [{"id": "main", "limitsNavigationsToAppBoundDomains": true}],
             "steps": [
               {"webView": "main", "load": "https://shop.example/", "expect": {"result": "committed"}},
               {"webView": "main", "load": "https://tracker.example/", "expect": {"result": "committed"}}
             ]}
            """#
        let (status, html, _) = try await Self.request(.post, "/scenario", Self.form([("scenario", scenario)]))
        #expect(status == .ok)
        #expect(html.contains("&lt;b&gt;shop&lt;/b&gt;"))
        #expect(html.contains("1 step did not go as expected"))
        #expect(html.contains("<code>error</code>: <code>13</code>"))
        let plist = #"{"name": "x", "app": {"infoPlistFile": "/etc/passwd"}, "webViews": [], "steps": []}"#
        let (_, refused, _) = try await Self.request(.post, "/scenario", Self.form([("scenario", plist)]))
        #expect(refused.contains("The scenario cannot be run"))
        #expect(!refused.contains("root:"))
    }

    @Test("a file listing many apps shows the first 50 and says how many more; a pasted value keeps its first line")
    func manyApps() async throws {
        let ids = (0..<60).map { "\"ABCDE12345.com.example.app\($0)\"" }.joined(separator: ", ")
        let file = "\n{\"applinks\": {\"details\": [{\"appIDs\": [\(ids)], \"components\": [{\"/\": \"/shop/*\"}]}]}}"
        let body = Self.form([("file", file), ("domain", "example.com"), ("link", "https://example.com/blog")])
        let (status, html, _) = try await Self.request(.post, "/", body)
        #expect(status == .ok)
        #expect(html.contains("and 10 more apps, not shown"))
        #expect(html.matches(of: /verdict bad">no_match/).count == 50)
        #expect(html.contains("spellcheck=\"false\">\n\n{&quot;applinks"))
    }

    @Test("HTML escapes interpolated text and keeps interpolated HTML")
    func escaping() {
        let text = #"<a href="x" onclick='y'>&</a>"#
        let inner: HTML = "<em>\(text)</em>"
        let outer: HTML = "<p>\(inner)</p>"
        #expect(outer.rendered == "<p><em>&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;</em></p>")
    }

    @Test("a form body is read as the URL Standard reads it")
    func formBody() {
        let fields = FormBody(Array("a=1+2&b=%3Cx%3E&a=3&flag&=empty&c=%FF".utf8))
        #expect(fields["a"] == "1 2")
        #expect(fields["b"] == "<x>")
        #expect(fields.fields.filter { $0.name == "a" }.map(\.value) == ["1 2", "3"])
        #expect(fields["flag"] == "")
        #expect(fields[""] == "empty")
        #expect(fields["c"] == "\u{FFFD}")
        #expect(FormBody(Array("d=%20%20x%20".utf8)).trimmed("d") == "x")
    }
}
