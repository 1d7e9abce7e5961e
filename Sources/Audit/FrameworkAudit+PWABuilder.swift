import AppBound
import AppManifest
import HybridFrameworks
import WebAddress

/// What PWABuilder's iOS shell opens and breaks (spec §12c, §12d): its substring allowlist, entries
/// that can never match a host, the page-initiated rule, `window.open`, the unescaped universal
/// link, and permitted URLs that App-Bound Domains will refuse.
extension FrameworkAudit {
    static func pwabuilderHoles(_ shell: PWABuilderShell, _ file: SourceFile) -> [AuditFinding] {
        let configuration = shell.configuration
        var findings: [AuditFinding] = []
        if shell.source == .inferredFromAppBoundDomains {
            findings.append(
                AuditFinding(
                    .pwabuilderSettingsInferred, file, key: "/WKAppBoundDomains",
                    "a built PWABuilder shell: Settings.swift is compiled, so allowedOrigins and authOrigins are taken from WKAppBoundDomains, where PWABuilder's generator writes the same values; audit the project folder for the exact ones"
                ))
        }
        for (isAuth, entries) in [(true, configuration.authOrigins), (false, configuration.allowedOrigins)] {
            var live: [String] = []
            for (index, entry) in entries.enumerated() {
                if let why = PWABuilderPolicy.deadEntry(entry) {
                    findings.append(
                        AuditFinding(
                            .pwabuilderOriginNeverMatches, file, key: shell.key(authOrigin: isAuth, index),
                            "\"\(entry)\" never occurs in a host (\(why)): links to it open in SFSafariViewController, not in the app"
                        ))
                } else {
                    live.append(entry)
                }
            }
            guard shell.matchesBySubstring, let example = live.first else { continue }
            let name = isAuth ? "authOrigins" : "allowedOrigins"
            let listed = live.map { "\"\($0)\"" }.joined(separator: ", ")
            findings.append(
                AuditFinding(
                    .pwabuilderOriginSubstring, file, key: shell.listKey(authOrigin: isAuth),
                    "\(name) \(listed) \(live.count == 1 ? "is" : "are") matched anywhere in the host, with no label boundary and any scheme or port: \(example).evil.net and evil\(example) load in the web view"
                ))
        }
        // The template's code, each hole with the file whose code shows it.
        let code: [(present: Bool, code: AuditCode, message: String, basis: String)] = [
            (
                shell.allowsPageInitiated, .pwabuilderPageInitiatedAnyHost,
                "a page-initiated navigation (a redirect, a script's location change, a meta refresh, an iframe) is allowed to any host: the allowlist is asked only about taps; under App-Bound Domains a main-frame one to an unlisted site fails with error 13 and the shell reloads its start URL, while an iframe loads",
                shell.webViewBasis
            ),
            (
                shell.loadsNewWindowsInPlace, .pwabuilderWindowOpen,
                "window.open and target=_blank load in the shell's only web view and window.open returns null: a sign-in popup never reports back to the page that opened it",
                shell.webViewBasis
            ),
            (
                shell.universalLinkUnescaped, .pwabuilderUniversalLinkUnescaped,
                "a universal link's or a shortcut's URL is put into evaluateJavaScript(\"location.href = '<url>'\") without escaping: a link whose URL holds an apostrophe runs its own script in the page",
                shell.sceneDelegateBasis
            ),
        ]
        for hole in code where hole.present {
            findings.append(AuditFinding(hole.code, file, key: "/", hole.message + " (\(hole.basis))"))
        }
        return findings
    }

    /// Values the template or the generator's form carries as samples: the shell's own apps
    /// before the generator filled `Settings.swift` in (pwa-shell until December 2021), and the
    /// form's placeholder for a permitted URL (Google's sign-in host is `accounts.google.com`).
    static let pwabuilderSamples: [String: String] = [
        "webboard.app": "the template's sample app (pwa-shell before December 2021)",
        "messianicchords.com": "the template's first sample app",
        "account.google.com":
            "the generator form's placeholder, which is not Google's sign-in host (accounts.google.com) and sends the sign-in to Safari",
    ]

    /// A shell whose settings were not made for the app: sample origins left in, and a start URL
    /// whose own links the shell sends to Safari.
    static func pwabuilderLeftovers(_ shell: PWABuilderShell, _ file: SourceFile) -> [AuditFinding] {
        guard shell.source == .settings else { return [] }
        let configuration = shell.configuration
        let root = configuration.rootURL.flatMap { try? WebURL.parse($0).get() }
        let rootHost = root?.host?.description ?? ""
        var findings: [AuditFinding] = []
        for (isAuth, entries) in [(true, configuration.authOrigins), (false, configuration.allowedOrigins)] {
            for (index, entry) in entries.enumerated() {
                guard let sample = pwabuilderSamples[entry.lowercased()], !rootHost.contains(entry.lowercased())
                else { continue }
                findings.append(
                    AuditFinding(
                        .pwabuilderOriginSample, file, key: shell.key(authOrigin: isAuth, index),
                        "\"\(entry)\" is \(sample), not the app's site\(rootHost.isEmpty ? "" : " (\(rootHost))"): the shell lets it load in the web view with its message handlers"
                    ))
            }
        }
        if let root, shell.matchesBySubstring,
            PWABuilderPolicy(configuration).decide(FrameworkNavigationAction(url: root)).action != .allow
        {
            let listed = configuration.allowedOrigins.map { "\"\($0)\"" }.joined(separator: ", ")
            findings.append(
                AuditFinding(
                    .pwabuilderRootURLNotAllowed, file, key: shell.listKey(authOrigin: false),
                    "rootUrl's host \(rootHost) contains none of allowedOrigins (\(listed.isEmpty ? "none" : listed)): every link the user taps on the app's own site opens in SFSafariViewController instead of the app"
                ))
        }
        return findings
    }

    /// Permitted URLs (`authOrigins`) that the shell allows and WebKit refuses: not in
    /// `WKAppBoundDomains`, or past its tenth site. The sign-in fails with error 13 and the shell
    /// reloads its start URL.
    static func pwabuilderAppBound(_ shell: PWABuilderShell, app: AppBoundApp, file: SourceFile) -> [AuditFinding] {
        guard app.isFeatureOn, let list = app.domains else { return [] }
        let configuration = shell.configuration
        var findings: [AuditFinding] = []
        for (index, entry) in configuration.authOrigins.enumerated() where PWABuilderPolicy.deadEntry(entry) == nil {
            guard case .success(let url) = WebURL.parse("https://" + entry), let host = url.host,
                app.lookUp(url).answer == .no
            else { continue }
            let domain = AppBoundDomains.registrableDomain(of: host)
            let pastTenth = list.entries.contains { listed in
                guard listed.outcome == .pastCapacity,
                    case .success(let listedURL) = WebURL.parse("https://" + listed.text),
                    let listedHost = listedURL.host
                else { return false }
                return AppBoundDomains.registrableDomain(of: listedHost) == domain
            }
            let why =
                pastTenth
                ? "WKAppBoundDomains lists it past its tenth site, and WebKit reads only ten (PWABuilder#4995)"
                : "WKAppBoundDomains does not list \(domain)"
            findings.append(
                AuditFinding(
                    .pwabuilderAuthOriginNotAppBound, file, key: shell.key(authOrigin: true, index),
                    "the shell allows \(host) in the main frame, but \(why): the sign-in or payment page fails with error 13 and the shell reloads its start URL about 6 s later"
                ))
        }
        return findings
    }
}
