import StrictJSON

/// The `InAppWebViewSettings` members that decide flutter_inappwebview's bridge on iOS (spec §13b),
/// each nil when the app leaves it unset: the map the plugin receives skips null values, so an
/// unset member keeps the Swift default.
public struct FlutterInAppWebViewSettings: Sendable, Hashable {
    /// `javaScriptBridgeEnabled` (default true).
    public var javaScriptBridgeEnabled: Bool?
    /// `javaScriptBridgeOriginAllowList` (default nil: falls back to `pluginScriptsOriginAllowList`).
    public var javaScriptBridgeOriginAllowList: [String]?
    /// `javaScriptBridgeForMainFrameOnly` (default false; on iOS it does not fall back to
    /// `pluginScriptsForMainFrameOnly`).
    public var javaScriptBridgeForMainFrameOnly: Bool?
    /// `pluginScriptsOriginAllowList` (default nil: every origin).
    public var pluginScriptsOriginAllowList: [String]?
    /// `pluginScriptsForMainFrameOnly` (default false).
    public var pluginScriptsForMainFrameOnly: Bool?
    /// `javaScriptHandlersOriginAllowList` (default nil: every origin).
    public var javaScriptHandlersOriginAllowList: [String]?
    /// `applePayAPIEnabled` (default false); true adds no plugin script at all.
    public var applePayAPIEnabled: Bool?

    /// Settings with every member unset.
    public init() {}

    /// The members as interfaces §6b names them, in the order the plugin applies them.
    static let keys = [
        "javaScriptBridgeEnabled", "javaScriptBridgeOriginAllowList", "javaScriptBridgeForMainFrameOnly",
        "pluginScriptsOriginAllowList", "pluginScriptsForMainFrameOnly", "javaScriptHandlersOriginAllowList",
        "applePayAPIEnabled",
    ]

    /// The members 6.2.0-beta.1 added; 6.1.5 has only `applePayAPIEnabled` of these.
    var membersSince62: [String] {
        var set: [String] = []
        if javaScriptBridgeEnabled != nil { set.append("javaScriptBridgeEnabled") }
        if javaScriptBridgeOriginAllowList != nil { set.append("javaScriptBridgeOriginAllowList") }
        if javaScriptBridgeForMainFrameOnly != nil { set.append("javaScriptBridgeForMainFrameOnly") }
        if pluginScriptsOriginAllowList != nil { set.append("pluginScriptsOriginAllowList") }
        if pluginScriptsForMainFrameOnly != nil { set.append("pluginScriptsForMainFrameOnly") }
        if javaScriptHandlersOriginAllowList != nil { set.append("javaScriptHandlersOriginAllowList") }
        return set
    }

    /// The settings in `value`, a JSON object of the members above; an unknown member or a value of
    /// the wrong type is an error at its JSON pointer.
    public static func read(_ value: JSONValue, at pointer: String) throws(FrameworkConfigurationError) -> Self {
        var reader = try JSONObjectReader<FrameworkConfigurationError>(value, at: pointer)
        var settings = Self()
        settings.javaScriptBridgeEnabled = try reader.bool("javaScriptBridgeEnabled")
        settings.javaScriptBridgeOriginAllowList = try FrameworkConfigurationReader.strings(
            &reader, "javaScriptBridgeOriginAllowList")
        settings.javaScriptBridgeForMainFrameOnly = try reader.bool("javaScriptBridgeForMainFrameOnly")
        settings.pluginScriptsOriginAllowList = try FrameworkConfigurationReader.strings(
            &reader, "pluginScriptsOriginAllowList")
        settings.pluginScriptsForMainFrameOnly = try reader.bool("pluginScriptsForMainFrameOnly")
        settings.javaScriptHandlersOriginAllowList = try FrameworkConfigurationReader.strings(
            &reader, "javaScriptHandlersOriginAllowList")
        settings.applePayAPIEnabled = try reader.bool("applePayAPIEnabled")
        try reader.finish(expected: keys)
        return settings
    }
}
