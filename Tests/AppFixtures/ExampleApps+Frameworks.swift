import Foundation
import StrictJSON

extension ExampleApps {
    /// Apps built on hybrid frameworks, each with the configuration shapes real projects use and
    /// the mistakes their issue trackers show, and each broken one with its fixed twin (issue 17).
    /// `twins` names the fixed app of each broken one.
    public static var frameworkApps: [AppFolderBuilder] {
        [
            hybrid(
                "CapacitorApp", ["app.example.com"],
                files: [
                    "capacitor.config.json": #"""
                    {
                      "appId": "com.example.capacitor",
                      "appName": "Capacitor Shop",
                      "webDir": "www",
                      "server": {
                        "url": "https://App.example.com",
                        "allowNavigation": ["https://checkout.example.net/", "*"]
                      },
                      "ios": { "limitsNavigationsToAppBoundDomains": "true" }
                    }
                    """#
                ]),
            hybrid(
                "CapacitorBrokenApp", ["app.example.com"], files: ["capacitor.config.json": #"{"server": {"url": "#]),
            hybrid(
                "CapacitorFixedApp", ["app.example.com", "checkout.example.net"],
                files: [
                    "capacitor.config.json": #"""
                    {
                      "appId": "com.example.capacitor",
                      "appName": "Capacitor Shop",
                      "webDir": "www",
                      "server": { "url": "https://app.example.com/", "allowNavigation": ["checkout.example.net"] },
                      "ios": { "limitsNavigationsToAppBoundDomains": true }
                    }
                    """#
                ]),
            hybrid("CordovaApp", ["videos.example.com"], files: ["config.xml": cordovaXML(fixed: false)]),
            hybrid(
                "CordovaFixedApp", ["videos.example.com", "youtube.com"], files: ["config.xml": cordovaXML(fixed: true)]
            ),
            hybrid(
                "ReactNativeApp", ["trusted.com"],
                files: [
                    "webfence-framework.json": #"""
                    {"framework": "react-native-webview", "configuration": {"originWhitelist": ["https://trusted.com", "https://trusted.com/login"], "uri": "https://trusted.com.login.example/", "onMessage": true, "limitsNavigationsToAppBoundDomains": true}}
                    """#
                ]),
            hybrid(
                "ReactNativeDefaultApp", ["trusted.com"],
                files: [
                    "webfence-framework.json": #"""
                    {"framework": "react-native-webview", "configuration": {"uri": "https://trusted.com/", "onMessage": true, "limitsNavigationsToAppBoundDomains": true}}
                    """#
                ]),
            hybrid(
                "ReactNativeFixedApp", ["trusted.com"],
                files: [
                    "webfence-framework.json": #"""
                    {"framework": "react-native-webview", "configuration": {"originWhitelist": ["https://trusted.com"], "requireFullOriginMatch": true, "uri": "https://trusted.com/", "onMessage": true, "limitsNavigationsToAppBoundDomains": true}}
                    """#
                ]),
            hybrid(
                "HotwireApp", ["app.example.com"],
                files: [
                    "HotwireNative_HotwireNative.bundle/turbo.js": turboStandIn,
                    "webfence-framework.json": #"""
                    {"framework": "hotwire-native", "configuration": {"startLocation": "https://App.example.com/", "limitsNavigationsToAppBoundDomains": true, "bridgeComponents": true}}
                    """#,
                ]),
            hybrid(
                "HotwireUnconfiguredApp", ["app.example.com"],
                files: ["HotwireNative_HotwireNative.bundle/turbo.js": turboStandIn]),
            hybrid(
                "HotwireFixedApp", ["app.example.com"],
                files: [
                    "HotwireNative_HotwireNative.bundle/turbo.js": turboStandIn,
                    "webfence-framework.json": #"""
                    {"framework": "hotwire-native", "configuration": {"startLocation": "https://app.example.com/", "limitsNavigationsToAppBoundDomains": true, "bridgeComponents": true}}
                    """#,
                ]),
            pwabuilderShell(fixed: false),
            pwabuilderShell(fixed: true),
            flutterApp("FlutterApp", plugins: ["flutter_inappwebview_ios": "0.0.1"], release62: false),
            flutterApp("FlutterFixedApp", plugins: ["flutter_inappwebview_ios": "0.0.1"], release62: true),
            flutterApp("WebViewFlutterApp", plugins: ["webview_flutter_wkwebview": "0.0.1"], release62: false),
        ]
    }

    /// The Flutter app whose bridge answers every frame (flutter_inappwebview 6.1.5) and its fixed
    /// twin (6.2); `WebViewFlutterApp` has webview_flutter's channels, a note without a twin.
    public static let flutterTwins = ["FlutterApp": "FlutterFixedApp"]

    /// A Flutter app (issue 32): Flutter's engine and the app's Dart code as frameworks, and the web
    /// view plugin's framework with its Info.plist (the podspec's 0.0.1, as every release writes it)
    /// and an executable whose strings tell flutter_inappwebview's release (D120): 6.1.5's handler
    /// name alone, or 6.2's secret and handler allow-list too.
    private static func flutterApp(_ name: String, plugins: [String: String], release62: Bool) -> AppFolderBuilder {
        var builder = hybrid(name, ["app.example.com"], files: [:])
        let frameworks = ["Flutter": "1.0", "App": "1.0.0"].merging(plugins) { first, _ in first }
        for (framework, version) in frameworks {
            builder.resources["Frameworks/\(framework).framework/Info.plist"] = Array(
                (#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>"#
                    + "<key>CFBundleExecutable</key><string>\(framework)</string>"
                    + "<key>CFBundleShortVersionString</key><string>\(version)</string></dict></plist>\n").utf8)
            var machO = MachOBuilder(.arm64, signature: nil)
            if framework == "flutter_inappwebview_ios" {
                machO.strings =
                    ["callHandler"] + (release62 ? ["_bridgeSecret", "javaScriptHandlersOriginAllowList"] : [])
            }
            builder.resources["Frameworks/\(framework).framework/\(framework)"] = (try? machO.bytes()) ?? []
        }
        return builder
    }

    /// PWABuilder's iOS shell, built (spec §12): `PWAShell`, its start URL and permitted URLs in
    /// `WKAppBoundDomains` as the generator writes them. The broken one has the template's code
    /// (its literals in the executable), a permitted URL with a path, one with a port (which
    /// WebKit drops), and an auth origin past the tenth site; the fixed one lists two sites within the ten, carries its
    /// settings in `webfence-framework.json`, and its code no longer has the template's holes.
    private static func pwabuilderShell(fixed: Bool) -> AppFolderBuilder {
        let permitted =
            fixed
            ? ["accounts.google.com"]
            : ["accounts.google.com", "pay.example.net/checkout", "login.example.org:8443"]
                + (1...7).map { "partner\($0).example" } + ["sso.example.com"]
        var builder = app(
            fixed ? "PWABuilderFixedApp" : "PWABuilderApp",
            bundleID: fixed ? "com.example.news.fixed" : "com.example.news",
            format: .xml,
            info: [.init("WKAppBoundDomains", .array((["news.example/app"] + permitted).map(JSONValue.string)))])
        builder.executableName = "PWAShell"
        if case .thin(var machO) = builder.executable, !fixed {
            machO.strings = ["syntheticClickType", "location.href = '", "push-permission-request"]
            builder.executable = .thin(machO)
        }
        if fixed {
            builder.resources["webfence-framework.json"] = Array(
                #"""
                {"framework": "pwabuilder", "configuration": {"rootUrl": "https://news.example/app", "allowedOrigins": ["news.example"], "authOrigins": ["accounts.google.com"]}}
                """#.utf8)
        }
        return builder
    }

    /// A PWABuilder shell's `Settings.swift` of the generator's shape, with these values.
    public static func pwabuilderSettings(
        root: String = "https://shop.example", allowed: [String] = ["shop.example"], auth: [String] = []
    ) -> String {
        func list(_ entries: [String]) -> String { entries.map { "\"\($0)\"" }.joined(separator: ",") }
        return """
            import WebKit

            // The page the app opens on.
            let rootUrl = URL(string: "\(root)")!

            // The web app's own host; permitted URLs below show a Done button.
            let allowedOrigins: [String] = [\(list(allowed))]
            let authOrigins: [String] = [\(list(auth))]

            let displayMode = "standalone"

            """
    }

    /// A shell project's `WebView.swift` and `SceneDelegate.swift` after the fixes the audit asks
    /// for: hosts checked label by label, no page-initiated exception, popups in their own web
    /// view, universal links loaded as requests. (The template's own files are not copied here.)
    public static let pwabuilderFixedCode: [String: String] = [
        "WebView.swift": """
        // decidePolicyFor: every frame's host is compared label by label with the origins
        // (host == origin or host.hasSuffix("." + origin)), the scheme must be https, and
        // createWebViewWith returns a web view of its own for a popup.

        """,
        "SceneDelegate.swift": """
        // A universal link is loaded as a request: webView.load(URLRequest(url: link)).

        """,
    ]

    /// Each broken framework app and the fixed app it is compared with.
    public static let twins: [String: String] = [
        "CapacitorApp": "CapacitorFixedApp", "CapacitorBrokenApp": "CapacitorFixedApp",
        "CordovaApp": "CordovaFixedApp", "ReactNativeApp": "ReactNativeFixedApp",
        "ReactNativeDefaultApp": "ReactNativeFixedApp", "HotwireApp": "HotwireFixedApp",
        "HotwireUnconfiguredApp": "HotwireFixedApp", "PWABuilderApp": "PWABuilderFixedApp",
    ]

    /// A file in Hotwire's resource bundle (git keeps no empty folder): its presence names the framework.
    public static let turboStandIn =
        "// Hotwire Native's turbo.js would be here; WebFence looks only at the bundle's name.\n"

    private static func hybrid(_ name: String, _ domains: [String], files: [String: String]) -> AppFolderBuilder {
        var builder = app(
            name, bundleID: "com.example." + name.lowercased(), format: .xml,
            info: [.init("WKAppBoundDomains", .array(domains.map(JSONValue.string)))])
        builder.resources = files.mapValues { Array($0.utf8) }
        return builder
    }

    /// A Cordova 8 app's platform config.xml: the template's intents, its own navigation entries.
    private static func cordovaXML(fixed: Bool) -> String {
        let navigation =
            fixed
            ? ["https://*.youtube.com/*", "https://videos.example.com/*"]
            : ["https://*youtube.com/*", "*", "https://videos.example.com:443/*"]
        let intents = ["http://*/*", "https://*/*", "tel:*", "sms:*", "mailto:*", "geo:*", "itms:*", "itms-apps:*"]
        return """
            <?xml version='1.0' encoding='utf-8'?>
            <widget id="com.example.videos" version="1.0.0" xmlns="http://www.w3.org/ns/widgets" xmlns:cdv="http://cordova.apache.org/ns/1.0">
                <name>Videos</name>
                <content src="index.html" />
                <access origin="*" />
            \(navigation.map { "    <allow-navigation href=\"\($0)\" />" }.joined(separator: "\n"))
            \(intents.map { "    <allow-intent href=\"\($0)\" />" }.joined(separator: "\n"))
                <preference name="LimitsNavigationsToAppBoundDomains" value="\(fixed ? "true" : "false")" />
            </widget>

            """
    }
}
