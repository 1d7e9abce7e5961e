/// The two origin checks of flutter_inappwebview 6.2 (spec §13c–§13d), each with the entry or
/// built-in rule that decided.
enum FlutterOriginGate {
    /// A check's outcome.
    struct Outcome {
        let passes: Bool
        let rule: FrameworkRule
    }

    /// The user script's gate in a frame whose `location.origin` is `origin`. Every entry's
    /// `RegExp` is built before any is tested: one syntax error and the script runs nowhere.
    static func page(_ list: FlutterOriginList?, origin: String) throws(FrameworkBridgeFailure) -> Outcome {
        guard let list else {
            return Outcome(
                passes: true,
                rule: .builtIn(
                    "flutter-inappwebview.pageGate.none",
                    "no origin allow list for the bridge or the plugin scripts: its script runs in every origin"))
        }
        if let star = list.entries.first(where: { $0.text == "*" }) {
            return Outcome(passes: true, rule: rule(star, "\"*\" adds the script unchecked, for every origin"))
        }
        if list.entries.isEmpty {
            return Outcome(
                passes: false,
                rule: .builtIn(
                    "flutter-inappwebview.\(list.setting)",
                    "\(list.setting) is [] and the bridge takes it: the script's source is emptied"))
        }
        // A syntax error anywhere decides, whatever an undecidable entry would have done.
        for entry in list.entries {
            if case .syntaxError(let reason) = entry.reading {
                return Outcome(
                    passes: false,
                    rule: rule(entry, "a syntax error in the script (\(reason)): the bridge runs in no frame"))
            }
        }
        // The page builds every RegExp before testing any: an entry WebFence cannot read decides first.
        for entry in list.entries {
            if case .outsideSubset(let reason) = entry.reading { throw failure(entry, reason) }
        }
        for entry in list.entries {
            if case .regex(let regex) = entry.reading, regex.findsMatch(in: origin) {
                return Outcome(
                    passes: true, rule: rule(entry, "as a JavaScript RegExp it finds a match in the origin \(origin)"))
            }
        }
        return Outcome(
            passes: false,
            rule: .builtIn(
                "flutter-inappwebview.\(list.setting).noMatch",
                "no entry of \(list.setting), as a JavaScript RegExp, finds a match in the origin \(origin)"))
    }

    /// The message handler's check of the sending frame's security origin (nil when its scheme or
    /// host is empty); entries in order, the first match accepting, an invalid one matching nothing.
    static func native(_ list: FlutterOriginList?, origin: String?) throws(FrameworkBridgeFailure) -> Outcome {
        guard let list else {
            return Outcome(
                passes: true,
                rule: .builtIn(
                    "flutter-inappwebview.javaScriptHandlersOriginAllowList.none",
                    "no javaScriptHandlersOriginAllowList: a call with the secret is accepted from every origin"))
        }
        guard let origin else {
            return Outcome(
                passes: false,
                rule: .builtIn(
                    "flutter-inappwebview.javaScriptHandlersOriginAllowList.noOrigin",
                    "the frame's security origin has no scheme or host, so no entry can match it"))
        }
        var undecided: FlutterOriginList.Entry?
        for entry in list.entries {
            switch entry.reading {
            case .regex(let regex) where regex.findsMatch(in: origin):
                return Outcome(
                    passes: true, rule: rule(entry, "as an ICU regular expression it finds a match in \(origin)"))
            case .outsideSubset: undecided = undecided ?? entry
            case .regex, .syntaxError: continue
            }
        }
        if let undecided, case .outsideSubset(let reason) = undecided.reading { throw failure(undecided, reason) }
        let never = list.entries.compactMap { entry -> String? in
            if case .syntaxError(let reason) = entry.reading { "\"\(entry.text)\": \(reason)" } else { nil }
        }
        let note = never.isEmpty ? "" : " (matching nothing: \(never.joined(separator: "; ")))"
        return Outcome(
            passes: false,
            rule: .builtIn(
                "flutter-inappwebview.javaScriptHandlersOriginAllowList.noMatch",
                "no entry of javaScriptHandlersOriginAllowList, as an ICU regular expression, finds a match in "
                    + "\(origin)\(note)"))
    }

    private static func rule(_ entry: FlutterOriginList.Entry, _ reason: String) -> FrameworkRule {
        FrameworkRule(
            code: entry.code, location: entry.location,
            entry: entry.text, reason: reason)
    }

    private static func failure(_ entry: FlutterOriginList.Entry, _ reason: String) -> FrameworkBridgeFailure {
        FrameworkBridgeFailure(
            "\(entry.location) \"\(entry.text)\": outside the regular-expression syntax WebFence evaluates (\(reason))")
    }
}
