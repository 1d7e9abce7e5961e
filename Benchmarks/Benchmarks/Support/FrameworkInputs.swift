// The inputs of the framework-decision benchmarks, shared by Benchmarks/FrameworkDecision and
// InstructionCounts so that both measure the same work.

/// Eight canonical URLs, as WebKit hands them to a framework's delegate: the app's pages, a
/// subdomain, a partner path, two misses, and the prefix and userinfo bypasses.
public let frameworkURLs = [
    "https://example.com/",
    "https://login.example.com/oauth/authorize?client_id=42",
    "https://partner.example.org/app/checkout",
    "https://www.wikipedia.org/wiki/Main_Page",
    "https://tracker.example.net/pixel?id=1",
    "https://example.com.evil.com/login",
    "https://example.com@evil.com/",
    "https://cdn.example.com/img/42.jpg",
]

/// react-native-webview's `originWhitelist` for the same app.
public let reactNativeWhitelist = ["https://example.com", "https://*.example.com", "https://partner.example.org"]

/// PWABuilder's shell for the same app: its host, and a partner as a permitted URL.
public let pwabuilderAllowedOrigins = ["example.com"]
public let pwabuilderAuthOrigins = ["partner.example.org"]

/// Cordova's `<allow-navigation>` for the same app, as written and split into parts (for the
/// regular-expression peer, which takes the parts `CDVAllowList` would make).
public let cordovaAllowNavigation = [
    "https://example.com/*", "https://*.example.com/*", "https://partner.example.org/app/*",
]
public let cordovaAllowNavigationParts = [
    RegexCordovaAllowList.Entry(scheme: "https", host: "example.com", path: "/*"),
    RegexCordovaAllowList.Entry(scheme: "https", host: "*.example.com", path: "/*"),
    RegexCordovaAllowList.Entry(scheme: "https", host: "partner.example.org", path: "/app/*"),
]

/// flutter_inappwebview 6.2 for the same app, as the Dart strings of its two lists: the page's with
/// doubled backslashes (a JavaScript string literal takes one away), the handler's with single ones.
public let flutterPageList = [
    #"^https://example\\.com$"#, #"^https://[a-z]+\\.example\\.com$"#, #"^https://partner\\.example\\.org$"#,
]
public let flutterHandlerList = [
    #"^https://example\.com$"#, #"^https://[a-z]+\.example\.com$"#, #"^https://partner\.example\.org$"#,
]

/// Tauri 2 for the same app: the app's pages (`core:default`) and a capability for remote pages of its
/// subdomains and the partner's checkout, which grants `core:event:default`; the command invoked.
public let tauriConfiguration = #"""
    {"window": "main", "capabilities": [
      {"identifier": "main", "windows": ["main"], "permissions": ["core:default"]},
      {"identifier": "sites", "windows": ["main"], "local": false,
       "remote": {"urls": ["https://*.example.com", "https://partner.example.org/app/*"]},
       "permissions": ["core:event:default"]}
    ]}
    """#
public let tauriCommand = "plugin:event|listen"
public let tauriPatterns = [
    URLPatternTauriAccess.Pattern(scheme: "https", hostname: "*.example.com"),
    URLPatternTauriAccess.Pattern(scheme: "https", hostname: "partner.example.org", pathname: "/app/*"),
]
