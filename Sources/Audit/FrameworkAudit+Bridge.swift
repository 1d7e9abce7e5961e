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
        let verdict = NavigationPipeline(app: app, framework: .navigationFramework(policy))
            .decide(NavigationRequest(url), state: AppBoundWebViewState(configuredLimits: limits))
        let name = policy.framework.displayName
        var findings: [AuditFinding] = []
        switch verdict.result {
        case .fail(let error, _):
            findings.append(
                AuditFinding(
                    .frameworkStartPageNotAppBound, file, key: policy.places.startPage,
                    "the start page \(start) fails with error \(error.code): its domain is not in WKAppBoundDomains and the flag is on, so the app shows a blank page or its error page"
                ))
        case .allow(.notAppBound):
            findings.append(
                AuditFinding(
                    .frameworkBridgeNotAppBound, file, key: policy.places.appBoundFlag,
                    "WKAppBoundDomains is present and \(name) leaves limitsNavigationsToAppBoundDomains off: the start page \(start) is not app-bound, so \(policy.bridge.whenPageCallFails)"
                ))
        case .allow where verdict.state.forcedAppBoundMode && !limits:
            findings.append(
                AuditFinding(
                    .frameworkLocalhostVersionDependent, file, key: policy.places.appBoundFlag,
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
                    .frameworkAllowedNotAppBound, file, key: policy.places.allowedHosts,
                    "\(name) lets \(host) load in the main frame, but WKAppBoundDomains does not list it: under app-bound mode that navigation fails with error 13"
                ))
        }
        return findings
    }
}
