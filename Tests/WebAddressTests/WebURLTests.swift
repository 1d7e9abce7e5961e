import Testing

@testable import WebAddress

/// The URL Standard's parser rules (§4.4), each named, on inputs chosen for what they prove.
/// The WPT corpus covers the same ground case by case; these say which rule a case stands for.
@Suite("URL Standard rules")
struct WebURLTests {
    private func href(_ input: String, base: String? = nil) -> String? {
        try? WebURL.parse(input, base: base).get().href
    }

    @Test("§4.4 step 1: leading and trailing C0 controls and spaces are stripped")
    func stripsC0AndSpace() {
        #expect(href(" \u{0}\u{1F}https://example.com/ \u{7}") == "https://example.com/")
    }

    @Test("§4.4 step 2: ASCII tab and newline are removed anywhere, even inside the scheme and host")
    func removesTabAndNewline() {
        #expect(href("java\tscript:alert(1)") == "javascript:alert(1)")
        #expect(href("https://ev\nil.c\r\nom/") == "https://evil.com/")
    }

    @Test("scheme state: lowercased; a scheme starts with a letter")
    func schemes() throws {
        #expect(try WebURL("HtTpS://example.com").scheme == "https")
        #expect(try WebURL("web+demo.1-x:y").scheme == "web+demo.1-x")
        #expect(throws: URLParseError.missingSchemeNonRelativeURL) { try WebURL("1http://example.com/") }
    }

    @Test(
        "special schemes: backslash is a slash and extra slashes before the host are ignored",
        arguments: [
            ("https://evil.com\\@trusted.com/", "evil.com"),
            ("https:\\\\evil.com\\path", "evil.com"),
            ("https:////evil.com/", "evil.com"),
            ("https:evil.com", "evil.com"),
        ])
    func specialSlashes(_ input: String, _ host: String) throws {
        #expect(try WebURL(input).host == .domain(host))
    }

    @Test("non-special schemes: backslash is not a separator")
    func nonSpecialBackslash() throws {
        let url = try WebURL("sc://evil.com\\@trusted.com/")
        #expect(url.host == .opaque("trusted.com"))
        #expect(url.username == "evil.com%5C")
    }

    @Test("authority state: the last @ ends the userinfo; earlier ones are encoded as %40")
    func lastAtSignWins() throws {
        let other = try WebURL("https://trusted.com@x@evil.com/")
        #expect(other.host == .domain("evil.com"))
        #expect(other.username == "trusted.com%40x")
    }

    @Test("userinfo percent-encode set")
    func userinfoEncoding() throws {
        let url = try WebURL("https://a b:c:d@example.com/")
        #expect(url.username == "a%20b")
        #expect(url.password == "c%3Ad")
    }

    @Test("host-missing: a special URL needs a host, and credentials need one too")
    func hostMissing() {
        #expect(throws: URLParseError.hostMissing) { try WebURL("https://") }
        #expect(throws: URLParseError.hostMissing) { try WebURL("https://user@/") }
        #expect(throws: URLParseError.hostMissing) { try WebURL("sc://user@/") }
    }

    @Test("port state: the default port is dropped, leading zeros allowed, above 65535 or non-digits fail")
    func ports() throws {
        #expect(try WebURL("https://example.com:443/").port == nil)
        #expect(try WebURL("https://example.com:00080/").port == 80)
        #expect(try WebURL("http://example.com:80/").port == nil)
        #expect(try WebURL("sc://example.com:80/").port == 80)
        #expect(try WebURL("https://example.com:/").port == nil)
        #expect(throws: URLParseError.portOutOfRange) { try WebURL("https://example.com:65536/") }
        #expect(throws: URLParseError.portInvalid) { try WebURL("https://example.com:8o/") }
    }

    @Test(
        "path state: single- and double-dot segments, percent-encoded ones included",
        arguments: [
            ("https://h/a/./b/../c", "/a/c"),
            ("https://h/a/%2e/b/%2E%2e/c", "/a/c"),
            ("https://h/a/.%2e/.%2E/", "/"),
            ("https://h/../../x", "/x"),
            ("https://h/a/..", "/"),
            ("sc://h/a/../b", "/b"),
        ])
    func dotSegments(_ input: String, _ pathname: String) throws {
        #expect(try WebURL(input).pathname == pathname)
    }

    @Test("path percent-encode set: space, \", #, <, >, ?, ^, `, {, } and non-ASCII")
    func pathEncoding() throws {
        #expect(try WebURL("https://h/ \"<>^`{}é|").pathname == "/%20%22%3C%3E%5E%60%7B%7D%C3%A9|")
    }

    @Test("query: the special-query set encodes ' only for special schemes")
    func queryEncoding() throws {
        #expect(try WebURL("https://h/?a='b c'").query == "a=%27b%20c%27")
        #expect(try WebURL("sc://h/?a='b c'").query == "a='b%20c'")
    }

    @Test("fragment percent-encode set")
    func fragmentEncoding() throws {
        #expect(try WebURL("https://h/#a b`\"<>#").fragment == "a%20b%60%22%3C%3E#")
    }

    @Test("opaque paths: no host, one string, C0-control set only")
    func opaquePaths() throws {
        let url = try WebURL("javascript:alert('https://trusted.com/')")
        #expect(url.host == nil)
        #expect(url.hasOpaquePath)
        #expect(url.pathname == "alert('https://trusted.com/')")
        #expect(try WebURL("mailto:a b@example.com").pathname == "a b@example.com")
    }

    @Test("opaque paths: spaces before a query or fragment are dropped")
    func opaquePathTrailingSpaces() throws {
        #expect(try WebURL("sc:opaque  ?q").href == "sc:opaque?q")
        #expect(try WebURL("sc:opaque  #f").href == "sc:opaque#f")
    }

    @Test("relative resolution against a base")
    func relative() throws {
        let base = try WebURL("https://user:pw@example.com:8443/a/b/c?q#f")
        #expect(try WebURL("../d", base: base).href == "https://user:pw@example.com:8443/a/d")
        #expect(try WebURL("?x", base: base).href == "https://user:pw@example.com:8443/a/b/c?x")
        #expect(try WebURL("#y", base: base).href == "https://user:pw@example.com:8443/a/b/c?q#y")
        #expect(try WebURL("//evil.com/x", base: base).href == "https://evil.com/x")
        #expect(try WebURL("/\\evil.com/x", base: base).href == "https://evil.com/x")
        #expect(try WebURL("", base: base).href == "https://user:pw@example.com:8443/a/b/c?q")
    }

    @Test("no-scheme state: an opaque-path base takes only a fragment")
    func opaqueBase() throws {
        let base = try WebURL("mailto:someone@example.com")
        #expect(try WebURL("#x", base: base).href == "mailto:someone@example.com#x")
        #expect(throws: URLParseError.missingSchemeNonRelativeURL) { try WebURL("x", base: base) }
    }

    @Test("an unparsable string base makes the parse fail, as new URL(input, base) does")
    func unparsableBase() throws {
        #expect(throws: URLParseError.missingSchemeNonRelativeURL) { try WebURL("a", base: "not a url") }
        #expect(WebURL.parse("a", base: "not a url") == .failure(.missingSchemeNonRelativeURL))
        #expect(try WebURL.parse("a", base: "https://x.example/b/c").get().href == "https://x.example/b/a")
        #expect(try WebURL.parse("https://x.example").get().href == "https://x.example/")
    }

    @Test("Windows drive letters: | becomes :, and .. never removes the drive")
    func windowsDriveLetters() throws {
        #expect(try WebURL("file:///C|/x").href == "file:///C:/x")
        #expect(try WebURL("file:///C:/../../x").href == "file:///C:/x")
        #expect(try WebURL("file://localhost/C:/x").href == "file:///C:/x")
        #expect(try WebURL("/D:/y", base: "file:///C:/x").href == "file:///D:/y")
    }

    @Test("file host state: localhost becomes the empty host")
    func fileLocalhost() throws {
        #expect(try WebURL("file://LOCALHOST/etc/hosts").host == .empty)
        #expect(try WebURL("file://server/share").host == .domain("server"))
    }

    @Test("the serializer writes /. before a path starting with an empty segment when there is no host")
    func slashDotSerialization() throws {
        let url = try WebURL("web+demo:/.//not-a-host/")
        #expect(url.href == "web+demo:/.//not-a-host/")
        #expect(url.pathname == "//not-a-host/")
        #expect(try WebURL(url.href).href == url.href)
    }

    @Test(
        "origin: a tuple for http(s), ws(s) and ftp; the inner URL's for blob:http(s); opaque otherwise",
        arguments: [
            ("https://example.com:443/x", "https://example.com"),
            ("http://example.com:8080/", "http://example.com:8080"),
            ("wss://example.com/", "wss://example.com"),
            ("blob:https://example.com/uuid", "https://example.com"),
            ("blob:file:///x", "null"),
            ("data:text/html,hi", "null"),
            ("file:///etc/passwd", "null"),
            ("in-app-browser://apple.com/x", "null"),
            ("javascript:alert(1)", "null"),
        ])
    func origins(_ input: String, _ origin: String) throws {
        #expect(try WebURL(input).origin.description == origin)
    }

    @Test("same origin: equal tuples only; an opaque origin is never the same as another")
    func sameOrigin() throws {
        let a = try WebURL("https://example.com/a").origin
        #expect(a.isSameOrigin(as: try WebURL("https://EXAMPLE.com:443/b").origin))
        #expect(!a.isSameOrigin(as: try WebURL("http://example.com/").origin))
        #expect(!Origin.opaque.isSameOrigin(as: .opaque))
    }

    @Test("API getters: search and hash are empty for an empty query or fragment")
    func apiGetters() throws {
        let fields = try WebURL("https://u:p@example.com:8443/p?#").apiFields
        #expect(fields.search == "")
        #expect(fields.hash == "")
        #expect(fields.host == "example.com:8443")
        #expect(fields.hostname == "example.com")
        #expect(fields.port == "8443")
        #expect(fields.protocol == "https:")
        #expect(fields.href == "https://u:p@example.com:8443/p?#")
    }

    @Test("a URL and its href reparse to the same URL")
    func idempotent() throws {
        for input in ["https://EXAMPLE.com/a/../b?c#d", "file:///C|/x", "sc:x y?z", "https://[::ffff:1.2.3.4]/"] {
            let url = try WebURL(input)
            #expect(try WebURL(url.href) == url)
        }
    }

    @Test(
        "cases where the standard and Node 20 part ways and WPT has no test (regressions to keep)",
        arguments: [
            ("..", "sc://h", "sc://h/"),
            ("mailto:/..#x", nil, "mailto:/#x"),
            ("", "https://h/p?", "https://h/p?"),
            ("file:C:0x7f/..", nil, "file:///"),
            ("FILE:a/.b/..", nil, "file:///a/"),
        ] as [(String, String?, String)])
    func regressions(_ input: String, _ base: String?, _ href: String) throws {
        #expect(try WebURL.parse(input, base: base).get().href == href)
    }

    @Test("a fragment-only input against an opaque-path base keeps its path; anything else fails")
    func opaqueBaseRegressions() {
        #expect((try? WebURL.parse("a#b", base: "sc:opaque").get()) == nil)
        #expect((try? WebURL.parse("a#b", base: "blob:https://a.com/x").get()) == nil)
    }

    @Test("an input whose serialization could pass 2 GiB is refused, not trapped on")
    func tooLong() {
        // Percent-encoding at most triples a byte, and a base is copied in whole.
        #expect(3 * URLParser.maximumLength + 16 <= Int(Int32.max))
        #expect(URLParser.fitsOffsets(inputLength: URLParser.maximumLength, baseLength: 0))
        #expect(!URLParser.fitsOffsets(inputLength: URLParser.maximumLength + 1, baseLength: 0))
        #expect(!URLParser.fitsOffsets(inputLength: URLParser.maximumLength, baseLength: 1))
        #expect(!URLParser.fitsOffsets(inputLength: Int.max, baseLength: Int.max))
    }

    @Test("the input string becomes href when it is already serialized, and only then")
    func reusesInput() throws {
        let serialized = "https://example.com/a?b#c"
        #expect(try WebURL(serialized).href == serialized)
        #expect(try WebURL(" https://EXAMPLE.com/a?b#c").href == serialized)
        #expect(try WebURL("https://example.com/a?b#c").pathname == "/a")
    }
}
