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
        let reading: OriginRegex.Reading
        let meant: MeantOrigins
    }

    let setting: String
    let check: Check
    let entries: [Entry]

    /// Reads `values`, the list `setting` holds.
    init(setting: String, values: [String], check: Check) {
        self.setting = setting
        self.check = check
        entries = values.enumerated().map { offset, text in
            let reading: OriginRegex.Reading
            switch check {
            case .nativeHandler: reading = OriginRegex.read(text)
            case .pageGate:
                switch JavaScriptStringLiteral.value(ofPasted: text) {
                case .value(let value): reading = OriginRegex.read(value)
                case .syntaxError(let reason): reading = .syntaxError(reason)
                case .outsideSubset(let reason): reading = .outsideSubset("in the JavaScript string literal: \(reason)")
                }
            }
            return Entry(
                text: text, location: "\(setting)[\(offset)]", reading: reading, meant: MeantOrigins(entry: text))
        }
    }

    /// `"*"` in a page-gate list: the script is added unchanged, for every origin.
    var admitsEveryOriginUnchecked: Bool { check == .pageGate && entries.contains { $0.text == "*" } }

    /// Whether the list names at least one origin in particular (not every origin).
    var namesSomeOrigin: Bool {
        !admitsEveryOriginUnchecked && !entries.isEmpty && !entries.contains { $0.meant == .every }
    }

    /// Whether some entry's author meant `origin` (or, where the meaning is unclear, the entry
    /// matches it).
    func names(_ origin: String) -> Bool {
        entries.contains { entry in
            switch entry.meant {
            case .every: return true
            case .origins(let meant): return meant.names(origin)
            case .whatItMatches:
                if case .regex(let regex) = entry.reading { return regex.findsMatch(in: origin) }
                return false
            }
        }
    }
}
