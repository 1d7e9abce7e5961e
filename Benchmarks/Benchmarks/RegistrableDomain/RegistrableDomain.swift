// Registrable domain (eTLD+1) lookup: WebAddress's PublicSuffixList against the naive
// implementation most code has.
//
// One benchmark iteration is one pass over all hosts below (50), so "per op" in the results means
// "per 50 lookups". Both implementations get the same canonical ASCII hosts, as a parsed URL
// carries them; setup checks that both give the same answer for every host.

import Benchmark
import Foundation
import WebAddress

/// Realistic hosts: plain and deep subdomains, multi-label suffixes, wildcard and exception rules,
/// the private section, IDN hosts, unknown TLDs, single labels and public suffixes themselves.
let hostInputs: [String] = [
    // Plain and deep subdomains.
    "www.example.com",
    "example.com",
    "mail.google.com",
    "a.b.c.d.e.f.g.example.com",
    "static.cdn.assets.eu-west.example.net",
    "api.v2.service.example.io",
    "www.example.de",
    // Multi-label ICANN suffixes.
    "news.bbc.co.uk",
    "www.amazon.co.uk",
    "co.uk",
    "login.ox.ac.uk",
    "shop.example.com.au",
    "www.example.co.jp",
    "foo.tokyo.jp",
    "www.example.com.br",
    "www.example.com.cn",
    "school.k12.ca.us",
    "www.gov.uk",
    // Wildcard and exception rules.
    "www.ck",
    "foo.www.ck",
    "bar.foo.ck",
    "foo.ck",
    "city.kawasaki.jp",
    "x.city.kawasaki.jp",
    "a.b.kawasaki.jp",
    "city.kobe.jp",
    "shop.foo.kobe.jp",
    "ec2-1-2-3-4.us-east-2.compute.amazonaws.com",
    // The private section.
    "x.github.io",
    "user.github.io",
    "github.io",
    "someone.blogspot.com",
    "myapp.herokuapp.com",
    "bucket.s3.amazonaws.com",
    "example.appspot.com",
    "site.netlify.app",
    "project.vercel.app",
    "foo.pages.dev",
    "d111111abcdef8.cloudfront.net",
    "myapp.azurewebsites.net",
    "store.myshopify.com",
    // Internationalised names, as a URL carries them (punycode).
    "пример.рф",
    "www.食狮.公司.cn",
    "bücher.example.de",
    // Unknown TLDs, single labels and internal names: the implicit `*` rule.
    "example.local",
    "printer.office.internal",
    "myrouter.lan",
    "a.b.example.test",
    "localhost",
    "intranet",
]

/// The straightforward implementation: every rule in a `Set<String>`, each suffix of the host
/// tried from the longest down, built with joins and concatenation.
struct NaivePublicSuffixList {
    let rules: Set<String>

    /// Reads the list's text (one rule per line, `//` comments). Unicode rules are stored in ASCII
    /// (punycode), the form hosts arrive in; that conversion is load time, not lookup time.
    init(text: String) {
        var rules = Set<String>()
        for line in text.split(whereSeparator: \.isNewline) {
            guard let rule = line.split(whereSeparator: \.isWhitespace).first, !rule.hasPrefix("//") else {
                continue
            }
            rules.insert(Self.ascii(String(rule)))
        }
        self.rules = rules
    }

    private static func ascii(_ rule: String) -> String {
        if rule.utf8.allSatisfy({ $0 < 0x80 }) { return rule.lowercased() }
        var prefix = ""
        var name = Substring(rule)
        if name.hasPrefix("!") {
            prefix = "!"
            name = name.dropFirst()
        } else if name.hasPrefix("*.") {
            prefix = "*."
            name = name.dropFirst(2)
        }
        guard let url = try? WebURL("http://\(name)/"), case .domain(let ascii) = url.host else {
            fatalError("NaivePublicSuffixList: rule \(rule) has no ASCII form")
        }
        return prefix + ascii
    }

    func registrableDomain(of host: String) -> String? {
        let labels = host.split(separator: ".").map(String.init)
        for i in 0..<labels.count {
            let suffix = labels[i...].joined(separator: ".")
            // An exception rule: the public suffix is the rule minus its first label.
            if rules.contains("!" + suffix) {
                return suffix
            }
            // A normal rule, or a wildcard one level up: `suffix` is the public suffix.
            let parent = labels[(i + 1)...].joined(separator: ".")
            if rules.contains(suffix) || (!parent.isEmpty && rules.contains("*." + parent)) {
                return i == 0 ? nil : labels[(i - 1)...].joined(separator: ".")
            }
        }
        // The implicit `*` rule: the last label is the public suffix.
        return labels.count >= 2 ? labels.suffix(2).joined(separator: ".") : nil
    }
}

/// The shared copy of the list, for the baseline (the bundled text is internal to WebAddress).
func loadListText() -> String {
    let relative = "../../shared/testdata/psl/public_suffix_list.dat"
    let packageDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let candidates = [
        URL(fileURLWithPath: relative),  // run from the Benchmarks package folder
        packageDirectory.appendingPathComponent(relative).standardizedFileURL,
    ]
    for candidate in candidates {
        if let text = try? String(contentsOf: candidate, encoding: .utf8) { return text }
    }
    fatalError(
        "RegistrableDomain: cannot read the Public Suffix List at \(relative) (tried "
            + candidates.map(\.path).joined(separator: ", ") + ")")
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal],
        warmupIterations: 20,
        maxDuration: .seconds(3),
        maxIterations: 1_000_000
    )

    // Hosts as a parsed URL carries them: lowercase ASCII, IDNA applied.
    let hosts: [WebAddress.URLHost] = hostInputs.map { input in
        guard let url = try? WebURL("https://\(input)/"), let host = url.host, case .domain = host else {
            fatalError("RegistrableDomain: \(input) does not parse as a domain")
        }
        return host
    }
    let asciiHosts: [String] = hosts.map(\.description)

    let naive = NaivePublicSuffixList(text: loadListText())
    let bundled = PublicSuffixList.bundled  // builds the trie now, not in the first iteration

    // The comparison is fair only if both answer the same.
    for (host, ascii) in zip(hosts, asciiHosts) {
        let expected = bundled.registrableDomain(of: host)
        let got = naive.registrableDomain(of: ascii)
        precondition(
            expected == got,
            "RegistrableDomain: \(ascii): WebAddress says \(expected ?? "nil"), the baseline says \(got ?? "nil")")
        precondition(
            bundled.registrableDomain(of: ascii) == expected,
            "RegistrableDomain: \(ascii): the String and Host lookups of WebAddress disagree")
    }

    Benchmark("Registrable domain of 50 hosts: PublicSuffixList.bundled") { benchmark in
        for _ in benchmark.scaledIterations {
            for host in hosts {
                blackHole(bundled.registrableDomain(of: host))
            }
        }
    }

    // The same lookup from host text (configuration files, allowlists): parses the host first.
    Benchmark("Registrable domain of 50 hosts: PublicSuffixList.bundled, String input") { benchmark in
        for _ in benchmark.scaledIterations {
            for host in asciiHosts {
                blackHole(bundled.registrableDomain(of: host))
            }
        }
    }

    Benchmark("Registrable domain of 50 hosts: naive Set<String> (baseline)") { benchmark in
        for _ in benchmark.scaledIterations {
            for host in asciiHosts {
                blackHole(naive.registrableDomain(of: host))
            }
        }
    }
}
