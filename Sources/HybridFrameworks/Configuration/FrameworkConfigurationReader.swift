import StrictJSON

/// Reads a framework's configuration from JSON (interfaces §6): `capacitor.config.json`'s object as
/// it is, and for the others the small objects WebFence defines, in which an unknown key or a value
/// of the wrong type is an error with its JSON pointer.
public enum FrameworkConfigurationReader {
    /// The framework's policy for `configuration`, and the notes on what the framework ignores.
    public static func policy(
        _ framework: HybridFramework, configuration: JSONValue, at pointer: String
    ) throws(FrameworkConfigurationError) -> (FrameworkPolicy, [FrameworkConfigurationNote]) {
        try framework.definition.stage(configuration, at: pointer)
    }

    /// The strings of the array at `key`, each element checked.
    static func strings(_ reader: inout JSONObjectReader<FrameworkConfigurationError>, _ key: String)
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
