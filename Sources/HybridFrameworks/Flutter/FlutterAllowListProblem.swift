/// An entry of flutter_inappwebview's origin allow lists that does not do what it looks like it
/// does (spec §13c–§13d), as `webfence audit` reports it: each class has its finding. One problem an
/// entry at most, the one that matters most first.
public struct FlutterAllowListProblem: Sendable, Hashable {
    /// What is wrong with the entry.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A page-side entry JavaScript cannot read (a leading `*`, a trailing backslash): the
        /// script is gone for every origin, the other entries' included.
        case pageSyntaxError
        /// A handler-list entry ICU cannot read (`"*"`, `*.example.com`) or an empty one: it
        /// matches nothing, so it lets no call through.
        case handlerNeverMatches
        /// An Android origin rule (`https://*.example.com`) read as a regular expression: `*`
        /// repeats the `/` before it, so it admits `https://xexample.com` and not `https://a.example.com`.
        case androidWildcard
        /// A single backslash in a page-side entry, eaten by the JavaScript string literal the entry
        /// is pasted into: `\.` reaches the expression as `.`, any character.
        case escapeLost
        /// A `.` meant as a dot, read as any character: `^https://app.example.com$` admits
        /// `https://appxexample.com`.
        case dotAnyCharacter
        /// An expression without `^` or `$`: it matches every origin that contains what it names
        /// (`https://example.com` admits `https://example.com.evil.net`).
        case unanchored
    }

    /// The setting: `javaScriptBridgeOriginAllowList`.
    public let setting: String
    /// The entry's index in the list.
    public let index: Int
    /// The entry as written.
    public let entry: String
    /// What is wrong.
    public let kind: Kind
    /// Why, for this entry.
    public let reason: String
}

extension FlutterInAppWebViewSettings {
    /// The problems of the three allow lists' entries, in list order. A page-side list with a `"*"`
    /// entry is injected unchecked and never compiled: none of its entries matters.
    public var allowListProblems: [FlutterAllowListProblem] {
        let lists: [(String, [String]?, Bool)] = [
            ("javaScriptBridgeOriginAllowList", javaScriptBridgeOriginAllowList, true),
            ("pluginScriptsOriginAllowList", pluginScriptsOriginAllowList, true),
            ("javaScriptHandlersOriginAllowList", javaScriptHandlersOriginAllowList, false),
        ]
        return lists.flatMap { setting, values, pageSide -> [FlutterAllowListProblem] in
            let values = values ?? []
            if pageSide, values.contains("*") { return [] }
            let scripts =
                setting == "pluginScriptsOriginAllowList"
                ? "the plugin scripts (and the bridge, when javaScriptBridgeOriginAllowList is unset)" : "the bridge"
            return values.enumerated().compactMap { index, entry in
                Self.problem(entry, pageSide: pageSide, scripts: scripts).map { kind, reason in
                    FlutterAllowListProblem(setting: setting, index: index, entry: entry, kind: kind, reason: reason)
                }
            }
        }
    }

    /// Entries that mean every origin.
    private static let everyOrigin: Set<String> = [".*", ".+", "^.*$", "^.+$", ""]

    private static func problem(_ entry: String, pageSide: Bool, scripts: String) -> (
        FlutterAllowListProblem.Kind, String
    )? {
        var value = entry
        if pageSide {
            switch JavaScriptStringLiteral.value(ofPasted: entry) {
            case .value(let decoded): value = decoded
            case .syntaxError(let reason):
                return (
                    .pageSyntaxError,
                    "the JavaScript string literal fails (\(reason)), so \(scripts) runs for no origin"
                )
            case .outsideSubset: return nil
            }
        } else if entry.isEmpty {
            return (.handlerNeverMatches, "an empty pattern, which range(of:) never finds: no call gets through it")
        }
        switch OriginRegex.read(value) {
        case .syntaxError(let reason):
            return pageSide
                ? (
                    .pageSyntaxError,
                    "new RegExp throws (\(reason)) while the list is built, so \(scripts) runs for no origin"
                )
                : (
                    .handlerNeverMatches,
                    "ICU cannot read it (\(reason)): it matches nothing, so no call gets through it"
                )
        case .outsideSubset: return nil
        case .regex: break
        }
        if value.contains("://*.") {
            return (
                .androidWildcard,
                "an Android origin rule read as a regular expression: `/*` repeats the slash and `.` is any character, so it admits https://xexample.com and not https://a.example.com"
            )
        }
        if pageSide, value != entry, Self.escapesARegexCharacter(entry) {
            return (
                .escapeLost,
                "the JavaScript string literal eats each single backslash: the expression reads \"\(value)\", not what the entry spells"
            )
        }
        if everyOrigin.contains(value) { return nil }
        if !Self.isAnchored(value) {
            let plain = value.allSatisfy { $0.isLetter || $0.isNumber || ":/.-".contains($0) }
            return (
                .unanchored,
                "an expression not anchored at both ends (each alternative from ^ to $) matches every origin that contains it"
                    + (plain && !value.isEmpty ? " (\(value).evil.net too)" : "")
            )
        }
        if Self.hasBareDot(value) {
            return (
                .dotAnyCharacter,
                "`.` outside a class and not repeated is any character: \"\(value)\" admits the same name with any other character in the dot's place (appxexample.com, a domain anyone can register)"
            )
        }
        return nil
    }

    /// Whether `entry` has a single backslash before a character that a regular expression escapes
    /// (`\.`, `\d`), which a JavaScript string literal reads as that character alone.
    private static func escapesARegexCharacter(_ entry: String) -> Bool {
        var previousWasBackslash = false
        for character in entry {
            if previousWasBackslash {
                if ".^$*+?()[]{}|dDwWsS".contains(character) { return true }
                previousWasBackslash = false
            } else if character == "\\" {
                previousWasBackslash = true
            }
        }
        return false
    }

    /// Whether `expression` has a `.` that is any character where a literal dot reads more likely:
    /// not escaped, not in a class, not followed by a quantifier (`.*`, `.+`, `.?`, `.{n}`).
    static func hasBareDot(_ expression: String) -> Bool {
        let characters = Array(expression)
        var index = 0
        var inClass = false
        while index < characters.count {
            let character = characters[index]
            if character == "\\" {
                index += 2
                continue
            }
            if inClass {
                if character == "]" { inClass = false }
            } else if character == "[" {
                inClass = true
            } else if character == ".", index + 1 >= characters.count || !"*+?{".contains(characters[index + 1]) {
                return true
            }
            index += 1
        }
        return false
    }

    /// Whether every top-level alternative of `expression` runs from `^` to `$`, inside any groups
    /// that wrap it whole. A missing `^` before a literal scheme (`https://…`) is no hole: an origin
    /// starts with its scheme.
    static func isAnchored(_ expression: String) -> Bool {
        topLevel(Substring(expression)).alternatives.allSatisfy { alternative in
            var text = Substring(alternative)
            while text.hasPrefix("("), text.hasSuffix(")"),
                case let inner = topLevel(text.dropFirst().dropLast()), inner.alternatives.count == 1, inner.balanced
            {
                text = text.dropFirst().dropLast()
                if text.hasPrefix("?:") { text = text.dropFirst(2) }
            }
            let scheme = text.prefix { $0.isLetter }
            let start = text.hasPrefix("^") || (!scheme.isEmpty && text.dropFirst(scheme.count).hasPrefix("://"))
            return start && text.hasSuffix("$") && !text.hasSuffix("\\$")
        }
    }

    /// The top-level alternatives of `expression` (`|` outside groups, classes and escapes), and
    /// whether its parentheses balance without going below zero (so that stripping an outer pair
    /// keeps one group).
    private static func topLevel(_ expression: Substring) -> (alternatives: [String], balanced: Bool) {
        var parts: [String] = []
        var current = ""
        var depth = 0
        var balanced = true
        var inClass = false
        var escaped = false
        for character in expression {
            if escaped {
                escaped = false
                current.append(character)
                continue
            }
            switch character {
            case "\\": escaped = true
            case "[" where !inClass: inClass = true
            case "]" where inClass: inClass = false
            case "(" where !inClass: depth += 1
            case ")" where !inClass:
                depth -= 1
                if depth < 0 { balanced = false }
            case "|" where !inClass && depth == 0:
                parts.append(current)
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        parts.append(current)
        return (parts, balanced && depth == 0)
    }
}
