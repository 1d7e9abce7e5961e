// The universal-link decision against a 100-rule association file, and a pattern built to make
// backtracking matchers explode.
//
// "Decision" benchmarks: one iteration ("op") is one pass over the six URLs below, one decision
// each (the file compiled once): URLs that match early, in the middle, late, or not at all (which
// walks every rule that could match). Divide by 6 for one decision. The baselines
// translate the same rules to regular expressions (NSRegularExpression, compiled once) and walk
// them the same way over the same URL components: from the parsed URL, as WebFence's decision
// does, and with the components ready-made (the regexes alone).
// "Pathological" benchmarks: `/*a*a*a*a*a*a*a*a*a*a*b` against a path of `a`s with no `b`.

import AssociatedDomains
import Benchmark
import Foundation
import WebAddress

let appID = "ABCDE12345.com.example.shop"
let domain = LinkDomain("shop.example")!

/// 100 rules of the kinds real files hold: excluded help pages, product pages with a query item,
/// localised paths with variables, fragments, file types.
let rules: [String] = {
    var rules: [String] = []
    for i in 0..<25 { rules.append(#"{"/": "/help/topic\#(i)/*", "exclude": true}"#) }
    for i in 0..<25 { rules.append(#"{"/": "/product/line\#(i)/*", "?": {"ref": "?*"}}"#) }
    for i in 0..<20 { rules.append(#"{"/": "/$(lang)_$(region)/category\#(i)/*", "caseSensitive": false}"#) }
    for i in 0..<15 { rules.append(##"{"/": "/docs/*", "#": "section\##(i)"}"##) }
    for i in 0..<15 { rules.append(#"{"/": "/files/\#(i)/*.pdf"}"#) }
    return rules
}()

let fileJSON =
    #"{"applinks": {"details": [{"appIDs": ["\#(appID)"], "components": [\#(rules.joined(separator: ", "))]}]}}"#

let urls = [
    "https://shop.example/help/topic3/article",  // rule 3 (exclude)
    "https://shop.example/product/line10/shoe?ref=mail",  // rule 35
    "https://shop.example/en_GB/category12/shoes",  // rule 62
    "https://shop.example/files/14/manual.pdf",  // rule 99
    "https://shop.example/checkout/basket?step=2",  // no rule: all 100 walked
    "https://shop.example/docs/install#section99",  // no rule
]

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal],
        warmupIterations: 1_000,
        maxDuration: .seconds(3),
        maxIterations: 10_000_000
    )

    guard case .success(let read) = AssociationFile.read(Array(fileJSON.utf8)) else {
        preconditionFailure("AssociationMatch: the 100-rule file does not read")
    }
    let matcher = UniversalLinkMatcher(read.file)
    let parsed = urls.map { try! WebURL($0) }

    Benchmark("Universal-link decision, 100-rule file, parsed URL (WebFence)") { benchmark in
        for _ in benchmark.scaledIterations {
            for url in parsed { blackHole(matcher.decide(url, domain: domain, appID: appID)) }
        }
    }

    Benchmark("Universal-link decision, 100-rule file, from the URL string (WebFence)") { benchmark in
        for _ in benchmark.scaledIterations {
            for text in urls {
                guard let url = try? WebURL(text) else { continue }
                blackHole(matcher.decide(url, domain: domain, appID: appID))
            }
        }
    }

    // Two baselines. "parsed URL" starts where WebFence's decision starts, from a parsed URL: it
    // takes the path, query items and fragment out of the URL, then walks the regexes. "matching
    // only" is given those components ready-made, so it times the regexes alone; WebFence's
    // decision always includes taking its components out of the URL.
    let regexRules = RegexRule.translate(read.file)
    let components = parsed.map(RegexRule.Components.init)
    Benchmark("Universal-link decision, 100-rule file, parsed URL, NSRegularExpression (baseline)") { benchmark in
        for _ in benchmark.scaledIterations {
            for url in parsed { blackHole(RegexRule.decide(regexRules, RegexRule.Components(url))) }
        }
    }
    Benchmark("Universal-link decision, 100-rule file, matching only, NSRegularExpression (baseline)") { benchmark in
        for _ in benchmark.scaledIterations {
            for component in components { blackHole(RegexRule.decide(regexRules, component)) }
        }
    }

    // Agreement: the baseline must decide as the matcher does, or the comparison means nothing.
    for (url, component) in zip(parsed, components) {
        let expected = matcher.decide(url, domain: domain, appID: appID)
        precondition(
            RegexRule.decide(regexRules, component) == expected.rule?.index,
            "AssociationMatch: the regex baseline disagrees on \(url)")
    }

    // A pattern that makes backtracking explode: ten stars and no `b` in the input.
    let explosive = "/" + String(repeating: "*a", count: 10) + "b"
    let explosiveFile =
        #"{"applinks": {"details": [{"appIDs": ["\#(appID)"], "components": [{"/": "\#(explosive)"}]}]}}"#
    guard case .success(let explosiveRead) = AssociationFile.read(Array(explosiveFile.utf8)) else {
        preconditionFailure("AssociationMatch: the pathological file does not read")
    }
    let explosiveMatcher = UniversalLinkMatcher(explosiveRead.file)
    for length in [100, 1_000, 10_000] {
        let url = try! WebURL("https://shop.example/" + String(repeating: "a", count: length))
        Benchmark("Pathological /*a*a*a*a*a*a*a*a*a*a*b, \(length) characters (WebFence)") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(explosiveMatcher.decide(url, domain: domain, appID: appID))
            }
        }
    }
    // Compiling the largest file a device reads (131,072 bytes) made of one rule that is nothing but
    // `$(region)`, the variable with the largest automaton: compile time must stay linear in the file.
    let regions = (131_072 - 100) / 9
    let regionFile =
        #"{"applinks": {"details": [{"appIDs": ["\#(appID)"], "components": [{"/": "/\#(String(repeating: "$(region)", count: regions))"}]}]}}"#
    Benchmark(
        "Compile a 131,072-byte file of one rule with \(regions) $(region) (WebFence)",
        configuration: .init(warmupIterations: 1, maxDuration: .seconds(3), maxIterations: 100)
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            guard case .success(let read) = AssociationFile.read(Array(regionFile.utf8)) else { continue }
            blackHole(UniversalLinkMatcher(read.file))
        }
    }

    let explosiveRegex = try! NSRegularExpression(
        pattern: "^" + RegexRule.regex(PathPatternText.normalised(explosive)) + "$")
    for length in [16, 20, 24] {
        let path = "/" + String(repeating: "a", count: length) + "/"
        Benchmark(
            "Pathological /*a*a*a*a*a*a*a*a*a*a*b, \(length) characters, NSRegularExpression (baseline)",
            configuration: .init(warmupIterations: 1, maxDuration: .seconds(3), maxIterations: 1_000)
        ) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(explosiveRegex.firstMatch(in: path, range: NSRange(path.startIndex..., in: path)))
            }
        }
    }
}
