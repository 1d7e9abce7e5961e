import AppBound
import AppManifest
import HybridFrameworks
import WebAddress
import WebFenceNavigation

/// How the framework's start page and bridge fare under the app's `WKAppBoundDomains` and the
/// framework's limits flag, found by running the start page through the navigation pipeline.
extension FrameworkAudit {
    static func bridge(_ policy: FrameworkPolicy, app: AppBoundApp, file: SourceFile) -> [AuditFinding] {
        guard app.isFeatureOn, let start = policy.startPage, case .success(let url) = WebURL.parse(start) else {
            return []
        }
        let limits = policy.limitsNavigationsToAppBoundDomains
        let verdict = NavigationPipeline(app: app, framework: policy)
            .decide(NavigationRequest(url), state: AppBoundWebViewState(configuredLimits: limits))
        let name = policy.framework.displayName
        var findings: [AuditFinding] = []
        switch verdict.result {
        case .fail(let error, _):
            findings.append(
                AuditFinding(
                    .frameworkStartPageNotAppBound, file, key: startKey(policy),
                    "the start page \(start) fails with error \(error.code): its domain is not in WKAppBoundDomains and the flag is on, so the app shows a blank page or its error page"
                ))
        case .allow(.notAppBound):
            findings.append(
                AuditFinding(
                    .frameworkBridgeNotAppBound, file, key: flagKey(policy),
                    "WKAppBoundDomains is present and \(name) leaves limitsNavigationsToAppBoundDomains off: the start page \(start) is not app-bound, so \(policy.bridge.whenPageCallFails)"
                ))
        case .allow where verdict.state.forcedAppBoundMode && !limits:
            findings.append(
                AuditFinding(
                    .frameworkLocalhostVersionDependent, file, key: flagKey(policy),
                    "the bridge works only because current WebKit treats the local start page \(start) as app-bound and switches the web view into app-bound mode; iOS 14-era WebKit did not, and there the bridge is dead (capacitor #4721)"
                ))
        default: break
        }
        guard limits || verdict.state.forcedAppBoundMode else { return findings }
        if case .pwabuilder = policy { return findings }  // pwabuilderAppBound says it per permitted URL
        let startHost = url.host?.description
        for rule in MeantNavigation(policy).rules {
            let host = String(rule.host.drop { $0 == "=" || $0 == "*" || $0 == "." })
            guard host != startHost, case .success(let target) = WebURL.parse("https://\(host)/"),
                app.lookUp(target).answer == .no
            else { continue }
            findings.append(
                AuditFinding(
                    .frameworkAllowedNotAppBound, file, key: entriesKey(policy),
                    "\(name) lets \(host) load in the main frame, but WKAppBoundDomains does not list it: under app-bound mode that navigation fails with error 13"
                ))
        }
        return findings
    }

    /// The key of the framework's limits flag in its configuration file.
    static func flagKey(_ policy: FrameworkPolicy) -> String {
        switch policy {
        case .capacitor: "/ios/limitsNavigationsToAppBoundDomains"
        case .cordovaIOS: "/widget/preference"
        case .reactNativeWebView, .hotwireNative: "/limitsNavigationsToAppBoundDomains"
        case .pwabuilder: "/"
        }
    }

    /// The key of the start page.
    static func startKey(_ policy: FrameworkPolicy) -> String {
        switch policy {
        case .capacitor: "/server/url"
        case .cordovaIOS: "/widget/content"
        case .reactNativeWebView: "/uri"
        case .hotwireNative: "/startLocation"
        case .pwabuilder: "/rootUrl"
        }
    }

    /// The key of the entries that let hosts in.
    static func entriesKey(_ policy: FrameworkPolicy) -> String {
        switch policy {
        case .capacitor: "/server/allowNavigation"
        case .cordovaIOS: "/widget/allow-navigation"
        case .reactNativeWebView: "/originWhitelist"
        case .hotwireNative: "/startLocation"
        case .pwabuilder: "/allowedOrigins"
        }
    }

    /// The framework's navigation rules as it applies them, one sentence each.
    static func ruleSummary(_ policy: FrameworkPolicy) -> [String] {
        switch policy {
        case .capacitor(let capacitor):
            let configuration = capacitor.configuration
            let allowed = configuration.allowNavigation
            return [
                "allowNavigation: " + (allowed.isEmpty ? "none" : allowed.joined(separator: ", "))
                    + " (hosts compared label by label, any scheme and port, every frame)",
                "the app: every URL starting with \(configuration.appURL)"
                    + (configuration.serverURL == nil ? "" : " or \(configuration.localURL)")
                    + " (a string prefix)",
                "any other top-level URL: cancelled and handed to UIApplication.open (Safari or another app)",
                "subframes: never checked; window.open: always UIApplication.open",
            ]
        case .cordovaIOS(let cordova):
            let configuration = cordova.configuration
            return [
                "<allow-navigation> (cordova-ios \(configuration.version.rawValue)): file://"
                    + (configuration.appScheme.map { ", \($0)://" } ?? "") + " (implicit)"
                    + configuration.allowNavigation.map { ", \($0)" }.joined() + "; every frame",
                "<allow-intent>: " + configuration.allowIntent.joined(separator: ", ")
                    + "; opened with UIApplication openURL on a link or a main-document navigation",
                "anything else: cancelled (\"Internal navigation rejected\")",
            ]
        case .reactNativeWebView(let reactNative):
            let configuration = reactNative.configuration
            let list = configuration.originWhitelist ?? ReactNativeWebViewConfiguration.defaultOriginWhitelist
            return [
                "originWhitelist" + (configuration.originWhitelist == nil ? " (default)" : "") + ": about:blank, "
                    + list.joined(separator: ", ")
                    + (configuration.requireFullOriginMatch
                        ? " (whole origins)" : " (prefixes of the origin, userinfo included)") + "; every frame",
                "anything else: cancelled and offered to Linking.openURL",
            ]
        case .hotwireNative(let hotwire):
            return [
                "links to \(hotwire.configuration.startHost ?? "(no host)"): visited in the app (any scheme and port)",
                "links to other http(s) hosts: a universal link or SFSafariViewController; other schemes: UIApplication.open",
                "form submissions, back/forward and subframe loads: not checked",
            ]
        case .pwabuilder(let shell):
            let configuration = shell.configuration
            func list(_ entries: [String]) -> String {
                entries.isEmpty ? "none" : entries.map { "\"\($0)\"" }.joined(separator: ", ")
            }
            return [
                "authOrigins: \(list(configuration.authOrigins)); then allowedOrigins: \(list(configuration.allowedOrigins)) (each matched anywhere in the host, any scheme and port, every frame; an auth origin shows the Done toolbar)",
                "a page-initiated navigation (redirect, script, meta refresh, iframe): allowed to any host",
                "anything else: http(s) in SFSafariViewController, other schemes to UIApplication.open; tel: and mailto: to the system; about: allowed, blob: downloaded",
            ]
        }
    }
}
