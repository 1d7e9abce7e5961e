// The app-bound navigation decision, and whole scenario replays.
//
// "Decision" benchmarks: one iteration is one main-frame navigation decision from a URL string
// (parse, §2 lookup, §3 gate), cycling through the URLs below, so per-op times are per decision.
// The baseline is what an app does by hand: Foundation's URL for the host, then seed 003's loop
// over the listed domains.
// "Replay" benchmark: one iteration replays every scenario of Examples/scenarios (parse + run).

import AppBound
import Benchmark
import Foundation
import Scenarios
import StrictJSON
import WebAddress

/// The ShopApp-style list of a real app: ten entries, the cap.
let listEntries = [
    "shop.example", "shop-cdn.example", "auth.shop.example", "pay.example.co.uk", "help.example.org",
    "static.example.net", "api.example.io", "images.example.com", "localhost", "app-scheme:",
]

/// Navigations an app's web view sees: listed and not, subdomains, co.uk, local content.
let navigations = [
    "https://shop.example/",
    "https://www.shop.example/cart?item=42&size=m",
    "https://img.shop-cdn.example/p/42/large.jpg",
    "https://checkout.pay.example.co.uk/session/abc",
    "https://tracker.example/pixel?id=1",
    "https://www.wikipedia.org/wiki/Main_Page",
    "https://accounts.example.org/login",
    "about:blank",
]

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal],
        warmupIterations: 1_000,
        maxDuration: .seconds(3),
        maxIterations: 10_000_000
    )

    let app = AppBoundApp(domains: AppBoundDomains(entries: listEntries))
    let gate = NavigationGate(app: app)
    let state = AppBoundWebViewState(configuredLimits: true)
    _ = PublicSuffixList.bundled.registrableDomain(of: "warm.up.example")

    Benchmark("Main-frame navigation decision: parse + lookup + gate (WebFence)") { benchmark in
        for iteration in benchmark.scaledIterations {
            let text = navigations[iteration % navigations.count]
            guard let url = try? WebURL(text) else { continue }
            blackHole(gate.decide(url, isMainFrame: true, state: state))
        }
    }

    // What apps write by hand: Foundation's host and seed 003's suffix loop over the list.
    let naiveDomains = listEntries.filter { !$0.hasSuffix(":") }
    Benchmark("Main-frame navigation decision: Foundation URL + seed 003 loop (baseline)") { benchmark in
        for iteration in benchmark.scaledIterations {
            let text = navigations[iteration % navigations.count]
            let host = URL(string: text)?.host?.lowercased() ?? ""
            blackHole(naiveDomains.contains { host == $0 || host.hasSuffix("." + $0) })
        }
    }

    // Every scenario of Examples/scenarios, read once; each iteration parses and replays them all.
    let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/scenarios")
    let files = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
        .filter { $0.hasSuffix(".json") }.sorted()
    precondition(!files.isEmpty, "AppBoundDecision: no scenarios in \(directory.path)")
    // Loading each file once reads the plist and rule files it names; keep them for the replays.
    nonisolated(unsafe) var namedFiles: [String: [JSONValue.Member]] = [:]
    for file in files {
        let url = directory.appendingPathComponent(file)
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        let loaded = try? Scenario.parse(text) { (path: String) throws(ScenarioError) in
            let members = try PropertyListFile.read(URL(fileURLWithPath: path, relativeTo: directory))
            namedFiles[path] = members
            return members
        }
        precondition(loaded != nil, "AppBoundDecision: \(file) does not load")
    }
    let filesByPath = namedFiles
    let texts = files.map { file in
        (file, (try? String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)) ?? "")
    }

    Benchmark(
        "Replay every scenario of Examples/scenarios (\(files.count) files)",
        configuration: .init(warmupIterations: 5)
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            for (_, text) in texts {
                let scenario = try? Scenario.parse(text) { (path: String) throws(ScenarioError) in
                    filesByPath[path] ?? []
                }
                blackHole(try? scenario?.run())
            }
        }
    }
}
