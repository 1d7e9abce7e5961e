// Fuzz target `rules`: navigation rule sets (Sources/NavigationRules) — the rule-set reader and
// linter, host patterns, the decision (against a slow reference written here from
// spec/navigation-rules.md §2 and D40–D42), the signed envelope and the key files.
//
// Input: the first byte selects what the rest is (its value modulo 4; the seeds use the digits
// `0`–`3`); the rest is read as UTF-8 (lossy) and cut into lines at each `\n`:
//   0  line 1 is a rule set's JSON, the next lines (up to 32) URLs to decide;
//   1  the same, and a rule set that loads is also signed with a fixed key, opened again, and the
//      envelope opened with single characters of its base64 payloads changed;
//   2  line 1 is a signed envelope, opened with the fixed key trusted; the next lines are URLs
//      decided by the rule set it holds, when it opens;
//   3  the whole text is a PEM file, read as a private and as a public key.
// Every URL line is also read as a rule's host (`HostPattern.parse`).
//
// Checks: no crash, no hang; and
//   - `lint(json:)` gives the findings `init(json:)` gives (those of the set, or of the error);
//     every finding has a code starting with `rules.`, a message, and a pointer that is empty or
//     starts with `/`; lint has an error exactly when `init(json:)` throws;
//   - for a set that loads, for every URL that parses: the decision is deterministic; a subframe
//     gets the main frame's decision except that `openExternally` becomes `cancel`
//     (`rules.otherwise.subframe`), so a subframe never opens externally; `allow` comes from
//     `/allow/…` or `/allowSchemes/…`, a `rules.deny` decision from `/deny/…` and cancels;
//   - for http, https, ws and wss: the decision's host is the URL's serialized host (a trailing dot
//     may go), and `Reference` agrees: a deny rule that admits the URL → denied by one of those;
//     else an allow rule that admits it → allowed by one of those, with the longest anchor (the
//     most specific rule is reported); else `otherwise`. The reference's paths follow D41 as
//     docs/decisions.md words it: strict for allow rules, a lenient server's reading for exceptions;
//   - about:, data:, blob:, javascript:, file: are allowed only by `allowSchemes`, never opened
//     externally;
//   - a host pattern that parses re-reads from its canonical form to itself and matches its own
//     anchor (or, for `*.`, a host below it and not the anchor);
//   - signing a set that loads never fails; opening the envelope gives back the same JSON, rule
//     count, version and key ID (or `expired`, when it is); with no trusted key it never opens; with
//     one base64 character of "ruleSet" or "signature" changed, it opens only if both still decode
//     to the very same bytes;
//   - a private key that reads gives the same public key when its PEM is read back, and signs what
//     its public key opens; a public key that reads round-trips through its PEM and has a 16-hex-digit ID.

import Foundation
import NavigationRules
import StrictJSON
import WebAddress

/// The fixed signing key (generated once with `webfence rules keygen --out k.pem`; key ID
/// 88bcfa037028a16a) and its public half (k.pub.pem).
let fixedKeyPEM = """
    -----BEGIN PRIVATE KEY-----
    MC4CAQAwBQYDK2VwBCIEIFdC0LbSJErNU9hOOLZVHJY0784meqOHEm9g7xp/Ro2C
    -----END PRIVATE KEY-----

    """
let fixedPublicPEM = """
    -----BEGIN PUBLIC KEY-----
    MCowBQYDK2VwAyEAoFIPbOEbBRfBv5zoBX+u+PZYHmviwzyglUr/VLTIMfk=
    -----END PUBLIC KEY-----

    """
let signingKey = try! RuleSigningKey(pem: fixedKeyPEM)
let trustedKey = try! RuleVerifyingKey(pem: fixedPublicPEM)
/// 2026-11-18T19:26:40Z: a fixed "now", so that expiry is deterministic.
let fixedNow = Date(timeIntervalSince1970: 1_795_030_000)
/// FUZZ_VERBOSE=1: say on stderr what became of each input (as the WebFence targets do).
let verbose = getenv("FUZZ_VERBOSE").map { String(cString: $0) == "1" } ?? false
func note(_ message: @autoclosure () -> String) { if verbose { fputs(message() + "\n", stderr) } }
let base64Alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRules(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    Fuzz.currentInput = bytes
    guard let selector = bytes.first else { return 0 }
    let body = bytes.dropFirst()
    let lines = body.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
        String(decoding: $0, as: UTF8.self)
    }
    let first = lines.first ?? ""
    let urlLines = Array(lines.dropFirst().prefix(32))
    switch selector % 4 {
    case 0, 1:
        if let ruleSet = checkLoading(first) {
            checkDecisions(ruleSet, urlLines)
            if selector % 4 == 1 { checkSigning(first, ruleSet) }
        }
    case 2:
        checkOpening(first, urlLines)
    default:
        checkKeys(String(decoding: body, as: UTF8.self))
    }
    if selector % 4 != 3 {
        for line in urlLines { checkHostPattern(line) }
    }
    return 0
}

// MARK: - Loading and linting

func checkFinding(_ finding: RuleSetFinding, _ context: @autoclosure () -> String) {
    Fuzz.check(
        finding.code.hasPrefix("rules.") && finding.code.count > "rules.".count && !finding.message.isEmpty,
        "a finding has a rules. code and a message", "\(context())\nfinding: \(finding)")
    Fuzz.check(
        finding.pointer.isEmpty || finding.pointer.hasPrefix("/"), "a finding's pointer is empty or starts with /",
        "\(context())\nfinding: \(finding)")
}

/// Loads `json`, checks the findings and lint; the rule set when it loads.
func checkLoading(_ json: String) -> NavigationRuleSet? {
    let linted = NavigationRuleSet.lint(json: json)
    for finding in linted { checkFinding(finding, "lint(json:)") }
    let lintHasError = linted.contains { $0.severity == .error }
    let ruleSet: NavigationRuleSet
    do {
        ruleSet = try NavigationRuleSet(json: json)
    } catch {
        Fuzz.check(lintHasError, "lint has an error when init(json:) throws", "error: \(error)\nlint: \(linted)")
        Fuzz.check(
            error.findings == linted, "lint gives the refusal's findings", "error: \(error.findings)\nlint: \(linted)")
        Fuzz.check(!error.errors.isEmpty, "a refusal holds an error", "error: \(error.findings)")
        _ = error.description
        note("refused: \(error)")
        return nil
    }
    Fuzz.check(!lintHasError, "lint has no error when init(json:) loads", "lint: \(linted)")
    Fuzz.check(
        ruleSet.findings == linted, "lint gives the loaded set's findings", "set: \(ruleSet.findings)\nlint: \(linted)")
    for rule in ruleSet.rules {
        Fuzz.check(
            rule.pointer.hasPrefix("/\(rule.list.rawValue)/"), "a rule's pointer names its list",
            "rule: \(rule) list \(rule.list) at \(rule.pointer)")
        Fuzz.check(!rule.schemes.isEmpty, "a rule names at least one scheme", "rule: \(rule) at \(rule.pointer)")
    }
    note("loaded: \(ruleSet.rules.count) rules, version \(ruleSet.version), otherwise \(ruleSet.otherwise)")
    return ruleSet
}

// MARK: - Deciding

/// URLs made from the first rules (their anchor, a host below it, their first scheme, port and
/// path), so that the reference is compared on URLs the rules actually name.
func probeURLs(_ ruleSet: NavigationRuleSet) -> [String] {
    var urls: [String] = []
    for rule in ruleSet.rules.prefix(8) {
        let scheme =
            ["https", "http", "wss", "ws"].first { SchemeSet(scheme: $0).map(rule.schemes.contains) ?? false }
            ?? "https"
        let port = rule.ports?.first.map { ":\($0)" } ?? ""
        let path = (rule.paths?.first ?? "/") + "x"
        urls.append("\(scheme)://\(rule.host.anchor)\(port)\(path)")
        if case .address = rule.host { continue }
        urls.append("\(scheme)://a.\(rule.host.anchor).\(path)")  // below the anchor, with a trailing dot
    }
    return urls
}

func checkDecisions(_ ruleSet: NavigationRuleSet, _ lines: [String]) {
    for line in lines + probeURLs(ruleSet) {
        guard case .success(let url) = WebURL.parse(line) else { continue }
        checkDecision(ruleSet, url)
    }
}

func checkDecision(_ ruleSet: NavigationRuleSet, _ url: WebURL) {
    let main = ruleSet.decide(url, frame: .main)
    let sub = ruleSet.decide(url, frame: .sub)
    let context = "url: \(url.href)\nmain: \(main)\nsub: \(sub)"
    note("\(url.href): \(main.action) \(main.reason.code) \(main.rulePointer ?? "-")")
    _ = main.explanation
    Fuzz.check(ruleSet.decide(url, frame: .main) == main, "decide is deterministic", context)
    Fuzz.check(ruleSet.decide(url, frame: .sub) == sub, "decide is deterministic (subframe)", context)
    Fuzz.check(sub.action != .openExternally, "a subframe is never opened externally", context)
    if main.action == .openExternally {
        Fuzz.check(
            sub.action == .cancel && sub.reason == .otherwiseSubframe && main.reason == .otherwise,
            "openExternally in a main frame is cancel (otherwise.subframe) in a subframe", context)
    } else {
        Fuzz.check(sub == main, "a subframe gets the main frame's decision", context)
    }
    if main.action == .allow {
        Fuzz.check(
            (main.reason == .allowRule && main.rulePointer?.hasPrefix("/allow/") == true)
                || (main.reason == .allowedScheme && main.rulePointer?.hasPrefix("/allowSchemes/") == true),
            "an allow comes from /allow/ or /allowSchemes/", context)
    } else {
        Fuzz.check(
            main.reason != .allowRule && main.reason != .allowedScheme, "only an allow has an allow reason", context)
    }
    if main.reason == .denyRule {
        Fuzz.check(
            main.action == .cancel && main.rulePointer?.hasPrefix("/deny/") == true, "a deny cancels, from /deny/",
            context)
    }

    guard SchemeSet(scheme: url.scheme) != nil else {
        if ["about", "data", "blob", "javascript", "file"].contains(url.scheme) {
            Fuzz.check(
                main.action == .allow
                    ? main.reason == .allowedScheme : main.action == .cancel && main.reason == .nonNetworkScheme,
                "non-network schemes are cancelled unless allowSchemes names them", context)
        }
        return
    }
    guard let host = url.host else { Fuzz.fail("an http(s)/ws(s) URL has a host", context) }
    let serialized = host.description
    Fuzz.check(
        main.host == serialized || (serialized.hasSuffix(".") && main.host == String(serialized.dropLast())),
        "the decision is made on the URL's host", context + "\nurl host: \(serialized)")

    let reference = Reference(ruleSet: ruleSet, url: url, host: host)
    let rulesAt = Dictionary(ruleSet.rules.map { ($0.pointer, $0) }, uniquingKeysWith: { a, _ in a })
    let details =
        context + "\nreference: deny \(reference.denying.map(\.pointer)), allow \(reference.allowing.map(\.pointer))"
    if !reference.denying.isEmpty {
        Fuzz.check(main.reason == .denyRule, "a deny rule that admits the URL denies it", details)
        Fuzz.check(
            reference.denying.contains { $0.pointer == main.rulePointer }, "the deny rule reported admits the URL",
            details)
    } else if !reference.allowing.isEmpty {
        Fuzz.check(
            main.action == .allow && main.reason == .allowRule, "an allow rule that admits the URL allows it", details)
        guard let rule = main.rulePointer.flatMap({ rulesAt[$0] }) else {
            Fuzz.fail("the allow decision points at a rule", details)
        }
        Fuzz.check(
            reference.allowing.contains { $0.pointer == rule.pointer }, "the allow rule reported admits the URL",
            details)
        let longest = reference.allowing.map { $0.host.anchor.utf8.count }.max() ?? 0
        Fuzz.check(rule.host.anchor.utf8.count == longest, "the allow rule reported is the most specific", details)
        Fuzz.check(main.ruleText == rule.description, "the decision quotes its rule", details)
    } else {
        let expected: NavigationDecision.Action = ruleSet.otherwise == .cancel ? .cancel : .openExternally
        Fuzz.check(
            main.reason == .otherwise && main.action == expected && main.rulePointer == "/otherwise",
            "no rule admits the URL: otherwise", details)
    }
}

/// Which rules admit a URL, found the slow way: every rule, by its public fields.
struct Reference {
    let denying: [NavigationRule]
    let allowing: [NavigationRule]

    init(ruleSet: NavigationRuleSet, url: WebURL, host: URLHost) {
        let admitting = ruleSet.rules.filter { $0.host.matches(host) && Self.admits($0, url) }
        denying = admitting.filter { $0.list == .deny }
        allowing = admitting.filter { $0.list == .allow }
    }

    static func admits(_ rule: NavigationRule, _ url: WebURL) -> Bool {
        guard let scheme = SchemeSet(scheme: url.scheme), rule.schemes.contains(scheme) else { return false }
        if let ports = rule.ports {
            guard ports.contains(url.port ?? WebURL.defaultPort(forScheme: url.scheme) ?? 0) else { return false }
        } else if rule.list == .allow, url.port != nil {
            return false  // an allow rule without ports admits the default port only
        }
        if let paths = rule.paths {
            let path = Array(url.pathname.utf8)
            return paths.contains {
                rule.list == .allow
                    ? allowPathAdmits(path, prefix: Array($0.utf8)) : denyPathCovers(path, prefix: Array($0.utf8))
            }
        }
        return true
    }

    /// D41, allow rules: a prefix ending in `/` is a plain prefix; any other matches itself and what
    /// is below it on a segment boundary; and never when the rest holds a way out: %2e, %2f, %5c,
    /// %25, %00 (any case) or `;`.
    static func allowPathAdmits(_ path: [UInt8], prefix: [UInt8]) -> Bool {
        guard path.starts(with: prefix) else { return false }
        let rest = Array(path[prefix.count...])
        if prefix.last != UInt8(ascii: "/"), !rest.isEmpty, rest[0] != UInt8(ascii: "/") { return false }
        let lowered = String(decoding: rest, as: UTF8.self).lowercased()
        return !["%2e", "%2f", "%5c", "%25", "%00", ";"].contains { lowered.contains($0) }
    }

    /// D41, exceptions: both sides read as a lenient server reads them, then compared as
    /// `/a/b` strings on a segment boundary.
    static func denyPathCovers(_ path: [UInt8], prefix: [UInt8]) -> Bool {
        let path = lenient(path)
        let prefix = lenient(prefix)
        return prefix.isEmpty || path == prefix || path.starts(with: prefix + [UInt8(ascii: "/")])
    }

    /// A path as a lenient server reads it, as `/seg/seg` (empty for the root): escapes decoded up to
    /// three times, `\` read as `/`, `;` parameters dropped, empty and `.` segments skipped, `..`
    /// applied, ASCII case folded.
    static func lenient(_ path: [UInt8]) -> [UInt8] {
        var bytes = path
        for _ in 0..<3 { bytes = percentDecoded(bytes) }
        var segments: [[UInt8]] = []
        var current: [UInt8] = []
        var inParameters = false
        func endSegment() {
            if current == [UInt8(ascii: ".")] || current.isEmpty {
            } else if current == [UInt8(ascii: "."), UInt8(ascii: ".")] {
                if !segments.isEmpty { segments.removeLast() }
            } else {
                segments.append(current)
            }
            current = []
            inParameters = false
        }
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "/"), UInt8(ascii: "\\"): endSegment()
            case UInt8(ascii: ";"): inParameters = true
            case _ where inParameters: break
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): current.append(byte + 32)
            default: current.append(byte)
            }
        }
        endSegment()
        return segments.flatMap { [UInt8(ascii: "/")] + $0 }
    }

    static func percentDecoded(_ bytes: [UInt8]) -> [UInt8] {
        let digits = Array("0123456789abcdef".utf8)
        func value(_ byte: UInt8) -> UInt8? {
            digits.firstIndex(of: byte >= 0x41 && byte <= 0x46 ? byte + 32 : byte).map(UInt8.init)
        }
        var output: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count, let high = value(bytes[index + 1]),
                let low = value(bytes[index + 2])
            {
                output.append(high * 16 + low)
                index += 3
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return output
    }
}

// MARK: - Host patterns

func checkHostPattern(_ text: String) {
    switch HostPattern.parse(text) {
    case .failure(let refusal):
        Fuzz.check(
            refusal.code.hasPrefix("rules.host.") && !refusal.message.isEmpty,
            "a host refusal has a rules.host. code and a message",
            "text: \(text.debugDescription)\nrefusal: \(refusal)")
    case .success(let pattern):
        let context = "text: \(text.debugDescription)\npattern: \(pattern) (\(pattern.anchor))"
        // R1 (Fuzz/README.md, fixed): `%2a` once decoded to an anchor holding `*`, whose canonical
        // form read back as another kind of rule.
        Fuzz.check(
            HostPattern.parse(pattern.description) == .success(pattern), "a host pattern re-reads to itself", context)
        guard case .success(let anchorURL) = WebURL.parse("https://\(pattern.anchor)/"), let anchorHost = anchorURL.host
        else {
            Fuzz.fail("a pattern's anchor is a host", context)
        }
        if case .subdomainsOnly = pattern {
            Fuzz.check(!pattern.matches(anchorHost), "*. does not match its anchor", context)
            guard case .success(let below) = WebURL.parse("https://a.\(pattern.anchor)/"), let belowHost = below.host
            else {
                Fuzz.fail("a host below a pattern's anchor parses", context)
            }
            Fuzz.check(pattern.matches(belowHost), "*. matches a host below its anchor", context)
        } else {
            Fuzz.check(pattern.matches(anchorHost), "a pattern matches its anchor", context)
        }
    }
}

// MARK: - Signing and opening

/// A tiny PRNG (SplitMix64) seeded from the input, so that the byte flips are the same every run.
struct SplitMix {
    var state: UInt64
    init(_ bytes: [UInt8]) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01b3 }
        state = hash
    }
    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}

func checkSigning(_ json: String, _ ruleSet: NavigationRuleSet) {
    let envelope: String
    do { envelope = try SignedRuleSet.sign(json, with: signingKey) } catch {
        Fuzz.fail("a rule set that loads can be signed", "error: \(error)")
    }
    Fuzz.check(
        (try? SignedRuleSet.open(envelope, trustedKeys: [], now: fixedNow)) == nil,
        "nothing opens without a trusted key",
        "envelope: \(envelope)")
    do {
        let opened = try SignedRuleSet.open(envelope, trustedKeys: [trustedKey], now: fixedNow)
        Fuzz.check(!ruleSet.isExpired(at: fixedNow), "an expired set does not open", "envelope: \(envelope)")
        Fuzz.check(
            Array(opened.ruleSetJSON.utf8) == Array(json.utf8) && opened.ruleSet.rules.count == ruleSet.rules.count
                && opened.ruleSet.version == ruleSet.version && opened.ruleSet.rules == ruleSet.rules
                && opened.keyID == trustedKey.keyID,
            "the envelope opens to the set that was signed", "envelope: \(envelope)")
    } catch {
        if case .expired = error, ruleSet.isExpired(at: fixedNow) {
        } else {
            Fuzz.fail("a freshly signed envelope opens", "envelope: \(envelope)\nerror: \(error)")
        }
    }

    // One base64 character changed in "ruleSet" or "signature": it may open only if both still
    // decode to the same bytes (base64's unused low bits), never with anything else.
    guard case .object(let members)? = try? JSONParser.parse(envelope),
        let payload = members.first(where: { $0.key == "ruleSet" })?.value.stringValue,
        let signature = members.first(where: { $0.key == "signature" })?.value.stringValue,
        let payloadBytes = Data(base64Encoded: payload), let signatureBytes = Data(base64Encoded: signature)
    else {
        Fuzz.fail("a signed envelope holds base64 ruleSet and signature", "envelope: \(envelope)")
    }
    var random = SplitMix(Fuzz.currentInput)
    for attempt in 0..<8 {
        let field = attempt % 2 == 0 ? "ruleSet" : "signature"
        var chars = Array((field == "ruleSet" ? payload : signature).utf8)
        let dataEnd = chars.lastIndex { $0 != UInt8(ascii: "=") } ?? 0
        // The first two attempts change the last data character (where the unused bits are).
        let position = attempt < 2 ? dataEnd : Int(random.next() % UInt64(chars.count))
        let original = chars[position]
        if attempt < 2 || random.next() % 4 != 0 {
            var replacement = original
            while replacement == original { replacement = base64Alphabet[Int(random.next() % 64)] }
            chars[position] = replacement
        } else {
            chars[position] = original ^ UInt8(1 + random.next() % 127)
        }
        let changed = String(decoding: chars, as: UTF8.self)
        let mutated = JSONValue.object(members.map { $0.key == field ? JSONValue.Member(field, .string(changed)) : $0 })
            .serialized()
        guard let opened = try? SignedRuleSet.open(mutated, trustedKeys: [trustedKey], now: fixedNow) else { continue }
        let stillSame =
            Data(base64Encoded: field == "ruleSet" ? changed : payload) == payloadBytes
            && Data(base64Encoded: field == "signature" ? changed : signature) == signatureBytes
        Fuzz.check(
            stillSame && Array(opened.ruleSetJSON.utf8) == Array(json.utf8),
            "an envelope with a changed payload or signature is refused",
            "field: \(field), position \(position): \(Character(Unicode.Scalar(original))) → \(Character(Unicode.Scalar(chars[position])))\nenvelope: \(mutated)"
        )
    }
}

func checkOpening(_ text: String, _ urlLines: [String]) {
    Fuzz.check(
        (try? SignedRuleSet.open(text, trustedKeys: [], now: fixedNow)) == nil, "nothing opens without a trusted key",
        "")
    let opened: SignedRuleSet.Opened
    do { opened = try SignedRuleSet.open(text, trustedKeys: [trustedKey], now: fixedNow) } catch {
        _ = error.description
        note("not opened: \(error.code): \(error)")
        return
    }
    Fuzz.check(opened.keyID == trustedKey.keyID, "an envelope opens with the key it names", "key: \(opened.keyID)")
    Fuzz.check(!opened.ruleSet.isExpired(at: fixedNow), "an expired set does not open", "")
    guard let reloaded = checkLoading(opened.ruleSetJSON) else {
        Fuzz.fail("the JSON of an opened envelope loads", "json: \(opened.ruleSetJSON)")
    }
    Fuzz.check(reloaded.rules == opened.ruleSet.rules, "an opened set is its JSON's set", "json: \(opened.ruleSetJSON)")
    checkDecisions(opened.ruleSet, urlLines)
}

// MARK: - Keys

func checkKeys(_ text: String) {
    if let key = try? RuleSigningKey(pem: text) {
        guard let again = try? RuleSigningKey(pem: key.pem) else {
            Fuzz.fail("a private key's PEM reads back", key.pem)
        }
        Fuzz.check(again.verifyingKey == key.verifyingKey, "a private key's PEM reads back to the same key", key.pem)
        let json = #"{"version": 3, "allow": ["example.com"]}"#
        do {
            let envelope = try SignedRuleSet.sign(json, with: key)
            let opened = try SignedRuleSet.open(envelope, trustedKeys: [key.verifyingKey], now: fixedNow)
            Fuzz.check(
                opened.ruleSetJSON == json && opened.ruleSet.version == 3, "a key's public half opens what it signs",
                envelope)
            if key.verifyingKey != trustedKey {
                Fuzz.check(
                    (try? SignedRuleSet.open(envelope, trustedKeys: [trustedKey], now: fixedNow)) == nil,
                    "another key does not open it", envelope)
            }
        } catch {
            Fuzz.fail("a key that reads signs and opens", "error: \(error)")
        }
    }
    if let key = try? RuleVerifyingKey(pem: text) {
        Fuzz.check(
            (try? RuleVerifyingKey(pem: key.pem)) == key, "a public key's PEM reads back to the same key", key.pem)
        Fuzz.check(
            key.keyID.utf8.count == 16
                && key.keyID.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) },
            "a key ID is 16 lowercase hex digits", key.keyID)
    }
}
