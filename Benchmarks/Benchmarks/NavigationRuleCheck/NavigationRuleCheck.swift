// The navigation-rule check at 10, 1,000 and 100,000 rules, beside seed 003's loop.
//
// One iteration ("op") is one pass over the eight URLs below, one main-frame decision each, from
// the URL string: parse, then decide. Divide by 8 for one check. The URLs hit rules listed last
// (the loop's worst case among hits), miss every rule (the loop's every case among misses), and
// try two bypasses. The baseline is seed 003's `BrowserViewController`: Foundation's `URL(string:)`
// for the host, then `contains { host == $0 || host.hasSuffix("." + $0) }` over the same domains.
// A third series runs the seed's loop on WebFence's host, so that the lookup is compared alone.

import Benchmark
import Foundation
import NavigationRules
import WebAddress

/// `count` allow rules of the three host kinds, plus a few exceptions; the last rules are the
/// ones the URLs below hit. Returns the rule set's JSON and the plain domains the seed's loop gets.
func ruleSet(count: Int) -> (json: String, domains: [String]) {
    var rules: [String] = []
    var domains: [String] = []
    for index in 0..<(count - 3) {
        let domain = "brand\(index).example\(index % 97).com"
        switch index % 3 {
        case 0: rules.append("\"\(domain)\"")
        case 1: rules.append("\"=\(domain)\"")
        default: rules.append("\"*.\(domain)\"")
        }
        domains.append(domain)
    }
    for domain in ["auth.example.com", "example.com", "cdn.example.net"] {
        rules.append("\"\(domain)\"")
        domains.append(domain)
    }
    return (#"{"allow": [\#(rules.joined(separator: ", "))], "deny": ["ads.example.com"]}"#, domains)
}

let urls = [
    "https://example.com/",
    "https://login.example.com/oauth/authorize?client_id=42",
    "https://img.cdn.example.net/p/42/large.jpg",
    "https://www.notexample.com/",
    "https://tracker.example.org/pixel?id=1",
    "https://www.wikipedia.org/wiki/Main_Page",
    "https://evil.com\\@example.com/",
    "https://example.com.evil.com/login",
]

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal],
        warmupIterations: 100,
        maxDuration: .seconds(3),
        maxIterations: 10_000_000
    )

    for count in [10, 1_000, 100_000] {
        let (json, domains) = ruleSet(count: count)
        guard let rules = try? NavigationRuleSet(json: json) else {
            preconditionFailure("NavigationRuleCheck: the \(count)-rule set does not load")
        }
        let size = count.formatted(.number.grouping(.automatic))

        Benchmark("Rule check, \(size) rules: parse + decide (WebFence)") { benchmark in
            for _ in benchmark.scaledIterations {
                for text in urls {
                    guard let url = try? WebURL(text) else { continue }
                    blackHole(rules.decide(url))
                }
            }
        }

        let parsed = urls.compactMap { try? WebURL($0) }
        Benchmark("Rule check, \(size) rules: decide on a parsed URL (WebFence)") { benchmark in
            for _ in benchmark.scaledIterations {
                for url in parsed { blackHole(rules.decide(url)) }
            }
        }

        Benchmark("Rule check, \(size) rules: Foundation URL + seed 003 loop (baseline)") { benchmark in
            for _ in benchmark.scaledIterations {
                for text in urls {
                    let host = URL(string: text)?.host ?? ""
                    blackHole(domains.contains { host == $0 || host.hasSuffix("." + $0) })
                }
            }
        }

        let hosts = urls.map { (try? WebURL($0))?.host?.description ?? "" }
        Benchmark("Rule check, \(size) rules: WebFence host + seed 003 loop (lookup baseline)") { benchmark in
            for _ in benchmark.scaledIterations {
                for host in hosts {
                    blackHole(domains.contains { host == $0 || host.hasSuffix("." + $0) })
                }
            }
        }
    }

    // A rule set compiles once, when it loads (or when a remote update arrives).
    let (large, _) = ruleSet(count: 100_000)
    Benchmark("Compile a 100,000-rule set", configuration: .init(warmupIterations: 1, maxIterations: 20)) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try? NavigationRuleSet(json: large)) }
    }
}
