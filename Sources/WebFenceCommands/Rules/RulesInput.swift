import Foundation
import NavigationRules
import StrictJSON
import WebFenceCommandLine

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
            let more =
                error.errors.count > 1 ? " (and \(error.errors.count - 1) more: webfence rules lint \(path))" : ""
            throw InputError(
                path, at: first?.pointer, "\(first?.message ?? "refused") [\(first?.code ?? "rules")]\(more)")
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

    /// Writes a file, refusing to replace one unless asked. A private file (a signing key) is
    /// created with mode 0600 from the start, never readable by others even for a moment.
    static func write(_ text: String, to path: String, replacing: Bool, private isPrivate: Bool = false) throws {
        if replacing { unlink(path) }
        // O_EXCL: the file is ours, created now; an existing file (or a link planted there) is refused.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, isPrivate ? 0o600 : 0o644)
        guard descriptor >= 0 else {
            let reason =
                errno == EEXIST ? "already exists (use --force to replace it)" : String(cString: strerror(errno))
            throw InputError(path, reason)
        }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                throw InputError(path, "cannot write the file: \(String(cString: strerror(errno)))")
            }
            written += count
        }
    }
}
