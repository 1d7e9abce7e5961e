// Runs one workload of the benchmarks a given number of times, for Benchmarks/instructions.sh to
// count its instructions with callgrind: two runs of different lengths, and the difference divided
// by the extra inputs is the cost of one input, with process start-up and first-use setup removed.
//
//   InstructionCounts url webfence|foundation|ada ITERATIONS [GROUP]
//   InstructionCounts hostname webfence|foundation|ada ITERATIONS [GROUP]
//   InstructionCounts registrable webfence-host|webfence-text|libpsl|libpsl-text|naive ITERATIONS
//   InstructionCounts framework webfence-rnw|regex-rnw|webfence-cordova|regex-cordova|webfence-pwabuilder
//                               |foundation-pwabuilder ITERATIONS
//   InstructionCounts bridge webfence-flutter|regex-flutter|webfence-tauri|urlpattern-tauri ITERATIONS
//   InstructionCounts json webfence-parse|foundation-parse|webfence-write|foundation-write ITERATIONS
//
// One iteration is one pass over the inputs (the 50 URLs of the mix, or those of one GROUP; the 50
// hosts; the 8 framework URLs, for `framework` and `bridge`; the 2 request bodies of
// Benchmarks/Load, for `json`). GROUP is a group's name (MixEntry.Group) or `#N`, the mix's N-th input alone. It prints
// how many inputs one iteration has.

import BenchmarkSupport
import Foundation
import HybridFrameworks
import StrictJSON
import WebAddress

// Results are handed to functions the optimizer cannot see into, one per type: a generic one would
// copy each value through its value witnesses, a cost of the harness rather than of the parser.
@inline(never) func consume(_ value: WebURL?) { withExtendedLifetime(value) {} }
@inline(never) func consume(_ value: URL?) { withExtendedLifetime(value) {} }
@inline(never) func consume(_ value: String?) { withExtendedLifetime(value) {} }
@inline(never) func consume(_ value: Int?) { withExtendedLifetime(value) {} }
@inline(never) func consume(_ value: UnsafePointer<CChar>?) { withExtendedLifetime(value) {} }
@inline(never) func consume(_ value: FrameworkDecision?) { withExtendedLifetime(value) {} }
@inline(never) func consume(_ value: FrameworkBridgeDecision?) { withExtendedLifetime(value) {} }
@inline(never) func consume(_ value: Bool) { withExtendedLifetime(value) {} }
@inline(never) func consume(_ value: JSONValue?) { withExtendedLifetime(value) {} }
@inline(never) func consume(_ value: Any?) { withExtendedLifetime(value) {} }
@inline(never) func consume(_ value: [UInt8]) { withExtendedLifetime(value) {} }
@inline(never) func consume(_ value: Data?) { withExtendedLifetime(value) {} }

let arguments = CommandLine.arguments
guard arguments.count >= 4, let iterations = Int(arguments[3]) else {
    FileHandle.standardError.write(
        Data("usage: InstructionCounts url|hostname|registrable IMPLEMENTATION ITERATIONS [GROUP]\n".utf8))
    exit(2)
}
let (workload, implementation) = (arguments[1], arguments[2])
// GROUP is a group's name, or `#N` for the mix's N-th input alone.
let selection = arguments.count > 4 ? arguments[4] : nil
let entries: [MixEntry] =
    if let selection, selection.hasPrefix("#"), let index = Int(selection.dropFirst()) {
        [urlMix[index]]
    } else {
        urlMix.filter { entry in selection.map { entry.group.rawValue == $0 } ?? true }
    }

/// Runs `body` once to warm up, then `iterations` times.
func run(inputs: Int, _ body: () -> Void) {
    body()
    for _ in 0..<iterations { body() }
    print("\(inputs) inputs per iteration")
}

if workload == "bridge" {
    checkBridgePeers(
        flutter: RegexFlutterBridgeCheck(pageList: flutterPageList, handlerList: flutterHandlerList),
        tauri: URLPatternTauriAccess(local: true, remote: tauriPatterns, window: "main"))
}

switch (workload, implementation) {
case ("url", "webfence"), ("hostname", "webfence"):
    let base = try! WebURL(baseString)
    let inputs = entries.map(\.input)
    let relative = entries.map(\.relative)
    if workload == "hostname" {
        run(inputs: inputs.count) {
            for index in inputs.indices {
                consume((try? WebURL(inputs[index], base: relative[index] ? base : nil))?.host?.description)
            }
        }
    } else {
        run(inputs: inputs.count) {
            for index in inputs.indices { consume(try? WebURL(inputs[index], base: relative[index] ? base : nil)) }
        }
    }
case ("url", "foundation"), ("hostname", "foundation"):
    let base = URL(string: baseString)!
    let inputs = entries.map(\.input)
    let relative = entries.map(\.relative)
    if workload == "hostname" {
        run(inputs: inputs.count) {
            for index in inputs.indices {
                consume(URL(string: inputs[index], relativeTo: relative[index] ? base : nil)?.host)
            }
        }
    } else {
        run(inputs: inputs.count) {
            for index in inputs.indices {
                consume(URL(string: inputs[index], relativeTo: relative[index] ? base : nil))
            }
        }
    }
case ("url", "ada"), ("hostname", "ada"):
    let ada = Ada()
    let base = ada.parseBase(baseString)
    // Each input's bytes, NUL-terminated, made once.
    let inputs = entries.map {
        UnsafeBufferPointer(
            start: UnsafePointer(strdup($0.input)!).withMemoryRebound(to: UInt8.self, capacity: $0.input.utf8.count) {
                $0
            }, count: $0.input.utf8.count)
    }
    let relative = entries.map(\.relative)
    let output = UnsafeMutableBufferPointer<CChar>.allocate(capacity: 512)
    if workload == "hostname" {
        run(inputs: inputs.count) {
            for index in inputs.indices {
                consume(ada.hostname(inputs[index], base: relative[index] ? base : nil, into: output))
            }
        }
    } else {
        run(inputs: inputs.count) {
            for index in inputs.indices { consume(ada.parse(inputs[index], base: relative[index] ? base : nil)) }
        }
    }
case ("registrable", "webfence-host"):
    let hosts = hostInputs.map { try! WebURL("https://\($0)/").host! }
    let list = PublicSuffixList.bundled
    run(inputs: hosts.count) { for host in hosts { consume(list.registrableDomain(of: host)) } }
case ("registrable", "webfence-text"):
    let hosts = hostInputs.map { try! WebURL("https://\($0)/").host!.description }
    let list = PublicSuffixList.bundled
    run(inputs: hosts.count) { for host in hosts { consume(list.registrableDomain(of: host)) } }
case ("registrable", "libpsl"), ("registrable", "libpsl-text"):
    let hosts = hostInputs.map { try! WebURL("https://\($0)/").host!.description }
    let strings = hosts.map { strdup($0)! }
    let psl = LibPSL(implementation == "libpsl" ? .dafsa : .text)
    run(inputs: hosts.count) { for host in strings { consume(psl.registrableDomain(host)) } }
case ("registrable", "naive"):
    let hosts = hostInputs.map { try! WebURL("https://\($0)/").host!.description }
    let naive = NaivePublicSuffixList(text: BenchmarkPaths.text(BenchmarkPaths.publicSuffixList))
    run(inputs: hosts.count) { for host in hosts { consume(naive.registrableDomain(of: host)) } }
case ("framework", "webfence-rnw"), ("framework", "webfence-cordova"):
    let policy =
        implementation == "webfence-rnw"
        ? FrameworkPolicy.reactNativeWebView(
            ReactNativeWebViewPolicy(ReactNativeWebViewConfiguration(originWhitelist: reactNativeWhitelist)))
        : .cordovaIOS(CordovaPolicy(CordovaConfiguration(allowNavigation: cordovaAllowNavigation)))
    run(inputs: frameworkURLs.count) {
        for text in frameworkURLs {
            consume((try? WebURL(text)).map { policy.decide(FrameworkNavigationAction(url: $0)) })
        }
    }
case ("framework", "webfence-pwabuilder"):
    let policy = FrameworkPolicy.pwabuilder(
        PWABuilderPolicy(
            PWABuilderConfiguration(allowedOrigins: pwabuilderAllowedOrigins, authOrigins: pwabuilderAuthOrigins)))
    run(inputs: frameworkURLs.count) {
        for text in frameworkURLs {
            consume((try? WebURL(text)).map { policy.decide(FrameworkNavigationAction(url: $0)) })
        }
    }
case ("framework", "foundation-pwabuilder"):
    let shell = FoundationSubstringAllowList(
        allowedOrigins: pwabuilderAllowedOrigins, authOrigins: pwabuilderAuthOrigins)
    run(inputs: frameworkURLs.count) { for text in frameworkURLs { consume(shell.allows(text)) } }
case ("framework", "regex-rnw"):
    let whitelist = RegexOriginWhitelist(reactNativeWhitelist)
    run(inputs: frameworkURLs.count) { for text in frameworkURLs { consume(whitelist.passes(text)) } }
case ("framework", "regex-cordova"):
    let allowList = RegexCordovaAllowList(cordovaAllowNavigationParts)
    run(inputs: frameworkURLs.count) { for text in frameworkURLs { consume(allowList.allows(text)) } }
case ("bridge", "webfence-flutter"), ("bridge", "webfence-tauri"):
    let policy = implementation == "webfence-flutter" ? flutterBridgePolicy : tauriBridgePolicy
    run(inputs: frameworkURLs.count) {
        for text in frameworkURLs {
            consume((try? WebURL(text)).flatMap { try? policy.decide($0, isMainFrame: true, command: tauriCommand) })
        }
    }
case ("bridge", "regex-flutter"):
    let check = RegexFlutterBridgeCheck(pageList: flutterPageList, handlerList: flutterHandlerList)
    run(inputs: frameworkURLs.count) { for text in frameworkURLs { consume(check.accepts(text)) } }
case ("bridge", "urlpattern-tauri"):
    let access = URLPatternTauriAccess(local: true, remote: tauriPatterns, window: "main")
    run(inputs: frameworkURLs.count) { for text in frameworkURLs { consume(access.allows(text, window: "main")) } }
case ("json", "webfence-parse"):
    // As the routes parse them: a document, repeated keys refused (rules) or the last kept (match).
    let rules: [JSONParser.DuplicateKeys] = [.reject, .keepLast]
    run(inputs: requestBodies.count) {
        for index in requestBodies.indices {
            consume((try? JSONParser.document(requestBodies[index], duplicateKeys: rules[index]))?.value)
        }
    }
case ("json", "foundation-parse"):
    let data = requestBodies.map { Data($0.utf8) }
    run(inputs: data.count) { for body in data { consume(try? JSONSerialization.jsonObject(with: body)) } }
case ("json", "webfence-write"):
    let values = requestBodies.map { try! JSONParser.parse($0) }
    run(inputs: values.count) { for value in values { consume(value.serializedBytes()) } }
case ("json", "foundation-write"):
    let objects = requestBodies.map { try! JSONSerialization.jsonObject(with: Data($0.utf8)) }
    run(inputs: objects.count) {
        for object in objects { consume(try? JSONSerialization.data(withJSONObject: object)) }
    }
default:
    FileHandle.standardError.write(Data("unknown workload \(workload) \(implementation)\n".utf8))
    exit(2)
}

/// The bodies `webfence serve`'s load scripts post (Benchmarks/Load/rules-check.lua and
/// aasa-match.lua), the JSON each decision route parses and, written back, the compiled-inputs
/// cache keys (D126).
var requestBodies: [String] {
    [
        #"""
        {"rules": {"version": 1, "allow": ["example.com", "*.example-cdn.net", {"host": "pay.example.org", "paths": ["/checkout/"]}], "deny": ["ads.example.com"]},
         "cases": [{"id": 1, "url": "https://login.example.com/"}, {"id": 2, "url": "https://evil.com\\@example.com/"},
                   {"id": 3, "url": "https://example.com.evil.com/"}, {"id": 4, "url": "https://img.example-cdn.net/a.png", "frame": "sub"}]}
        """#,
        #"""
        [{"id": 1, "domain": "example.com", "appId": "ABCDE12345.com.example.shop", "url": "https://example.com/shop/items/42?ref=mail",
          "aasa": {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.shop"], "components": [
            {"/": "/help/*", "exclude": true}, {"/": "/shop/*", "?": {"ref": "?*"}}, {"/": "/account/*"}]}]}}}]
        """#,
    ]
}
