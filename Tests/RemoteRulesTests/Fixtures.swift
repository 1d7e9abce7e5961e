import AssociationFetchCore
import Foundation
import NavigationRules
import RemoteRules
import Testing
import WebAddress
import WebFenceNetwork

/// The key the app trusts, and one it does not.
let publisher = RuleSigningKey()
let stranger = RuleSigningKey()

/// The moment every test's clock starts at.
let launchTime = Date(timeIntervalSince1970: 1_800_000_000)

/// The host an attacker's config tries to open: no rule set of the app's allows it.
let evilURL = "https://evil.example/"

/// A rule set of `version` that allows `v<version>.example` (and the hosts in `alsoAllow`).
func ruleSetJSON(version: Int, alsoAllow: [String] = [], expires: Date? = nil) -> String {
    let hosts = (["v\(version).example"] + alsoAllow).map { "\"\($0)\"" }.joined(separator: ", ")
    let expiry = expires.map { #", "expires": "\#($0.formatted(.iso8601))""# } ?? ""
    return #"{"version": \#(version)\#(expiry), "allow": [\#(hosts)]}"#
}

/// A URL that the rule set of `version` allows.
func allowedURL(_ version: Int) -> String { "https://v\(version).example/" }

/// The envelope of `ruleSetJSON(version:…)`, signed by `key`.
func envelope(
    version: Int, alsoAllow: [String] = [], expires: Date? = nil, key: RuleSigningKey = publisher
) throws -> String {
    try SignedRuleSet.sign(ruleSetJSON(version: version, alsoAllow: alsoAllow, expires: expires), with: key)
}

/// The bundled default the tests ship: version 1.
let bundledV1 = ruleSetJSON(version: 1)

/// A clock a test moves by hand.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var date: Date

    init(_ date: Date = launchTime) { self.date = date }

    var now: Date {
        lock.lock()
        defer { lock.unlock() }
        return date
    }

    func advance(by seconds: TimeInterval) {
        lock.lock()
        defer { lock.unlock() }
        date += seconds
    }
    var closure: @Sendable () -> Date { { self.now } }
}

extension RuleFetcher {
    /// Answers every request with `text` and `status`, as a server that sent it whole would.
    static func serving(_ text: String, status: Int = 200) -> RuleFetcher {
        serving(bytes: Array(text.utf8), status: status)
    }

    static func serving(bytes: [UInt8], status: Int = 200) -> RuleFetcher {
        RuleFetcher { url in
            HTTPFetchResult(
                url: url,
                response: HTTPResponseSummary(status: status, reasonPhrase: "", httpVersion: "HTTP/1.1", headers: []),
                body: bytes, bodyBytesReceived: bytes.count, failure: nil, elapsed: .zero)
        }
    }

    /// Fails every request without a response, as an unreachable server does.
    static let unreachable = RuleFetcher { url in
        HTTPFetchResult(
            url: url, response: nil, body: nil, bodyBytesReceived: 0,
            failure: .connection(detail: "Connection refused (errno 111)"), elapsed: .zero)
    }
}

/// A fresh store directory (not created yet) for one test, removed when the test ends, and a clock.
final class Fixture {
    let directory: String
    let clock = TestClock()
    var store: RuleStore { RuleStore(directory: directory) }

    init() {
        directory =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("webfence-remote-rules-\(UUID().uuidString)").path
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    /// A client on this directory, as a new launch of the app makes it.
    func client(
        bundled: String = bundledV1, fetcher: RuleFetcher = .unreachable, url: String = "https://config.example/rules"
    ) -> RemoteRuleSetClient {
        RemoteRuleSetClient(
            configURL: url, trustedKeys: [publisher.verifyingKey], bundledJSON: bundled, store: store,
            now: clock.closure, fetcher: fetcher)
    }

    /// Stores a signed version 5 (the last known good of most tests) and returns its envelope.
    @discardableResult
    func storeVersion5(expires: Date? = nil) throws -> String {
        let text = try envelope(version: 5, expires: expires)
        try store.save(text)
        return text
    }

    /// The names of the files other than the stored copy in the directory: temporary files a
    /// save left.
    var temporaryFiles: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0 != RuleStore.fileName && $0 != RuleStore.versionFileName }
    }
}

/// The action `rules` takes on `url`.
func action(_ rules: RulesInForce, _ url: String) throws -> NavigationDecision.Action {
    rules.ruleSet.decide(try WebURL(url)).action
}

/// Checks the rules in force: their version, where they came from, a URL they allow and one they
/// deny (the attacker's).
func expectInForce(
    _ client: RemoteRuleSetClient, version: Int, source: RulesInForce.Source,
    reason: RulesInForce.Reason? = nil, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let rules = client.current
    #expect(rules.version == version, "\(rules)", sourceLocation: sourceLocation)
    #expect(rules.source == source, "\(rules)", sourceLocation: sourceLocation)
    if let reason { #expect(rules.reason == reason, "\(rules)", sourceLocation: sourceLocation) }
    if source != .cancelEverything {
        #expect(try action(rules, allowedURL(version)) == .allow, sourceLocation: sourceLocation)
    }
    #expect(try action(rules, evilURL) == .cancel, sourceLocation: sourceLocation)
}

/// Checks that a refused update left the last known good (version 5) in force and on disk.
func expectVersion5Unchanged(
    _ client: RemoteRuleSetClient, stored: String, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    try expectInForce(client, version: 5, source: .lastKnownGood, reason: .stored, sourceLocation: sourceLocation)
    #expect(client.store.load() == stored, "the stored copy changed", sourceLocation: sourceLocation)
}
