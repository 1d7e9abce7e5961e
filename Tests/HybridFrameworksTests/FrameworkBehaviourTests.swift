import HybridFrameworks
import Testing
import WebAddress

/// The behaviour the frameworks' own test suites pin down (Capacitor's `ConfigurationTests`,
/// cordova-ios's `CDVAllowListTests`, react-native-webview's `WebViewShared-test.js`), restated as
/// our own cases, and the edge cases spec/hybrid-frameworks.md §2–§6 and §11 list.
struct FrameworkBehaviourTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let policy: FrameworkPolicy
        let url: String
        let expected: FrameworkDecision.Action
        let bypass: Bool
        let target: FrameworkNavigationAction.TargetFrame
        let type: FrameworkNavigationAction.NavigationType
        let note: String

        init(
            _ policy: FrameworkPolicy, _ url: String, _ expected: FrameworkDecision.Action, bypass: Bool = false,
            target: FrameworkNavigationAction.TargetFrame = .main,
            type: FrameworkNavigationAction.NavigationType = .link,
            _ note: String
        ) {
            self.policy = policy
            self.url = url
            self.expected = expected
            self.bypass = bypass
            self.target = target
            self.type = type
            self.note = note
        }

        var testDescription: String { "\(policy.framework.rawValue) \(url): \(note)" }
    }

    static func decide(_ testCase: Case) throws -> FrameworkDecision {
        let action = FrameworkNavigationAction(
            url: try WebURL(testCase.url), target: testCase.target, navigationType: testCase.type)
        return testCase.policy.decide(action)
    }

    // MARK: Capacitor

    static let capacitorTestApp = FrameworkPolicy.capacitor(
        CapacitorPolicy(
            .init(
                allowNavigation: [
                    "*.capacitorjs.com", "ionic.io", "192.168.0.1", "subdomain.*.ionicframework.com", "*.*.example.com",
                ],
                serverURL: "http://192.168.100.1:2057", iosScheme: "override", hostname: "myhost")))

    static func capacitor(_ allow: [String], server: String? = nil) -> FrameworkPolicy {
        .capacitor(CapacitorPolicy(.init(allowNavigation: allow, serverURL: server)))
    }

    static let capacitorCases: [Case] = [
        Case(capacitorTestApp, "https://ionic.io/", .allow, "a listed host"),
        Case(capacitorTestApp, "https://IONIC.IO/", .allow, "case does not matter"),
        Case(capacitorTestApp, "https://test.capacitorjs.com/", .allow, "*. stands for one label"),
        Case(capacitorTestApp, "http://192.168.0.1/", .allow, "an IPv4 literal as labels"),
        Case(capacitorTestApp, "https://subdomain.test.ionicframework.com/", .allow, "a wildcard label in the middle"),
        Case(capacitorTestApp, "https://wildcard1.wildcard2.example.com/", .allow, "two wildcard labels"),
        Case(capacitorTestApp, "https://wildcard1.example.com/", .openExternally, "*.*. needs two labels"),
        Case(capacitorTestApp, "https://google.com/", .openExternally, "not listed: Safari"),
        Case(capacitorTestApp, "http://192.168.0.2/", .openExternally, "another address"),
        Case(capacitorTestApp, "https://ionicframework.com/", .openExternally, "the wildcard needs its label"),
        Case(capacitorTestApp, "http://192.168.100.1:2057/home", .allow, "the server URL's own pages"),
        Case(capacitorTestApp, "http://192.168.100.1:20570/", .allow, "a string prefix: another port, same host"),
        Case(capacitorTestApp, "override://myhost/index.html", .allow, "the local URL"),
        Case(capacitorTestApp, "override://myhost.evil.com/", .allow, bypass: true, "the local URL as a prefix"),
        Case(capacitor(["example.com."]), "https://example.com/", .allow, "a trailing dot is dropped"),
        Case(capacitor(["example.com"]), "https://example.com./", .allow, "the host's trailing dot too"),
        Case(capacitor(["example.*"]), "https://example.org/", .allow, "a wildcard last label"),
        Case(capacitor(["example.*"]), "https://example.co.uk/", .openExternally, "one label only"),
        Case(capacitor(["*foo.com"]), "https://xfoo.com/", .openExternally, "*foo is a literal label"),
        Case(
            capacitor(["example.com:8080"]), "https://example.com:8080/", .openExternally, "a port is a literal label"),
        Case(capacitor(["bücher.example"]), "https://bücher.example/", .openExternally, "WebKit hands punycode"),
        Case(capacitor(["xn--bcher-kva.example"]), "https://bücher.example/", .allow, "punycode matches"),
        Case(
            capacitor(["example.com"]), "https://example.com@evil.net/", .openExternally,
            "userinfo cannot fool the host"),
        Case(capacitor(["example.com"]), "ftp://example.com:1234/", .allow, "hosts only: any scheme and port"),
        Case(capacitor(["example.com"]), "myapp://example.com/", .allow, "hosts only: a custom scheme too"),
        Case(capacitor(["*"]), "https://anything.example/", .allow, "* alone allows every host"),
        Case(capacitor(["*"]), "tel:123", .openExternally, "* does not cover a URL without a host"),
        Case(capacitor([]), "tel:123", .allow, target: .sub, "a subframe without a host is allowed"),
        Case(capacitor([]), "https://example.com/", .openExternally, target: .newWindow, "a new window is top-level"),
        Case(
            capacitor([], server: "https://App.Example.com"), "https://app.example.com/", .openExternally,
            "case-sensitive prefix"),
        Case(
            capacitor([], server: "http://192.168.1.1"), "http://192.168.1.100/", .allow, bypass: true, "address prefix"
        ),
        Case(
            capacitor([], server: "http://192.168.1.10:8100"), "http://192.168.1.10:8100@evil.net/", .allow,
            bypass: true, "userinfo prefix"),
    ]

    @Test(arguments: capacitorCases)
    func capacitor(_ testCase: Case) throws {
        let decision = try Self.decide(testCase)
        #expect(decision.action == testCase.expected, "\(decision)")
        #expect(decision.isBypass == testCase.bypass, "\(decision)")
    }

    @Test func capacitorSchemeNormalisation() {
        #expect(CapacitorConfiguration(iosScheme: "HTTPS").iosScheme == "capacitor")
        #expect(CapacitorConfiguration(iosScheme: "My App").iosScheme == "capacitor")
        #expect(CapacitorConfiguration(iosScheme: "MyApp").iosScheme == "myapp")
        #expect(CapacitorConfiguration(iosScheme: "1app").iosScheme == "capacitor")
        #expect(CapacitorConfiguration().localURL == "capacitor://localhost")
    }

    // MARK: Cordova

    static func cordova(
        _ navigation: [String], intents: [String] = [], version: CordovaConfiguration.Version = .v8,
        scheme: String? = nil
    ) -> FrameworkPolicy {
        .cordovaIOS(
            CordovaPolicy(.init(version: version, allowNavigation: navigation, allowIntent: intents, scheme: scheme)))
    }

    static let cordovaCases: [Case] = [
        Case(cordova(["*.apache.org"]), "http://build.apache.org/", .allow, "*. covers subdomains"),
        Case(cordova(["*.apache.org"]), "http://apache.org/", .allow, "*. covers the name itself"),
        Case(cordova(["*.apache.org"]), "http://sub1.sub0.build.apache.org/", .allow, "any depth"),
        Case(cordova(["*.apache.org"]), "http://apache.org.ca/", .cancel, "not a suffix trick"),
        Case(cordova(["*.apache.org"]), "http://evil-apache.org/", .cancel, "label-bounded"),
        Case(cordova(["*.apache.org"]), "http://a_b.apache.org/", .cancel, "_ is outside [a-z0-9.-]"),
        Case(cordova(["*.apache.org"]), "gopher://apache.org/", .cancel, "no entry permits gopher"),
        Case(cordova(["*"]), "gopher://apache.org/", .allow, bypass: false, "* allows every scheme"),
        Case(cordova(["*"]), "data:text/html,hi", .allow, "* allows data: too"),
        Case(cordova(["tel:*", "sms:*"]), "tel:1234567890", .allow, "a scheme with any host"),
        Case(cordova(["http://*", "https://*"]), "https://build.apache.prg/", .allow, "any host of a scheme"),
        Case(cordova(["www.apache.org"]), "http://www.apache.org/", .allow, "a host without a scheme: http"),
        Case(cordova(["www.apache.org"]), "https://www.apache.org/", .allow, "and https"),
        Case(cordova(["www.apache.org"]), "http://build.apache.org/", .cancel, "exactly that host"),
        Case(cordova(["www.apache.org"]), "ftp://www.apache.org/", .cancel, "but no other scheme"),
        Case(cordova(["192.168.1.1"]), "http://192.168.1.1/", .allow, "an address"),
        Case(cordova(["192.168.1.*"]), "http://192.168.1.1/", .cancel, "address wildcards never match"),
        Case(cordova(["http://apache.org/foo/bar?x=y"]), "http://apache.org/", .cancel, "a path entry"),
        Case(cordova(["http://apache.org/foo/*"]), "http://apache.org/foo", .allow, "/* accepts the bare path"),
        Case(cordova(["http://apache.org/foo/*"]), "http://apache.org/foo/x/y", .allow, "and anything below"),
        Case(cordova(["http://apache.org/foo/*"]), "http://apache.org/foobar", .cancel, "not a longer segment"),
        Case(cordova(["http://apache.org/app"]), "http://apache.org/app%0A", .allow, "ICU's $ before a final newline"),
        Case(cordova(["http://apache.org/app/*"]), "http://apache.org/app/..%2Fadmin", .allow, "the decoded path"),
        Case(cordova(["http://apache.org/App/*"]), "http://apache.org/app/x", .cancel, "paths keep their case"),
        Case(
            cordova(["com.myapp://*", "web+app://*", "a12345://*"]), "web+app://www.apache.org", .allow,
            "8.x scheme syntax"),
        Case(cordova(["com.myapp://*"]), "com.myapp://www.apache.org", .allow, "a dotted scheme"),
        Case(cordova(["cordova://www.google.com"]), "cordova://www.apache.org", .cancel, "custom scheme, other host"),
        Case(
            cordova(["http://www.apache.org:8080"]), "http://www.apache.org/index.html", .cancel, "the port is required"
        ),
        Case(cordova(["http://www.apache.org:8080"]), "http://www.apache.org:8080/index.html", .allow, "with the port"),
        Case(cordova(["*://*.test.com"]), "gopher://test.com/", .allow, "*:// permits every scheme"),
        Case(cordova(["*://*.test.com"]), "gopher://testtt.com/", .cancel, "but not every host"),
        Case(cordova(["about:blank"]), "about:blank", .cancel, "about:blank names the host blank"),
        Case(cordova(["about:*"]), "about:blank", .allow, "about:* allows it"),
        Case(cordova(["https://example.*"]), "https://example.com/", .cancel, "the host stops at *"),
        Case(cordova(["https://user@example.com/*"]), "https://user@example.com/", .cancel, "userinfo in an entry"),
        Case(cordova(["https://example.com/*"]), "https://example.com@evil.net/", .cancel, "userinfo in a URL"),
        Case(cordova(["*foo.com"]), "https://evil.net/", .allow, bypass: true, "*foo.com is any host"),
        Case(cordova(["*foo.com"]), "https://www.foo.com/", .allow, "what the author meant"),
        Case(cordova(["localhost:8080"]), "http://localhost:8080/", .cancel, "localhost: reads as a scheme"),
        Case(cordova([]), "app://localhost/index.html", .allow, "the implicit app scheme"),
        Case(cordova([]), "app://evil.com/", .allow, bypass: true, "the app scheme, any host"),
        Case(cordova([]), "file:///var/app/www/index.html", .allow, "the implicit file://"),
        Case(cordova([], version: .v7), "app://localhost/", .cancel, "7.x without scheme: file only"),
        Case(cordova([], version: .v7, scheme: "app"), "app://localhost/", .allow, "7.x with scheme app"),
        Case(cordova([], scheme: "https"), "app://localhost/", .allow, "a WebKit scheme falls back to app"),
        Case(cordova(["MyApp://*"], version: .v7), "myapp://x/", .cancel, "7.x compares permitted schemes with case"),
        Case(cordova([], intents: ["tel:*"]), "tel:123", .openExternally, "an intent on a link"),
        Case(cordova([], intents: ["tel:*"]), "tel:123", .cancel, type: .formSubmitted, "an intent on a form: nothing"),
        Case(
            cordova([], intents: ["https://*/*"]), "https://x.example/", .openExternally, type: .other,
            "main-document other"),
        Case(cordova(["*"], intents: ["tel:*"]), "tel:123", .allow, "navigation wins over intent"),
    ]

    @Test(arguments: cordovaCases)
    func cordova(_ testCase: Case) throws {
        let decision = try Self.decide(testCase)
        #expect(decision.action == testCase.expected, "\(decision)")
        #expect(decision.isBypass == testCase.bypass, "\(decision)")
    }

    // MARK: react-native-webview

    static func rnw(_ whitelist: [String]?, full: Bool = false, openWindow: Bool = false) -> FrameworkPolicy {
        .reactNativeWebView(
            ReactNativeWebViewPolicy(
                .init(originWhitelist: whitelist, requireFullOriginMatch: full, handlesOpenWindow: openWindow)))
    }

    static let rnwCases: [Case] = [
        Case(rnw(["https://*"]), "https://www.example.com/", .allow, "https://* admits https"),
        Case(rnw(["https://*"]), "http://insecure.com/", .openExternally, "not http"),
        Case(rnw(["https://*"]), "git+https://example.com/", .openExternally, "anchored at the start"),
        Case(rnw(["https://*"]), "fakehttps://example.com/", .openExternally, "no scheme suffix"),
        Case(rnw(nil), "https://example.com/", .allow, "the default list"),
        Case(rnw(nil), "data:text/html,hi", .openExternally, "the default refuses data:"),
        Case(rnw(nil), "about:blank", .allow, "about:blank always passes"),
        Case(rnw(nil), "about:srcdoc", .openExternally, "about:srcdoc does not"),
        Case(rnw([]), "https://example.com/", .openExternally, "an explicit [] allows about:blank only"),
        Case(rnw(["https://trusted.com"]), "https://trusted.community/", .allow, bypass: true, "a longer label"),
        Case(
            rnw(["https://trusted.com"]), "https://trusted.com:pw@evil.net/", .allow, bypass: true,
            "userinfo with password"),
        Case(
            rnw(["https://trusted.com"]), "https://trusted.com:443@evil.net/", .allow, bypass: true,
            "a port-like userinfo"),
        Case(
            rnw(["https://*.trusted.com"]), "https://a.trusted.com.evil.net/", .allow, bypass: true,
            "wildcard then suffix"),
        Case(
            rnw(["https://*.trusted.com"]), "https://x:.trusted.com@evil.net/", .allow, bypass: true,
            "wildcard and userinfo"),
        Case(rnw(["https://Trusted.com"]), "https://trusted.com/", .openExternally, "case-sensitive"),
        Case(rnw(["https://trusted.com/"]), "https://trusted.com/", .openExternally, "a path kills the entry"),
        Case(rnw(["https://trusted.com:443"]), "https://trusted.com/", .openExternally, "WebKit drops :443"),
        Case(rnw(["https://trusted.com:443"]), "https://trusted.com:4430/", .allow, "a port prefix"),
        Case(rnw(["https://example.com"]), "https://admin:secret@example.com/", .openExternally, "credentials fail"),
        Case(
            rnw(["https://trusted.com"]), "https://evil.net/?u=https://trusted.com", .openExternally,
            "query tricks fail"),
        Case(rnw(["https://trusted.com"]), "https://ads.example/", .openExternally, target: .sub, "iframes too"),
        Case(rnw(["https://trusted.com"], full: true), "https://trusted.com.evil.net/", .openExternally, "the fix"),
        Case(
            rnw(["https://trusted.com"], full: true), "https://trusted.com@evil.net/", .openExternally,
            "the fix: userinfo"),
        Case(rnw(["https://trusted.com"], full: true), "https://trusted.com/x", .allow, "the fix still allows"),
        Case(
            rnw(["https://*trusted.com"], full: true), "https://eviltrusted.com/", .allow, bypass: true,
            "a deliberate wildcard"),
        Case(rnw(nil, openWindow: true), "https://example.com/", .cancel, target: .newWindow, "onOpenWindow first"),
        Case(rnw(["https://*"]), "a:b", .openExternally, "a one-letter scheme has no origin"),
    ]

    @Test(arguments: rnwCases)
    func reactNativeWebView(_ testCase: Case) throws {
        let decision = try Self.decide(testCase)
        #expect(decision.action == testCase.expected, "\(decision)")
        #expect(decision.isBypass == testCase.bypass, "\(decision)")
    }

    // MARK: Hotwire Native

    static func hotwire(_ start: String = "https://app.example.com/") -> FrameworkPolicy {
        .hotwireNative(HotwirePolicy(.init(startLocation: start)))
    }

    static let hotwireCases: [Case] = [
        Case(hotwire(), "http://app.example.com/x", .allow, "scheme ignored"),
        Case(hotwire(), "https://app.example.com:8443/x", .allow, "port ignored"),
        Case(hotwire(), "myapp://app.example.com/x", .allow, "any scheme with the host"),
        Case(hotwire(), "mailto:a@example.com", .openExternally, "another (no) host: UIApplication.open"),
        Case(hotwire(), "javascript:alert(1)", .cancel, "an invalid scheme is cancelled"),
        Case(
            hotwire(), "https://evil.net/", .allow, bypass: true, type: .formSubmitted, "a cross-site form post loads"),
        Case(hotwire(), "https://evil.net/", .allow, bypass: true, type: .backForward, "back/forward is not checked"),
        Case(hotwire(), "https://evil.net/", .allow, target: .sub, type: .other, "an iframe's own load"),
        Case(
            hotwire(), "https://evil.net/", .openExternally, target: .sub, type: .link, "a link in an iframe is routed"),
        Case(hotwire(), "https://evil.net/", .openExternally, type: .other, "a main-frame script navigation is routed"),
        Case(hotwire(), "https://app.example.com/", .allow, type: .reload, "a reload"),
        Case(
            hotwire("https://App.example.com/"), "https://app.example.com/x", .openExternally, "the start host's case"),
        Case(hotwire("myapp:start"), "mailto:a@example.com", .allow, "hostless matches hostless"),
    ]

    @Test(arguments: hotwireCases)
    func hotwire(_ testCase: Case) throws {
        let decision = try Self.decide(testCase)
        #expect(decision.action == testCase.expected, "\(decision)")
        #expect(decision.isBypass == testCase.bypass, "\(decision)")
    }

    @Test func hostsAreWhatWGHostnames() throws {
        let policy = Self.capacitor([])
        let ipv6 = policy.decide(.init(url: try WebURL("http://[::1]:8080/")))
        #expect(ipv6.hostText == "[::1]")
        let none = policy.decide(.init(url: try WebURL("tel:123")))
        #expect(none.hostText == nil)
    }
}
