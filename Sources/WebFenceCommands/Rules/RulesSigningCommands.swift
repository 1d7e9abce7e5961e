import ArgumentParser
import Foundation
import NavigationRules
import StrictJSON
import WebFenceCommandLine

/// `webfence rules keygen`: a new Ed25519 signing key and the public key an app ships.
struct RulesKeygenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keygen",
        abstract: "Make an Ed25519 key pair for signing rule sets.",
        discussion: """
            Writes the private key (PKCS #8 PEM, readable by its owner only) to --out and the public \
            key (SubjectPublicKeyInfo PEM) beside it, ending .pub.pem. Ship the public key in the app; \
            keep the private key where configs are published. The key ID printed is what signed \
            files name. Both files are standard: openssl pkey -in KEY -pubout reads them.

            Example:
              webfence rules keygen --out signing-key.pem
            """
    )

    @Option(help: ArgumentHelp("Where to write the private key.", valueName: "path"))
    var out: String

    @Flag(help: "Replace existing key files.")
    var force = false

    func run() async throws {
        let key = RuleSigningKey()
        let publicPath = Self.publicPath(for: out)
        try RulesInput.write(key.pem, to: out, replacing: force, private: true)
        try RulesInput.write(key.verifyingKey.pem, to: publicPath, replacing: force)
        print(
            "key ID \(key.verifyingKey.keyID)\nprivate key: \(out) (keep it secret)\npublic key:  \(publicPath) (ship it in the app)"
        )
    }

    static func publicPath(for path: String) -> String {
        (path.hasSuffix(".pem") ? String(path.dropLast(4)) : path) + ".pub.pem"
    }
}

/// `webfence rules sign`: the signed envelope an app's remote-rules client accepts.
struct RulesSignCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign",
        abstract: "Sign a rule set with a private key, for delivery as a remote config.",
        discussion: """
            The rule set is checked first: a set the loader would refuse is never signed (exit 2, \
            with the reasons). The output wraps the file's exact bytes, base64, with an Ed25519 \
            signature over them and the key's ID (docs/navigation-rules.md). Give every new \
            config a higher "version": clients refuse a version they already have or an older one.

            Example:
              webfence rules sign Examples/rules/shop.json --key signing-key.pem --out shop.signed.json
            """
    )

    @Argument(help: ArgumentHelp("The rule set to sign.", valueName: "file"))
    var file: String

    @Option(help: ArgumentHelp("The private key (PEM).", valueName: "pem"))
    var key: String

    @Option(help: ArgumentHelp("Where to write the signed rule set (default: stdout).", valueName: "path"))
    var out: String?

    @Flag(help: "Replace an existing output file.")
    var force = false

    func run() async throws {
        let text = try RulesInput.text(file)
        let signingKey = try RulesInput.signingKey(key)
        let signed: String
        do { signed = try SignedRuleSet.sign(text, with: signingKey) } catch {
            if case .invalidRuleSet(let refused) = error, let first = refused.errors.first {
                throw InputError(file, at: first.pointer, "not signed: \(first.message) [\(first.code)]")
            }
            throw InputError(file, "not signed: \(error)")
        }
        if let out {
            try RulesInput.write(signed, to: out, replacing: force)
            let version = (try? NavigationRuleSet(json: text))?.version ?? 0
            Terminal.standardError.write(
                "signed version \(version) with key \(signingKey.verifyingKey.keyID): \(out)\n")
        } else {
            print(signed, terminator: "")
        }
    }
}

/// `webfence rules verify`: what an app's client would decide about a signed rule set.
struct RulesVerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check a signed rule set as an app would: key, signature, rule set, expiry and version.",
        discussion: """
            Exit status: 0 the app would use it; 1 the app would refuse it (the reason is printed); \
            2 unusable input (an unreadable file or key).

            Examples:
              webfence rules verify shop.signed.json --public-key signing-key.pub.pem
              webfence rules verify shop.signed.json --public-key old.pub.pem --public-key new.pub.pem \\
                  --newer-than 6 --now 2027-01-01T00:00:00Z
            """
    )

    @Argument(help: ArgumentHelp("The signed rule set.", valueName: "file"))
    var file: String

    @Option(
        name: .customLong("public-key"), help: ArgumentHelp("A trusted public key (PEM); repeatable.", valueName: "pem")
    )
    var publicKeys: [String]

    @Option(help: ArgumentHelp("The version in force: refuse this version and older ones.", valueName: "version"))
    var newerThan: Int?

    @Option(help: ArgumentHelp("Judge the expiry at this time (RFC 3339) instead of now.", valueName: "time"))
    var now: String?

    @OptionGroup var output: FormatOption

    func run() async throws {
        let text = try RulesInput.text(file)
        let keys = try publicKeys.map(RulesInput.publicKey)
        var moment = Date()
        if let now {
            guard let parsed = try? Date(now, strategy: .iso8601) else {
                throw InputError("--now", "\"\(now)\" is not an RFC 3339 time such as 2027-01-01T00:00:00Z")
            }
            moment = parsed
        }
        var verdict: (accepted: Bool, code: String, message: String)
        var opened: SignedRuleSet.Opened? = nil
        do {
            let result = try SignedRuleSet.open(text, trustedKeys: keys, now: moment)
            opened = result
            if let newerThan, result.ruleSet.version <= newerThan {
                verdict = (
                    false, "remote.notNewer",
                    "version \(result.ruleSet.version) is not newer than \(newerThan): a replayed or repeated config is refused"
                )
            } else {
                verdict = (true, "signed.valid", "signed by key \(result.keyID); an app would use it")
            }
        } catch {
            verdict = (false, error.code, error.description)
        }
        let ruleSet = opened?.ruleSet
        switch output.format {
        case .json:
            print(
                JSONValue.object([
                    "file": .string(file), "accepted": .bool(verdict.accepted), "code": .string(verdict.code),
                    "message": .string(verdict.message), "keyID": .string(opened?.keyID),
                    "version": ruleSet.map { .int($0.version) } ?? .null,
                    "expires": .string(ruleSet?.expires?.formatted(.iso8601)),
                    "rules": ruleSet.map { .int($0.rules.count) } ?? .null,
                ]).serialized())
        case .text:
            let terminal = Terminal.standardOutput
            let head = verdict.accepted ? terminal.styled("accepted", .green) : terminal.styled("refused", .red)
            print("\(head) \(file): \(verdict.message) [\(verdict.code)]")
            if let ruleSet {
                print(
                    "  version \(ruleSet.version), \(ruleSet.rules.count) rules, expires \(ruleSet.expires?.formatted(.iso8601) ?? "never")"
                )
            }
        }
        if !verdict.accepted { throw ExitCode(ExitStatus.expectationFailed) }
    }
}
