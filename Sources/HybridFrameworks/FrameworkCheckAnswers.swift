import StrictJSON
import WebAddress

/// `framework check --jsonl` and `POST /v1/framework/check` (interfaces §6, §7): the answer to one
/// input object, `{"id", "decision", "host", "bypass", "rule"}`, or `{"id", "failure": true,
/// "reason"}` for input that cannot be used. Compiled configurations are kept in the cache it is given
/// (the command line and the server give a bounded `CompiledCache`), so a stream of one app's URLs
/// builds its policy once.
public struct FrameworkCheckAnswers: Sendable {
    private let policies: any JSONInputCache<FrameworkPolicy>

    /// Answers that keep their policies in `policies` (shared between requests by the server).
    public init(policies: any JSONInputCache<FrameworkPolicy> = CompileEveryTime()) {
        self.policies = policies
    }

    /// The answer to one line of text.
    public func answer(toLine line: String) -> JSONValue {
        do throws(JSONParser.Error) { return answer(to: try JSONParser.parse(line)) } catch {
            return Self.failure(.null, "invalid JSON at column \(error.column): \(error.message)")
        }
    }

    /// The answer to one input object: `{"id", "framework", "config", "url", "frame", "newWindow",
    /// "navigationType", "appInitiated"}`.
    public func answer(to input: JSONValue) -> JSONValue {
        let id = input["id"] ?? .null
        guard case .object = input else { return Self.failure(id, "expected a JSON object") }
        guard let name = input["framework"]?.stringValue, let framework = HybridFramework(rawValue: name) else {
            let names = HybridFramework.allCases.map(\.rawValue).joined(separator: ", ")
            return Self.failure(id, "\"framework\" must be one of: \(names)")
        }
        guard let urlText = input["url"]?.stringValue else { return Self.failure(id, "\"url\" must be a string") }
        guard case .success(let url) = WebURL.parse(urlText) else {
            return Self.failure(id, "\"url\" is not a URL: WebKit never hands it to the framework")
        }
        let target: FrameworkNavigationAction.TargetFrame
        switch (input["frame"], input["newWindow"]) {
        case (_, let value?) where value != .bool(true) && value != .bool(false):
            return Self.failure(id, "\"newWindow\" must be true or false")
        case (let frame?, _) where frame != .string("main") && frame != .string("sub"):
            return Self.failure(id, "\"frame\" must be \"main\" or \"sub\"")
        case (_, .bool(true)?): target = .newWindow
        case (.string("sub")?, _): target = .sub
        default: target = .main
        }
        var type = FrameworkNavigationAction.NavigationType.link
        if let value = input["navigationType"] {
            guard let name = value.stringValue, let named = FrameworkNavigationAction.NavigationType(rawValue: name)
            else {
                let names = FrameworkNavigationAction.NavigationType.allCases.map(\.rawValue).joined(separator: ", ")
                return Self.failure(id, "\"navigationType\" must be one of: \(names)")
            }
            type = named
        }
        var appInitiated = false
        switch input["appInitiated"] {
        case nil: break
        case .bool(let value)?: appInitiated = value
        default: return Self.failure(id, "\"appInitiated\" must be true or false")
        }
        let config = input["config"] ?? .object([:])
        let compiled = policies.value(for: .array([.string(framework.rawValue), config])) {
            () -> Result<FrameworkPolicy, FrameworkConfigurationError> in
            do throws(FrameworkConfigurationError) {
                return .success(
                    try FrameworkConfigurationReader.policy(framework, configuration: config, at: "/config").0)
            } catch {
                return .failure(error)
            }
        }
        let policy: FrameworkPolicy
        switch compiled {
        case .success(let made): policy = made
        case .failure(let error): return Self.failure(id, "\(error.pointer): \(error.message)")
        }
        let action = FrameworkNavigationAction(
            url: url, target: target, navigationType: type, isAppInitiated: appInitiated)
        return Self.line(id: id, policy.decide(action))
    }

    /// One decision as the contract writes it: exactly the keys of interfaces §6.
    public static func line(id: JSONValue, _ decision: FrameworkDecision) -> JSONValue {
        .object([
            "id": id, "decision": .string(decision.checkDecision), "host": .string(decision.hostText),
            "bypass": .bool(decision.isBypass), "rule": .string(decision.rule.description),
        ])
    }

    static func failure(_ id: JSONValue, _ reason: String) -> JSONValue {
        .object(["id": id, "failure": .bool(true), "reason": .string(reason)])
    }
}
