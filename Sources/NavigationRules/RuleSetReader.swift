import Foundation
import StrictJSON
import WebAddress

/// Reads a rule set's JSON (spec/interfaces.md §3) into rules, collecting every finding instead of
/// stopping at the first, so that `webfence rules lint` can list them all.
struct RuleSetReader {
    var findings: [RuleSetFinding] = []
    var version = 0
    var expires: Date? = nil
    var rules: [NavigationRule] = []
    var allowances = NonNetworkAllowances()
    var otherwise = NavigationRuleSet.Otherwise.cancel

    static let keys = ["version", "expires", "description", "allow", "deny", "allowSchemes", "otherwise"]
    static let ruleKeys = ["host", "schemes", "ports", "paths"]

    private mutating func error(_ code: String, _ pointer: String, _ message: String) {
        findings.append(RuleSetFinding(code, .error, at: pointer, message))
    }

    mutating func read(_ root: JSONValue) {
        guard case .object(let members) = root else {
            return error("rules.type", "", "a rule set is a JSON object, found \(root.typeName)")
        }
        for member in members where !Self.keys.contains(member.key) {
            error(
                "rules.key.unknown", "/" + member.key,
                "unknown key \"\(member.key)\" (keys: \(Self.keys.joined(separator: ", ")))")
        }
        var seen: Set<String> = []
        for member in members where !seen.insert(member.key).inserted {
            error("rules.key.repeated", "/" + member.key, "\"\(member.key)\" appears more than once")
        }
        switch root["version"] {
        case nil: break
        case .int(let value)? where value >= 0: version = value
        case let other?: error("rules.version", "/version", "expected a whole number from 0 up, found \(other)")
        }
        switch root["expires"] {
        case nil, .null?: break
        case .string(let text)?:
            if let date = try? Date(text, strategy: .iso8601) {
                expires = date
            } else {
                error("rules.expires", "/expires", "\"\(text)\" is not an RFC 3339 time such as 2026-12-31T00:00:00Z")
            }
        case let other?: error("rules.expires", "/expires", "expected an RFC 3339 time string, found \(other.typeName)")
        }
        switch root["description"] {
        case nil, .string?: break
        case let other?: error("rules.type", "/description", "expected a string, found \(other.typeName)")
        }
        for list in [NavigationRule.List.allow, .deny] {
            switch root[list.rawValue] {
            case nil: break
            case .array(let items)?:
                for (index, item) in items.enumerated() { readRule(item, list: list, at: "/\(list.rawValue)/\(index)") }
            case let other?:
                error("rules.type", "/\(list.rawValue)", "expected an array of rules, found \(other.typeName)")
            }
        }
        switch root["allowSchemes"] {
        case nil: break
        case .array(let items)?:
            for (index, item) in items.enumerated() { readAllowedScheme(item, at: "/allowSchemes/\(index)") }
        case let other?: error("rules.type", "/allowSchemes", "expected an array of strings, found \(other.typeName)")
        }
        switch root["otherwise"] {
        case nil: break
        case .string(let text)?:
            if let value = NavigationRuleSet.Otherwise(rawValue: text) {
                otherwise = value
            } else {
                error("rules.otherwise", "/otherwise", "expected cancel or openExternally, found \"\(text)\"")
            }
        case let other?:
            error("rules.otherwise", "/otherwise", "expected cancel or openExternally, found \(other.typeName)")
        }
        warnAboutDuplicates()
    }

    // MARK: - Rules

    private mutating func readRule(_ value: JSONValue, list: NavigationRule.List, at pointer: String) {
        let hostText: String
        var schemes: SchemeSet = list == .allow ? .https : .all
        var ports: [UInt16]? = nil
        var paths: [String]? = nil
        switch value {
        case .string(let text):
            hostText = text
        case .object(let members):
            for member in members where !Self.ruleKeys.contains(member.key) {
                error(
                    "rules.key.unknown", "\(pointer)/\(member.key)",
                    "unknown key \"\(member.key)\" (a rule's keys: \(Self.ruleKeys.joined(separator: ", ")))")
            }
            guard case .string(let text)? = value["host"] else {
                return error("rules.host.missing", pointer + "/host", "an object rule needs \"host\", a string")
            }
            hostText = text
            if let value = value["schemes"] { schemes = readSchemes(value, at: pointer + "/schemes") ?? schemes }
            if let value = value["ports"] { ports = readPorts(value, at: pointer + "/ports") }
            if let value = value["paths"] { paths = readPaths(value, at: pointer + "/paths") }
        default:
            return error(
                "rules.type", pointer, "a rule is a host string or an object with \"host\", found \(value.typeName)")
        }
        switch HostPattern.parse(hostText) {
        case .failure(let refusal):
            error(refusal.code, value.stringValue == nil ? pointer + "/host" : pointer, refusal.message)
        case .success(let host):
            let written = HostPattern.split(hostText).1
            if written != host.anchor, "[\(written)]" != host.anchor {
                findings.append(
                    RuleSetFinding(
                        "rules.host.notCanonical", .note, at: pointer,
                        "\"\(hostText)\" is read as \(host), the form the URL parser gives the hosts it is compared with"
                    ))
            }
            if list == .allow, schemes.contains(.http) || schemes.contains(.ws) {
                findings.append(
                    RuleSetFinding(
                        "rules.cleartext", .warning, at: pointer,
                        "\(host) is allowed over \(schemes.intersection([.http, .ws])): anyone on the network path can change those pages"
                    ))
            }
            rules.append(
                NavigationRule(list: list, pointer: pointer, host: host, schemes: schemes, ports: ports, paths: paths))
        }
    }

    private mutating func readSchemes(_ value: JSONValue, at pointer: String) -> SchemeSet? {
        guard case .array(let items) = value, !items.isEmpty else {
            error("rules.schemes", pointer, "expected a non-empty array of schemes (http, https, ws, wss)")
            return nil
        }
        var set: SchemeSet = []
        for (index, item) in items.enumerated() {
            guard let text = item.stringValue, let scheme = SchemeSet(scheme: text.lowercased()) else {
                error(
                    "rules.schemes", "\(pointer)/\(index)",
                    "\(item.stringValue.map { "\"\($0)\"" } ?? item.typeName): a host rule names http, https, ws or wss; other schemes go in allowSchemes"
                )
                continue
            }
            set.insert(scheme)
        }
        return set.isEmpty ? nil : set
    }

    private mutating func readPorts(_ value: JSONValue, at pointer: String) -> [UInt16]? {
        guard case .array(let items) = value, !items.isEmpty else {
            error("rules.ports", pointer, "expected a non-empty array of port numbers")
            return nil
        }
        var ports: [UInt16] = []
        for (index, item) in items.enumerated() {
            guard case .int(let number) = item, (1...65535).contains(number) else {
                error("rules.ports", "\(pointer)/\(index)", "a port is a whole number from 1 to 65535, found \(item)")
                continue
            }
            ports.append(UInt16(number))
        }
        return ports.isEmpty ? nil : ports
    }

    private mutating func readPaths(_ value: JSONValue, at pointer: String) -> [String]? {
        guard case .array(let items) = value, !items.isEmpty else {
            error("rules.paths", pointer, "expected a non-empty array of path prefixes")
            return nil
        }
        var paths: [String] = []
        for (index, item) in items.enumerated() {
            let at = "\(pointer)/\(index)"
            guard let text = item.stringValue, text.hasPrefix("/"), !text.contains("?"), !text.contains("#") else {
                error("rules.paths", at, "a path prefix starts with / and has no query or fragment, found \(item)")
                continue
            }
            // The prefix is compared with parsed paths, so it is parsed the same way.
            guard case .success(let url) = WebURL.parse("https://h" + text) else {
                error("rules.paths", at, "\"\(text)\" is not a path")
                continue
            }
            if url.pathname != text {
                findings.append(
                    RuleSetFinding(
                        "rules.paths.notCanonical", .note, at: at,
                        "\"\(text)\" is read as \(url.pathname), as the URL parser reads paths"))
            }
            paths.append(url.pathname)
        }
        return paths.isEmpty ? nil : paths
    }

    private mutating func readAllowedScheme(_ value: JSONValue, at pointer: String) {
        guard let text = value.stringValue?.lowercased() else {
            return error(
                "rules.allowSchemes", pointer,
                "expected a string such as \"about:blank\" or \"data:\", found \(value.typeName)")
        }
        switch text {
        case "about:blank":
            allowances.aboutBlank = true
            allowances.pointers[text] = allowances.pointers[text] ?? pointer
        case "about:srcdoc":
            allowances.aboutSrcdoc = true
            allowances.pointers[text] = allowances.pointers[text] ?? pointer
        case "about:":
            error("rules.allowSchemes", pointer, "name about:blank or about:srcdoc, not every about: URL")
        default:
            let name = text.dropLast()
            guard text.hasSuffix(":"), let first = name.first, first.isASCII, first.isLetter,
                name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
            else {
                return error(
                    "rules.allowSchemes", pointer,
                    "\"\(text)\" is not a scheme followed by a colon (data:, blob:, myapp:)")
            }
            guard SchemeSet(scheme: String(name)) == nil else {
                return error(
                    "rules.allowSchemes.network", pointer,
                    "\(text) would allow every host; name hosts in allow rules (with \"schemes\" for \(name))")
            }
            if name == "blob" {
                findings.append(
                    RuleSetFinding(
                        "rules.allowSchemes.blob", .warning, at: pointer,
                        "a blob: URL runs with the origin that made it, and blob: allows blobs made by any site"))
            }
            if name == "javascript" {
                findings.append(
                    RuleSetFinding(
                        "rules.allowSchemes.javascript", .warning, at: pointer,
                        "javascript: URLs run script in the current page: any link or redirect can use them"))
            }
            allowances.schemes.insert(String(name))
            allowances.pointers[text] = allowances.pointers[text] ?? pointer
        }
    }

    private mutating func warnAboutDuplicates() {
        var first: [String: String] = [:]
        // Rules with no ports and no paths, by anchor: the ones that can cover another rule whole.
        var broad: [Substring: [NavigationRule]] = [:]
        for rule in rules where rule.ports == nil && rule.paths == nil {
            broad[Substring(rule.host.anchor), default: []].append(rule)
        }
        for rule in rules {
            let key = "\(rule.list) \(rule)"
            if let earlier = first[key] {
                findings.append(
                    RuleSetFinding("rules.duplicate", .warning, at: rule.pointer, "the same rule as \(earlier)"))
                continue
            }
            first[key] = rule.pointer
            if let wider = covering(rule, in: broad) {
                findings.append(
                    RuleSetFinding(
                        "rules.covered", .warning, at: rule.pointer,
                        "\(wider.pointer) (\(wider)) already \(rule.list == .allow ? "allows" : "denies") everything this rule does: its fields narrow nothing"
                    ))
            }
        }
    }

    /// A broader rule of the same list that matches every URL `rule` matches: one whose host
    /// pattern covers `rule`'s hosts, for at least its schemes, on any port and path. Found by
    /// looking each suffix of the anchor up, so linting stays linear in the number of rules.
    private func covering(_ rule: NavigationRule, in broad: [Substring: [NavigationRule]]) -> NavigationRule? {
        let anchor = Substring(rule.host.anchor)
        func covers(_ other: NavigationRule, sameAnchor: Bool) -> Bool {
            // Identical rules are duplicates, reported once, not as covering each other.
            guard other.pointer != rule.pointer, other.list == rule.list, "\(other)" != "\(rule)",
                other.schemes.isSuperset(of: rule.schemes)
            else { return false }
            // An allow rule without ports admits only default ports: it covers no rule that lists ports.
            if other.list == .allow, rule.ports != nil { return false }
            switch (other.host, rule.host) {
            case (.domainAndSubdomains, .address), (.subdomainsOnly, .address): return false
            case (.domainAndSubdomains, _): return true
            case (.subdomainsOnly, .subdomainsOnly): return true
            case (.subdomainsOnly, _): return !sameAnchor
            case (.exactHost, .exactHost), (.address, .address): return sameAnchor
            default: return false
            }
        }
        if case .address = rule.host {
            return broad[anchor]?.first { covers($0, sameAnchor: true) }
        }
        if let match = broad[anchor]?.first(where: { covers($0, sameAnchor: true) }) { return match }
        var cursor = anchor.startIndex
        while let dot = anchor[cursor...].firstIndex(of: ".") {
            cursor = anchor.index(after: dot)
            if let match = broad[anchor[cursor...]]?.first(where: {
                if case .exactHost = $0.host { return false }
                if case .address = $0.host { return false }
                return covers($0, sameAnchor: false)
            }) {
                return match
            }
        }
        return nil
    }
}

/// The URLs without a network host that a rule set lets load (`allowSchemes`).
struct NonNetworkAllowances: Sendable, Hashable {
    var aboutBlank = false
    var aboutSrcdoc = false
    /// Whole schemes, lowercase, without the colon: `data`, `blob`, `myapp`.
    var schemes: Set<String> = []
    /// Entry text (`data:`, `about:blank`) → where it is in the file.
    var pointers: [String: String] = [:]
}
