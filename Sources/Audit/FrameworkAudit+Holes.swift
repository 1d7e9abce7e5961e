import AppManifest
import HybridFrameworks
import WebAddress

/// The bypass classes and dead entries a framework configuration opens (spec/hybrid-frameworks.md
/// §2e, §3e, §4e, §6), each a finding at its entry.
extension FrameworkAudit {
    static func holes(_ policy: FrameworkPolicy, file: SourceFile) -> [AuditFinding] {
        switch policy {
        case .capacitor(let capacitor): capacitorHoles(capacitor.configuration, file)
        case .cordovaIOS(let cordova): cordovaHoles(cordova.configuration, file)
        case .reactNativeWebView(let reactNative): reactNativeHoles(reactNative.configuration, file)
        case .hotwireNative(let hotwire): hotwireHoles(hotwire.configuration, file)
        case .pwabuilder(let policy):
            pwabuilderHoles(
                PWABuilderShell(policy.configuration, source: .settings, code: .unknown), file)
        }
    }

    private static func capacitorHoles(_ configuration: CapacitorConfiguration, _ file: SourceFile) -> [AuditFinding] {
        var findings: [AuditFinding] = []
        if let server = configuration.serverURL, case .success(let url) = WebURL.parse(server), url.isSpecial,
            !server.dropFirst(url.scheme.count + 3).contains("/")
        {
            findings.append(
                AuditFinding(
                    .capacitorServerURLPrefix, file, key: "/server/url",
                    "server.url \"\(server)\" has no slash after the host: Capacitor treats every URL that starts with it as the app, so \(server).evil.net and \(server)@evil.net load in the web view"
                ))
        }
        if let server = configuration.serverURL {
            let authority = server.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false).prefix(3)
            if authority.joined(separator: "/").contains(where: \.isUppercase) {
                findings.append(
                    AuditFinding(
                        .capacitorServerURLCase, file, key: "/server/url",
                        "server.url \"\(server)\" has capitals before its path: Capacitor compares it as typed with WebKit's lowercase URLs, so the app's own pages count as outside it and open in Safari"
                    ))
            }
        }
        for (index, pattern) in configuration.allowNavigation.enumerated() {
            let key = "/server/allowNavigation/\(index)"
            if pattern == "*" {
                findings.append(
                    AuditFinding(
                        .capacitorAllowNavigationEveryHost, file, key: key,
                        "\"*\" lets every host load in the web view, in every frame"))
            } else if pattern.contains(":") || pattern.contains("/") {
                findings.append(
                    AuditFinding(
                        .capacitorAllowNavigationNotAHost, file, key: key,
                        "\"\(pattern)\" is compared label by label with the host and never matches (a pattern has no scheme, port or path): links to it open in Safari (capacitor #4775)"
                    ))
            }
        }
        return findings
    }

    private static func cordovaHoles(_ configuration: CordovaConfiguration, _ file: SourceFile) -> [AuditFinding] {
        var findings: [AuditFinding] = []
        for (index, href) in configuration.allowNavigation.enumerated() {
            let key = "/widget/allow-navigation/\(index)"
            if href == "*" {
                findings.append(
                    AuditFinding(
                        .cordovaAllowNavigationEverything, file, key: key,
                        "<allow-navigation href=\"*\"> loads every URL of every scheme in the web view, so no <allow-intent> ever opens (tel:, mailto:, external links: cordova-ios #499)"
                    ))
                continue
            }
            let reading = CordovaPolicy.entryReading(href, version: configuration.version)
            switch reading {
            case .anyHost(let meant):
                findings.append(
                    AuditFinding(
                        .cordovaAllowNavigationAnyHost, file, key: key,
                        "\"\(href)\" reads as any host (a host starting with * must go on with '.'): every site loads in the web view, not just \(meant) (cordova-ios #1285)"
                    ))
            case .neverMatches(let why):
                findings.append(
                    AuditFinding(
                        .cordovaAllowNavigationNeverMatches, file, key: key,
                        "\"\(href)\" can never match: \(why)"))
            case .ordinary: break
            }
        }
        return findings
    }

    private static func reactNativeHoles(
        _ configuration: ReactNativeWebViewConfiguration, _ file: SourceFile
    ) -> [AuditFinding] {
        guard let whitelist = configuration.originWhitelist else {
            return [
                AuditFinding(
                    .reactNativeWebViewOriginWhitelistDefault, file, key: "/originWhitelist",
                    "no originWhitelist: the default admits every http and https origin, in every frame")
            ]
        }
        var findings: [AuditFinding] = []
        for (index, entry) in whitelist.enumerated() {
            let key = "/originWhitelist/\(index)"
            if let why = ReactNativeWebViewPolicy.deadEntry(entry) {
                findings.append(
                    AuditFinding(
                        .reactNativeWebViewOriginWhitelistNeverMatches, file, key: key,
                        "\"\(entry)\" can never match: \(why)"))
            } else if !configuration.requireFullOriginMatch, !entry.hasSuffix("*") {
                findings.append(
                    AuditFinding(
                        .reactNativeWebViewOriginWhitelistPrefix, file, key: key,
                        "\"\(entry)\" is matched as a prefix of the origin, userinfo included: \(entry).evil.net and \(entry)@evil.net pass it (react-native-webview #3736)"
                    ))
            }
        }
        return findings
    }

    private static func hotwireHoles(_ configuration: HotwireConfiguration, _ file: SourceFile) -> [AuditFinding] {
        guard let host = configuration.startHost, host != host.lowercased() else { return [] }
        return [
            AuditFinding(
                .hotwireStartLocationCase, file, key: "/startLocation",
                "the start location's host \"\(host)\" has capitals: the router compares it as a string with WebKit's lowercase hosts, so every link of the app opens in Safari"
            )
        ]
    }
}
