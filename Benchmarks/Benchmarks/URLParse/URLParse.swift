// URL parsing, WebAddress against Foundation.
//
// One benchmark iteration is one pass over the whole mix below (50 inputs), so "per op" in the
// results means "per 50 URLs". Relative inputs are parsed against `baseString` by both parsers;
// absolute inputs get no base.

import Benchmark
import Foundation
import WebAddress

/// The document a relative reference is resolved against.
let baseString = "https://www.example.com/docs/guide/index.html?lang=en"

/// A fixed, realistic mix: what a navigation delegate or an allowlist sees.
/// `relative: true` marks inputs that are parsed against the base.
let mix: [(input: String, relative: Bool)] = [
    // Plain https, the bulk of real traffic.
    ("https://www.example.com/", false),
    ("https://example.org", false),
    ("https://en.wikipedia.org/wiki/Public_Suffix_List", false),
    ("https://developer.apple.com/documentation/webkit/wkwebview", false),
    ("https://github.com/apple/swift-nio/blob/main/Sources/NIOCore/Channel.swift", false),
    ("http://localhost:8080/api/v1/health", false),
    ("https://EXAMPLE.COM/Mixed/Case/Path", false),
    ("https://example.com:443/default-port", false),
    ("wss://realtime.example.com/socket/v2", false),
    ("https://m.facebook.com/login.php", false),
    // Query and fragment.
    ("https://news.ycombinator.com/item?id=38412345", false),
    ("https://shop.example.co.uk/search?q=red+shoes&size=42&sort=price_asc#results", false),
    ("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s", false),
    ("https://docs.swift.org/swift-book/documentation/the-swift-programming-language/closures#Escaping-Closures", false),
    ("https://example.com/?utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale#top", false),
    ("https://app.example.com/#/dashboard/settings?tab=profile", false),
    (
        "https://accounts.google.com/o/oauth2/v2/auth?client_id=123.apps.googleusercontent.com"
            + "&redirect_uri=https%3A%2F%2Fapp.example.com%2Fcallback&response_type=code&scope=openid%20email",
        false
    ),
    ("https://www.bing.com/search?q=swift+url+parser&form=QBLH&sp=-1", false),
    // Internationalised hosts (UTS #46), and one already in punycode.
    ("https://bücher.example/katalog", false),
    ("https://münchen.de/rathaus", false),
    ("https://пример.рф/", false),
    ("https://例え.テスト/パス", false),
    ("https://xn--mnchen-3ya.de/", false),
    ("https://Straße.de/", false),
    // IP addresses.
    ("http://192.168.1.1/admin", false),
    ("http://127.0.0.1:3000/", false),
    ("https://10.0.0.254:8443/status", false),
    ("http://[::1]:8080/", false),
    ("https://[2001:db8::1]/path", false),
    ("https://[2001:db8:85a3::8a2e:370:7334]:443/index.html", false),
    // Relative references against the base.
    ("../images/logo.png", true),
    ("/login?next=%2Fdashboard", true),
    ("?page=2", true),
    ("#section-3", true),
    ("//cdn.example.net/lib/app.js", true),
    ("subpage.html", true),
    ("./a/b/../c/d.html", true),
    ("/api/v2/users/42/avatar?size=64", true),
    // Userinfo.
    ("https://user:pass@secure.example.com/private", false),
    ("ftp://anonymous@ftp.example.org/pub/file.tar.gz", false),
    ("https://alice@mail.example.com/inbox", false),
    // Long paths and long queries.
    ("https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@6.5.1/css/all.min.css", false),
    (
        "https://storage.googleapis.com/bucket-name/very/long/path/to/some/deeply/nested/object/with/many/segments/"
            + "file-name-2024-01-01T00-00-00Z.json?X-Goog-Algorithm=GOOG4-RSA-SHA256"
            + "&X-Goog-Credential=abc%2F20240101%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Date=20240101T000000Z",
        false
    ),
    (
        "https://www.amazon.co.uk/Some-Product-Name-With-Many-Words/dp/B0ABCDEF12/ref=sr_1_3"
            + "?crid=2ABC&keywords=product&qid=1700000000&sprefix=prod%2Caps%2C120&sr=8-3",
        false
    ),
    ("https://example.com/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/r/s/t/u/v/w/x/y/z/index.html", false),
    // Other schemes an in-app web view meets.
    ("file:///Users/me/Documents/report.pdf", false),
    ("mailto:someone@example.com?subject=Hello", false),
    ("about:blank", false),
    ("data:text/plain;base64,SGVsbG8sIFdvcmxkIQ==", false),
    ("myapp://open/item/42?ref=push", false),
]

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal],
        warmupIterations: 20,
        maxDuration: .seconds(3),
        maxIterations: 1_000_000
    )

    // Both parsers get the same inputs, each with its own pre-parsed base.
    guard let webBase = try? WebURL(baseString), let foundationBase = URL(string: baseString) else {
        fatalError("URLParse: the base URL \(baseString) does not parse")
    }
    let webInputs = mix.map { (input: $0.input, base: $0.relative ? webBase : nil) }
    let foundationInputs = mix.map { (input: $0.input, base: $0.relative ? foundationBase : nil) }

    // Every input must be valid for WebURL, so the benchmark measures parsing, not error paths.
    for (input, base) in webInputs {
        precondition((try? WebURL(input, base: base)) != nil, "URLParse: WebURL rejects \(input)")
    }

    Benchmark("Parse 50 URLs: WebURL") { benchmark in
        for _ in benchmark.scaledIterations {
            for (input, base) in webInputs {
                blackHole(try? WebURL(input, base: base))
            }
        }
    }

    Benchmark("Parse 50 URLs: Foundation URL (baseline)") { benchmark in
        for _ in benchmark.scaledIterations {
            for (input, base) in foundationInputs {
                blackHole(URL(string: input, relativeTo: base))
            }
        }
    }

    // What an allowlist does with each navigation: parse, then take the host.
    Benchmark("Host of 50 URLs: WebURL.host") { benchmark in
        for _ in benchmark.scaledIterations {
            for (input, base) in webInputs {
                blackHole((try? WebURL(input, base: base))?.host)
            }
        }
    }

    Benchmark("Host of 50 URLs: Foundation URL.host (baseline)") { benchmark in
        for _ in benchmark.scaledIterations {
            for (input, base) in foundationInputs {
                blackHole(URL(string: input, relativeTo: base)?.host)
            }
        }
    }
}
