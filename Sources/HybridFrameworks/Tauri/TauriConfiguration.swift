import StrictJSON
import WebAddress

/// What `framework bridge` reads of a Tauri 2 app (interfaces §6b): the window and webview the
/// frame is in, the capabilities, the app's own origins and whether it has an app ACL manifest.
public struct TauriConfiguration: Sendable, Hashable {
    /// The window's label (default `main`).
    public var window = "main"
    /// The webview's label (default: the window's).
    public var webview = "main"
    /// The capabilities, in their input's order.
    public var capabilities: [TauriCapability] = []
    /// `build.devUrl`, when the app is run from a development server.
    public var devURL: WebURL?
    /// `build.frontendDist` when it is a URL.
    public var frontendDist: WebURL?
    /// Custom protocols the app registers (`register_uri_scheme_protocol`): local, whatever the host.
    public var customProtocols: [String] = []
    /// Whether `build.rs` declares an app manifest (`tauri_build::AppManifest`), which puts the
    /// app's own commands under the ACL.
    public var appManifest = false

    /// The configuration in `value` (at `pointer`): `{"window", "webview", "capabilities", "devUrl",
    /// "frontendDist", "customProtocols", "appManifest"}`, only `capabilities` required.
    static func read(_ value: JSONValue, at pointer: String) throws(BridgePolicyError) -> TauriConfiguration {
        var configuration = TauriConfiguration()
        var capabilityValues: [(JSONValue, String)] = []
        do throws(FrameworkConfigurationError) {
            var reader = try JSONObjectReader<FrameworkConfigurationError>(value, at: pointer)
            configuration.window = try reader.string("window") ?? "main"
            configuration.webview = try reader.string("webview") ?? configuration.window
            guard let list = try reader.array("capabilities") else {
                throw FrameworkConfigurationError(reader.path("capabilities"), "missing (a list of capability objects)")
            }
            capabilityValues = Self.flattened(list, at: reader.path("capabilities"))
            configuration.devURL = try Self.url(&reader, "devUrl")
            configuration.frontendDist = try Self.url(&reader, "frontendDist")
            configuration.customProtocols = (try FrameworkConfigurationReader.strings(&reader, "customProtocols") ?? [])
                .map { $0.lowercased() }
            configuration.appManifest = try reader.bool("appManifest") ?? false
            try reader.finish(expected: [
                "window", "webview", "capabilities", "devUrl", "frontendDist", "customProtocols", "appManifest",
            ])
        } catch {
            throw .configuration(error)
        }
        for (capability, place) in capabilityValues {
            configuration.capabilities.append(try TauriCapability.read(capability, at: place))
        }
        return configuration
    }

    /// Capability objects, a file's list of them, or `{"capabilities": [...]}` (spec §14a's three
    /// shapes), each with its place.
    private static func flattened(_ values: [JSONValue], at pointer: String) -> [(JSONValue, String)] {
        values.enumerated().flatMap { index, value -> [(JSONValue, String)] in
            switch value {
            case .array(let inner): return flattened(inner, at: "\(pointer)/\(index)")
            case .object where value["identifier"] == nil:
                if case .array(let inner)? = value["capabilities"] {
                    return flattened(inner, at: "\(pointer)/\(index)/capabilities")
                }
                return [(value, "\(pointer)/\(index)")]
            default: return [(value, "\(pointer)/\(index)")]
            }
        }
    }

    private static func url(_ reader: inout JSONObjectReader<FrameworkConfigurationError>, _ key: String)
        throws(FrameworkConfigurationError) -> WebURL?
    {
        guard let text = try reader.string(key) else { return nil }
        // frontendDist is often a folder ("../dist"): only a URL names an origin.
        guard case .success(let url) = WebURL.parse(text), url.host != nil else {
            if key == "devUrl" { throw FrameworkConfigurationError(reader.path(key), "not a URL") }
            return nil
        }
        return url
    }

    /// Whether Tauri counts `url` as the app's own (`is_local_url`, spec §14b), and why.
    func localReason(_ url: WebURL) -> String? {
        if url.scheme == "tauri", url.host?.description == "localhost" {
            return "tauri://localhost, the app's own pages"
        }
        for (name, base) in [("build.devUrl", devURL), ("build.frontendDist", frontendDist)] {
            if let base, base.scheme == url.scheme, base.host == url.host, base.port == url.port {
                return "the origin of \(name) (\(base.origin))"
            }
        }
        if customProtocols.contains(url.scheme) { return "the registered protocol \(url.scheme):, whatever the host" }
        return nil
    }
}
