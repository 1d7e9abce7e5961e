import Foundation
import Testing

/// `webfence rules` as spec/interfaces.md §3 fixes it.
@Suite("webfence rules")
struct RulesCommandTests {
    let shop = PackageFiles.url("Examples/rules/shop.json").path

    func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rules-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    // MARK: - check

    @Test("check: per URL allow, cancel or openExternally, the deciding rule and the parsed host")
    func checkText() throws {
        let result = try WebFenceBinary.run([
            "rules", "check", "--rules", shop, "https://evil.com\\@shop.example/", "https://shop.example/",
        ])
        #expect(result.status == 0)
        #expect(result.stdout.contains("openExternally https://evil.com\\@shop.example/"))
        #expect(result.stdout.contains("host evil.com; rule /otherwise"))
        #expect(result.stdout.contains("allow          https://shop.example/"))
        #expect(result.stdout.contains("rule /allow/0 =shop.example"))
    }

    @Test("check --format json: url, decision, rule, ruleText, reason, host, explanation")
    func checkJSON() throws {
        let result = try WebFenceBinary.run([
            "rules", "check", "--rules", shop, "--format", "json", "https://ads.cdn.example.net/x", "not a url",
        ])
        #expect(result.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let results = try #require(json["results"] as? [[String: Any]])
        #expect(results.count == 2)
        #expect(results[0]["decision"] as? String == "cancel")
        #expect(results[0]["rule"] as? String == "/deny/0")
        #expect(results[0]["reason"] as? String == "rules.deny")
        #expect(results[0]["host"] as? String == "ads.cdn.example.net")
        #expect(results[1]["decision"] as? String == "cancel")
        #expect(results[1]["reason"] as? String == "url.unparsable")
    }

    @Test("check --expect: exit 1 when a decision differs")
    func checkExpect() throws {
        let held = try WebFenceBinary.run([
            "rules", "check", "--rules", shop, "--expect", "openExternally", "https://shop.example@evil.com/",
        ])
        #expect(held.status == 0)
        let failed = try WebFenceBinary.run([
            "rules", "check", "--rules", shop, "--expect", "allow", "https://shop.example@evil.com/",
        ])
        #expect(failed.status == 1)
    }

    @Test(
        "check --jsonl: {id, url, frame} in, {id, decision, rule} out, in order; a malformed line is an error line and exit 2"
    )
    func checkJSONLines() throws {
        let input = """
            {"id": "a", "url": "https://img.cdn.example.net/1.png"}
            {"id": "b", "url": "https://news.example.com/", "frame": "sub"}
            {"id": "c", "url": "https://news.example.com/"}
            {"id": "d", "url": "https://x/", "frame": "top"}
            {"id": "e", "url": "https://evil.com\\\\@shop.example/"}

            """
        let result = try WebFenceBinary.run(["rules", "check", "--rules", shop, "--jsonl"], stdin: input)
        #expect(result.status == 2)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                #"{"id":"a","decision":"allow","rule":"/allow/2","reason":"rules.allow","host":"img.cdn.example.net"}"#,
                #"{"id":"b","decision":"cancel","rule":"/otherwise","reason":"rules.otherwise.subframe","host":"news.example.com"}"#,
                #"{"id":"c","decision":"openExternally","rule":"/otherwise","reason":"rules.otherwise","host":"news.example.com"}"#,
                #"{"id":"d","error":"\"frame\" must be \"main\" or \"sub\""}"#,
                #"{"id":"e","decision":"openExternally","rule":"/otherwise","reason":"rules.otherwise","host":"evil.com"}"#,
            ])
        #expect(result.stderr.contains("stdin:line 4"))
    }

    @Test("check: a rule set with a refused rule is unusable input (exit 2, file and place)")
    func checkRefusedSet() throws {
        let result = try WebFenceBinary.run([
            "rules", "check", "--rules", PackageFiles.url("Examples/rules/refused.json").path, "https://example.com/",
        ])
        #expect(result.status == 2)
        #expect(result.stderr.contains("refused.json:/allow/1"))
        #expect(result.stderr.contains("rules.host.bareTLD"))
    }

    // MARK: - lint

    @Test("lint: every refused rule with its code, pointer and reason; exit 1")
    func lint() throws {
        let result = try WebFenceBinary.run([
            "rules", "lint", PackageFiles.url("Examples/rules/refused.json").path, "--format", "json",
        ])
        #expect(result.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let findings = try #require(json["findings"] as? [[String: Any]])
        let pairs = findings.map { "\($0["pointer"] as? String ?? "") \($0["code"] as? String ?? "")" }
        #expect(
            pairs == [
                "/allow/1 rules.host.bareTLD", "/allow/2 rules.host.publicSuffix", "/allow/3 rules.host.publicSuffix",
                "/allow/4 rules.host.wildcardInLabel", "/allow/5 rules.host.hasScheme", "/allow/6 rules.host.hasPort",
                "/allow/7 rules.host.bareTLD", "/deny/0 rules.host.wildcardInLabel",
                "/allowSchemes/0 rules.allowSchemes.network",
            ])
        #expect(json["errors"] as? Int == 9)
    }

    @Test("lint: a clean rule set exits 0; invalid JSON exits 2")
    func lintClean() throws {
        #expect(try WebFenceBinary.run(["rules", "lint", shop]).status == 0)
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let broken = directory.appendingPathComponent("broken.json")
        try Data(#"{"allow": ["#.utf8).write(to: broken)
        let result = try WebFenceBinary.run(["rules", "lint", broken.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("broken.json"))
    }

    // MARK: - keygen, sign, verify

    @Test("keygen, sign, verify: the round trip; a changed byte, a wrong key, an old version and an expiry are refused")
    func signingRoundTrip() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = directory.appendingPathComponent("key.pem").path
        let publicKey = directory.appendingPathComponent("key.pub.pem").path
        let signed = directory.appendingPathComponent("shop.signed.json").path

        let keygen = try WebFenceBinary.run(["rules", "keygen", "--out", key])
        #expect(keygen.status == 0)
        #expect(keygen.stdout.contains("key ID "))
        let permissions = try FileManager.default.attributesOfItem(atPath: key)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        #expect(try WebFenceBinary.run(["rules", "keygen", "--out", key]).status == 2)  // never overwrites a key

        #expect(try WebFenceBinary.run(["rules", "sign", shop, "--key", key, "--out", signed]).status == 0)
        let accepted = try WebFenceBinary.run(["rules", "verify", signed, "--public-key", publicKey])
        #expect(accepted.status == 0)
        #expect(accepted.stdout.contains("version 7, 5 rules"))
        #expect(
            try WebFenceBinary.run([
                "rules", "check", "--rules", signed, "--public-key", publicKey, "https://shop.example/",
            ]).stdout.hasPrefix("allow"))
        #expect(try WebFenceBinary.run(["rules", "check", "--rules", signed, "https://shop.example/"]).status == 2)

        let replay = try WebFenceBinary.run(["rules", "verify", signed, "--public-key", publicKey, "--newer-than", "7"])
        #expect(replay.status == 1)
        #expect(replay.stdout.contains("remote.notNewer"))

        let otherKey = directory.appendingPathComponent("other.pem").path
        _ = try WebFenceBinary.run(["rules", "keygen", "--out", otherKey])
        let wrongKey = try WebFenceBinary.run([
            "rules", "verify", signed, "--public-key", directory.appendingPathComponent("other.pub.pem").path,
        ])
        #expect(wrongKey.status == 1)
        #expect(wrongKey.stdout.contains("signed.unknownKey"))

        // One character of the payload changed: the signature no longer holds.
        var envelope = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: signed))) as? [String: String])
        let payload = try #require(Data(base64Encoded: envelope["ruleSet"] ?? ""))
        let altered = String(decoding: payload, as: UTF8.self).replacingOccurrences(
            of: "=shop.example", with: "=evil.example")
        envelope["ruleSet"] = Data(altered.utf8).base64EncodedString()
        let tampered = directory.appendingPathComponent("tampered.json")
        try JSONSerialization.data(withJSONObject: envelope).write(to: tampered)
        let bad = try WebFenceBinary.run(["rules", "verify", tampered.path, "--public-key", publicKey])
        #expect(bad.status == 1)
        #expect(bad.stdout.contains("signed.badSignature"))

        let expiring = directory.appendingPathComponent("expiring.json")
        try Data(#"{"version": 8, "expires": "2026-12-31T00:00:00Z", "allow": ["example.com"]}"#.utf8).write(
            to: expiring)
        let expiringSigned = directory.appendingPathComponent("expiring.signed.json").path
        #expect(
            try WebFenceBinary.run(["rules", "sign", expiring.path, "--key", key, "--out", expiringSigned]).status == 0)
        #expect(
            try WebFenceBinary.run([
                "rules", "verify", expiringSigned, "--public-key", publicKey, "--now", "2026-12-01T00:00:00Z",
            ]).status == 0)
        let expired = try WebFenceBinary.run([
            "rules", "verify", expiringSigned, "--public-key", publicKey, "--now", "2027-01-01T00:00:00Z",
        ])
        #expect(expired.status == 1)
        #expect(expired.stdout.contains("signed.expired"))
    }

    @Test("sign: a rule set the loader refuses is never signed (exit 2, with the reason)")
    func signRefused() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = directory.appendingPathComponent("key.pem").path
        _ = try WebFenceBinary.run(["rules", "keygen", "--out", key])
        let result = try WebFenceBinary.run([
            "rules", "sign", PackageFiles.url("Examples/rules/refused.json").path, "--key", key,
        ])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("not signed"))
    }
}
