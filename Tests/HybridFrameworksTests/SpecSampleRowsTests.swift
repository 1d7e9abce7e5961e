import HybridFrameworks
import Testing
import WebAddress

/// Every executed row of spec/hybrid-frameworks.md §9.1 (the framework's decision, the real host and
/// the bypass flag), and the rows of §12e's kind that §9.1 leaves out, each its own test case.
struct SpecSampleRowsTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let number: Int
        let policy: FrameworkPolicy
        let url: String
        let target: FrameworkNavigationAction.TargetFrame
        let type: FrameworkNavigationAction.NavigationType
        let decision: FrameworkDecision.Action
        let host: String?
        let bypass: Bool

        init(
            _ number: Int, _ policy: FrameworkPolicy, _ url: String, _ decision: FrameworkDecision.Action,
            host: String?, bypass: Bool = false, target: FrameworkNavigationAction.TargetFrame = .main,
            type: FrameworkNavigationAction.NavigationType = .link
        ) {
            self.number = number
            self.policy = policy
            self.url = url
            self.target = target
            self.type = type
            self.decision = decision
            self.host = host
            self.bypass = bypass
        }

        var testDescription: String { "row \(number): \(policy.framework.rawValue) \(url)" }
    }

    static func rnw(_ whitelist: [String]) -> FrameworkPolicy {
        .reactNativeWebView(ReactNativeWebViewPolicy(.init(originWhitelist: whitelist)))
    }

    static func cordova(_ navigation: [String], version: CordovaConfiguration.Version = .v8) -> FrameworkPolicy {
        .cordovaIOS(CordovaPolicy(.init(version: version, allowNavigation: navigation)))
    }

    static func capacitor(allow: [String] = [], server: String? = nil) -> FrameworkPolicy {
        .capacitor(CapacitorPolicy(.init(allowNavigation: allow, serverURL: server)))
    }

    static let hotwire = FrameworkPolicy.hotwireNative(HotwirePolicy(.init(startLocation: "https://app.example.com/")))

    static let rows: [Row] = [
        Row(1, rnw(["http://*", "https://*"]), "https://example.com/", .allow, host: "example.com"),
        Row(7, rnw(["https://trusted.com"]), "https://trusted.com/", .allow, host: "trusted.com"),
        Row(
            8, rnw(["https://trusted.com"]), "https://trusted.com.evil.net/", .allow, host: "trusted.com.evil.net",
            bypass: true),
        Row(9, rnw(["https://trusted.com"]), "https://trusted.com@evil.net/", .allow, host: "evil.net", bypass: true),
        Row(12, rnw(["https://trusted.com"]), "https://trusted.com\\@evil.net/", .allow, host: "trusted.com"),
        Row(21, rnw(["https://*.trusted.com"]), "https://a.trusted.com/", .allow, host: "a.trusted.com"),
        Row(
            26, rnw(["https://*trusted.com"]), "https://eviltrusted.com/", .allow, host: "eviltrusted.com", bypass: true
        ),
        Row(31, cordova(["https://example.com/*"]), "https://example.com/x", .allow, host: "example.com"),
        Row(34, cordova(["https://*youtube.com/*"]), "https://evil.net/", .allow, host: "evil.net", bypass: true),
        Row(36, cordova(["*.example.com"]), "http://example.com/", .allow, host: "example.com"),
        Row(41, cordova(["https://example.com:443/*"]), "https://example.com/", .openExternally, host: "example.com"),
        Row(46, cordova(["HTTPS://example.com/*"]), "https://example.com/", .openExternally, host: "example.com"),
        Row(47, cordova(["HTTPS://example.com/*"], version: .v7), "https://example.com/", .allow, host: "example.com"),
        Row(53, cordova([]), "https://other.com/", .cancel, host: "other.com", target: .sub, type: .other),
        Row(54, cordova([]), "https://other.com/", .openExternally, host: "other.com", target: .sub, type: .link),
        Row(62, capacitor(allow: ["example.com"]), "https://example.com/", .allow, host: "example.com"),
        Row(64, capacitor(allow: ["*.example.com"]), "https://example.com/", .openExternally, host: "example.com"),
        Row(66, capacitor(allow: ["*.*.example.com"]), "https://a.b.example.com/", .allow, host: "a.b.example.com"),
        Row(
            69, capacitor(allow: ["https://example.com/"]), "https://example.com/", .openExternally, host: "example.com"
        ),
        Row(
            75, capacitor(server: "https://app.example.com"), "https://app.example.com/page", .allow,
            host: "app.example.com"),
        Row(
            76, capacitor(server: "https://app.example.com"), "https://app.example.com.evil.net/", .allow,
            host: "app.example.com.evil.net", bypass: true),
        Row(
            77, capacitor(server: "https://app.example.com"), "https://app.example.com@evil.net/", .allow,
            host: "evil.net", bypass: true),
        Row(
            78, capacitor(server: "https://app.example.com/"), "https://app.example.com@evil.net/", .openExternally,
            host: "evil.net"),
        Row(82, capacitor(), "capacitor://localhost/", .allow, host: "localhost"),
        Row(84, capacitor(), "https://ads.example/", .allow, host: "ads.example", target: .sub),
        Row(89, hotwire, "https://app.example.com/posts", .allow, host: "app.example.com"),
        Row(92, hotwire, "https://www.app.example.com/", .openExternally, host: "www.app.example.com"),
        Row(93, hotwire, "https://app.example.com@evil.net/", .openExternally, host: "evil.net"),
    ]

    @Test(arguments: rows)
    func row(_ row: Row) throws {
        let url = try WebURL(row.url)
        let decision = row.policy.decide(.init(url: url, target: row.target, navigationType: row.type))
        #expect(decision.action == row.decision, "\(decision)")
        #expect(decision.hostText == row.host)
        #expect(decision.isBypass == row.bypass, "\(decision)")
    }
}
