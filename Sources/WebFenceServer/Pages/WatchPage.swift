import Foundation
import HTTPTypes
import WebFenceNetwork
import WebFenceWatch

/// The watch page: per watched domain, what each route answers now, when it last changed, and
/// whether Apple's CDN serves the server's file; per domain (`/watch/domain?name=`), every version
/// of each route and how each became the next, line by line, and how the CDN's copy differs from
/// the server's.
enum WatchPage {
    static let path = "/watch"
    static let domainPath = "/watch/domain"
    static let title = "Watch"

    static func get(_ watch: AssociationWatch?) async -> HTML {
        guard let watch else {
            return Layout.page(
                title: title, path: path,
                """
                <p>No domain is watched. Start the server with <code>--watch FILE</code> (one domain a line): each
                domain's association file is then fetched from Apple's CDN and from the server itself on a schedule,
                every distinct version kept, and this page says when each changed and whether the CDN has caught up.</p>
                """)
        }
        let states: [AssociationWatch.DomainSummary]
        do throws(WatchStoreError) { states = try await watch.overview() } catch {
            return Layout.page(
                title: title, path: path,
                "<section class=\"error\" role=\"alert\"><p>\(error.description)</p></section>")
        }
        let rows = states.map { state -> HTML in
            let cells = state.routes.map { route -> HTML in
                guard let current = route.summary else { return "<td>not fetched yet</td>" }
                return """
                    <td>\(answer(outcome: current.outcome, status: current.status, bytes: current.bodySize))<br><span class="hint">changed \(time(current.lastChanged)), checked \(time(current.lastSeen)); \(current.versionCount) version\(current.versionCount == 1 ? "" : "s")</span></td>
                    """
            }
            return """
                <tr><th scope="row"><a href="\(domainPath)?name=\(state.domain.description)">\(state.domain.description)</a></th>\(HTML(joining: cells))<td>\(match(state.cdnMatchesServer))</td></tr>
                """
        }
        return Layout.page(
            title: title, path: path,
            """
            <p>\(watch.domains.count) domain\(watch.domains.count == 1 ? "" : "s"), fetched on both routes every \(interval(watch.interval)); versions kept in <code>\(storeName(watch.store))</code>.</p>
            <table><thead><tr><th scope="col">domain</th><th scope="col">Apple's CDN</th><th scope="col">the server</th><th scope="col">the CDN serves the server's file</th></tr></thead>
            <tbody>\(HTML(joining: rows))</tbody></table>
            """)
    }

    /// A SQLite file by its name (not the server's folders), a database by its URL (no password).
    static func storeName(_ store: any WatchStore) -> String {
        guard let file = store as? SQLiteWatchStore else { return store.location }
        return URL(fileURLWithPath: file.path).lastPathComponent
    }

    /// At most this many versions of a route are shown with their changes.
    static let maximumVersions = 20

    /// A domain's page, made on `pool`: its line diffs (up to 41, of files up to 128 KB each) are
    /// costly work, kept off the event loop this task runs on (D127) and bounded as decisions are.
    static func domain(_ watch: AssociationWatch?, name: String?, pool: DecisionPool) async -> (
        HTTPResponse.Status, HTML
    ) {
        guard let watch, let name, let domain = watch.domains.first(where: { $0.description == name }),
            let state = try? await watch.state(of: domain)
        else {
            return (
                .notFound, Layout.page(title: title, path: path, "<p role=\"alert\">That domain is not watched.</p>")
            )
        }
        switch await pool.decide(bodySize: .max, { page(of: state, name: name) }) {
        case .success(let page): return (.ok, page)
        case .failure(let refusal): return (.serviceUnavailable, Layout.busy(refusal))
        }
    }

    /// The page of one domain's versions and their changes.
    static func page(of state: AssociationWatch.DomainState, name: String) -> HTML {
        var sections: [HTML] = []
        if let cdn = state.routes.first?.current, let direct = state.routes.last?.current,
            state.cdnMatchesServer == false
        {
            sections.append(
                """
                <section><h2>The CDN's copy against the server's</h2>
                \(diff(from: cdn, to: direct, old: "the CDN's", new: "the server's"))</section>
                """)
        }
        for route in state.routes {
            let heading = route.route == .cdn ? "Apple's CDN" : "The server"
            let versions = route.versions.prefix(maximumVersions).enumerated().map { index, version -> HTML in
                let older = index + 1 < route.versions.count ? route.versions[index + 1] : nil
                return """
                    <li value="\(route.versions.count - index)"><p>\(answer(version)), first seen \(time(version.firstSeen)), last seen \(time(version.lastSeen)); sha256 <span class="mono">\(String(version.contentHash.prefix(16)))</span></p>
                    \(version.headers.isEmpty ? "" : "<pre>\(version.headers)</pre>" as HTML)
                    \(older.map { diff(from: $0, to: version, old: "the version before", new: "this one") } ?? "")</li>
                    """
            }
            sections.append(
                """
                <section><h2>\(heading): \(route.versions.count) version\(route.versions.count == 1 ? "" : "s")</h2>
                <ol reversed>\(HTML(joining: versions))</ol></section>
                """)
        }
        return Layout.page(title: "Watch: \(name)", path: path, HTML(joining: sections))
    }

    static func answer(_ version: WatchedVersion) -> HTML {
        answer(outcome: version.outcome, status: version.status, bytes: version.body?.count ?? 0)
    }

    static func answer(outcome: String, status: Int, bytes: Int) -> HTML {
        let words = status == 0 ? "no response" : "HTTP \(status)"
        return "\(Layout.verdict(outcome, good: outcome == "received")) \(words), \(bytes) bytes"
    }

    static func match(_ same: Bool?) -> HTML {
        switch same {
        case true?: Layout.verdict("same", good: true)
        case false?: Layout.verdict("different", good: false)
        case nil: "no file on one route"
        }
    }

    /// How `old` became `new`, line by line.
    static func diff(from old: WatchedVersion, to new: WatchedVersion, old oldName: String, new newName: String) -> HTML
    {
        guard
            let lines = LineDiff.compare(
                AssociationWatch.comparableText(old), AssociationWatch.comparableText(new))
        else { return "<p>Too long to compare line by line.</p>" }
        let rendered = lines.map { line -> HTML in
            switch line {
            case .same(let text): "<span>  \(text)</span>\n"
            case .removed(let text): "<del>- \(text)</del>\n"
            case .added(let text): "<ins>+ \(text)</ins>\n"
            }
        }
        return """
            <details open><summary>from \(oldName) to \(newName): \(lines.filter { if case .same = $0 { false } else { true } }.count) lines differ</summary><pre class="diff">\(HTML(joining: rendered))</pre></details>
            """
    }

    static func time(_ date: Date?) -> String {
        guard let date else { return "never" }
        return AssociationWatch.timestamp(date)
    }

    static func interval(_ duration: Duration) -> String {
        let seconds = duration.components.seconds
        return seconds % 3600 == 0 ? "\(seconds / 3600) h" : seconds % 60 == 0 ? "\(seconds / 60) min" : "\(seconds) s"
    }
}
