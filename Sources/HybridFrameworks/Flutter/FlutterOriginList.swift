import WebAddress

/// One of flutter_inappwebview's origin allow lists, each entry read as the check that uses it reads
/// it (spec §13c–§13d): pasted into a JavaScript string literal and then a `RegExp` for the two lists
/// the page's gate uses, or as an ICU expression for the native handler list.
struct FlutterOriginList: Sendable, Hashable {
    /// Which check reads the list.
    enum Check: Sendable, Hashable {
        /// The user script's gate in the frame (`javaScriptBridgeOriginAllowList`,
        /// `pluginScriptsOriginAllowList`): `new RegExp('<entry>')`, every entry built before any
        /// is tested, so one syntax error removes the script for every origin.
        case pageGate
        /// The message handler (`javaScriptHandlersOriginAllowList`): `String.range(of:options:
        /// .regularExpression)`, an invalid entry matching nothing.
        case nativeHandler
    }

    /// One entry, as written and as read.
    struct Entry: Sendable, Hashable {
        let text: String
        /// Its place: `javaScriptBridgeOriginAllowList[0]`.
        let location: String
        /// The code of a rule it decides: `flutter-inappwebview.javaScriptBridgeOriginAllowList`.
        let code: String
        let reading: OriginRegex.Reading
        let meant: MeantOrigins
        /// The entry matched against a whole origin (`^(?:…)$`): what it names when its meaning is
        /// not plain (`MeantOrigins.whatItMatches`).
        let anchored: OriginRegex?
    }

    let setting: String
    let check: Check
    let entries: [Entry]

    /// Reads `values`, the list `setting` holds, compiling within `states` (what is left of the
    /// configuration's `OriginRegex.largestConfiguration`).
    init(setting: String, values: [String], check: Check, states: inout Int) {
        self.setting = setting
        self.check = check
        var entries: [Entry] = []
        let code = "flutter-inappwebview.\(setting)"
        for (offset, text) in values.enumerated() {
            // The text the expression is read from, or the reading when there is none to read.
            var value: String?
            var reading = OriginRegex.Reading.syntaxError("")
            switch check {
            case .nativeHandler:
                // `range(of:options:)` finds nothing for an empty string, whatever the options.
                if text.isEmpty {
                    reading = .syntaxError("an empty pattern, which range(of:) never finds")
                } else {
                    value = text
                }
            case .pageGate:
                switch JavaScriptStringLiteral.value(ofPasted: text) {
                case .value(let decoded): value = decoded
                case .syntaxError(let reason): reading = .syntaxError(reason)
                case .outsideSubset(let reason): reading = .outsideSubset("in the JavaScript string literal: \(reason)")
                }
            }
            var anchored: OriginRegex?
            if let value {
                reading = OriginRegex.read(value, states: states)
                if case .regex(let regex) = reading {
                    states -= regex.program.instructions.count
                    if case .regex(let whole) = OriginRegex.read("^(?:" + value + ")$", states: states) {
                        anchored = whole
                        states -= whole.program.instructions.count
                    }
                }
            }
            entries.append(
                Entry(
                    text: text, location: "\(setting)[\(offset)]", code: code, reading: reading,
                    meant: MeantOrigins(entry: text),
                    anchored: anchored))
        }
        self.entries = entries
    }

    /// `"*"` in a page-gate list: the script is added unchanged, for every origin.
    var admitsEveryOriginUnchecked: Bool { check == .pageGate && entries.contains { $0.text == "*" } }

    /// Whether the list names at least one origin in particular (not every origin).
    var namesSomeOrigin: Bool {
        !admitsEveryOriginUnchecked && !entries.isEmpty && !entries.contains { $0.meant == .every }
    }

    /// Whether some entry's author meant `origin` (or, where the meaning is not plain, the entry
    /// matches the whole origin); `url` is the origin parsed, once for every list.
    func names(_ origin: String, parsed url: WebURL?) -> Bool {
        entries.contains { entry in
            switch entry.meant {
            case .every: return true
            case .origins(let meant): return meant.names(url)
            case .whatItMatches: return entry.anchored?.findsMatch(in: origin) ?? false
            }
        }
    }
}
