import StrictJSON
import WebAddress

/// A Tauri 2 project as its files say it (spec §14a, §14d): `src-tauri/tauri.conf.json`, the
/// capability files, and the Cargo lock file for the release. The reading is pure: the command
/// line gathers the files (`framework bridge --config src-tauri/` or `tauri.conf.json`).
public struct TauriProject: Sendable {
    /// The files WebFence reads, as bytes, with their paths relative to `src-tauri/`.
    public struct Files: Sendable {
        /// `tauri.conf.json`.
        public var configuration: [UInt8]
        /// The capability files (`capabilities/**/*.json`, and `*.toml` given as the JSON they hold),
        /// each with its path.
        public var capabilities: [(path: String, bytes: [UInt8])]
        /// `Cargo.lock` (at `src-tauri/` or the workspace's root), when there is one.
        public var lockFile: String?
        /// `build.rs`, when there is one.
        public var buildScript: String?

        /// The files of a project.
        public init(
            configuration: [UInt8], capabilities: [(path: String, bytes: [UInt8])], lockFile: String? = nil,
            buildScript: String? = nil
        ) {
            self.configuration = configuration
            self.capabilities = capabilities
            self.lockFile = lockFile
            self.buildScript = buildScript
        }
    }

    /// What `framework bridge` reads: the first window, its capabilities, the app's origins.
    public let configuration: TauriConfiguration
    /// The `tauri` crate's release in the lock file, when it says.
    public let version: String?
    /// `app.windows[0].limitNavigationsToAppBoundDomains` (false when absent).
    public let limitsNavigationsToAppBoundDomains: Bool
    /// Where a window spells the flag as Apple does (`limitsNavigationsToAppBoundDomains`), which
    /// Tauri refuses as an unknown field: the window's JSON pointer.
    public let appleSpelling: String?

    /// Reads `files`; a file of the wrong shape is a failure naming it and the place.
    public static func read(_ files: Files) throws(BridgePolicyError) -> TauriProject {
        let json: JSONValue
        do throws(JSONParser.Error) {
            json = try JSONParser.parse(String(decoding: files.configuration, as: UTF8.self))
        } catch {
            throw .failure(
                FrameworkBridgeFailure("tauri.conf.json: line \(error.line), column \(error.column): \(error.message)"))
        }
        let window = json["app"]?["windows"].flatMap { if case .array(let list) = $0 { list.first } else { nil } }
        var configuration = TauriConfiguration()
        configuration.window = window?["label"]?.stringValue ?? "main"
        configuration.webview = configuration.window
        configuration.devURL = json["build"]?["devUrl"]?.stringValue.flatMap(Self.origin)
        configuration.frontendDist = json["build"]?["frontendDist"]?.stringValue.flatMap(Self.origin)
        configuration.appManifest = files.buildScript.map(Self.declaresAppManifest) ?? false
        configuration.capabilities = try Self.capabilities(json, files)
        let appleSpelling = window?["limitsNavigationsToAppBoundDomains"] != nil ? "/app/windows/0" : nil
        let limits = window?["limitNavigationsToAppBoundDomains"] == .bool(true)
        return TauriProject(
            configuration: configuration, version: files.lockFile.flatMap(Self.tauriVersion),
            limitsNavigationsToAppBoundDomains: limits, appleSpelling: appleSpelling)
    }

    /// The capabilities the app is built with: those `app.security.capabilities` lists (inline
    /// objects, or identifiers of the files' capabilities), or every file's when it lists none.
    private static func capabilities(_ json: JSONValue, _ files: Files) throws(BridgePolicyError) -> [TauriCapability] {
        var fromFiles: [TauriCapability] = []
        for (path, bytes) in files.capabilities {
            let value: JSONValue
            do throws(JSONParser.Error) { value = try JSONParser.parse(String(decoding: bytes, as: UTF8.self)) } catch {
                throw .failure(
                    FrameworkBridgeFailure("\(path): line \(error.line), column \(error.column): \(error.message)"))
            }
            let list: [(JSONValue, String)]
            switch value {
            case .array(let items): list = items.enumerated().map { ($1, "\(path)#/\($0)") }
            case .object where value["capabilities"] != nil:
                guard case .array(let items)? = value["capabilities"] else {
                    throw .failure(FrameworkBridgeFailure("\(path)#/capabilities: expected a list"))
                }
                list = items.enumerated().map { ($1, "\(path)#/capabilities/\($0)") }
            default: list = [(value, "\(path)#")]
            }
            for (item, place) in list { fromFiles.append(try TauriCapability.read(item, at: place)) }
        }
        guard case .array(let listed)? = json["app"]?["security"]?["capabilities"] else { return fromFiles }
        var chosen: [TauriCapability] = []
        for (index, item) in listed.enumerated() {
            if case .string(let identifier) = item {
                guard let capability = fromFiles.first(where: { $0.identifier == identifier }) else {
                    throw .failure(
                        FrameworkBridgeFailure(
                            "tauri.conf.json#/app/security/capabilities/\(index): no capability file has the identifier \"\(identifier)\""
                        ))
                }
                chosen.append(capability)
            } else {
                chosen.append(try TauriCapability.read(item, at: "tauri.conf.json#/app/security/capabilities/\(index)"))
            }
        }
        return chosen
    }

    /// A URL's origin, when `text` is a URL with a host (`frontendDist` is often a folder).
    private static func origin(_ text: String) -> WebURL? {
        guard case .success(let url) = WebURL.parse(text), url.host != nil else { return nil }
        return url
    }

    /// Whether `build.rs` hands an app manifest to the build (`tauri_build::AppManifest`).
    static func declaresAppManifest(_ buildScript: String) -> Bool {
        buildScript.contains("AppManifest")
    }

    /// The `tauri` package's version in a Cargo lock file.
    static func tauriVersion(_ lockFile: String) -> String? {
        let lines = lockFile.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() where line == #"name = "tauri""# && index + 1 < lines.count {
            let next = lines[index + 1]
            guard next.hasPrefix(#"version = ""#), next.hasSuffix("\"") else { return nil }
            return String(next.dropFirst(#"version = ""#.count).dropLast())
        }
        return nil
    }
}
