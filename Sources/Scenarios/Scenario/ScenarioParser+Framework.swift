import HybridFrameworks
import StrictJSON

extension Scenario {
    /// `app.framework`: `{"name", "version", "configuration"}`. The configuration is what
    /// `webfence framework check --jsonl` takes for the framework; `version` must be one whose
    /// source WebFence follows (`FrameworkDefinition.versions`), and for Cordova chooses 8 or 7
    /// (the configuration may say it too).
    static func parseFramework(_ value: JSONValue?) throws(ScenarioError) -> FrameworkSpec? {
        guard let value, value != .null else { return nil }
        var reader = try JSONObjectReader<ScenarioError>(value, at: "/app/framework")
        let name = try reader.requiredString("name")
        guard let framework = HybridFramework(rawValue: name) else {
            let names = HybridFramework.allCases.map(\.rawValue).joined(separator: ", ")
            throw ScenarioError(reader.path("name"), "expected one of \(names), found \"\(name)\"")
        }
        let definition = framework.definition
        let versions = definition.versions
        let version = try reader.string("version") ?? versions.first ?? ""
        guard versions.contains(version) else {
            throw ScenarioError(
                reader.path("version"),
                "WebFence follows \(framework.displayName) version \(versions.joined(separator: " or ")), not \"\(version)\""
            )
        }
        var configuration = reader.value("configuration") ?? .object([])
        if let key = definition.versionKey, case .object(var members) = configuration, configuration[key] == nil {
            members.append(.init(key, .string(version)))
            configuration = .object(members)
        }
        try reader.finish(expected: ["name", "version", "configuration"])
        do throws(FrameworkConfigurationError) {
            let (policy, notes) = try FrameworkConfigurationReader.policy(
                framework, configuration: configuration, at: "/app/framework/configuration")
            return FrameworkSpec(policy: policy, notes: notes)
        } catch {
            throw ScenarioError(error.pointer, error.message)
        }
    }
}
