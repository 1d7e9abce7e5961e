import AppManifest
import Audit

/// The app page: an uploaded `.ipa`, zipped `.app`, or Info.plist with its entitlements, audited as
/// `webfence audit` does: each app's findings with the file and key they are about and their fix.
/// The same form downloads the SARIF log (a second button posting to ``sarifPath``), so no state
/// is kept on the server between the two.
enum AppPage {
    static let path = "/app"
    static let sarifPath = "/app/audit.sarif"
    static let title = "App"

    static func form(limits: AppAuditing.Limits) -> HTML {
        let megabytes = limits.maximumUploadSize / 1_048_576
        return """
            <p>Upload an app: WebFence reads its Info.plist, the entitlements signed into its executable, its
            provisioning profile and any hybrid framework's configuration, and reports how its web content is
            governed, with a fix for each finding. Up to \(megabytes) MiB; the files are read in a private folder
            that is removed when the answer is sent.</p>
            <form method="post" action="\(path)" enctype="multipart/form-data">
            <label for="app">An <code>.ipa</code> or a zipped <code>.app</code></label>
            <input type="file" id="app" name="app" accept=".ipa,.zip">
            <p class="hint">Or, for a project:</p>
            <label for="infoPlist">Info.plist</label>
            <input type="file" id="infoPlist" name="infoPlist" accept=".plist">
            <label for="entitlements">Its <code>.entitlements</code> file <span class="hint">(optional)</span></label>
            <input type="file" id="entitlements" name="entitlements" accept=".entitlements,.plist">
            <label for="appId">The app ID <span class="hint">(optional: when the files do not give it)</span></label>
            <input type="text" id="appId" name="appId" placeholder="ABCDE12345.com.example.app">
            <button type="submit">Audit</button>
            <button type="submit" formaction="\(sarifPath)">Download the SARIF log</button>
            </form>
            """
    }

    static func get(limits: AppAuditing.Limits) -> HTML { Layout.page(title: title, path: path, form(limits: limits)) }

    static func post(_ outcome: Result<AppAuditing.Outcome, AppAuditing.Refusal>, limits: AppAuditing.Limits) -> HTML {
        let result: HTML
        switch outcome {
        case .failure(let refusal):
            result = "<section class=\"error\" role=\"alert\"><h2>Not audited</h2><p>\(refusal.message)</p></section>"
        case .success(let outcome):
            let unusable = outcome.unusable.map { error -> HTML in
                "<section class=\"error\" role=\"alert\"><p><code>\(error.path)</code>: \(error.message)</p></section>"
            }
            result = HTML(joining: outcome.audits.map(report) + unusable)
        }
        return Layout.page(title: title, path: path, HTML(joining: [result, form(limits: limits)]))
    }

    /// Shown at most: an app with thousands of findings must not make a page of gigabytes.
    static let maximumFindings = 500

    static func counted(_ count: Int, _ one: String, _ many: String) -> String { "\(count) \(count == 1 ? one : many)" }

    static func report(_ audit: AppAudit) -> HTML {
        let counts = audit.counts
        let verdict =
            counts.errors > 0
            ? Layout.verdict("\(counts.errors) error\(counts.errors == 1 ? "" : "s")", good: false)
            : Layout.verdict("no error", good: true)
        let rows = audit.findings.prefix(maximumFindings).map { finding -> HTML in
            """
            <tr><td>\(Layout.severity(finding.severity.rawValue))</td><td class="mono">\(finding.code)</td>
            <td class="mono">\(finding.file.description) \(finding.key)</td><td>\(finding.message)<p class="hint">Fix: \(finding.fix)</p></td></tr>
            """
        }
        let more: HTML =
            audit.findings.count > maximumFindings
            ? "<p>and \(audit.findings.count - maximumFindings) more findings: download the SARIF log for all.</p>" : ""
        let appBound: HTML =
            audit.appBoundList.isPresent
            ? "<li>WKAppBoundDomains: \(counted(audit.appBoundList.domains?.entries.count ?? 0, "entry", "entries")) as WebKit reads them</li>"
            : "<li>no WKAppBoundDomains: every web view may visit any domain</li>"
        return """
            <section><h2><code>\(audit.files.path)</code>: \(verdict), \(counts.warnings) warning\(counts.warnings == 1 ? "" : "s"), \(counts.notes) note\(counts.notes == 1 ? "" : "s")</h2>
            <ul><li>bundle ID <code>\(audit.bundleIdentifier ?? "(none)")</code>, app ID <code>\(audit.appID ?? "(unknown)")</code></li>
            <li>entitlements in force from <code>\(audit.entitlements.file.description)</code></li>\(appBound)
            \(audit.framework?.framework.map { "<li>hybrid framework: \($0.displayName)</li>" as HTML } ?? "")</ul>
            <table><thead><tr><th scope="col">severity</th><th scope="col">code</th><th scope="col">where</th><th scope="col">what and how to fix it</th></tr></thead>
            <tbody>\(rows)</tbody></table>\(more)</section>
            """
    }
}
