import StrictJSON
import WebAddress

/// One app's framework with its configuration, as `framework bridge` asks it (interfaces §6b): the
/// five navigation frameworks through their bridge's shape (`FrameworkBridge`), the Flutter plugins
/// and Tauri through their own checks.
public enum BridgePolicy: Sendable {
    /// Capacitor, Cordova iOS, react-native-webview, Hotwire Native or PWABuilder's shell.
    case navigationFramework(NavigationFrameworkBridge)
    /// flutter_inappwebview.
    case flutterInAppWebView(FlutterInAppWebViewBridge)
    /// webview_flutter.
    case webviewFlutter(WebViewFlutterBridge)
    /// Tauri 2.
    case tauri(TauriBridge)

    /// The names `framework bridge` takes, in the order its help lists them.
    public static let frameworkNames =
        HybridFramework.allCases.map(\.rawValue) + [
            "flutter-inappwebview", "webview-flutter", "tauri",
        ]

    /// The policy of `framework` for `configuration` (at `pointer` in its input) in `version` (nil:
    /// the latest the spec describes). A configuration of the wrong shape is an error at its JSON
    /// pointer; a version or setting WebFence does not follow is a failure.
    public static func read(
        framework name: String, version: String?, configuration: JSONValue, at pointer: String
    ) throws(BridgePolicyError) -> BridgePolicy {
        do {
            switch name {
            case "flutter-inappwebview":
                let settings = try FlutterInAppWebViewSettings.read(configuration, at: pointer)
                let release = try Self.flutterVersion(version)
                return .flutterInAppWebView(try FlutterInAppWebViewBridge(settings, version: release))
            case "tauri":
                let configuration = try TauriConfiguration.read(configuration, at: pointer)
                return .tauri(try TauriBridge(configuration, version: version ?? TauriBridge.latestVersion))
            case "webview-flutter":
                if let version, version != "3.26" {
                    throw FrameworkBridgeFailure("webview-flutter \(version): WebFence follows 3.26 only")
                }
                var reader = try JSONObjectReader<FrameworkConfigurationError>(configuration, at: pointer)
                let channels = try FrameworkConfigurationReader.strings(&reader, "channels") ?? []
                try reader.finish(expected: ["channels"])
                return .webviewFlutter(WebViewFlutterBridge(channels: channels))
            default:
                guard let framework = HybridFramework(rawValue: name) else {
                    throw FrameworkBridgeFailure(
                        "\"framework\" must be one of: \(frameworkNames.joined(separator: ", "))")
                }
                var configuration = configuration
                if let version {
                    let definition = framework.definition
                    guard definition.versions.contains(version) else {
                        throw FrameworkBridgeFailure(
                            "\(name) \(version): WebFence follows \(definition.versions.joined(separator: ", "))")
                    }
                    if let key = definition.versionKey, case .object(var members) = configuration,
                        !members.contains(where: { $0.key == key })
                    {
                        members.append(.init(key, .string(version)))
                        configuration = .object(members)
                    }
                }
                let (policy, _) = try FrameworkConfigurationReader.policy(
                    framework, configuration: configuration, at: pointer)
                return .navigationFramework(NavigationFrameworkBridge(policy))
            }
        } catch let error as BridgePolicyError {
            throw error
        } catch let error as FrameworkConfigurationError {
            throw .configuration(error)
        } catch let error as FrameworkBridgeFailure {
            throw .failure(error)
        } catch {
            throw .failure(FrameworkBridgeFailure("\(error)"))
        }
    }

    private static func flutterVersion(_ text: String?) throws(FrameworkBridgeFailure)
        -> FlutterInAppWebViewBridge.Version
    {
        guard let text else { return .beta3 }
        guard let version = FlutterInAppWebViewBridge.Version(rawValue: text) else {
            let names = FlutterInAppWebViewBridge.Version.allCases.map(\.rawValue).joined(separator: ", ")
            throw FrameworkBridgeFailure("flutter-inappwebview \(text): WebFence follows \(names)")
        }
        return version
    }

    /// The decision for a frame at `url`; `command` is the Tauri command a call invokes (nil: any).
    public func decide(_ url: WebURL, isMainFrame: Bool, command: String? = nil) throws(FrameworkBridgeFailure)
        -> FrameworkBridgeDecision
    {
        switch self {
        case .tauri(let bridge): bridge.decide(url, isMainFrame: isMainFrame, command: command)
        case .navigationFramework(let bridge): bridge.decide(url, isMainFrame: isMainFrame)
        case .flutterInAppWebView(let bridge): try bridge.decide(url, isMainFrame: isMainFrame)
        case .webviewFlutter(let bridge): bridge.decide(url, isMainFrame: isMainFrame)
        }
    }

    /// An upper bound of the steps one decision takes for each character of the origin: the compiled
    /// allow lists' states for flutter_inappwebview, 1 for the others (whose cost the server counts
    /// by the configuration's size).
    public var stepsPerCharacter: Int {
        switch self {
        case .flutterInAppWebView(let bridge): bridge.compiledStates
        case .navigationFramework, .webviewFlutter, .tauri: 1
        }
    }
}

/// Why `framework bridge` cannot use an input's configuration.
public enum BridgePolicyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A configuration of the wrong shape, at its JSON pointer.
    case configuration(FrameworkConfigurationError)
    /// A framework, version or setting WebFence does not follow.
    case failure(FrameworkBridgeFailure)

    /// The reason, with its pointer.
    public var description: String {
        switch self {
        case .configuration(let error): "\(error.pointer): \(error.message)"
        case .failure(let failure): failure.reason
        }
    }
}
