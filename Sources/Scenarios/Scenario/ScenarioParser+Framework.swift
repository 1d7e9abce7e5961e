import HybridFrameworks
import StrictJSON

extension Scenario {
    /// `app.framework`: `{"name", "version", "configuration"}`, and `navigation` for the Flutter
    /// plugins and Tauri. For the five navigation frameworks the configuration is what
    /// `webfence framework check --jsonl` takes; `version` must be one whose source WebFence follows
    /// (`FrameworkDefinition.versions`), and for Cordova chooses 8 or 7 (the configuration may say it
    /// too). For the other three the configuration is what `framework bridge` takes, and
    /// `navigation` holds the web view's App-Bound flag and the app's callback answers (D123).
    static func parseFramework(_ value: JSONValue?) throws(ScenarioError) -> FrameworkSpec? {
        guard let value, value != .null else { return nil }
        var reader = try JSONObjectReader<ScenarioError>(value, at: "/app/framework")
        let name = try reader.requiredString("name")
        if AppFramework.callbackFrameworkNames.contains(name) {
            return try parseCallbackFramework(name, &reader)
        }
        guard let framework = HybridFramework(rawValue: name) else {
            let names = BridgePolicy.frameworkNames.joined(separator: ", ")
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
            return FrameworkSpec(framework: .navigationFramework(policy), notes: notes)
        } catch {
            throw ScenarioError(error.pointer, error.message)
        }
    }

    /// flutter-inappwebview, webview-flutter or Tauri: the bridge's configuration and the navigation.
    private static func parseCallbackFramework(_ name: String, _ reader: inout JSONObjectReader<ScenarioError>)
        throws(ScenarioError) -> FrameworkSpec
    {
        let version = try reader.string("version")
        let configuration = reader.value("configuration") ?? .object([])
        let navigation = reader.value("navigation") ?? .object([])
        try reader.finish(expected: ["name", "version", "configuration", "navigation"])
        do throws(BridgePolicyError) {
            let framework = try AppFramework.read(
                callbackFramework: name, version: version, configuration: configuration,
                at: reader.path("configuration"), navigation: navigation, at: reader.path("navigation"))
            return FrameworkSpec(framework: framework, notes: [])
        } catch {
            switch error {
            case .configuration(let error): throw ScenarioError(error.pointer, error.message)
            // A release WebFence does not follow, or one that lacks a setting the configuration uses.
            case .failure(let failure):
                throw ScenarioError(version == nil ? reader.pointer : reader.path("version"), failure.reason)
            }
        }
    }
}
