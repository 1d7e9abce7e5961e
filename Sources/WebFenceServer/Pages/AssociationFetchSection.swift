import AssociatedDomains
import AssociationFetchCore
import WebFenceNetwork

/// The universal-links page's fetched half: the CDN's and the server's answers side by side (the
/// URL asked, the status, the headers that matter, every check), whether the two copies match,
/// then each copy's findings and, with a link, its decisions.
enum AssociationFetchSection {
    static func render(
        _ fetch: Result<AssociationFetch, AssociationFetching.Refusal>, link: String?, appID: String?,
        budget: WorkBudget, deadline: ContinuousClock.Instant
    ) -> HTML {
        let fetched: AssociationFetch
        switch fetch {
        case .failure(.address(let failure)):
            return """
                <section class="error" role="alert"><h2>Not fetched</h2><p>\(failure.sentence) This server fetches
                public domains only; start it with <code>--allow-private-networks</code> to reach a staging host.</p></section>
                """
        case .failure(.busy(let maximum)):
            return """
                <section class="error" role="alert"><h2>Not fetched</h2><p>The server is already running \(maximum)
                fetches, the most it runs at once. Try again in a moment.</p></section>
                """
        case .success(let made): fetched = made
        }
        var sections: [HTML] = [routes(fetched)]
        for route in fetched.routes {
            guard let file = route.file else { continue }
            let copy = route.report.route == .cdn ? "the CDN's copy" : "the server's copy"
            sections.append(UniversalLinksPage.lint(route.findings, heading: "The file: \(copy)"))
            if let link {
                sections.append(
                    UniversalLinksPage.decisions(
                        file, domain: fetched.domain, link: link, appID: appID, copy: " (\(copy))", budget: budget,
                        deadline: deadline))
            }
        }
        return HTML(joining: sections)
    }

    /// The two routes in columns, one row per aspect.
    static func routes(_ fetched: AssociationFetch) -> HTML {
        let columns = fetched.routes
        func row(_ heading: HTML, _ cell: (AssociationFetch.Fetched) -> HTML) -> HTML {
            "<tr><th scope=\"row\">\(heading)</th>\(HTML(joining: columns.map { "<td>\(cell($0))</td>" as HTML }))</tr>"
        }
        let headings = columns.map { fetched -> HTML in
            fetched.report.route == .cdn
                ? "<th scope=\"col\">Apple's CDN <span class=\"hint\">(devices without a mode)</span></th>"
                : "<th scope=\"col\">The server <span class=\"hint\">(developer or managed mode)</span></th>"
        }
        let comparison: HTML =
            fetched.comparison.map { finding in
                """
                <p>\(Layout.verdict(finding.code == "fetch.cdnMatchesOrigin" ? "same" : "different", good: finding.severity == .note ? true : finding.severity == .warning ? nil : false)) \(finding.message).</p>
                """
            } ?? ""
        return """
            <section><h2>\(fetched.domain.description), fetched as a device does</h2>
            <table><thead><tr><td></td>\(HTML(joining: headings))</tr></thead><tbody>
            \(row("verdict") { Layout.verdict($0.outcomeSentence, good: $0.accepted) })
            \(row("asked") { "<span class=\"mono\">GET \($0.report.url ?? "(not sent)")</span>" })
            \(row("answer") { status($0.report) })
            \(row("headers") { headers($0.report) })
            \(row("checks") { checks($0.report) })
            </tbody></table>\(comparison)</section>
            """
    }

    static func status(_ report: AssociationFetchReport) -> HTML {
        guard let response = report.response else { return "no response" }
        let seconds = (AssociationFetch.seconds(report.elapsed) * 100).rounded() / 100
        return "\(response.status) \(response.reasonPhrase), \(report.bodyBytesReceived) bytes in \(String(seconds)) s"
    }

    static func headers(_ report: AssociationFetchReport) -> HTML {
        guard !report.selectedHeaders.isEmpty else { return "none" }
        let items = report.selectedHeaders.map { "<li class=\"mono\">\($0.name): \($0.value)</li>" as HTML }
        return "<ul>\(HTML(joining: items))</ul>"
    }

    static func checks(_ report: AssociationFetchReport) -> HTML {
        let items = report.checks.map { check -> HTML in
            "<li>\(Layout.severity(check.severity.rawValue)) <span class=\"mono\">\(check.code)</span> \(check.message)</li>"
        }
        return "<ul>\(HTML(joining: items))</ul>"
    }
}
