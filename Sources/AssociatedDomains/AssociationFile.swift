import StrictJSON

/// An `apple-app-site-association` file as a device reads it (spec §2): lenient, like the device.
/// What the device tolerates or ignores is kept visible here so that the linter can report it.
public struct AssociationFile: Sendable {
    /// The `applinks` service, when present and an object.
    public var applinks: AppLinks?
    /// The other services (`webcredentials`, `activitycontinuation`, `appclips`, ...): their app IDs.
    public var apps: [String: [String]]
    /// The file's JSON, as read (duplicate keys resolved the device's way: the last one wins).
    public var json: JSONValue
    /// JSON pointers of keys that appeared twice in one object.
    public var repeatedKeys: [String]

    /// `applinks`: the details entries and what applies to all of them.
    public struct AppLinks: Sendable {
        /// `applinks.defaults`, which details entries' own defaults and rules override.
        public var defaults: RuleFields
        /// `applinks.substitutionVariables`: name → alternatives.
        public var substitutionVariables: [String: [String]]
        /// The `details` entries, in file order.
        public var details: [Details]
        /// `applinks.apps` is present (legacy, must be `[]` on iOS 9–12, ignored with `details`).
        public var hasLegacyApps: Bool
    }

    /// One entry of `applinks.details`.
    public struct Details: Sendable {
        /// Where the entry is (`/applinks/details/0`, or `/applinks/details/ABCDE12345.com.x` in the
        /// oldest form).
        public var pointer: String
        /// The app IDs it lists (`appIDs` when present, even empty; else `appID`), strings only.
        public var appIDs: [String]
        /// Which key gave the app IDs.
        public var appIDsSource: AppIDsSource
        /// The entry's own `defaults`.
        public var defaults: RuleFields
        /// Its rules: `components` when present (even empty), else `paths` converted.
        public var rules: [Rule]
        /// Which key gave the rules.
        public var rulesSource: RulesSource
    }

    /// The key a details entry's app IDs came from.
    public enum AppIDsSource: String, Sendable {
        /// The key the app IDs came from: `appIDs`, `appID`, the entry's own key in the oldest form's
        /// `details` object, or none.
        case appIDs, appID, detailsKey, none
    }

    /// The key a details entry's rules came from.
    public enum RulesSource: String, Sendable {
        /// The key the rules came from: `components`, `paths`, or neither.
        case components, paths, none
    }

    /// One rule: a `components` object, or a legacy `paths` string converted to one.
    public struct Rule: Sendable {
        /// Where the rule is in the file, e.g. `/applinks/details/0/components/2`.
        public var pointer: String
        /// The rule's own keys; those it does not give are nil.
        public var fields: RuleFields
        /// The legacy string it came from (`NOT /help/*`), if any.
        public var legacyPath: String?
        /// The rule as written, on one line: the component's JSON without its `comment`, or the
        /// legacy string quoted.
        public var text: String
    }

    /// The keys a rule (or a `defaults` object) may carry; nil = not given here.
    public struct RuleFields: Sendable, Hashable {
        /// `/`: the path pattern.
        public var path: String?
        /// `?`: the query pattern.
        public var query: QueryPattern?
        /// `#`: the fragment pattern.
        public var fragment: String?
        /// `exclude`: a URL the rule matches opens in the browser, not the app.
        public var exclude: Bool?
        /// `caseSensitive`: whether patterns are compared case-sensitively.
        public var caseSensitive: Bool?
        /// `percentEncoded`: whether patterns are compared with the URL as written (percent-encoded)
        /// rather than decoded.
        public var percentEncoded: Bool?
        /// `comment`: a note for people, which devices ignore.
        public var comment: String?

        /// Fields as given; a field left out is not given here.
        public init(
            path: String? = nil, query: QueryPattern? = nil, fragment: String? = nil, exclude: Bool? = nil,
            caseSensitive: Bool? = nil, percentEncoded: Bool? = nil, comment: String? = nil
        ) {
            self.path = path
            self.query = query
            self.fragment = fragment
            self.exclude = exclude
            self.caseSensitive = caseSensitive
            self.percentEncoded = percentEncoded
            self.comment = comment
        }

        /// These fields over `fallback`, key by key: the rule > entry defaults > applinks defaults
        /// > built-in order of spec §2.
        public func over(_ fallback: RuleFields) -> RuleFields {
            RuleFields(
                path: path ?? fallback.path, query: query ?? fallback.query, fragment: fragment ?? fallback.fragment,
                exclude: exclude ?? fallback.exclude, caseSensitive: caseSensitive ?? fallback.caseSensitive,
                percentEncoded: percentEncoded ?? fallback.percentEncoded, comment: comment ?? fallback.comment)
        }

        /// What a key missing everywhere means: every path, query and fragment; not excluded;
        /// case-sensitive; compared as written (percent-encoded).
        public static let builtIn = RuleFields(
            path: "*", query: .whole("*"), fragment: "*", exclude: false, caseSensitive: true, percentEncoded: true)
    }

    /// The `?` key: a pattern for the whole query, or patterns for named items.
    public enum QueryPattern: Sendable, Hashable {
        /// One pattern for the whole query (`"?": "id=*"`).
        case whole(String)
        /// Only the names listed are constrained; every occurrence of a name must match.
        case items([(name: String, pattern: String)])

        /// Whether both are the same kind with the same patterns (and item names, in the same order).
        public static func == (lhs: QueryPattern, rhs: QueryPattern) -> Bool {
            switch (lhs, rhs) {
            case (.whole(let a), .whole(let b)): a == b
            case (.items(let a), .items(let b)): a.map(\.name) == b.map(\.name) && a.map(\.pattern) == b.map(\.pattern)
            default: false
            }
        }

        /// Hashes the kind's patterns (and item names) in order.
        public func hash(into hasher: inout Hasher) {
            switch self {
            case .whole(let pattern): hasher.combine(pattern)
            case .items(let items):
                for item in items {
                    hasher.combine(item.name)
                    hasher.combine(item.pattern)
                }
            }
        }
    }

    /// The first details entry that lists `appID`: a device uses only that one (spec §2).
    public func details(for appID: String) -> Details? {
        applinks?.details.first { $0.appIDs.contains(appID) }
    }
}
