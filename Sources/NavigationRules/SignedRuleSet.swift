import Foundation
import StrictJSON

/// A rule set as it travels (spec/navigation-rules.md §3): the rule set's exact bytes, base64, and
/// an Ed25519 signature over those bytes by a key the app trusts (D43).
///
///     {"format": "webfence.rules.signed.v1", "keyID": "3f1c…", "ruleSet": "eyJ2ZXJzaW9uIjo3…", "signature": "…"}
///
/// The bytes, not a re-serialised object, are signed: there is no canonical form to get wrong, and
/// what is checked is exactly what is read.
public enum SignedRuleSet {
    /// The envelope's `format` value, `webfence.rules.signed.v1`.
    public static let format = "webfence.rules.signed.v1"

    /// Signs a rule set's JSON text. A rule set that would not load is refused: a signature must
    /// never vouch for a file that apps will reject.
    public static func sign(_ ruleSetJSON: String, with key: RuleSigningKey) throws(SignedRuleSetError) -> String {
        do { _ = try NavigationRuleSet(json: ruleSetJSON) } catch { throw .invalidRuleSet(error) }
        let bytes = Array(ruleSetJSON.utf8)
        let signature: Data
        do { signature = try key.signature(for: bytes) } catch { throw .malformed("signing failed: \(error)") }
        return JSONValue.object([
            "format": .string(format), "keyID": .string(key.verifyingKey.keyID),
            "ruleSet": .string(Data(bytes).base64EncodedString()),
            "signature": .string(signature.base64EncodedString()),
        ]).serialized() + "\n"
    }

    /// A verified rule set and the text that was signed.
    public struct Opened: Sendable {
        /// The rule set, loaded.
        public let ruleSet: NavigationRuleSet
        /// The rule set's JSON text, exactly the bytes that were signed.
        public let ruleSetJSON: String
        /// The ID of the trusted key whose signature holds.
        public let keyID: String
    }

    /// Checks the envelope, the key, the signature, the rule set and its expiry, in that order.
    /// Nothing about the rule set is read before its signature holds.
    public static func open(_ text: String, trustedKeys: [RuleVerifyingKey], now: Date) throws(SignedRuleSetError)
        -> Opened
    {
        let root: JSONValue
        do { root = try JSONParser.parse(text) } catch { throw .malformed("not JSON: \(error)") }
        guard case .object(let members) = root else { throw .malformed("expected an object, found \(root.typeName)") }
        let keys = ["format", "keyID", "ruleSet", "signature"]
        if let unknown = members.first(where: { !keys.contains($0.key) }) {
            throw .malformed("unknown key \"\(unknown.key)\" (keys: \(keys.joined(separator: ", ")))")
        }
        guard root["format"] == .string(format) else { throw .malformed("\"format\" must be \"\(format)\"") }
        guard case .string(let keyID)? = root["keyID"], case .string(let payload)? = root["ruleSet"],
            case .string(let signatureText)? = root["signature"]
        else {
            throw .malformed("\"keyID\", \"ruleSet\" and \"signature\" must be strings")
        }
        guard let key = trustedKeys.first(where: { $0.keyID == keyID }) else {
            throw .unknownKey(keyID)
        }
        guard let bytes = Data(base64Encoded: payload), let signature = Data(base64Encoded: signatureText) else {
            throw .malformed("\"ruleSet\" and \"signature\" must be base64")
        }
        guard signature.count == 64, key.isValidSignature(signature, for: bytes) else { throw .badSignature(keyID) }
        guard let json = String(data: bytes, encoding: .utf8) else {
            throw .malformed("the signed rule set is not UTF-8")
        }
        let ruleSet: NavigationRuleSet
        do { ruleSet = try NavigationRuleSet(json: json) } catch { throw .invalidRuleSet(error) }
        if let expires = ruleSet.expires, ruleSet.isExpired(at: now) { throw .expired(expires) }
        return Opened(ruleSet: ruleSet, ruleSetJSON: json, keyID: keyID)
    }
}

/// Why a signed rule set was refused. Each refusal leaves the rules in force unchanged.
public enum SignedRuleSetError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Not a signed rule set: not JSON, unknown keys, another format, or fields that are not
    /// base64 strings.
    case malformed(String)
    /// Signed by a key ID that none of the trusted keys has.
    case unknownKey(String)
    /// The signature does not verify with the named key: the file was altered or signed by another key.
    case badSignature(String)
    /// The rule set does not load (when opening) or would not load (when signing).
    case invalidRuleSet(RuleSetError)
    /// The rule set expired at this time.
    case expired(Date)

    /// A stable identifier, e.g. `signed.badSignature`.
    public var code: String {
        switch self {
        case .malformed: "signed.malformed"
        case .unknownKey: "signed.unknownKey"
        case .badSignature: "signed.badSignature"
        case .invalidRuleSet: "signed.invalidRuleSet"
        case .expired: "signed.expired"
        }
    }

    /// The refusal as a sentence.
    public var description: String {
        switch self {
        case .malformed(let why): "not a signed rule set: \(why)"
        case .unknownKey(let id): "signed by key \(id), which is not one of the trusted keys"
        case .badSignature(let id):
            "the signature does not verify with key \(id): the file was altered or signed by another key"
        case .invalidRuleSet(let error): "the signed rule set does not load: \(error)"
        case .expired(let date): "the rule set expired at \(date.formatted(.iso8601))"
        }
    }
}
