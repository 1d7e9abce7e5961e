// Bridge decisions beside the frameworks' own checks run through regular expressions, as they run
// on a device (spec hybrid-frameworks §13c, §13d, §14a, §14b).
//
// One iteration ("op") is one pass over the eight URLs of `frameworkURLs`, each a top-level page
// calling the bridge, from the URL string: WebFence parses it (WHATWG) and decides whether the call
// reaches native code; the peer runs the framework's check (flutter_inappwebview 6.2: the page's
// expressions, then ICU's at the native handler; Tauri 2: the URL pattern of each grant, one
// expression per URL component, against Foundation's URL parts). Divide by 8 for one decision.
// WebFence also names the rule that decided, the frame's origin and the bypass flag; the peers
// answer yes or no. webview_flutter has no check to compare: its channels are in every frame.

import Benchmark
import BenchmarkSupport
import HybridFrameworks
import WebAddress

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal],
        warmupIterations: 100,
        maxDuration: .seconds(3),
        maxIterations: 10_000_000
    )

    let policies = [("flutter_inappwebview 6.2", flutterBridgePolicy), ("Tauri 2", tauriBridgePolicy)]
    for (name, policy) in policies {
        Benchmark("\(name): parse + decide (WebFence)") { benchmark in
            for _ in benchmark.scaledIterations {
                for text in frameworkURLs {
                    guard let url = try? WebURL(text) else { continue }
                    blackHole(try? policy.decide(url, isMainFrame: true, command: tauriCommand))
                }
            }
        }
    }

    let flutter = RegexFlutterBridgeCheck(pageList: flutterPageList, handlerList: flutterHandlerList)
    let tauri = URLPatternTauriAccess(local: true, remote: tauriPatterns, window: "main")
    checkBridgePeers(flutter: flutter, tauri: tauri)

    Benchmark("flutter_inappwebview 6.2: RegExp in the page + ICU natively (NSRegularExpression)") { benchmark in
        for _ in benchmark.scaledIterations {
            for text in frameworkURLs { blackHole(flutter.accepts(text)) }
        }
    }

    Benchmark("Tauri 2: Foundation URL + its URL patterns, one expression per part (NSRegularExpression)") {
        benchmark in
        for _ in benchmark.scaledIterations {
            for text in frameworkURLs { blackHole(tauri.allows(text, window: "main")) }
        }
    }
}
