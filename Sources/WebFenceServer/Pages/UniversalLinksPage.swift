import AssociatedDomains
import AssociationFetchCore
import StrictJSON
import WebAddress

/// The universal-links page: a domain's `apple-app-site-association` file, fetched as a device
/// does on both routes (`AssociationFetchSection`), or a pasted one; what a device ignores in it;
/// and, with a link (and an app ID), the decision for each app and the rule behind it: the
/// `aasa fetch`, `aasa lint` and `aasa verify --explain` stories, from the same library code.
enum UniversalLinksPage {
    static let path = "/"
    static let title = "Universal links"
    /// At most this many apps are decided for one link, and this many misses shown for each: a file
    /// listing thousands of apps and rules must not make a page of gigabytes.
    static let maximumRows = 50
    static let maximumMisses = 20

    static func form(_ fields: FormBody?) -> HTML {
        """
        <p>Give a domain: WebFence fetches its <code>apple-app-site-association</code> file as a device does,
        from Apple's CDN and from the server itself, side by side. Or paste a file. With a link, it says whether
        each app opens it, which rule decided, why every rule before it failed, and what a device silently
        ignores in the file.</p>
        <form method="post" action="\(path)" enctype="multipart/form-data">
        <label for="domain">The domain</label>
        <input type="text" id="domain" name="domain" required value="\(fields?["domain"] ?? "")" placeholder="example.com">
        <label for="upload">The file <span class="hint">(optional: leave both empty to fetch the domain's)</span></label>
        <input type="file" id="upload" name="upload">
        <label for="file">or the file's JSON</label>
        <textarea id="file" name="file" spellcheck="false">\n\(fields?.firstGiven("upload", "file") ?? "")</textarea>
        <label for="link">A link <span class="hint">(optional)</span></label>
        <input type="url" id="link" name="link" value="\(fields?["link"] ?? "")" placeholder="https://example.com/shop/42">
        <label for="appID">An app ID <span class="hint">(optional: every app the file lists)</span></label>
        <input type="text" id="appID" name="appID" value="\(fields?["appID"] ?? "")" placeholder="ABCDE12345.com.example.app">
        <button type="submit">Check</button>
        </form>
        """
    }

    static func get() -> HTML { Layout.page(title: title, path: path, form(nil)) }

    /// The answer to the form: the pasted file's story, or the domain fetched with `fetch` on both
    /// routes and each copy's story. The files are read and decided on `pool` (a pasted file is as
    /// large as the form, a fetched one 128 KiB, and the link as long as the form allows), each
    /// link's decision within `pool`'s budget.
    static func post(_ fields: FormBody, size: Int, fetch: Fetch, pool: DecisionPool) async -> HTML {
        Layout.page(
            title: title, path: path,
            HTML(joining: [await result(fields, size: size, fetch: fetch, pool: pool), form(fields)]))
    }

    /// How the page fetches a domain on both routes (the server's bounded, guarded fetches).
    typealias Fetch =
        @Sendable (LinkDomain, _ appID: String?) async -> Result<
            AssociationFetch, AssociationFetching.Refusal
        >

    static func result(_ fields: FormBody, size: Int, fetch: Fetch, pool: DecisionPool) async -> HTML {
        guard let domainText = fields.trimmed("domain") else {
            return "<section class=\"error\" role=\"alert\"><p>Give the domain.</p></section>"
        }
        guard let domain = LinkDomain(domainText) else {
            return
                "<section class=\"error\" role=\"alert\"><p><code>\(domainText)</code> is not a domain.</p></section>"
        }
        let budget = pool.budget
        guard let text = fields.firstGiven("upload", "file"), !FormBody.trimmingC0ControlsAndSpaces(text).isEmpty else {
            let fetched = await fetch(domain, fields.trimmed("appID"))
            let (link, appID) = (fields.trimmed("link"), fields.trimmed("appID"))
            // Only a link to decide against a received copy needs the pool (a fetch already made is
            // not lost to a full pool otherwise).
            let received = (try? fetched.get())?.routes.contains { $0.file != nil } ?? false
            guard link != nil, received else {
                return AssociationFetchSection.render(
                    fetched, link: nil, appID: appID, budget: budget, deadline: .now + budget.timeLimit)
            }
            return await decided(on: pool, bodySize: Int.max) {
                AssociationFetchSection.render(
                    fetched, link: link, appID: appID, budget: budget, deadline: .now + budget.timeLimit)
            }
        }
        return await decided(on: pool, bodySize: size) {
            pasted(text, domain: domain, fields, budget: budget, deadline: .now + budget.timeLimit)
        }
    }

    /// `section` made on `pool` (where it arrives when the form is small); a full pool's answer as a
    /// section that says so.
    static func decided(on pool: DecisionPool, bodySize: Int, _ section: @escaping @Sendable () -> HTML) async -> HTML {
        switch await pool.decide(bodySize: bodySize, section) {
        case .success(let html): return html
        case .failure(let refusal):
            // Interpolated as text: the page escapes it.
            return
                "<section class=\"error\" role=\"alert\"><p>\(refusal.body["error"]?.stringValue ?? "")</p></section>"
        }
    }

    /// A pasted file: its findings and the link's decisions.
    static func pasted(
        _ text: String, domain: LinkDomain, _ fields: FormBody, budget: WorkBudget, deadline: ContinuousClock.Instant
    ) -> HTML {
        let file: AssociationFile
        let findings: [Finding]
        switch AssociationFile.read(Array(text.utf8)) {
        case .failure(.invalidJSON(let error)):
            return """
                <section class="error" role="alert"><h2>A device denies this file</h2>
                <p>Invalid JSON at line \(error.line), column \(error.column): \(error.message).</p></section>
                """
        case .failure(let error):
            return """
                <section class="error" role="alert"><h2>A device denies this file</h2>
                <p><code>\(error.code)</code>: \(String(describing: error)).</p></section>
                """
        case .success(let read):
            file = read.file
            findings = AssociationFileLinter(domain: domain, appID: fields.trimmed("appID")).lint(
                read.file, readFindings: read.findings)
        }
        var sections: [HTML] = [lint(findings)]
        if let linkText = fields.trimmed("link") {
            sections.append(
                decisions(
                    file, domain: domain, link: linkText, appID: fields.trimmed("appID"), budget: budget,
                    deadline: deadline))
        }
        return HTML(joining: sections)
    }

    static func lint(_ findings: [Finding], heading: String = "The file") -> HTML {
        guard !findings.isEmpty else {
            return "<section><h2>\(heading)</h2><p>A device reads every part of it: no finding.</p></section>"
        }
        let rows = findings.map { finding -> HTML in
            """
            <tr><td>\(Layout.severity(finding.severity.rawValue))</td>
            <td class="mono">\(finding.code)</td><td class="mono">\(finding.pointer.isEmpty ? "/" : finding.pointer)</td>
            <td>\(finding.message)</td></tr>
            """
        }
        return """
            <section><h2>\(heading): \(findings.count) finding\(findings.count == 1 ? "" : "s")</h2>
            <table><thead><tr><th scope="col">severity</th><th scope="col">code</th><th scope="col">where</th><th scope="col">what a device does</th></tr></thead>
            <tbody>\(rows)</tbody></table></section>
            """
    }

    /// The link's decision for each app, each within `budget`: a file whose patterns against the
    /// link could cost more than one case may is refused before anything is decided, as
    /// `/v1/aasa/match` refuses it, and no app is decided after `deadline` (the page's, shared by
    /// both copies of a fetched file).
    static func decisions(
        _ file: AssociationFile, domain: LinkDomain, link: String, appID: String?, copy: String = "",
        budget: WorkBudget, deadline: ContinuousClock.Instant
    ) -> HTML {
        let url: WebURL
        do { url = try WebURL(link) } catch {
            return
                "<section class=\"error\" role=\"alert\"><p><code>\(link)</code> is not a URL (\(error.code)).</p></section>"
        }
        let matcher = UniversalLinkMatcher(file)
        let cost = CostedAnswer.cost(size: matcher.patternLength, length: url.href.utf8.count)
        guard cost <= budget.maximumCaseCost else {
            return """
                <section class="error" role="alert"><h2>The link</h2><p>The file's patterns (\(matcher.patternLength)
                characters) against a link of \(url.href.utf8.count) bytes could take \(cost) steps, more than this
                server gives one decision (\(budget.maximumCaseCost)). Decide it on your own machine with
                <code>webfence aasa match</code>.</p></section>
                """
        }
        var rows: [HTML] = []
        var left = 0
        var timedOut = false
        for service in matcher.services {
            for id in appID.map({ [$0] }) ?? matcher.appIDs(for: service) {
                timedOut = timedOut || ContinuousClock.now >= deadline
                guard rows.count < maximumRows, !timedOut else {
                    left += 1
                    continue
                }
                let decision = matcher.decide(service: service, url, domain: domain, appID: id, explain: true)
                var misses = decision.misses.prefix(maximumMisses).map { miss -> HTML in "<li>\(miss.description)</li>"
                }
                if decision.misses.count > maximumMisses {
                    misses.append("<li>and \(decision.misses.count - maximumMisses) more</li>")
                }
                let outcome = decision.outcome
                rows.append(
                    """
                    <tr><td class="mono">\(service)</td><td class="mono">\(id)</td>
                    <td>\(Layout.verdict(outcome.rawValue, good: outcome == .match ? true : outcome == .exclude ? nil : false))</td>
                    <td>\(decision.message)\(misses.isEmpty ? "" : "<details><summary>why each rule before failed</summary><ul>\(misses)</ul></details>" as HTML)</td></tr>
                    """)
            }
        }
        guard !rows.isEmpty else {
            return "<section><h2>The link</h2><p>The file lists no app for any service.</p></section>"
        }
        if left > 0 {
            let why =
                timedOut ? "not decided: the page's \(budget.timeLimit.components.seconds) s ran out" : "not shown"
            rows.append("<tr><td colspan=\"4\">and \(left) more apps, \(why): name one app ID</td></tr>")
        }
        return """
            <section><h2>The link <code>\(url.href)</code> on \(domain.description)\(copy)</h2>
            <table><thead><tr><th scope="col">service</th><th scope="col">app</th><th scope="col">decision</th><th scope="col">the rule behind it</th></tr></thead>
            <tbody>\(rows)</tbody></table></section>
            """
    }
}
