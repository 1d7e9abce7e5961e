import Foundation
import NavigationRules
import WebFence

/// Reading rule sets and keys from files; anything unusable is an `InputError` (exit 2).
enum RulesInput {
    static func text(_ path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(path, "cannot read the file")
        }
        guard let text = String(data: data, encoding: .utf8) else { throw InputError(path, "not UTF-8 text") }
        return text
    }

    /// Whether the text is a signed envelope rather than a plain rule set.
    static func isSigned(_ text: String) -> Bool {
        (try? JSONParser.parse(text))?["format"] == .string(SignedRuleSet.format)
    }

    /// A rule set file, plain or signed. A signed one is used only once its signature holds, with
    /// one of `publicKeys`.
    static func ruleSet(_ path: String, publicKeys: [String], now: Date = Date()) throws -> NavigationRuleSet {
        let text = try text(path)
        if isSigned(text) {
            guard !publicKeys.isEmpty else {
                throw InputError(path, "a signed rule set: give --public-key to check its signature before it is used")
            }
            do {
                return try SignedRuleSet.open(text, trustedKeys: try publicKeys.map(publicKey), now: now).ruleSet
            } catch let error as SignedRuleSetError {
                throw InputError(path, "\(error) [\(error.code)]")
            }
        }
        do { return try NavigationRuleSet(json: text) } catch {
            let first = error.errors.first
            let more = error.errors.count > 1 ? " (and \(error.errors.count - 1) more: webfence rules lint \(path))" : ""
            throw InputError(path, at: first?.pointer, "\(first?.message ?? "refused") [\(first?.code ?? "rules")]\(more)")
        }
    }

    static func publicKey(_ path: String) throws -> RuleVerifyingKey {
        do { return try RuleVerifyingKey(pem: try text(path)) } catch let error as RuleKeyError {
            throw InputError(path, error.description)
        }
    }

    static func signingKey(_ path: String) throws -> RuleSigningKey {
        do { return try RuleSigningKey(pem: try text(path)) } catch let error as RuleKeyError {
            throw InputError(path, error.description)
        }
    }

    /// Writes a file, refusing to replace one unless asked; `private` files are readable by the owner only.
    static func write(_ text: String, to path: String, replacing: Bool, private isPrivate: Bool = false) throws {
        if !replacing, FileManager.default.fileExists(atPath: path) {
            throw InputError(path, "already exists (use --force to replace it)")
        }
        let attributes: [FileAttributeKey: Any]? = isPrivate ? [.posixPermissions: 0o600] : nil
        if FileManager.default.fileExists(atPath: path) { try? FileManager.default.removeItem(atPath: path) }
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8), attributes: attributes) else {
            throw InputError(path, "cannot write the file")
        }
    }
}
