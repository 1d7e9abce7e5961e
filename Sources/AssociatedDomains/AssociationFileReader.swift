import StrictJSON

extension AssociationFile {
    /// Why a file cannot be used at all: a device denies the association.
    public enum ReadError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The file is over the size limit (`maximumSize` bytes by default): devices abort it.
        case tooLarge(bytes: Int)
        /// The bytes are not UTF-8, UTF-16 or UTF-32 text (nor CMS-signed such text), with the reason.
        case notText(String)
        /// The text is not JSON; the error says where and why.
        case invalidJSON(JSONParser.Error)
        /// The JSON's top level is not an object.
        case notAnObject

        /// A stable code, e.g. `aasa.size`.
        public var code: String {
            switch self {
            case .tooLarge: "aasa.size"
            case .notText: "aasa.encoding.invalid"
            case .invalidJSON: "aasa.json.invalid"
            case .notAnObject: "aasa.json.notObject"
            }
        }

        /// The reason in a sentence for people.
        public var description: String {
            switch self {
            case .tooLarge(let bytes):
                "\(bytes) bytes: devices abort a file over \(AssociationFile.maximumSize) bytes"
            case .notText(let reason): "the file is not text: \(reason)"
            case .invalidJSON(let error): "invalid JSON at line \(error.line), column \(error.column): \(error.message)"
            case .notAnObject: "the top level is not a JSON object"
            }
        }
    }

    /// The largest file a device reads (131,072 bytes); it aborts a longer download.
    public static let maximumSize = 131_072

    /// Reads a file from the bytes a server sent, as leniently as a device. The findings say what
    /// the device tolerated or ignored on the way; `AssociationFileLinter` adds the rest.
    /// `sizeLimit`: nil reads a file of any size (a linter that has already reported the size).
    public static func read(_ bytes: [UInt8], sizeLimit: Int? = maximumSize)
        -> Result<(file: AssociationFile, findings: [Finding]), ReadError>
    {
        switch AssociationFileBytes.text(from: bytes, sizeLimit: sizeLimit) {
        case .failure(.tooLarge(let count)): return .failure(.tooLarge(bytes: count))
        case .failure(.notText(let reason)): return .failure(.notText(reason))
        case .success(let (text, findings)):
            return read(json: text).map { ($0.file, findings + $0.findings) }
        }
    }

    /// Reads a file from its JSON text.
    public static func read(json text: String) -> Result<(file: AssociationFile, findings: [Finding]), ReadError> {
        let parsed: (value: JSONValue, repeatedKeys: [String])
        do { parsed = try JSONParser.parse(text, duplicateKeys: .keepLast) } catch {
            return .failure(.invalidJSON(error))
        }
        return read(value: parsed.value, repeatedKeys: parsed.repeatedKeys)
    }

    /// Reads a file from JSON already parsed (`repeatedKeys`: pointers of keys the parser saw twice).
    public static func read(value: JSONValue, repeatedKeys: [String] = [])
        -> Result<(file: AssociationFile, findings: [Finding]), ReadError>
    {
        guard case .object = value else { return .failure(.notAnObject) }
        var reader = Reader()
        for pointer in repeatedKeys {
            reader.finding(
                "aasa.json.duplicateKey", .warning, pointer,
                "the key appears twice in one object; devices keep the last")
        }
        let file = reader.file(value, repeatedKeys: repeatedKeys)
        return .success((file, reader.findings))
    }

    /// The reading itself, collecting findings as it goes.
    private struct Reader {
        var findings: [Finding] = []

        mutating func finding(_ code: String, _ severity: Finding.Severity, _ pointer: String, _ message: String) {
            findings.append(Finding(code, severity, at: pointer, message))
        }

        mutating func file(_ json: JSONValue, repeatedKeys: [String]) -> AssociationFile {
            var file = AssociationFile(applinks: nil, apps: [:], json: json, repeatedKeys: repeatedKeys)
            guard case .object(let services) = json else { return file }
            for member in services {
                let pointer = JSONParser.pointer([member.key])
                guard case .object = member.value else {
                    finding(
                        "aasa.service.notObject", .warning, pointer,
                        "\(member.key) is \(member.value.typeName), not an object; devices ignore it")
                    continue
                }
                switch member.key {
                case "applinks":
                    file.applinks = appLinks(member.value, at: pointer)
                case "webcredentials", "activitycontinuation", "appclips":
                    file.apps[member.key] = appsList(member.value, at: pointer, service: member.key)
                default:
                    finding(
                        "aasa.service.unknown", .note, pointer,
                        "\"\(member.key)\" is not a service devices read (applinks, webcredentials, activitycontinuation, appclips)"
                    )
                }
            }
            return file
        }

        // MARK: - Services

        mutating func appsList(_ value: JSONValue, at pointer: String, service: String) -> [String] {
            checkKeys(value, at: pointer, known: ["apps"], what: service)
            guard let apps = value["apps"] else {
                finding("aasa.apps.missing", .warning, pointer, "\(service) has no \"apps\" array, so it names no app")
                return []
            }
            return appIDs(apps, at: pointer + "/apps")
        }

        mutating func appLinks(_ value: JSONValue, at pointer: String) -> AppLinks {
            checkKeys(
                value, at: pointer, known: ["details", "defaults", "substitutionVariables", "apps"], what: "applinks")
            let defaults =
                value["defaults"].map { ruleFields($0, at: pointer + "/defaults", isDefaults: true) } ?? RuleFields()
            let variables = substitutionVariables(
                value["substitutionVariables"], at: pointer + "/substitutionVariables")
            let hasApps = value["apps"] != nil
            var details: [Details] = []
            switch value["details"] {
            case nil:
                finding(
                    "aasa.applinks.noDetails", .error, pointer,
                    "applinks has no \"details\": no universal link can match")
            case .array(let entries)?:
                for (index, entry) in entries.enumerated() {
                    details.append(self.details(entry, at: "\(pointer)/details/\(index)", key: nil))
                }
            case .object(let entries)?:
                finding(
                    "aasa.details.dictionaryForm", .note, pointer + "/details",
                    "the oldest form: details keyed by app ID; devices still read it")
                for entry in entries {
                    details.append(
                        self.details(
                            entry.value, at: pointer + "/details" + JSONParser.pointer([entry.key]), key: entry.key))
                }
            case let other?:
                finding(
                    "aasa.details.notArray", .error, pointer + "/details",
                    "details is \(other.typeName), not an array; devices ignore it")
            }
            if hasApps {
                if value["apps"] != .array([]) {
                    finding(
                        "aasa.applinks.apps", .warning, pointer + "/apps",
                        "applinks.apps must be [] (iOS 9–12); devices ignore it when details exists")
                } else {
                    finding(
                        "aasa.applinks.apps", .note, pointer + "/apps",
                        "applinks.apps is ignored when details exists (it was for iOS 9–12)")
                }
            }
            return AppLinks(
                defaults: defaults, substitutionVariables: variables, details: details, hasLegacyApps: hasApps)
        }

        mutating func substitutionVariables(_ value: JSONValue?, at pointer: String) -> [String: [String]] {
            guard let value else { return [:] }
            guard case .object(let members) = value else {
                finding(
                    "aasa.variables.notObject", .warning, pointer,
                    "substitutionVariables is \(value.typeName), not an object; ignored")
                return [:]
            }
            var variables: [String: [String]] = [:]
            for member in members {
                let path = pointer + JSONParser.pointer([member.key])
                if member.key.contains(where: { "$()".contains($0) }) || member.key.isEmpty {
                    finding(
                        "aasa.variable.name", .warning, path,
                        "a variable's name cannot be empty or contain $, ( or ); it can never be used")
                    continue
                }
                if BuiltInVariable(rawValue: member.key) != nil {
                    finding(
                        "aasa.variable.builtIn", .warning, path,
                        "$(\(member.key)) is built in; this definition is ignored")
                    continue
                }
                guard case .array(let items) = member.value else {
                    finding(
                        "aasa.variable.notArray", .warning, path,
                        "a variable's value must be an array of strings; ignored")
                    continue
                }
                var values: [String] = []
                for (index, item) in items.enumerated() {
                    guard case .string(let text) = item else {
                        finding(
                            "aasa.variable.notString", .warning, "\(path)/\(index)", "a non-string value is skipped")
                        continue
                    }
                    if text.contains("$(") {
                        finding(
                            "aasa.variable.nested", .warning, "\(path)/\(index)",
                            "a value cannot use another variable; $( is matched literally")
                    }
                    values.append(text)
                }
                variables[member.key] = values
            }
            return variables
        }

        // MARK: - Details

        mutating func details(_ value: JSONValue, at pointer: String, key: String?) -> Details {
            guard case .object = value else {
                finding(
                    "aasa.details.notObject", .warning, pointer,
                    "a details entry is \(value.typeName), not an object; ignored")
                return Details(
                    pointer: pointer, appIDs: [], appIDsSource: .none, defaults: RuleFields(), rules: [],
                    rulesSource: .none)
            }
            checkKeys(
                value, at: pointer, known: ["appIDs", "appID", "components", "paths", "defaults"],
                what: "a details entry")
            var ids: [String] = []
            var idsSource = AppIDsSource.none
            if let list = value["appIDs"] {
                ids = appIDs(list, at: pointer + "/appIDs")
                idsSource = .appIDs
                if value["appID"] != nil {
                    finding(
                        "aasa.details.appIDIgnored", .warning, pointer + "/appID",
                        "appIDs is present, so devices ignore appID")
                }
            } else if let single = value["appID"] {
                idsSource = .appID
                if case .string(let id) = single {
                    ids = [id]
                } else {
                    finding(
                        "aasa.appID.notString", .warning, pointer + "/appID",
                        "appID is \(single.typeName), not a string; skipped")
                }
            } else if let key {
                ids = [key]
                idsSource = .detailsKey
            } else {
                finding(
                    "aasa.details.noAppID", .warning, pointer,
                    "an entry with neither appIDs nor appID contributes nothing")
            }
            if idsSource != .appIDs, let id = ids.first { check(id, at: pointer) }  // appIDs(_:at:) checked the list
            let defaults =
                value["defaults"].map { ruleFields($0, at: pointer + "/defaults", isDefaults: true) } ?? RuleFields()

            var rules: [Rule] = []
            var rulesSource = RulesSource.none
            if let components = value["components"] {
                rulesSource = .components
                if value["paths"] != nil {
                    finding(
                        "aasa.details.pathsIgnored", .warning, pointer + "/paths",
                        "components is present, so devices ignore paths")
                }
                switch components {
                case .array(let items):
                    if items.isEmpty {
                        finding(
                            "aasa.details.emptyComponents", .warning, pointer + "/components",
                            "an empty components array matches nothing (and paths, if any, is ignored)")
                    }
                    for (index, item) in items.enumerated() {
                        let path = "\(pointer)/components/\(index)"
                        guard case .object = item else {
                            finding(
                                "aasa.rule.notObject", .warning, path,
                                "a component is \(item.typeName), not an object; ignored")
                            continue
                        }
                        rules.append(
                            Rule(
                                pointer: path, fields: ruleFields(item, at: path, isDefaults: false), legacyPath: nil,
                                text: Self.textWithoutComment(item)))
                    }
                default:
                    finding(
                        "aasa.details.componentsNotArray", .warning, pointer + "/components",
                        "components is \(components.typeName), not an array; nothing matches")
                }
            } else if let paths = value["paths"] {
                rulesSource = .paths
                guard case .array(let items) = paths else {
                    finding(
                        "aasa.paths.notArray", .warning, pointer + "/paths",
                        "paths is \(paths.typeName), not an array; nothing matches")
                    return Details(
                        pointer: pointer, appIDs: ids, appIDsSource: idsSource, defaults: defaults, rules: [],
                        rulesSource: rulesSource)
                }
                for (index, item) in items.enumerated() {
                    let path = "\(pointer)/paths/\(index)"
                    guard case .string(let text) = item else {
                        finding(
                            "aasa.paths.notString", .warning, path, "a path is \(item.typeName), not a string; skipped")
                        continue
                    }
                    rules.append(Self.legacyRule(text, at: path))
                }
            }
            return Details(
                pointer: pointer, appIDs: ids, appIDsSource: idsSource, defaults: defaults, rules: rules,
                rulesSource: rulesSource)
        }

        /// A component as written, without its `comment` (which `RuleFields.comment` keeps).
        static func textWithoutComment(_ component: JSONValue) -> String {
            guard case .object(let members) = component else { return component.serialized() }
            return JSONValue.object(members.filter { $0.key != "comment" }).serialized()
        }

        /// A legacy `paths` string: `NOT ` (any case, with the space) excludes; only the path is matched.
        static func legacyRule(_ text: String, at pointer: String) -> Rule {
            let isNot = text.count >= 4 && text.prefix(4).uppercased() == "NOT "
            let pattern = isNot ? String(text.dropFirst(4)) : text
            return Rule(
                pointer: pointer,
                fields: RuleFields(path: pattern, query: .whole("*"), fragment: "*", exclude: isNot),
                legacyPath: text, text: JSONValue.string(text).serialized())
        }

        /// One finding when `id` is not a Team ID and a bundle ID of the app's own (`AppID.problem`).
        mutating func check(_ id: String, at pointer: String) {
            if let problem = AppID.problem(id) { finding(problem.code, .warning, pointer, problem.message(for: id)) }
        }

        mutating func appIDs(_ value: JSONValue, at pointer: String) -> [String] {
            guard case .array(let items) = value else {
                finding(
                    "aasa.appIDs.notArray", .warning, pointer, "expected an array of app IDs, found \(value.typeName)")
                return []
            }
            var ids: [String] = []
            for (index, item) in items.enumerated() {
                if case .string(let id) = item {
                    ids.append(id)
                    check(id, at: "\(pointer)/\(index)")
                } else {
                    finding(
                        "aasa.appID.notString", .warning, "\(pointer)/\(index)",
                        "an app ID is \(item.typeName), not a string; skipped")
                }
            }
            return ids
        }

        // MARK: - Rules

        static let ruleKeys = ["/", "?", "#", "exclude", "caseSensitive", "percentEncoded", "comment"]

        mutating func ruleFields(_ value: JSONValue, at pointer: String, isDefaults: Bool) -> RuleFields {
            guard case .object = value else {
                finding(
                    "aasa.defaults.notObject", .warning, pointer,
                    "defaults is \(value.typeName), not an object; ignored")
                return RuleFields()
            }
            checkKeys(value, at: pointer, known: Self.ruleKeys, what: isDefaults ? "defaults" : "a component")
            var fields = RuleFields()
            fields.path = string(value["/"], at: pointer + "/~1", name: "/")
            fields.fragment = string(value["#"], at: pointer + "/#", name: "#")
            fields.query = query(value["?"], at: pointer + "/?")
            fields.exclude = bool(value["exclude"], at: pointer + "/exclude", name: "exclude")
            fields.caseSensitive = bool(value["caseSensitive"], at: pointer + "/caseSensitive", name: "caseSensitive")
            fields.percentEncoded = bool(
                value["percentEncoded"], at: pointer + "/percentEncoded", name: "percentEncoded")
            if case .string(let comment)? = value["comment"] { fields.comment = comment }
            return fields
        }

        /// A non-string `/` or `#` counts as unspecified.
        mutating func string(_ value: JSONValue?, at pointer: String, name: String) -> String? {
            switch value {
            case nil: return nil
            case .string(let text)?: return text
            case let other?:
                finding(
                    "aasa.rule.notString", .warning, pointer,
                    "\"\(name)\" is \(other.typeName), not a string; devices treat it as not given")
                return nil
            }
        }

        /// `?`: a string, or an object of strings. An object with any non-string value is ignored
        /// entirely, and the rule then matches any query.
        mutating func query(_ value: JSONValue?, at pointer: String) -> QueryPattern? {
            switch value {
            case nil: return nil
            case .string(let text)?: return .whole(text)
            case .object(let members)?:
                if let bad = members.first(where: { $0.value.stringValue == nil }) {
                    finding(
                        "aasa.rule.queryNotString", .warning, pointer + JSONParser.pointer([bad.key]),
                        "query item \"\(bad.key)\" is \(bad.value.typeName), not a string, so devices ignore the whole \"?\" object and match any query"
                    )
                    return .whole("*")
                }
                return .items(members.map { ($0.key, $0.value.stringValue ?? "") })
            case let other?:
                finding(
                    "aasa.rule.notString", .warning, pointer,
                    "\"?\" is \(other.typeName); devices treat it as not given")
                return nil
            }
        }

        /// Booleans may arrive as numbers or strings (read as Foundation's `boolValue` does);
        /// anything else counts as false.
        mutating func bool(_ value: JSONValue?, at pointer: String, name: String) -> Bool? {
            switch value {
            case nil: return nil
            case .bool(let flag)?: return flag
            case .int(let number)?:
                finding(
                    "aasa.rule.boolCoerced", .warning, pointer,
                    "\"\(name)\" is the number \(number); devices read it as \(number != 0)")
                return number != 0
            case .double(let number)?:
                finding(
                    "aasa.rule.boolCoerced", .warning, pointer,
                    "\"\(name)\" is the number \(number); devices read it as \(number != 0)")
                return number != 0
            case .string(let text)?:
                let flag = Self.foundationBoolValue(text)
                finding(
                    "aasa.rule.boolCoerced", .warning, pointer,
                    "\"\(name)\" is the string \"\(text)\"; devices read it as \(flag)")
                return flag
            case let other?:
                finding(
                    "aasa.rule.boolInvalid", .warning, pointer,
                    "\"\(name)\" is \(other.typeName); devices read it as false")
                return false
            }
        }

        /// `NSString.boolValue`: skips leading whitespace, then true for Y, y, T, t or a digit 1–9.
        static func foundationBoolValue(_ text: String) -> Bool {
            let trimmed = text.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
            var rest = Substring(trimmed)
            if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
            while rest.first == "0" { rest = rest.dropFirst() }
            guard let first = rest.first ?? trimmed.first else { return false }
            return "YyTt123456789".contains(first)
        }

        /// Flags the keys devices ignore, suggesting the key a misspelling meant.
        mutating func checkKeys(_ value: JSONValue, at pointer: String, known: [String], what: String) {
            guard case .object(let members) = value else { return }
            for member in members where !known.contains(member.key) {
                let suggestion = known.first { $0.lowercased() == member.key.lowercased() }
                finding(
                    "aasa.key.unknown", .warning, pointer + JSONParser.pointer([member.key]),
                    "devices ignore \"\(member.key)\" in \(what)"
                        + (suggestion.map { " (did you mean \"\($0)\"? keys are case-sensitive)" } ?? ""))
            }
        }
    }
}
