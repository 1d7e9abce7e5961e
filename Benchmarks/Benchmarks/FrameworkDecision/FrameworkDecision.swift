// Framework navigation decisions beside the frameworks' own matchers run through regular
// expressions, as they run on a device (spec hybrid-frameworks §4b, §5).
//
// One iteration ("op") is one pass over the eight URLs of `frameworkURLs`, one main-frame link
// decision each, from the URL string: WebFence parses it (WHATWG) and decides; the peer runs the
// framework's regular expressions (react-native-webview: origin then entries; Cordova: Foundation's
// URL, then each entry's scheme, host and path expressions), or PWABuilder's Foundation host and
// substring search. Divide by 8 for one decision. WebFence
// also names the entry that decided, the real host and the bypass flag; the peers answer yes or no.

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

    let reactNative = FrameworkPolicy.reactNativeWebView(
        ReactNativeWebViewPolicy(ReactNativeWebViewConfiguration(originWhitelist: reactNativeWhitelist)))
    let cordova = FrameworkPolicy.cordovaIOS(
        CordovaPolicy(CordovaConfiguration(allowNavigation: cordovaAllowNavigation)))
    let pwabuilder = FrameworkPolicy.pwabuilder(
        PWABuilderPolicy(
            PWABuilderConfiguration(allowedOrigins: pwabuilderAllowedOrigins, authOrigins: pwabuilderAuthOrigins)))

    for (name, policy) in [("react-native-webview", reactNative), ("Cordova", cordova), ("PWABuilder", pwabuilder)] {
        Benchmark("\(name): parse + decide (WebFence)") { benchmark in
            for _ in benchmark.scaledIterations {
                for text in frameworkURLs {
                    guard let url = try? WebURL(text) else { continue }
                    blackHole(policy.decide(FrameworkNavigationAction(url: url)))
                }
            }
        }
    }

    let whitelist = RegexOriginWhitelist(reactNativeWhitelist)
    let allowList = RegexCordovaAllowList(cordovaAllowNavigationParts)
    let shell = FoundationSubstringAllowList(
        allowedOrigins: pwabuilderAllowedOrigins, authOrigins: pwabuilderAuthOrigins)
    // The peers must answer as WebFence does (allowed in the web view or not), or the comparison
    // would measure different work.
    for text in frameworkURLs {
        let action = FrameworkNavigationAction(url: try! WebURL(text))
        precondition((reactNative.decide(action).action == .allow) == whitelist.passes(text), "peer differs: \(text)")
        precondition((cordova.decide(action).action == .allow) == allowList.allows(text), "peer differs: \(text)")
        precondition((pwabuilder.decide(action).action == .allow) == shell.allows(text), "peer differs: \(text)")
    }

    Benchmark("react-native-webview: its regular expressions (NSRegularExpression)") { benchmark in
        for _ in benchmark.scaledIterations {
            for text in frameworkURLs { blackHole(whitelist.passes(text)) }
        }
    }

    Benchmark("Cordova: Foundation URL + its regular expressions (NSRegularExpression)") { benchmark in
        for _ in benchmark.scaledIterations {
            for text in frameworkURLs { blackHole(allowList.allows(text)) }
        }
    }

    Benchmark("PWABuilder: Foundation URL + range(of:) over its origins") { benchmark in
        for _ in benchmark.scaledIterations {
            for text in frameworkURLs { blackHole(shell.allows(text)) }
        }
    }
}
