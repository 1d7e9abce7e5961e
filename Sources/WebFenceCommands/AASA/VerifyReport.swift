import AssociatedDomains
import StrictJSON
import WebAddress
import WebFenceCommandLine

/// The output of `webfence aasa verify`: text for people, JSON, or swcutil's lines.
struct VerifyReport {
    let file: String
    let domain: LinkDomain
    /// The URL as given (swcutil echoes it), and as parsed.
    let urlText: String
    let url: WebURL
    let rows: [Row]

    struct Row {
        let service: String
        let appID: String
        let decision: UniversalLinkDecision
    }

    // MARK: - Text

    func text(terminal: Terminal, explain: Bool) -> String {
        var out = "\(terminal.styled(urlText, .bold)) on \(domain) (\(file))\n"
        if rows.isEmpty { out += "  the file lists no app for any service\n" }
        for row in rows {
            let outcome = row.decision.outcome
            let style: Terminal.Style = outcome == .match ? .green : outcome == .exclude ? .yellow : .red
            out += "\n  \(row.service)  \(row.appID)  \(terminal.styled(outcome.rawValue, style))\n"
            out += "    \(row.decision.message)\n"
            if let comment = row.decision.rule?.comment { out += terminal.styled("    comment: \(comment)\n", .dim) }
            if explain, !row.decision.misses.isEmpty {
                out += row.decision.rule == nil ? "    why each rule failed:\n" : "    before it:\n"
                for miss in row.decision.misses { out += "      \(miss)\n" }
            }
        }
        return out
    }

    // MARK: - JSON

    /// The document of `aasa verify --format json`: each row's decision as the matcher writes it.
    func json() -> JSONValue {
        .object([
            "file": .string(file), "domain": .string(domain.description), "url": .string(urlText),
            "decisions": .array(rows.map { $0.decision.json(service: $0.service, appID: $0.appID) }),
        ])
    }

    // MARK: - swcutil

    /// The lines `swcutil verify -d DOMAIN -j FILE -u URL` prints for universal links (spec §5): one
    /// per applinks app ID that matched or blocked; `Input JSON did not match input URL.` when none
    /// did; the domain line when the URL is on another host. Other services are left out: they have
    /// no patterns, and a webcredentials "match" would hide that no link matched.
    func swcutil() -> String {
        if url.host != domain.host {
            return "Input domain \"\(domain)\" did not match input URL's domain \"\(url.host?.description ?? "")\".\n"
        }
        var lines: [String] = []
        for row in rows where row.service == "applinks" {
            let prefix = "{ s = \(row.service), a = \(row.appID), d = \(domain) }: Pattern \"\(urlText)\""
            switch row.decision.outcome {
            case .match: lines.append(prefix + " matched.")
            case .exclude: lines.append(prefix + " blocked match.")
            case .noMatch: break
            }
        }
        if lines.isEmpty { lines.append("Input JSON did not match input URL.") }
        return lines.joined(separator: "\n") + "\n"
    }
}
