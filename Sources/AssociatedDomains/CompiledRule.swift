/// One rule with its defaults resolved and its patterns compiled: what the matcher walks. Plain
/// values only (pattern handles, flags), so walking a hundred rules touches no reference count.
struct CompiledRule: Sendable {
    /// The `/` pattern, normalised (spec §3).
    let path: Pattern
    let fragment: Pattern
    /// The whole-query pattern, when the rule has no query items.
    let query: Pattern
    /// The rule's query items: `RuleSet.items[itemsStart ..< itemsStart + itemsCount]`.
    let itemsStart: Int32
    let itemsCount: Int32
    let hasItems: Bool
    let excludes: Bool
    let percentEncoded: Bool
    /// The character every matching path has after its leading `/` (case-folded when the rule
    /// folds case), or 0 when the pattern does not fix one: one byte compared before anything else,
    /// so that walking past rules for other paths costs almost nothing.
    let pathKey: UInt8

    /// Which part of the URL a rule failed on.
    enum Miss: Sendable, Hashable {
        case path
        case query
        /// A named query item, by its index in `RuleSet.items` (absent items have the value `""`).
        case queryItem(Int32)
        case fragment
    }

    /// The path key of a normalised path pattern: its second character when that is a literal
    /// ASCII character; percent-decoded rules get none (their path is not the bytes compared).
    static func pathKey(normalised: String, foldsCase: Bool, percentEncoded: Bool) -> UInt8 {
        let scalars = normalised.unicodeScalars.prefix(2).map(\.value)
        guard percentEncoded, scalars.count == 2, scalars[0] == 0x2F, scalars[1] < 0x80,
            !"*?$".unicodeScalars.map(\.value).contains(scalars[1])
        else { return 0 }
        return UInt8(PatternStorage.fold(scalars[1], foldsCase))
    }
}

/// One `"?": {name: pattern}` item of a rule.
struct QueryItemPattern: Sendable {
    /// Index into `RuleSet.itemNames`.
    let name: Int32
    let pattern: Pattern
}

/// Every rule of a file, compiled: the rules of details entry `i` are `rules[entryRanges[i]]`.
final class RuleSet: Sendable {
    let file: AssociationFile
    /// App ID → index of the first details entry listing it (D29).
    let entryForAppID: [String: Int]
    /// The same, as a list: for the few app IDs most files have, comparing is cheaper than hashing.
    let appIDEntries: [(appID: String, entry: Int)]
    let storage: PatternStorage
    let rules: [CompiledRule]
    let items: [QueryItemPattern]
    /// Query item names as written (bytes) and as code points (for decoded comparison).
    let itemNames: [(bytes: [UInt8], scalars: [UInt32])]
    let entryRanges: [Range<Int>]
    /// For each entry, its rules by the character a path has after `/`.
    let entryIndexes: [RuleIndex]
    /// Each rule's keys with defaults resolved, for explanations and the linter.
    let fields: [AssociationFile.RuleFields]
    /// Each rule as a decision names it, made once so that a decision copies rather than builds it.
    let references: [UniversalLinkDecision.RuleReference]
    /// Each details entry's JSON pointer.
    let entryPointers: [String]

    init(_ file: AssociationFile) {
        self.file = file
        var entryForAppID: [String: Int] = [:]
        for (index, details) in (file.applinks?.details ?? []).enumerated() {
            for appID in details.appIDs where entryForAppID[appID] == nil { entryForAppID[appID] = index }
        }
        self.entryForAppID = entryForAppID
        appIDEntries = entryForAppID.map { ($0.key, $0.value) }.sorted { $0.entry < $1.entry }
        var builder = PatternStorage.Builder()
        var rules: [CompiledRule] = []
        var items: [QueryItemPattern] = []
        var itemNames: [(bytes: [UInt8], scalars: [UInt32])] = []
        var entryRanges: [Range<Int>] = []
        var allFields: [AssociationFile.RuleFields] = []
        var references: [UniversalLinkDecision.RuleReference] = []
        let fileDefaults = file.applinks?.defaults ?? AssociationFile.RuleFields()
        let variables = file.applinks?.substitutionVariables ?? [:]
        for details in file.applinks?.details ?? [] {
            let start = rules.count
            for (index, rule) in details.rules.enumerated() {
                references.append(
                    .init(index: index, pointer: rule.pointer, text: rule.text, comment: rule.fields.comment))
                // Every key resolved: rule > entry defaults > `applinks.defaults` > built-in (spec §2).
                let fields = rule.fields.over(details.defaults).over(fileDefaults).over(.builtIn)
                // A non-boolean flag counts as false; the reader already turned it into a Bool.
                let foldsCase = fields.caseSensitive == false
                func compile(_ text: String) -> Pattern {
                    builder.compile(text, variables: variables, foldsCase: foldsCase)
                }
                let itemsStart = Int32(items.count)
                var query = Pattern(kind: .everything, foldsCase: foldsCase, start: 0, count: 0)
                var hasItems = false
                switch fields.query ?? .whole("*") {
                case .whole(let text): query = compile(text)
                case .items(let list):
                    hasItems = true
                    for item in list {
                        items.append(QueryItemPattern(name: Int32(itemNames.count), pattern: compile(item.pattern)))
                        itemNames.append((Array(item.name.utf8), item.name.unicodeScalars.map(\.value)))
                    }
                }
                let path = PathNormalisation.pattern(fields.path ?? "*")
                let percentEncoded = fields.percentEncoded ?? true
                rules.append(
                    CompiledRule(
                        path: compile(path), fragment: compile(fields.fragment ?? "*"),
                        query: query, itemsStart: itemsStart, itemsCount: Int32(items.count) - itemsStart,
                        hasItems: hasItems,
                        excludes: fields.exclude ?? false, percentEncoded: percentEncoded,
                        pathKey: CompiledRule.pathKey(
                            normalised: path, foldsCase: foldsCase, percentEncoded: percentEncoded)))
                allFields.append(fields)
            }
            entryRanges.append(start..<rules.count)
        }
        storage = PatternStorage(builder)
        self.rules = rules
        self.items = items
        self.itemNames = itemNames
        self.entryRanges = entryRanges
        entryIndexes = entryRanges.map { RuleIndex(rules, range: $0) }
        self.fields = allFields
        self.references = references
        entryPointers = (file.applinks?.details ?? []).map(\.pointer)
    }

    /// The details entry that decides for `appID` (D29).
    @inline(__always)
    func entry(for appID: String) -> Int? {
        guard appIDEntries.count <= 8 else { return entryForAppID[appID] }
        for candidate in appIDEntries where candidate.appID == appID { return candidate.entry }
        return nil
    }

    /// A rule that matches every URL: nothing after it is reachable.
    func matchesEveryURL(_ index: Int) -> Bool {
        let rule = rules[index]
        guard storage.matchesEveryPath(rule.path), rule.fragment.matchesEverything else { return false }
        if !rule.hasItems { return rule.query.matchesEverything }
        return items[Int(rule.itemsStart)..<Int(rule.itemsStart + rule.itemsCount)].allSatisfy {
            $0.pattern.matchesEverything
        }
    }

    /// Nil when every part of rule `index` matches; otherwise the first part that did not.
    @inline(__always)
    func miss(_ index: Int, _ link: inout LinkComponents) -> CompiledRule.Miss? {
        let rule = rules[index]
        if rule.percentEncoded {
            if !storage.matches(rule.path, link.path) { return .path }
            if let miss = queryMiss(rule, link.query, decoded: false) { return miss }
            if !storage.matches(rule.fragment, link.fragment) { return .fragment }
        } else {
            let decoded = link.decodedComponents()
            if !storage.matches(rule.path, decoded.path) { return .path }
            // Query items are split as written, then decoded, so `%26` never splits an item.
            if let miss = queryMiss(rule, link.query, decoded: true) { return miss }
            if !storage.matches(rule.fragment, decoded.fragment) { return .fragment }
        }
        return nil
    }

    private func queryMiss(_ rule: CompiledRule, _ query: UnsafeBufferPointer<UInt8>, decoded: Bool) -> CompiledRule
        .Miss?
    {
        guard rule.hasItems else {
            if rule.query.matchesEverything { return nil }
            let matched =
                decoded ? storage.matches(rule.query, LinkComponents.decode(query)) : storage.matches(rule.query, query)
            return matched ? nil : .query
        }
        let queryItems = LinkComponents.queryItems(query)
        for itemIndex in Int(rule.itemsStart)..<Int(rule.itemsStart + rule.itemsCount) {
            let item = items[itemIndex]
            guard !item.pattern.matchesEverything else { continue }
            let name = itemNames[Int(item.name)]
            var found = false
            for queryItem in queryItems {
                let sameName =
                    decoded
                    ? LinkComponents.decode(queryItem.name) == name.scalars : queryItem.name.elementsEqual(name.bytes)
                guard sameName else { continue }
                found = true
                let matched =
                    decoded
                    ? storage.matches(item.pattern, LinkComponents.decode(queryItem.value))
                    : storage.matches(item.pattern, queryItem.value)
                if !matched { return .queryItem(Int32(itemIndex)) }
            }
            // An absent item has the value "".
            if !found, !storage.matches(item.pattern, [UInt8]()) { return .queryItem(Int32(itemIndex)) }
        }
        return nil
    }
}
