// Fuzz target `framework`: the readers of hybrid frameworks' configuration files
// (CapacitorConfigReader for capacitor.config.json, CordovaConfigXMLReader for config.xml,
// FrameworkConfigurationReader for the props JSON of react-native-webview, Hotwire Native and
// PWABuilder, PWABuilderSettingsReader for a PWABuilder shell's Settings.swift), then every
// framework's decision and the rule set its configuration meant.
//
// Input: the first byte picks the reader (0 Capacitor, 1 Cordova XML, 2 Cordova JSON,
// 3 react-native-webview, 4 Hotwire Native, 5 PWABuilder JSON, 6 Settings.swift, 7
// flutter_inappwebview's settings JSON, 8 one flutter_inappwebview allow-list entry as text, 9 a
// Tauri configuration JSON, also read as a Tauri project's files, modulo 10; the JSON of 7 and 9 is
// also read as a scenario app's `navigation` object by the three navigation readers, and the bytes of
// 7 and 8 as a Flutter project's pubspec.lock); the rest is the file,
// as bytes. The Flutter and Tauri readers go to `framework bridge`'s checks instead (the regular-expression subset behind a JavaScript string
// literal and as ICU reads it; capabilities and their URL patterns):
//   - a decision, or a failure naming the entry (or, for an about: frame, the origin it inherits);
//     never offered-less acceptance where a secret is
//     needed (6.2), a bypass only where the bridge is offered or accepted; deciding again is the same.
//
// Checks: no crash, no hang; a reader either refuses the file with a place (XML and Swift: line and
// column from 1; JSON: a JSON pointer) or gives a policy; for every policy read, on a fixed set of
// URLs in every frame and navigation type, started by the page and by the app —
//   - the decision's host is the URL's host as the URL Standard serialises it;
//   - only an allow can be a bypass;
//   - deciding again gives the same decision (the policies are values);
//   - each address the configuration names (`entries`) has its place, and a host without a path;
//   - MeantNavigation's rules name hosts without a wildcard inside a label;
//   - the rule set `webfence framework rules` prints loads (what the loader refuses is left out).

import AppManifest
import HybridFrameworks
import NavigationRules
import StrictJSON
import StrictXML
import WebAddress

enum FrameworkFuzz {
    static let urls: [WebURL] = [
        "https://app.example.com/", "https://app.example.com.evil.net/", "https://app.example.com@evil.net/",
        "http://192.168.1.100:8100/x", "capacitor://localhost/", "app://localhost/index.html", "tel:+1555",
        "about:blank", "data:text/html,x", "https://www.youtube.com/watch", "https://[::1]/", "file:///var/x",
    ].compactMap { try? WebURL($0) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFramework(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    Fuzz.currentInput = bytes
    guard let selector = bytes.first else { return 0 }
    let file = Array(bytes.dropFirst())
    let policy: FrameworkPolicy
    switch selector % 10 {
    case 7, 8, 9:
        fuzzBridge(file, framework: selector % 10 == 9 ? "tauri" : "flutter-inappwebview", asEntry: selector % 10 == 8)
        return 0
    case 6:
        do {
            policy = .pwabuilder(
                PWABuilderPolicy(try PWABuilderSettingsReader.read(String(decoding: file, as: UTF8.self))))
        } catch {
            Fuzz.check(error.line >= 1 && error.column >= 1, "a Swift error has a position", error.description)
            return 0
        }
    case 1:
        do {
            let (configuration, notes) = try CordovaConfigXMLReader.read(file)
            for note in notes { Fuzz.check(!note.place.isEmpty, "a note has a place", "\(note)") }
            policy = .cordovaIOS(CordovaPolicy(configuration))
        } catch {
            Fuzz.check(error.line >= 1 && error.column >= 1, "an XML error has a position", error.description)
            return 0
        }
    default:
        let framework: HybridFramework =
            switch selector % 10 {
            case 0: .capacitor
            case 2: .cordovaIOS
            case 3: .reactNativeWebView
            case 4: .hotwireNative
            default: .pwabuilder
            }
        guard let json = try? JSONParser.parse(String(decoding: file, as: UTF8.self)) else { return 0 }
        do {
            policy = try FrameworkConfigurationReader.policy(framework, configuration: json, at: "").0
        } catch {
            Fuzz.check(!error.message.isEmpty, "a refusal says why", error.description)
            return 0
        }
    }
    for url in FrameworkFuzz.urls {
        for target in FrameworkNavigationAction.TargetFrame.allCases {
            for type in FrameworkNavigationAction.NavigationType.allCases {
                for appInitiated in [false, true] {
                    let action = FrameworkNavigationAction(
                        url: url, target: target, navigationType: type, isAppInitiated: appInitiated)
                    let decision = policy.decide(action)
                    Fuzz.check(decision.hostText == url.host?.description, "the real host is the URL's", "\(decision)")
                    Fuzz.check(
                        !decision.isBypass || decision.action == .allow, "only an allow is a bypass", "\(decision)")
                    Fuzz.check(policy.decide(action) == decision, "a decision is a value", "\(decision)")
                }
            }
        }
    }
    // The addresses the audit reads: each in the file's place, its host without scheme or path.
    for entry in policy.entries {
        Fuzz.check(entry.place.hasPrefix("/"), "an entry has a place", "\(entry)")
        Fuzz.check(!entry.host.contains("/"), "an entry's host has no path", "\(entry)")
        Fuzz.check(entry.scheme.map { !$0.contains(":") } ?? true, "an entry's scheme has no colon", "\(entry)")
    }
    _ = policy.isInspectable
    let meant = MeantNavigation(policy)
    for rule in meant.rules {
        let inner = rule.host.drop { $0 == "=" || $0 == "*" || $0 == "." }
        Fuzz.check(!inner.contains("*"), "a meant rule has no wildcard inside a label", rule.host)
    }
    let (ruleSet, _) = FrameworkRuleSet.json(meant, framework: policy.framework)
    do { _ = try NavigationRuleSet(ruleSet) } catch {
        Fuzz.fail("the rule set framework rules prints loads", "\(error)\n\(ruleSet.serialized())")
    }
    return 0
}

/// The `framework bridge` reading of flutter_inappwebview's settings (or of one entry put in all
/// three of its lists) or of a Tauri configuration, decided on every fixed URL in both frames, for
/// a plugin command and an app command.
func fuzzBridge(_ file: [UInt8], framework: String, asEntry: Bool) {
    if framework != "tauri" { fuzzPubspecLock(file) }
    let text = String(decoding: file, as: UTF8.self)
    let configuration: JSONValue
    if asEntry {
        let list = JSONValue.array([.string(text)])
        configuration = .object([
            "javaScriptBridgeOriginAllowList": list, "pluginScriptsOriginAllowList": list,
            "javaScriptHandlersOriginAllowList": list,
        ])
    } else {
        guard let json = try? JSONParser.parse(text) else { return }
        configuration = json
    }
    if framework == "tauri" { fuzzTauriProject(file) }
    if !asEntry { fuzzNavigation(configuration) }
    let policy: BridgePolicy
    do {
        policy = try BridgePolicy.read(framework: framework, version: nil, configuration: configuration, at: "")
    } catch {
        Fuzz.check(!error.description.isEmpty, "a refusal says why", error.description)
        return
    }
    // The audit's reading of the same lists (D125): each problem names an entry that is there.
    if case .flutterInAppWebView(let bridge) = policy {
        let settings = bridge.settings
        for problem in settings.allowListProblems {
            let list =
                switch problem.setting {
                case "javaScriptBridgeOriginAllowList": settings.javaScriptBridgeOriginAllowList
                case "pluginScriptsOriginAllowList": settings.pluginScriptsOriginAllowList
                default: settings.javaScriptHandlersOriginAllowList
                }
            Fuzz.check(
                list.map { $0.indices.contains(problem.index) && $0[problem.index] == problem.entry } ?? false,
                "an allow-list problem names its entry", "\(problem)")
        }
    }
    for url in FrameworkFuzz.urls {
        for (isMainFrame, command) in [
            (true, "plugin:event|listen"), (false, "plugin:event|listen"), (true, "save_note"),
        ] {
            do {
                let decision = try policy.decide(url, isMainFrame: isMainFrame, command: command)
                Fuzz.check(
                    decision.offered || !decision.accepted, "6.2 accepts only where its script runs", "\(decision)")
                Fuzz.check(
                    !decision.isBypass || decision.offered || decision.accepted, "a bypass is offered or accepted",
                    "\(decision)")
                Fuzz.check(
                    (try? policy.decide(url, isMainFrame: isMainFrame, command: command)) == decision,
                    "a decision is a value", "\(decision)")
            } catch {
                Fuzz.check(
                    error.reason.contains("OriginAllowList[")
                        || (url.scheme == "about" && error.reason.contains("inherits")),
                    "a failure names its entry, or the origin an about: frame inherits", error.reason)
            }
        }
    }
}

/// The same JSON as the `navigation` object of a Flutter or Tauri scenario app (D123): read by each
/// of the three readers, or refused at a place inside it; what is read decides every fixed URL in
/// every frame with an answer of the framework's own.
func fuzzNavigation(_ json: JSONValue) {
    var deciders: [(FrameworkNavigationAction) -> FrameworkDecision] = []
    func refused(_ error: FrameworkConfigurationError) {
        Fuzz.check(error.pointer.hasPrefix("/navigation"), "a navigation refusal has its place", "\(error)")
    }
    do { deciders.append(try FlutterInAppWebViewNavigation.read(json, at: "/navigation").decide) } catch {
        refused(error)
    }
    do { deciders.append(try WebViewFlutterNavigation.read(json, at: "/navigation").decide) } catch { refused(error) }
    for version in [[2, 0, 6], [2, 5, 0], [2, 12, 0]] {
        do { deciders.append(try TauriNavigation.read(json, at: "/navigation", version: version).decide) } catch {
            refused(error)
        }
    }
    let prefixes = ["flutter-inappwebview.", "webview-flutter.", "tauri."]
    for decide in deciders {
        for url in FrameworkFuzz.urls {
            for target in FrameworkNavigationAction.TargetFrame.allCases {
                let decision = decide(FrameworkNavigationAction(url: url, target: target))
                Fuzz.check(
                    prefixes.contains { decision.rule.code.hasPrefix($0) }, "a navigation rule is the framework's",
                    decision.rule.code)
                Fuzz.check(decision.action != .openExternally, "these frameworks open nothing outside", "\(decision)")
            }
        }
    }
}

/// The same bytes as a Flutter project's `pubspec.lock` (D124): every package read has a line
/// within the file and a name.
func fuzzPubspecLock(_ file: [UInt8]) {
    let text = String(decoding: file, as: UTF8.self)
    let lock = PubspecLock(text, source: SourceFile(path: "pubspec.lock"))
    let lines = text.reduce(1) { $0 + ($1 == "\n" || $1 == "\r\n" || $1 == "\r" ? 1 : 0) }
    for (name, package) in lock.packages {
        Fuzz.check(
            package.name == name && !name.isEmpty && (1...lines).contains(package.line),
            "a locked package has its name and a line in the file", "\(package)")
    }
}

/// The same bytes as a Tauri project's files (`TauriProject`, what `framework bridge --config` and
/// the audit read): as `tauri.conf.json`, as a capability file, as `Cargo.lock` and as `build.rs`.
/// Read, or refused with a reason; a project read gives a Tauri bridge for its release, or a failure
/// that says which release.
func fuzzTauriProject(_ file: [UInt8]) {
    let text = String(decoding: file, as: UTF8.self)
    let files = TauriProject.Files(
        configuration: file, capabilities: [("capabilities/fuzz.json", file)], lockFile: text, buildScript: text)
    do {
        let project = try TauriProject.read(files)
        Fuzz.check(
            project.appleSpelling.map { $0.hasPrefix("/app/windows/") } ?? true, "the Apple spelling has its place",
            "\(project.appleSpelling ?? "")")
        // The audit's readings of the capabilities: a subdomains-only entry's domain page has a host.
        for capability in project.configuration.capabilities {
            for (entry, apex) in capability.remoteEntriesForSubdomainsOnly {
                Fuzz.check(apex.host != nil, "a subdomains-only entry names a domain", entry)
                _ = capability.remoteAdmits(apex)
            }
        }
        do {
            _ = try TauriBridge(project.configuration, version: project.version ?? TauriBridge.latestVersion)
        } catch {
            Fuzz.check(error.reason.contains("tauri "), "a release refused is named", error.reason)
        }
    } catch {
        Fuzz.check(!error.description.isEmpty, "a refusal says why", error.description)
    }
}
