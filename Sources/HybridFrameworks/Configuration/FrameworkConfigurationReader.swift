import StrictJSON

/// Reads a framework's configuration from JSON (interfaces §6): `capacitor.config.json`'s object as
/// it is, and for the others the small objects WebFence defines, in which an unknown key or a value
/// of the wrong type is an error with its JSON pointer.
public enum FrameworkConfigurationReader {
    /// The framework's policy for `configuration`, and the notes on what the framework ignores.
    public static func policy(
        _ framework: HybridFramework, configuration: JSONValue, at pointer: String
    ) throws(FrameworkConfigurationError) -> (FrameworkPolicy, [FrameworkConfigurationNote]) {
        switch framework {
        case .capacitor:
            guard case .object = configuration else {
                throw FrameworkConfigurationError(
                    pointer, "expected the object of capacitor.config.json, found \(configuration.typeName)")
            }
            let (read, notes) = CapacitorConfigReader.read(configuration, at: pointer)
            return (.capacitor(CapacitorPolicy(read)), notes)
        case .cordovaIOS:
            return (.cordovaIOS(CordovaPolicy(try cordova(configuration, at: pointer))), [])
        case .reactNativeWebView:
            return (
                .reactNativeWebView(ReactNativeWebViewPolicy(try reactNativeWebView(configuration, at: pointer))), []
            )
        case .hotwireNative:
            return (.hotwireNative(HotwirePolicy(try hotwire(configuration, at: pointer))), [])
        case .pwabuilder:
            return (.pwabuilder(PWABuilderPolicy(try pwabuilder(configuration, at: pointer))), [])
        }
    }

    static func cordova(_ value: JSONValue, at pointer: String) throws(FrameworkConfigurationError)
        -> CordovaConfiguration
    {
        var reader = try JSONObjectReader<FrameworkConfigurationError>(value, at: pointer)
        let versionText = try reader.string("version") ?? "8"
        guard let version = CordovaConfiguration.Version(rawValue: versionText) else {
            throw FrameworkConfigurationError(
                reader.path("version"), "expected \"8\" or \"7\", found \"\(versionText)\"")
        }
        let configuration = CordovaConfiguration(
            version: version, allowNavigation: try strings(&reader, "allowNavigation") ?? [],
            allowIntent: try strings(&reader, "allowIntent"), scheme: try reader.string("scheme"),
            hostname: try reader.string("hostname"),
            limitsNavigationsToAppBoundDomains: try reader.bool("limitsNavigationsToAppBoundDomains") ?? false,
            contentSource: try reader.string("contentSource"))
        try reader.finish(expected: [
            "version", "allowNavigation", "allowIntent", "scheme", "hostname", "limitsNavigationsToAppBoundDomains",
            "contentSource",
        ])
        return configuration
    }

    static func reactNativeWebView(
        _ value: JSONValue, at pointer: String
    ) throws(FrameworkConfigurationError) -> ReactNativeWebViewConfiguration {
        var reader = try JSONObjectReader<FrameworkConfigurationError>(value, at: pointer)
        let whitelist: [String]?
        switch reader.valueWithoutMarking("originWhitelist") {
        case nil: whitelist = nil
        case .null?:
            _ = reader.value("originWhitelist")
            whitelist = []
        default: whitelist = try strings(&reader, "originWhitelist")
        }
        let configuration = ReactNativeWebViewConfiguration(
            originWhitelist: whitelist, requireFullOriginMatch: try reader.bool("requireFullOriginMatch") ?? false,
            handlesOpenWindow: try reader.bool("onOpenWindow") ?? false,
            limitsNavigationsToAppBoundDomains: try reader.bool("limitsNavigationsToAppBoundDomains") ?? false,
            messagingEnabled: try reader.bool("onMessage") ?? false, sourceURI: try reader.string("uri"))
        try reader.finish(expected: [
            "originWhitelist", "requireFullOriginMatch", "onOpenWindow", "limitsNavigationsToAppBoundDomains",
            "onMessage", "uri",
        ])
        return configuration
    }

    static func hotwire(_ value: JSONValue, at pointer: String) throws(FrameworkConfigurationError)
        -> HotwireConfiguration
    {
        var reader = try JSONObjectReader<FrameworkConfigurationError>(value, at: pointer)
        let configuration = HotwireConfiguration(
            startLocation: try reader.requiredString("startLocation"),
            limitsNavigationsToAppBoundDomains: try reader.bool("limitsNavigationsToAppBoundDomains") ?? false,
            usesBridgeComponents: try reader.bool("bridgeComponents") ?? false)
        try reader.finish(expected: ["startLocation", "limitsNavigationsToAppBoundDomains", "bridgeComponents"])
        return configuration
    }

    /// `{"rootUrl", "allowedOrigins", "authOrigins"}`: the values of the shell's `Settings.swift`.
    static func pwabuilder(_ value: JSONValue, at pointer: String) throws(FrameworkConfigurationError)
        -> PWABuilderConfiguration
    {
        var reader = try JSONObjectReader<FrameworkConfigurationError>(value, at: pointer)
        let configuration = PWABuilderConfiguration(
            rootURL: try reader.string("rootUrl"), allowedOrigins: try strings(&reader, "allowedOrigins") ?? [],
            authOrigins: try strings(&reader, "authOrigins") ?? [])
        try reader.finish(expected: ["rootUrl", "allowedOrigins", "authOrigins"])
        return configuration
    }

    private static func strings(_ reader: inout JSONObjectReader<FrameworkConfigurationError>, _ key: String)
        throws(FrameworkConfigurationError) -> [String]?
    {
        guard let values = try reader.array(key) else { return nil }
        var strings: [String] = []
        for (index, value) in values.enumerated() {
            guard case .string(let text) = value else {
                throw FrameworkConfigurationError(
                    reader.path(key) + "/\(index)", "expected a string, found \(value.typeName)")
            }
            strings.append(text)
        }
        return strings
    }
}
