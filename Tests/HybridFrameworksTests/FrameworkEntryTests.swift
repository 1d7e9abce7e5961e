import HybridFrameworks
import Testing

/// `FrameworkEntry`: the scheme and host an address of a configuration names, as its author wrote
/// them, for each framework's syntax.
@Suite("FrameworkEntry: the scheme and host of a start page or an allowed entry")
struct FrameworkEntryTests {
    static let cases: [(text: String, schemeless: Bool, scheme: String?, host: String, everyHost: Bool)] = [
        ("http://10.0.2.2:3001", false, "http", "10.0.2.2", false),
        ("http://192.168.11.106:8100/index.html", false, "http", "192.168.11.106", false),
        ("HTTP://LocalHost:5173/", false, "http", "LocalHost", false),
        ("https://*.example.com/*", false, "https", "*.example.com", false),
        ("http://*/*", false, "http", "*", true),
        ("https://*", false, "https", "*", true),
        ("*://*/*", false, nil, "*", true),
        ("*", false, nil, "*", true),
        ("https://user:pw@example.com:8443/x?y#z", false, "https", "example.com", false),
        ("http://[::1]:3000/", false, "http", "[::1]", false),
        ("http://[fe80::1]/", false, "http", "[fe80::1]", false),
        ("192.168.1.20", true, nil, "192.168.1.20", false),
        ("accounts.google.com/o/oauth2", true, nil, "accounts.google.com", false),
        ("example.com:8080", true, nil, "example.com", false),
        ("*.example.com", true, nil, "*.example.com", false),
        // Schemes that name no host on the network: never every host.
        ("tel:*", false, "tel", "*", false),
        ("data:*", false, "data", "*", false),
        ("app://localhost/*", false, "app", "localhost", false),
        ("localhost:8080", false, nil, "localhost", false),
    ]

    @Test("scheme, host and every host", arguments: cases.map(\.text))
    func reading(_ text: String) throws {
        let expected = try #require(Self.cases.first { $0.text == text })
        let entry = FrameworkEntry(.allowed, text, at: "/x/0", schemeless: expected.schemeless)
        #expect(entry.scheme == expected.scheme, "\(text)")
        #expect(entry.host == expected.host, "\(text)")
        #expect(entry.namesEveryHost == expected.everyHost, "\(text)")
        #expect(entry.place == "/x/0" && entry.text == text && entry.role == .allowed)
    }

    @Test("each framework's entries: the start page first, then its list, each at its place")
    func frameworks() {
        let capacitor = FrameworkPolicy.capacitor(
            CapacitorPolicy(
                CapacitorConfiguration(
                    allowNavigation: ["a.example", "https://b.example/"], serverURL: "http://10.0.2.2:3001")))
        #expect(capacitor.entries.map(\.place) == ["/server/url", "/server/allowNavigation/0"])
        #expect(capacitor.entries.first?.role == .startPage)
        let cordova = FrameworkPolicy.cordovaIOS(
            CordovaPolicy(
                CordovaConfiguration(allowNavigation: ["http://*/*"], contentSource: "http://chat.example.com/app/")))
        #expect(cordova.entries.map(\.place) == ["/widget/content", "/widget/allow-navigation/0"])
        // A relative <content src> is the bundled app: not an address.
        #expect(FrameworkPolicy.cordovaIOS(CordovaPolicy(CordovaConfiguration())).entries.isEmpty)
        let shell = FrameworkPolicy.pwabuilder(
            PWABuilderPolicy(
                PWABuilderConfiguration(
                    rootURL: "https://a.example", allowedOrigins: ["a.example"], authOrigins: ["https://b.example"])))
        // An entry that can never occur in a host is left out: it names no address.
        #expect(shell.entries.map(\.place) == ["/rootUrl", "/allowedOrigins/0"])
        let reactNative = FrameworkPolicy.reactNativeWebView(
            ReactNativeWebViewPolicy(ReactNativeWebViewConfiguration(sourceURI: "http://localhost:8081/")))
        #expect(reactNative.entries.map(\.place) == ["/uri"])
        #expect(reactNative.isInspectable == nil)
    }
}
