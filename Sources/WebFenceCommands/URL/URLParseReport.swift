import Foundation
import WebAddress
import WebFenceCommandLine

/// The text output of `webfence url parse`: for each input, what the browser sees and what
/// Foundation's URL sees, with the places where they send the request to different destinations.
struct URLParseReport {
    let results: [(URLParseInput, Result<WebURL, URLParseFailure>)]
    let terminal: Terminal

    private static let rows = [
        "href", "protocol", "username", "password", "hostname", "port", "pathname", "search", "hash",
    ]

    func render() -> String {
        var output = ""
        var disagreements = 0
        for (input, result) in results {
            let foundation = FoundationView(input: input.input, base: input.base)
            let differing = Self.differingDestinationFields(result, foundation)
            if !differing.isEmpty { disagreements += 1 }
            output += render(input, result, foundation, differing: differing)
        }
        if results.count > 1 {
            let summary =
                "\(results.count) inputs: Foundation's URL disagrees with the browser on the scheme, host or port of \(disagreements)."
            output += terminal.styled(summary, .bold) + "\n"
        }
        return output
    }

    private func render(
        _ input: URLParseInput, _ result: Result<WebURL, URLParseFailure>, _ foundation: FoundationView,
        differing: Set<String>
    ) -> String {
        let marker = !differing.isEmpty ? terminal.styled("✗", .red) : terminal.styled("✓", .green)
        var output = "\(marker) " + terminal.styled(Self.visible(input.input), .bold)
        if let base = input.base { output += terminal.styled("  (base \(Self.visible(base)))", .dim) }
        output += "\n"
        if let note = input.note { output += "  " + terminal.styled(note, .dim) + "\n" }

        var table: [(String, String, String)] = [("", "browser (WHATWG URL)", "Foundation URL")]
        switch result {
        case .failure(let error):
            let foundationSays = foundation.url.map { $0.absoluteString } ?? "nil"
            table.append(("result", "failure: \(error)", foundationSays))
        case .success(let url):
            let fields = url.apiFields
            for name in Self.rows {
                let browser = fields[name] ?? ""
                let other = foundation.url == nil ? (name == "href" ? "nil" : "") : foundation[name] ?? ""
                if browser.isEmpty, other.isEmpty { continue }
                table.append((name, browser, other))
            }
            let registrable = url.host.flatMap(PublicSuffixList.bundled.registrableDomain) ?? "none"
            table.append(("registrable", registrable, ""))
        }
        let nameWidth = table.map(\.0.count).max() ?? 0
        let browserWidth = min(table.map { Self.visible($0.1).count }.max() ?? 0, 60)
        for (index, (name, browser, other)) in table.enumerated() {
            let shownBrowser = Self.visible(browser)
            var line = "  " + name.padding(toLength: nameWidth, withPad: " ", startingAt: 0) + "  "
            line += shownBrowser + String(repeating: " ", count: max(0, browserWidth - shownBrowser.count)) + "  "
            let shownOther = Self.visible(other)
            if differing.contains(name) {
                line += terminal.styled(shownOther, .red) + terminal.styled("  ← differs", .red)
            } else {
                line += shownOther
            }
            output += (index == 0 ? terminal.styled(line, .dim) : line).replacingTrailingSpaces() + "\n"
        }
        return output + "\n"
    }

    /// The rows (`result`, `href`, `protocol`, `hostname`, `port`) on which the browser and Foundation
    /// would send a request to different places; empty when they agree.
    static func differingDestinationFields(_ result: Result<WebURL, URLParseFailure>, _ foundation: FoundationView)
        -> Set<String>
    {
        switch (result, foundation.destination) {
        case (.failure, nil): return []
        case (.failure, .some): return ["result"]
        case (.success, nil): return ["href"]
        case (.success(let url), .some(let other)):
            let host = url.host?.description ?? ""
            let port = url.port.map(Int.init) ?? WebURL.defaultPort(forScheme: url.scheme).map(Int.init)
            var fields: Set<String> = []
            if url.scheme != other.scheme { fields.insert("protocol") }
            if host != other.host { fields.insert("hostname") }
            if port != other.port { fields.insert("port") }
            return fields
        }
    }

    /// Control characters and other invisible code points shown as `\u{…}` escapes.
    static func visible(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
                || scalar.properties.generalCategory == .format
                || (scalar.properties.generalCategory == .spaceSeparator && scalar != " ")
            {
                output += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}

extension String {
    fileprivate func replacingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
