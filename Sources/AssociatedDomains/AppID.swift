/// App IDs: `<team or app ID prefix>.<bundle ID>`, and the ways real files get them wrong. One
/// rule, used by the association file's reader and linter, the audit and the command line.
public enum AppID {
    /// Ten uppercase letters or digits, a dot, and a non-empty bundle ID: the shape a device can
    /// match with an app's `application-identifier`.
    public static func isWellFormed(_ id: String) -> Bool {
        let parts = id.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 10, !parts[1].isEmpty else { return false }
        return parts[0].allSatisfy { $0.isASCII && ($0.isUppercase || $0.isNumber) }
    }

    /// What is wrong with `id`, or nil when it reads as a Team ID (or App ID prefix) and a bundle
    /// ID of the app's own. Checked in this order: a placeholder, an App Store ID, a missing Team
    /// ID, any other shape, then a template's bundle ID.
    public static func problem(_ id: String) -> Problem? {
        let parts = id.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let prefix = String(parts[0])
        if isPlaceholder(prefix) { return .placeholder(prefix) }
        if !prefix.isEmpty, prefix.allSatisfy({ $0.isASCII && $0.isNumber }) { return .appStoreID(prefix) }
        if parts.count == 2, !parts[1].isEmpty, let first = prefix.first, first.isASCII, first.isLowercase,
            !(prefix.count == 10 && prefix.contains(where: \.isNumber))
        {
            return .noTeamID
        }
        guard isWellFormed(id) else { return .malformed }
        return template(ofBundleID: String(parts[1])).map { .templateBundleID($0) }
    }

    /// The project template whose default bundle ID `bundleID` is ("React Native's template"), or nil.
    public static func template(ofBundleID bundleID: String) -> String? {
        let bundle = bundleID.lowercased()
        return templates.first { $0.matches(bundle) }?.name
    }

    /// Why an app ID names no app, or not the app meant.
    public enum Problem: Equatable, Sendable {
        /// The prefix is a placeholder nobody replaced: `TEAM_ID`, `$(AppIdentifierPrefix)`, `XXXXXXXXXX`.
        case placeholder(String)
        /// The prefix is digits only: the shape of the app's App Store ID, not its Team ID.
        case appStoreID(String)
        /// A bundle ID alone, with no Team ID before it.
        case noTeamID
        /// Not ten uppercase letters or digits, a dot and a bundle ID, for another reason.
        case malformed
        /// A well-formed ID whose bundle ID is a project template's default (the template's name).
        case templateBundleID(String)

        /// The finding code: `aasa.appID.placeholder`, `.appStoreID`, `.noTeamID`, `.format`,
        /// `.templateBundleID`.
        public var code: String {
            switch self {
            case .placeholder: "aasa.appID.placeholder"
            case .appStoreID: "aasa.appID.appStoreID"
            case .noTeamID: "aasa.appID.noTeamID"
            case .malformed: "aasa.appID.format"
            case .templateBundleID: "aasa.appID.templateBundleID"
            }
        }

        /// True when no app can have this ID: a device never matches it.
        public var namesNoApp: Bool {
            switch self {
            case .placeholder, .noTeamID, .malformed: true
            case .appStoreID(let digits): digits.count != 10
            case .templateBundleID: false
            }
        }

        /// One sentence about `id`: what is wrong and what to write instead.
        public func message(for id: String) -> String {
            switch self {
            case .placeholder(let prefix):
                "\"\(prefix)\" is a placeholder nobody replaced: write the app's Team ID (10 characters, from the developer account) before the bundle ID"
            case .appStoreID(let digits):
                "\"\(digits)\" is digits only, the shape of an App Store ID (apps.apple.com/app/id\(digits)), not a Team ID: devices compare the prefix with the app's Team ID"
            case .noTeamID:
                "\"\(id)\" is a bundle ID without its Team ID: write <Team ID>.\(id)"
            case .malformed:
                "\"\(id)\" is not <team or app ID prefix>.<bundle ID> (10 uppercase letters or digits, a dot, the bundle ID)"
            case .templateBundleID(let template):
                "\(id.drop { $0 != "." }.dropFirst()) is the default bundle ID of \(template): the app that ships has its own, so this names another app or none"
            }
        }
    }

    /// A prefix a template or a tutorial left for the developer to fill in.
    static func isPlaceholder(_ prefix: String) -> Bool {
        if let first = prefix.first, "$<{%[_".contains(first) { return true }
        let letters = prefix.uppercased().filter { $0.isLetter || $0.isNumber }
        if ["TEAMID", "APPID", "PREFIX", "YOUR"].contains(where: { letters.contains($0) }) { return true }
        // XXXXXXXXXX, 0000000000: one character, repeated.
        return prefix.count >= 4 && Set(prefix).count == 1
    }

    /// The bundle IDs project templates start with.
    static let templates: [(name: String, matches: @Sendable (String) -> Bool)] = [
        ("React Native's template", { $0.hasPrefix("org.reactjs.native.example.") }),
        ("the Ionic starter", { $0 == "io.ionic.starter" }),
        ("Cordova's template", { $0 == "io.cordova.hellocordova" }),
    ]
}
