import Foundation
import HybridFrameworks
import NavigationRules
import StrictJSON
import Testing

/// `webfence framework rules` prints only rules the rule language accepts: for every configuration
/// in `Examples/` and each address real apps put in theirs, the rule set it writes goes through
/// `rules lint` with no rule refused and nothing left out after the fact.
@Suite("framework rules: every printed rule set loads, with no rule refused")
struct FrameworkRuleSetTests {
    static let packageRoot = FrameworkDefinitionTests.packageRoot

    /// Every configuration file under Examples/ (frameworks, apps, projects) with its framework.
    static func exampleConfigurations() throws -> [(path: String, framework: HybridFramework, bytes: [UInt8])] {
        var found: [(String, HybridFramework, [UInt8])] = []
        let root = packageRoot.appendingPathComponent("Examples")
        let names: [String: HybridFramework] = [
            "capacitor.config.json": .capacitor, "config.xml": .cordovaIOS, "Settings.swift": .pwabuilder,
        ]
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        else { return [] }
        for case let url as URL in walker {
            let name = url.lastPathComponent
            let relative = String(url.path.dropFirst(packageRoot.path.count + 1))
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let bytes = try [UInt8](Data(contentsOf: url))
            if let framework = names[name] {
                found.append((relative, framework, bytes))
            } else if name == "webfence-framework.json",
                let json = try? JSONParser.parse(String(decoding: bytes, as: UTF8.self)),
                let framework = json["framework"]?.stringValue.flatMap(HybridFramework.init(rawValue:)),
                let configuration = json["configuration"]
            {
                found.append((relative, framework, Array(configuration.serialized().utf8)))
            } else if relative.hasPrefix("Examples/frameworks/"), name.hasSuffix(".json"),
                let framework = HybridFramework(rawValue: String(name.dropLast(5)))
            {
                found.append((relative, framework, bytes))
            }
        }
        return found
    }

    /// Start pages and entries of the kinds real apps' files hold (issue 30's 62 files): loopback,
    /// emulator and LAN addresses with ports, IPv6, single-label and `.local` names, public IPs.
    static let addresses = [
        "http://localhost", "http://localhost:5173", "http://10.0.2.2:3001", "http://192.168.11.106:8100",
        "http://93.184.215.14", "https://[::1]:3000/", "http://[fe80::1]/", "http://devbox/", "http://mac.local:8080/",
        "https://app.localhost/", "https://example.com:8443/",
    ]

    static func configurations() -> [(String, FrameworkPolicy)] {
        addresses.flatMap { address -> [(String, FrameworkPolicy)] in
            let host = FrameworkEntry(.allowed, address, at: "/").host
            return [
                (
                    "capacitor \(address)",
                    .capacitor(CapacitorPolicy(CapacitorConfiguration(allowNavigation: [host], serverURL: address)))
                ),
                (
                    "cordova \(address)",
                    .cordovaIOS(
                        CordovaPolicy(CordovaConfiguration(allowNavigation: [address + "/*"], contentSource: address)))
                ),
                (
                    "react-native-webview \(address)",
                    .reactNativeWebView(
                        ReactNativeWebViewPolicy(
                            ReactNativeWebViewConfiguration(originWhitelist: [address], sourceURI: address)))
                ),
                ("hotwire \(address)", .hotwireNative(HotwirePolicy(HotwireConfiguration(startLocation: address)))),
                (
                    "pwabuilder \(address)",
                    .pwabuilder(PWABuilderPolicy(PWABuilderConfiguration(rootURL: address, allowedOrigins: [host])))
                ),
            ]
        }
    }

    /// The rule set `framework rules` prints for `policy`, checked as `rules lint` checks a file.
    static func check(_ label: String, _ policy: FrameworkPolicy) {
        let (ruleSet, leftOut) = FrameworkRuleSet.json(MeantNavigation(policy), framework: policy.framework)
        #expect(leftOut.isEmpty, "\(label): \(leftOut)")
        let findings = NavigationRuleSet.lint(json: ruleSet.serialized())
        #expect(findings.allSatisfy { $0.severity != .error }, "\(label): \(findings)")
    }

    @Test("every configuration in Examples/")
    func examples() throws {
        let configurations = try Self.exampleConfigurations()
        #expect(configurations.count >= 20, "\(configurations.map(\.path))")
        for (path, framework, bytes) in configurations {
            guard let (policy, _) = try? FrameworkConfigurationText.policy(framework, bytes) else {
                // CapacitorBrokenApp's file is not JSON, on purpose: framework rules refuses it.
                #expect(path.contains("CapacitorBrokenApp"), "\(path) does not read as \(framework)")
                continue
            }
            Self.check(path, policy)
        }
    }

    @Test("development addresses, IP addresses and ports in every framework's places")
    func addresses() {
        for (label, policy) in Self.configurations() { Self.check(label, policy) }
    }

    @Test("an IP address becomes an address rule; localhost is left out once, as a development address")
    func forms() throws {
        let capacitor = FrameworkPolicy.capacitor(
            CapacitorPolicy(
                CapacitorConfiguration(allowNavigation: ["localhost"], serverURL: "http://192.168.11.106:8100")))
        let meant = MeantNavigation(capacitor)
        #expect(meant.rules.map(\.host) == ["192.168.11.106"])
        #expect(meant.rules.first?.port == 8100 && meant.rules.first?.schemes == ["http"])
        #expect(meant.notes.filter { $0.contains("development address") }.count == 1)
        let local = MeantNavigation(
            .hotwireNative(HotwirePolicy(HotwireConfiguration(startLocation: "http://localhost:3000/"))))
        #expect(local.rules.isEmpty)
        #expect(local.notes.filter { $0.contains("localhost is a development address") }.count == 1)
    }
}
