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
    /// The problems of the three allow lists' entries, in list order.
    public var allowListProblems: [FlutterAllowListProblem] {
        let lists: [(String, [String]?, Bool)] = [
            ("javaScriptBridgeOriginAllowList", javaScriptBridgeOriginAllowList, true),
            ("pluginScriptsOriginAllowList", pluginScriptsOriginAllowList, true),
            ("javaScriptHandlersOriginAllowList", javaScriptHandlersOriginAllowList, false),
        ]
        return lists.flatMap { setting, values, pageSide in
            (values ?? []).enumerated().compactMap { index, entry in
                Self.problem(entry, pageSide: pageSide).map { kind, reason in
                    FlutterAllowListProblem(setting: setting, index: index, entry: entry, kind: kind, reason: reason)
                }
            }
        }
    }

    /// Entries that mean every origin on the page side (`"*"` is special there) or anywhere.
    private static let everyOrigin: Set<String> = [".*", ".+", "^.*$", "^.+$"]

    private static func problem(_ entry: String, pageSide: Bool) -> (FlutterAllowListProblem.Kind, String)? {
        if pageSide, entry == "*" { return nil }
        var value = entry
        if pageSide {
            switch JavaScriptStringLiteral.value(ofPasted: entry) {
            case .value(let decoded): value = decoded
            case .syntaxError(let reason):
                return (
                    .pageSyntaxError,
                    "the JavaScript string literal fails (\(reason)), so the script runs for no origin"
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
                    "new RegExp throws (\(reason)) while the list is built, so the script runs for no origin"
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
                "the JavaScript string literal eats each single backslash: the expression reads \"\(value)\", where `.` is any character"
            )
        }
        if !everyOrigin.contains(value), !value.hasPrefix("^") || !value.hasSuffix("$") {
            return (
                .unanchored,
                "an unanchored expression matches every origin that contains it"
                    + (value.hasSuffix("$") || value.hasPrefix("^")
                        ? "" : " (\(value.replacingOccurrences(of: "\\", with: "")).evil.net too)")
            )
        }
        return nil
    }

    /// Whether `entry` has a single backslash before a character that a regular expression escapes
    /// (`\.`, `\/`, `\d`), which a JavaScript string literal reads as that character alone.
    private static func escapesARegexCharacter(_ entry: String) -> Bool {
        var previousWasBackslash = false
        for character in entry {
            if previousWasBackslash {
                if ".^$*+?()[]{}|/-dDwWsS".contains(character) { return true }
                previousWasBackslash = false
            } else if character == "\\" {
                previousWasBackslash = true
            }
        }
        return false
    }
}
