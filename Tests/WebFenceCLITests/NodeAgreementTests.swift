import Foundation
import Testing

/// `webfence url parse --jsonl` against Node's `new URL()` (WHATWG-conformant, ada) on every case of
/// urltestdata.json and on Fixtures/adversarial-urls.jsonl. Both programs run once over the whole
/// corpus; each case is then its own test. Runs when `node` is on PATH.
struct AgreementCase: Sendable, CustomTestStringConvertible {
    let corpus: String
    let line: Int
    let input: String
    let base: String?

    var testDescription: String {
        "\(corpus):\(line) \(String(reflecting: input))" + (base.map { " against \(String(reflecting: $0))" } ?? "")
    }

    var key: String { KnownNodeDifferences.key(input, base: base) }

    /// The JSON line both programs read.
    var jsonLine: String {
        let object: [String: Any] = ["input": input, "base": base ?? NSNull()]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    static let urlTestData: [AgreementCase] = {
        guard let data = try? Data(contentsOf: PackageFiles.corpora.appendingPathComponent("wpt/urltestdata.json")),
            let entries = try? JSONSerialization.jsonObject(with: data) as? [Any]
        else { return [] }
        return entries.compactMap { $0 as? [String: Any] }.enumerated().map { index, entry in
            AgreementCase(
                corpus: "urltestdata", line: index, input: entry["input"] as? String ?? "",
                base: entry["base"] as? String)
        }
    }()

    static let adversarial: [AgreementCase] = {
        guard
            let text = try? String(
                contentsOf: PackageFiles.url("Tests/WebFenceCLITests/Fixtures/adversarial-urls.jsonl"),
                encoding: .utf8)
        else { return [] }
        return text.split(separator: "\n").enumerated().compactMap { index, line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let input = object["input"] as? String
            else { return nil }
            return AgreementCase(corpus: "adversarial", line: index + 1, input: input, base: object["base"] as? String)
        }
    }()
}

/// The compared fields of one result: the URL API getters, or `failure`.
typealias ParseOutcome = [String: String]

/// One run of each program over every case, shared by all the tests below.
struct AgreementRun: Sendable {
    static let fields = [
        "href", "origin", "protocol", "username", "password", "host", "hostname", "port",
        "pathname", "search", "hash",
    ]
    static let node = Processes.find("node")
    static let script = PackageFiles.url("Tests/WebFenceCLITests/Fixtures/node-url-parse.js")

    let webfence: [String: ParseOutcome]
    let node: [String: ParseOutcome]
    let error: String?

    static let shared: AgreementRun = {
        let cases = AgreementCase.urlTestData + AgreementCase.adversarial
        let stdin = cases.map(\.jsonLine).joined(separator: "\n") + "\n"
        do {
            let ours = try WebFenceBinary.run(["url", "parse", "--jsonl"], stdin: stdin)
            guard let node else { return AgreementRun(webfence: [:], node: [:], error: "node not found") }
            let theirs = try Processes.run(node, [script.path], stdin: stdin)
            guard ours.status == 0, theirs.status == 0 else {
                return AgreementRun(
                    webfence: [:], node: [:],
                    error: "webfence exit \(ours.status): \(ours.stderr); node exit \(theirs.status): \(theirs.stderr)")
            }
            return AgreementRun(
                webfence: outcomes(ours.stdoutLines, cases), node: outcomes(theirs.stdoutLines, cases),
                error: nil)
        } catch {
            return AgreementRun(webfence: [:], node: [:], error: "\(error)")
        }
    }()

    private static func outcomes(_ lines: [String], _ cases: [AgreementCase]) -> [String: ParseOutcome] {
        var result: [String: ParseOutcome] = [:]
        for (line, testCase) in zip(lines, cases) {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                continue
            }
            if object["failure"] as? Bool == true {
                result[testCase.key] = ["failure": "true"]
            } else {
                result[testCase.key] = fields.reduce(into: [:]) { $0[$1] = object[$1] as? String ?? "<missing>" }
            }
        }
        return result
    }

    /// How the two programs differ on `testCase`, or nil when they agree.
    func difference(_ testCase: AgreementCase) -> String? {
        guard let ours = webfence[testCase.key] else { return "webfence gave no result" }
        guard let theirs = node[testCase.key] else { return "node gave no result" }
        guard ours != theirs else { return nil }
        let names = Set(ours.keys).union(theirs.keys).sorted()
        return names.compactMap { name in
            ours[name] == theirs[name] ? nil : "\(name): webfence \(ours[name] ?? "-"), node \(theirs[name] ?? "-")"
        }.joined(separator: "; ")
    }
}

@Suite("webfence url parse agrees with node", .enabled(if: AgreementRun.node != nil, "node is not installed"))
struct NodeAgreementTests {
    @Test("urltestdata.json case", arguments: AgreementCase.urlTestData)
    func urlTestData(_ testCase: AgreementCase) throws {
        try check(testCase)
    }

    @Test("adversarial case", arguments: AgreementCase.adversarial)
    func adversarial(_ testCase: AgreementCase) throws {
        try check(testCase)
    }

    private func check(_ testCase: AgreementCase) throws {
        let run = AgreementRun.shared
        if let error = run.error {
            Issue.record(Comment(rawValue: error))
            return
        }
        let difference = run.difference(testCase)
        if let reason = KnownNodeDifferences.reasons[testCase.key] {
            withKnownIssue(Comment(rawValue: reason)) { #expect(difference == nil, "\(difference ?? "")") }
        } else {
            #expect(difference == nil, "\(difference ?? "")")
        }
    }

    @Test("summary: agreement counts, and the only differences are the documented ones")
    func summary() throws {
        let run = AgreementRun.shared
        #expect(run.error == nil, "\(run.error ?? "")")
        #expect(AgreementCase.urlTestData.count > 800, "urltestdata.json not found")
        #expect(AgreementCase.adversarial.count >= 300, "fewer than 300 adversarial inputs")
        var differing: Set<String> = []
        for (name, cases) in [("urltestdata", AgreementCase.urlTestData), ("adversarial", AgreementCase.adversarial)] {
            let differ = cases.filter { run.difference($0) != nil }
            differing.formUnion(differ.map(\.key))
            print("node agreement (\(name)): \(cases.count - differ.count) of \(cases.count) agree")
        }
        #expect(differing == Set(KnownNodeDifferences.reasons.keys))
    }
}
