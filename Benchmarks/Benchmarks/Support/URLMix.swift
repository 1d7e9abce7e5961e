// The inputs every URL benchmark shares: the time benchmarks (URLParse) and the instruction counts
// (InstructionCounts) parse the same 50 URLs, so their numbers can be put side by side.

/// The document a relative reference is resolved against.
public let baseString = "https://www.example.com/docs/guide/index.html?lang=en"

/// One input of the mix: `relative` inputs are parsed against `baseString`.
public struct MixEntry: Sendable {
    public let input: String
    public let relative: Bool
    public let group: Group

    /// The kinds of input, reported separately by the instruction counts.
    public enum Group: String, CaseIterable, Sendable {
        case plain
        case queryAndFragment = "query+fragment"
        case idn
        case ipAddress = "ip"
        case relative, userinfo, long
        case otherSchemes = "other"
    }
}

/// A fixed, realistic mix: what a navigation delegate or an allowlist sees.
public let urlMix: [MixEntry] = [
    // Plain https, the bulk of real traffic.
    .init(input: "https://www.example.com/", relative: false, group: .plain),
    .init(input: "https://example.org", relative: false, group: .plain),
    .init(input: "https://en.wikipedia.org/wiki/Public_Suffix_List", relative: false, group: .plain),
    .init(input: "https://developer.apple.com/documentation/webkit/wkwebview", relative: false, group: .plain),
    .init(
        input: "https://github.com/apple/swift-nio/blob/main/Sources/NIOCore/Channel.swift", relative: false,
        group: .plain),
    .init(input: "http://localhost:8080/api/v1/health", relative: false, group: .plain),
    .init(input: "https://EXAMPLE.COM/Mixed/Case/Path", relative: false, group: .plain),
    .init(input: "https://example.com:443/default-port", relative: false, group: .plain),
    .init(input: "wss://realtime.example.com/socket/v2", relative: false, group: .plain),
    .init(input: "https://m.facebook.com/login.php", relative: false, group: .plain),
    // Query and fragment.
    .init(input: "https://news.ycombinator.com/item?id=38412345", relative: false, group: .queryAndFragment),
    .init(
        input: "https://shop.example.co.uk/search?q=red+shoes&size=42&sort=price_asc#results", relative: false,
        group: .queryAndFragment),
    .init(input: "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s", relative: false, group: .queryAndFragment),
    .init(
        input:
            "https://docs.swift.org/swift-book/documentation/the-swift-programming-language/closures#Escaping-Closures",
        relative: false, group: .queryAndFragment),
    .init(
        input: "https://example.com/?utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale#top",
        relative: false, group: .queryAndFragment),
    .init(input: "https://app.example.com/#/dashboard/settings?tab=profile", relative: false, group: .queryAndFragment),
    .init(
        input: "https://accounts.google.com/o/oauth2/v2/auth?client_id=123.apps.googleusercontent.com"
            + "&redirect_uri=https%3A%2F%2Fapp.example.com%2Fcallback&response_type=code&scope=openid%20email",
        relative: false, group: .queryAndFragment),
    .init(
        input: "https://www.bing.com/search?q=swift+url+parser&form=QBLH&sp=-1", relative: false,
        group: .queryAndFragment),
    // Internationalised hosts (UTS #46), and one already in punycode.
    .init(input: "https://bücher.example/katalog", relative: false, group: .idn),
    .init(input: "https://münchen.de/rathaus", relative: false, group: .idn),
    .init(input: "https://пример.рф/", relative: false, group: .idn),
    .init(input: "https://例え.テスト/パス", relative: false, group: .idn),
    .init(input: "https://xn--mnchen-3ya.de/", relative: false, group: .idn),
    .init(input: "https://Straße.de/", relative: false, group: .idn),
    // IP addresses.
    .init(input: "http://192.168.1.1/admin", relative: false, group: .ipAddress),
    .init(input: "http://127.0.0.1:3000/", relative: false, group: .ipAddress),
    .init(input: "https://10.0.0.254:8443/status", relative: false, group: .ipAddress),
    .init(input: "http://[::1]:8080/", relative: false, group: .ipAddress),
    .init(input: "https://[2001:db8::1]/path", relative: false, group: .ipAddress),
    .init(input: "https://[2001:db8:85a3::8a2e:370:7334]:443/index.html", relative: false, group: .ipAddress),
    // Relative references against the base.
    .init(input: "../images/logo.png", relative: true, group: .relative),
    .init(input: "/login?next=%2Fdashboard", relative: true, group: .relative),
    .init(input: "?page=2", relative: true, group: .relative),
    .init(input: "#section-3", relative: true, group: .relative),
    .init(input: "//cdn.example.net/lib/app.js", relative: true, group: .relative),
    .init(input: "subpage.html", relative: true, group: .relative),
    .init(input: "./a/b/../c/d.html", relative: true, group: .relative),
    .init(input: "/api/v2/users/42/avatar?size=64", relative: true, group: .relative),
    // Userinfo.
    .init(input: "https://user:pass@secure.example.com/private", relative: false, group: .userinfo),
    .init(input: "ftp://anonymous@ftp.example.org/pub/file.tar.gz", relative: false, group: .userinfo),
    .init(input: "https://alice@mail.example.com/inbox", relative: false, group: .userinfo),
    // Long paths and long queries.
    .init(
        input: "https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@6.5.1/css/all.min.css", relative: false,
        group: .long),
    .init(
        input:
            "https://storage.googleapis.com/bucket-name/very/long/path/to/some/deeply/nested/object/with/many/segments/"
            + "file-name-2024-01-01T00-00-00Z.json?X-Goog-Algorithm=GOOG4-RSA-SHA256"
            + "&X-Goog-Credential=abc%2F20240101%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Date=20240101T000000Z",
        relative: false, group: .long),
    .init(
        input: "https://www.amazon.co.uk/Some-Product-Name-With-Many-Words/dp/B0ABCDEF12/ref=sr_1_3"
            + "?crid=2ABC&keywords=product&qid=1700000000&sprefix=prod%2Caps%2C120&sr=8-3",
        relative: false, group: .long),
    .init(
        input: "https://example.com/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/r/s/t/u/v/w/x/y/z/index.html", relative: false,
        group: .long),
    // Other schemes an in-app web view meets.
    .init(input: "file:///Users/me/Documents/report.pdf", relative: false, group: .otherSchemes),
    .init(input: "mailto:someone@example.com?subject=Hello", relative: false, group: .otherSchemes),
    .init(input: "about:blank", relative: false, group: .otherSchemes),
    .init(input: "data:text/plain;base64,SGVsbG8sIFdvcmxkIQ==", relative: false, group: .otherSchemes),
    .init(input: "myapp://open/item/42?ref=push", relative: false, group: .otherSchemes),
]
