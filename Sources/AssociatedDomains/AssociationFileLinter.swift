/// Everything a device silently tolerates, ignores or can never match in an association file
/// (spec §2–4), as findings with stable codes. The reader's findings (types, unknown keys,
/// precedence) come first; the linter adds what needs the compiled rules or the app's entitlement.
public struct AssociationFileLinter: Sendable {
    /// The domain the file is served from, when known.
    public var domain: LinkDomain?
    /// The app's associated-domains entitlement and its app ID (`application-identifier`), when known.
    public var entitlement: AssociatedDomainsEntitlement?
    /// The app's ID (`application-identifier`), when known.
    public var appID: String?

    /// A linter that knows the domain, the entitlement and the app ID given, and nothing else.
    public init(domain: LinkDomain? = nil, entitlement: AssociatedDomainsEntitlement? = nil, appID: String? = nil) {
        self.domain = domain
        self.entitlement = entitlement
        self.appID = appID
    }

    /// The findings for `file`, in file order, after `readFindings` (those of `AssociationFile.read`).
    public func lint(_ file: AssociationFile, readFindings: [Finding] = []) -> [Finding] {
        var findings = readFindings
        if let applinks = file.applinks { findings += lintAppLinks(applinks, rules: RuleSet(file)) }
        findings += lintVariables(file)
        findings += lintAgainstApp(file)
        return findings
    }

    // MARK: - applinks

    private func lintAppLinks(_ applinks: AssociationFile.AppLinks, rules: RuleSet) -> [Finding] {
        var findings: [Finding] = []
        var seen: [String: String] = [:]
        for (entryIndex, details) in applinks.details.enumerated() {
            for appID in details.appIDs {
                if let first = seen[appID] {
                    findings.append(
                        Finding(
                            "aasa.appID.shadowed", .warning, at: details.pointer,
                            "\(appID) is already listed at \(first); devices use only the first entry, so this one is ignored for it"
                        ))
                } else {
                    seen[appID] = details.pointer
                }
            }
            // An entry with no usable app ID applies to no app: everything under it is dead (real
            // files ship `"appIDs": []` and placeholders that never became IDs).
            if details.appIDs.allSatisfy({ AppID.problem($0)?.namesNoApp ?? false }) {
                let what = details.appIDs.isEmpty ? "lists no app ID" : "lists no usable app ID"
                findings.append(
                    Finding(
                        "aasa.details.noApps", .warning, at: details.pointer,
                        "this entry \(what): it applies to no app, so its \(details.rules.count) rule\(details.rules.count == 1 ? "" : "s") can never open one"
                    ))
            }
            if details.rulesSource == .paths {
                findings.append(
                    Finding(
                        "aasa.paths.legacy", .note, at: details.pointer + "/paths",
                        "paths is the iOS 12 form; components (iOS 13+) can match queries and fragments"))
            }
            findings += lintRules(
                details, rules: rules, range: rules.entryRanges[entryIndex], variables: applinks.substitutionVariables)
        }
        return findings
    }

    private func lintRules(
        _ details: AssociationFile.Details, rules: RuleSet, range: Range<Int>, variables: [String: [String]]
    ) -> [Finding] {
        var findings: [Finding] = []
        var catchAll: (index: Int, rule: AssociationFile.Rule)? = nil
        for (index, rule) in details.rules.enumerated() {
            if let catchAll {
                findings.append(
                    Finding(
                        "aasa.rule.unreachable", .warning, at: rule.pointer,
                        "never reached: rule \(catchAll.index) \(catchAll.rule.text) matches every URL first"))
                continue
            }
            let global = range.lowerBound + index
            findings += lintPatterns(rule, resolved: rules.fields[global], variables: variables)
            if rules.matchesEveryURL(global) {
                catchAll = (index, rule)
                if rules.rules[global].excludes { findings.append(excludesEverything(rule)) }
            }
        }
        return findings
    }

    /// An excluding rule that matches every URL, usually `{"#": "*", "exclude": true}` written to
    /// mean "any URL with a fragment": an absent fragment is `""`, which `*` matches.
    private func excludesEverything(_ rule: AssociationFile.Rule) -> Finding {
        let fields = rule.fields
        if fields.fragment == "*" {
            return Finding(
                "aasa.rule.fragmentTrap", .warning, at: rule.pointer,
                "{\"#\": \"*\", \"exclude\": true} blocks every URL: an absent fragment is \"\", which * matches; write \"?*\" for \"has a fragment\""
            )
        }
        if fields.query == .whole("*") {
            return Finding(
                "aasa.rule.queryTrap", .warning, at: rule.pointer,
                "{\"?\": \"*\", \"exclude\": true} blocks every URL: an absent query is \"\", which * matches; write \"?*\" for \"has a query\""
            )
        }
        return Finding(
            "aasa.rule.excludesEverything", .warning, at: rule.pointer,
            "this rule excludes every URL, so no link of this entry opens the app")
    }

    /// Patterns that can never match, or do not mean what they seem to. `resolved`: the rule's keys
    /// with defaults applied.
    private func lintPatterns(
        _ source: AssociationFile.Rule, resolved: AssociationFile.RuleFields, variables: [String: [String]]
    ) -> [Finding] {
        var findings: [Finding] = []
        let pointer = source.pointer
        var patterns: [(key: String, text: String)] = [("/", resolved.path ?? "*"), ("#", resolved.fragment ?? "*")]
        switch resolved.query {
        case .whole(let text)?: patterns.append(("?", text))
        case .items(let items)?: patterns += items.map { ("?" + $0.name, $0.pattern) }
        case nil: break
        }
        for (key, text) in patterns {
            for name in PatternTokens.undefinedVariables(text, variables: variables) {
                findings.append(
                    Finding(
                        "aasa.variable.undefined", .warning, at: pointer,
                        "$(\(name)) in \"\(key)\" is not defined in substitutionVariables (or has no values), so the rule never matches"
                    ))
            }
            if resolved.percentEncoded != false, text.unicodeScalars.contains(where: { !$0.isASCII }) {
                findings.append(
                    Finding(
                        "aasa.rule.nonASCII", .warning, at: pointer,
                        "\"\(key)\" has non-ASCII characters, but URLs are compared percent-encoded (é is %C3%A9): set \"percentEncoded\": false"
                    ))
            }
            if Self.mentionsUK(text) {
                findings.append(
                    Finding(
                        "aasa.region.uk", .warning, at: pointer,
                        "\"UK\" is not an ISO 3166 region code ($(region) never matches it); the United Kingdom is GB"))
            }
        }
        if let path = source.fields.path, path.contains("?"), path.contains("=") {
            findings.append(
                Finding(
                    "aasa.rule.queryInPath", .warning, at: pointer + "/~1",
                    "\"/\" matches the path only; ? there is one character. Put the query in \"?\""))
        }
        // A URL's path never holds a raw # (it starts the fragment), so a path pattern with one never
        // matches when paths are compared percent-encoded: a single-page app's route after # is
        // the fragment's, which only components can match.
        if let path = source.fields.path, path.contains("#"), resolved.percentEncoded != false {
            let place = pointer.contains("/paths/") ? pointer : pointer + "/~1"
            findings.append(
                Finding(
                    "aasa.rule.hashInPath", .warning, at: place,
                    "a URL's path never contains #: the part after # is the fragment, so \"\(path)\" never matches; match the route with a component's \"#\" key"
                ))
        }
        if let fragment = source.fields.fragment, fragment.hasPrefix("#"), fragment.count > 1 {
            findings.append(
                Finding(
                    "aasa.rule.fragmentHash", .warning, at: pointer + "/#",
                    "the fragment is matched without its #: \"\(fragment)\" needs a fragment that itself starts with #")
            )
        }
        if case .whole(let query)? = source.fields.query, query.hasPrefix("?"), query.contains("=") {
            findings.append(
                Finding(
                    "aasa.rule.queryQuestionMark", .warning, at: pointer + "/?",
                    "the query is matched without its ?: the leading ? of \"\(query)\" is any one character"))
        }
        return findings
    }

    /// `UK` standing alone (between non-letters), where a region code is meant.
    static func mentionsUK(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        for index in scalars.indices.dropLast() where scalars[index] == "U" && scalars[index + 1] == "K" {
            let before = index == 0 ? nil : scalars[index - 1]
            let after = index + 2 < scalars.count ? scalars[index + 2] : nil
            if !(before?.properties.isAlphabetic ?? false), !(after?.properties.isAlphabetic ?? false) { return true }
        }
        return false
    }

    private func lintVariables(_ file: AssociationFile) -> [Finding] {
        guard let applinks = file.applinks else { return [] }
        var findings: [Finding] = []
        for (name, values) in applinks.substitutionVariables.sorted(by: { $0.key < $1.key })
        where values.contains(where: Self.mentionsUK) {
            findings.append(
                Finding(
                    "aasa.region.uk", .warning, at: "/applinks/substitutionVariables/\(name)",
                    "\"UK\" is not an ISO 3166 region code; the United Kingdom is GB (and $(region) already lists every region)"
                ))
        }
        return findings
    }

    // MARK: - The file against the app

    private func lintAgainstApp(_ file: AssociationFile) -> [Finding] {
        var findings: [Finding] = []
        if let domain, let entitlement {
            for service in ["applinks", "webcredentials", "activitycontinuation", "appclips"] {
                guard let kind = AssociatedDomain.Service(rawValue: service) else { continue }
                let listed = service == "applinks" ? file.applinks != nil : file.apps[service] != nil
                let entries = entitlement.domains.filter { $0.service == kind && $0.fileHost == domain.description }
                if listed, entries.isEmpty, entitlement.domains.contains(where: { $0.service == kind }) {
                    findings.append(
                        Finding(
                            "aasa.domain.notInEntitlement", .note, at: "/\(service)",
                            "the entitlement has no \(service):\(domain) entry, so the app never reads this service from this file"
                        ))
                }
            }
        }
        guard let appID else { return findings }
        let services: [String] =
            if let entitlement, let domain {
                Array(Set(entitlement.domains.filter { $0.fileHost == domain.description }.map(\.service.rawValue)))
                    .sorted()
            } else {
                (file.applinks == nil ? [] : ["applinks"]) + file.apps.keys.sorted()
            }
        for service in services where service != "authsrv" {
            let ids =
                service == "applinks" ? (file.applinks?.details ?? []).flatMap(\.appIDs) : file.apps[service] ?? []
            guard !ids.contains(appID) else { continue }
            var seen: Set<String> = []
            let near = ids.filter { $0.lowercased() == appID.lowercased() || $0.hasSuffix("." + Self.bundleID(appID)) }
                .filter { seen.insert($0).inserted }
            let hint =
                near.isEmpty
                ? "" : " (the file has \(near.joined(separator: ", ")): app IDs are exact, team prefix included)"
            findings.append(
                Finding(
                    "aasa.appID.missing", .error, at: "/\(service)",
                    "\(service) does not list the app's ID \(appID), so the device denies the association\(hint)"))
        }
        return findings
    }

    private static func bundleID(_ appID: String) -> String {
        appID.split(separator: ".", maxSplits: 1).dropFirst().first.map(String.init) ?? appID
    }
}
