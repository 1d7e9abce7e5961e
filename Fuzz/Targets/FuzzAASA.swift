// Fuzz target `aasa`: an apple-app-site-association file as a device reads it (bytes: size cap,
// encodings, CMS; the lenient JSON reading), compiled for matching, linted, and asked to decide.
//
// Input: arbitrary bytes, handed to `AssociationFile.read` as the server's body.
//
// Checks: no crash, no hang; read either fails with a ReadError or gives a file; for a file —
//   - every finding (reader and linter) has a code starting with `aasa.` and a pointer that is
//     empty or starts with `/`;
//   - for each app ID the file lists and each URL tried (fixed ones, and one made from each rule's
//     path pattern: `*` → `x`, `?` → `y`), the decision walking only the rules the index
//     proposes equals the decision walking every rule (`explain`): same outcome, same rule;
//   - with `explain`, the misses are exactly the rules before the deciding one (or all of them);
//   - deciding twice gives the same decision.

import AssociatedDomains
import WebAddress

let fixedURLs = [
    "https://example.com/", "https://example.com/buy/42", "https://example.com/help/website/x?articleNumber=1234#top",
    "https://example.com/a%20b/%2F/caf%C3%A9?q=a%26b&q=&x#frag", "https://EXAMPLE.com//a//b/",
    "https://example.com/en_GB/taco",
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAASA(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    Fuzz.currentInput = bytes
    let read: (file: AssociationFile, findings: [Finding])
    switch AssociationFile.read(bytes) {
    case .failure(let error):
        Fuzz.log("refused: \(error.code): \(error)")
        return 0
    case .success(let result): read = result
    }
    let linted = AssociationFileLinter(appID: "ABCDE12345.com.example.app").lint(read.file, readFindings: read.findings)
    for finding in linted {
        Fuzz.check(finding.code.hasPrefix("aasa."), "finding codes start with aasa.", "finding: \(finding)")
        Fuzz.check(
            finding.pointer.isEmpty || finding.pointer.hasPrefix("/"), "pointers start with /", "finding: \(finding)")
    }

    let matcher = UniversalLinkMatcher(read.file)
    let domain = LinkDomain("example.com")!
    var urls = fixedURLs
    for details in read.file.applinks?.details.prefix(4) ?? [] {
        for rule in details.rules.prefix(16) {
            let path = String((rule.fields.path ?? "/").map { $0 == "*" ? "x" : $0 == "?" ? "y" : $0 })
            urls.append("https://example.com/" + path)
        }
    }
    let appIDs = Array(matcher.appIDs(for: "applinks").prefix(4)) + ["ABCDE12345.com.example.app"]
    for text in urls {
        guard let url = try? WebURL(text) else { continue }
        for appID in appIDs {
            let quick = matcher.decide(url, domain: domain, appID: appID)
            let explained = matcher.decide(url, domain: domain, appID: appID, explain: true)
            Fuzz.check(
                quick.outcome == explained.outcome && quick.rule == explained.rule && quick.reason == explained.reason,
                "the indexed walk decides as the full walk", "url: \(text)\nquick: \(quick)\nfull: \(explained)")
            let expectedMisses =
                explained.rule?.index ?? (explained.reason == .noRuleMatched ? explained.misses.count : 0)
            Fuzz.check(
                explained.misses.count == expectedMisses
                    && explained.misses.enumerated().allSatisfy { $0.offset == $0.element.rule.index },
                "explain lists every rule before the decision, in order", "url: \(text)\ndecision: \(explained)")
            Fuzz.check(
                matcher.decide(url, domain: domain, appID: appID) == quick, "deciding is repeatable", "url: \(text)")
            Fuzz.log("\(text) \(appID): \(quick)")
            _ = explained.misses.map(\.description)
        }
    }
    for service in matcher.services {
        for appID in matcher.appIDs(for: service).prefix(4) {
            _ = matcher.decide(service: service, try! WebURL("https://example.com/x"), domain: domain, appID: appID)
        }
    }
    return 0
}
