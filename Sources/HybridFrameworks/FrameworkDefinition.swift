import StrictJSON

/// Every fact WebFence holds about one hybrid framework, written once in the framework's folder:
/// its name and versions, how its configuration is read, the navigation decision its code makes,
/// the page it starts on, its bridge, its rules in words and as a rule set.
///
/// Each framework's policy type conforms (`CapacitorPolicy`, `CordovaPolicy`, …), in a file named
/// after the framework in its folder. `HybridFramework.definition` and `FrameworkPolicy.definition`
/// are the two lists of frameworks; the compiler holds both to every case, and
/// `FrameworkDefinitionTests` holds every definition to its name, its versions and its places.
public protocol FrameworkDefinition: Sendable {
    /// The framework's configuration: what its file (or WebFence's JSON object for it) says.
    associatedtype Configuration: Sendable, Hashable

    /// The framework, as files and the command line name it.
    static var framework: HybridFramework { get }
    /// The name people know the framework by, with the version whose source the policy follows.
    static var displayName: String { get }
    /// The versions whose source WebFence follows, the default first; a scenario naming another
    /// is refused, since its decisions would be another version's.
    static var versions: [String] { get }
    /// The key of the configuration that names its version, filled in from a scenario's
    /// `version` when the configuration leaves it out; nil when the configuration has none.
    static var versionKey: String? { get }
    /// Where, in the framework's own configuration file, each fact the audit points at sits.
    static var places: FrameworkPlaces { get }

    /// The configuration in `json`, at `pointer` in its file, with notes on what the framework
    /// ignores; an unknown key or a value of the wrong type is an error with its JSON pointer.
    static func read(_ json: JSONValue, at pointer: String) throws(FrameworkConfigurationError) -> (
        Configuration, [FrameworkConfigurationNote]
    )
    /// The configuration in the framework's own file format when it is not JSON (Cordova's
    /// `config.xml`, PWABuilder's `Settings.swift`); nil for text that is a JSON object, or for a
    /// framework whose files are JSON.
    static func readOwnFormat(_ bytes: [UInt8]) throws(FrameworkConfigurationText.Failure) -> (
        Configuration, [FrameworkConfigurationNote]
    )?

    /// The policy of one app's configuration.
    init(_ configuration: Configuration)
    /// The configuration the decisions follow.
    var configuration: Configuration { get }
    /// This policy as the pipeline's first stage.
    var stage: FrameworkPolicy { get }
    /// The framework's decision for one navigation action.
    func decide(_ action: FrameworkNavigationAction) -> FrameworkDecision
    /// Whether the framework sets `limitsNavigationsToAppBoundDomains` on the web views it makes.
    var limitsNavigationsToAppBoundDomains: Bool { get }
    /// The page the framework's web view starts on, when its configuration says.
    var startPage: String? { get }
    /// The addresses its configuration names: the start page (when the file gives one) and every
    /// entry that lets hosts in, each with its place in the file.
    var entries: [FrameworkEntry] { get }
    /// `WKWebView.isInspectable` as the configuration sets it for every build; nil when it leaves
    /// the build's default (Web Inspector on in debug builds only), or the framework has no setting.
    var isInspectable: Bool? { get }
    /// The bridge the framework installs, for its configuration.
    var bridge: FrameworkBridge { get }
    /// The navigation rules as the framework applies them, one sentence each.
    var rules: [String] { get }
    /// Adds what the configuration meant, without the matcher's holes, to `meant`.
    func addMeant(to meant: inout MeantNavigation)
}

/// The JSON pointers, in a framework's own configuration file, of what the audit's findings name.
public struct FrameworkPlaces: Sendable, Hashable {
    /// The limits flag (`limitsNavigationsToAppBoundDomains` or the framework's spelling).
    public let appBoundFlag: String
    /// The start page.
    public let startPage: String
    /// The entries that let hosts in.
    public let allowedHosts: String
    /// The setting that turns Web Inspector on (`WKWebView.isInspectable`); nil when the
    /// framework's configuration has none.
    public var inspectable: String? = nil
}

extension FrameworkDefinition {
    /// The policy of `configuration` read from `json`, as the pipeline's stage, with its notes.
    static func stage(_ json: JSONValue, at pointer: String) throws(FrameworkConfigurationError) -> (
        FrameworkPolicy, [FrameworkConfigurationNote]
    ) {
        let (configuration, notes) = try read(json, at: pointer)
        return (Self(configuration).stage, notes)
    }

    /// `readOwnFormat`, as the pipeline's stage.
    static func stage(ownFormat bytes: [UInt8]) throws(FrameworkConfigurationText.Failure) -> (
        FrameworkPolicy, [FrameworkConfigurationNote]
    )? {
        guard let (configuration, notes) = try readOwnFormat(bytes) else { return nil }
        return (Self(configuration).stage, notes)
    }
}
