// The baseline: each rule translated to anchored regular expressions, as a hand-written matcher
// would do it (`*` → `.*`, `?` → `.`, variables → alternations), over the same URL components.

import AssociatedDomains
import Foundation
import WebAddress

struct RegexRule {
    let path: NSRegularExpression
    let queryItems: [(name: String, value: NSRegularExpression)]
    let fragment: NSRegularExpression
    let index: Int

    /// The components as the matcher sees them: the path normalised, query items, the fragment.
    struct Components {
        let path: String
        let queryItems: [(name: String, value: String)]
        let fragment: String

        init(_ url: WebURL) {
            var path = url.pathname.replacingOccurrences(of: "//", with: "/")
            if !path.hasSuffix("/") { path += "/" }
            self.path = path
            queryItems = (url.query ?? "").split(separator: "&").map { item in
                let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
            }
            fragment = url.fragment ?? ""
        }
    }

    static func translate(_ file: AssociationFile) -> [RegexRule] {
        let rules = file.applinks?.details.first?.rules ?? []
        let variables = file.applinks?.substitutionVariables ?? [:]
        _ = variables
        return rules.enumerated().map { index, rule in
            let options: NSRegularExpression.Options = rule.fields.caseSensitive == false ? [.caseInsensitive] : []
            func compile(_ pattern: String) -> NSRegularExpression {
                try! NSRegularExpression(pattern: "^" + regex(pattern) + "$", options: options)
            }
            var items: [(String, NSRegularExpression)] = []
            if case .items(let list)? = rule.fields.query {
                items = list.map { ($0.name, compile($0.pattern)) }
            }
            return RegexRule(
                path: compile(PathPatternText.normalised(rule.fields.path ?? "*")), queryItems: items,
                fragment: compile(rule.fields.fragment ?? "*"), index: index)
        }
    }

    /// The index of the deciding rule, or nil.
    static func decide(_ rules: [RegexRule], _ url: Components) -> Int? {
        func matches(_ regex: NSRegularExpression, _ text: String) -> Bool {
            regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
        for rule in rules {
            guard matches(rule.path, url.path) else { continue }
            let itemsMatch = rule.queryItems.allSatisfy { item in
                let values = url.queryItems.filter { $0.name == item.name }.map(\.value)
                return (values.isEmpty ? [""] : values).allSatisfy { matches(item.value, $0) }
            }
            guard itemsMatch, matches(rule.fragment, url.fragment) else { continue }
            return rule.index
        }
        return nil
    }

    /// The regex for a pattern: `*` → `.*`, `?` → `.`, `$(lang)`/`$(region)` → the ISO code
    /// alternations, everything else escaped.
    static func regex(_ pattern: String) -> String {
        var out = ""
        var rest = Substring(pattern)
        while let first = rest.first {
            if rest.hasPrefix("$("), let close = rest.firstIndex(of: ")") {
                let name = rest[rest.index(rest.startIndex, offsetBy: 2)..<close]
                switch name {
                case "lang":
                    out +=
                        "(?:"
                        + Locale.LanguageCode.isoLanguageCodes.map(\.identifier).filter { $0.count == 2 }.joined(
                            separator: "|") + ")"
                case "region":
                    out +=
                        "(?:"
                        + Locale.Region.isoRegions.map(\.identifier).filter { $0.count == 2 }.joined(separator: "|")
                        + ")"
                default: out += "(?!)"
                }
                rest = rest[rest.index(after: close)...]
                continue
            }
            switch first {
            case "*": out += ".*"
            case "?": out += "."
            default: out += NSRegularExpression.escapedPattern(for: String(first))
            }
            rest = rest.dropFirst()
        }
        return out
    }
}

/// The path normalisation of spec §3, written out for the baseline.
enum PathPatternText {
    static func normalised(_ text: String) -> String {
        if text.isEmpty { return "/" }
        if text.count == 1 { return text }
        var collapsed = ""
        for character in text where !((character == "*" || character == "/") && collapsed.last == character) {
            collapsed.append(character)
        }
        var body = Substring(collapsed)
        let leading = body.first == "*"
        if leading { body = body.dropFirst() }
        let trailing = body.last == "*"
        if trailing { body = body.dropLast() }
        var result = leading ? "*" : (body.first == "/" ? "" : "/")
        result += body
        if trailing { result += "*" } else if result.last != "/" { result += "/" }
        return result
    }
}
