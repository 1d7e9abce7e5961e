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
        ]
    }

    /// Each broken framework app and the fixed app it is compared with.
    public static let twins: [String: String] = [
        "CapacitorApp": "CapacitorFixedApp", "CapacitorBrokenApp": "CapacitorFixedApp",
        "CordovaApp": "CordovaFixedApp", "ReactNativeApp": "ReactNativeFixedApp",
        "ReactNativeDefaultApp": "ReactNativeFixedApp", "HotwireApp": "HotwireFixedApp",
        "HotwireUnconfiguredApp": "HotwireFixedApp",
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
