import StrictJSON
import WebAddress

/// `framework bridge --jsonl` and `POST /v1/framework/bridge` (interfaces §6b, §7): the answer to one
/// input object, `{"id", "offered", "accepted", "origin", "rule", "bypass"}`, or `{"id", "failure":
/// true, "reason"}` for input that cannot be used or an entry WebFence cannot decide exactly.
/// Policies are kept in the cache it is given, so a stream of one app's frames builds its policy once.
public struct FrameworkBridgeAnswers: Sendable {
    private let policies: any JSONInputCache<BridgePolicy>

    /// Answers that keep their policies in `policies` (shared between requests by the server).
    public init(policies: any JSONInputCache<BridgePolicy> = CompileEveryTime()) {
        self.policies = policies
    }

    /// The answer to one line of text.
    public func answer(toLine line: String) -> JSONValue {
        do throws(JSONParser.Error) { return answer(to: try JSONParser.parse(line)) } catch {
            return FrameworkCheckAnswers.failure(.null, "invalid JSON at column \(error.column): \(error.message)")
        }
    }

    /// The policy an input object names, from the cache, or why it has none.
    public func policy(for input: JSONValue) -> Result<BridgePolicy, BridgePolicyError> {
        let name = input["framework"]?.stringValue ?? ""
        let version = input["version"]?.stringValue
        let config = input["config"] ?? .object([:])
        return policies.value(for: .array([.string(name), .string(version), config])) {
            () -> Result<BridgePolicy, BridgePolicyError> in
            do throws(BridgePolicyError) {
                return .success(
                    try BridgePolicy.read(framework: name, version: version, configuration: config, at: "/config"))
            } catch {
                return .failure(error)
            }
        }
    }

    /// The answer to one input object: `{"id", "framework", "version", "config", "url", "frame",
    /// "command"}`.
    public func answer(to input: JSONValue) -> JSONValue {
        let id = input["id"] ?? .null
        guard case .object = input else { return FrameworkCheckAnswers.failure(id, "expected a JSON object") }
        guard let name = input["framework"]?.stringValue, BridgePolicy.frameworkNames.contains(name) else {
            return FrameworkCheckAnswers.failure(
                id, "\"framework\" must be one of: \(BridgePolicy.frameworkNames.joined(separator: ", "))")
        }
        if let version = input["version"], version.stringValue == nil {
            return FrameworkCheckAnswers.failure(id, "\"version\" must be a string")
        }
        guard let urlText = input["url"]?.stringValue else {
            return FrameworkCheckAnswers.failure(id, "\"url\" must be a string")
        }
        guard case .success(let url) = WebURL.parse(urlText) else {
            return FrameworkCheckAnswers.failure(id, "\"url\" is not a URL: no frame loads it")
        }
        let isMainFrame: Bool
        switch input["frame"] {
        case nil, .string("main")?: isMainFrame = true
        case .string("sub")?: isMainFrame = false
        default: return FrameworkCheckAnswers.failure(id, "\"frame\" must be \"main\" or \"sub\"")
        }
        let command = input["command"]?.stringValue
        if input["command"] != nil, command == nil {
            return FrameworkCheckAnswers.failure(id, "\"command\" must be a string")
        }
        switch policy(for: input) {
        case .failure(let error): return FrameworkCheckAnswers.failure(id, error.description)
        case .success(let policy):
            do throws(FrameworkBridgeFailure) {
                return Self.line(id: id, try policy.decide(url, isMainFrame: isMainFrame, command: command))
            } catch {
                return FrameworkCheckAnswers.failure(id, error.reason)
            }
        }
    }

    /// One decision as the contract writes it: exactly the keys of interfaces §6b.
    public static func line(id: JSONValue, _ decision: FrameworkBridgeDecision) -> JSONValue {
        .object([
            "id": id, "offered": .bool(decision.offered), "accepted": .bool(decision.accepted),
            "origin": .string(decision.origin), "rule": .string(decision.rule.description),
            "bypass": .bool(decision.isBypass),
        ])
    }
}
