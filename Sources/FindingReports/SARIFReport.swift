import Findings
import Foundation
import StrictJSON

/// `--format sarif`: a SARIF 2.1.0 log as GitHub code scanning and other tools read it. One run; its
/// rules are the codes found, each with a title, a description, the fix as help and a link to
/// WebFence's docs; one result a finding, at its file (relative to `%SRCROOT%`, the working
/// directory), line and column, with its key as a logical location and a fingerprint that survives
/// line shifts.
public enum SARIFReport {
    /// The schema the log names.
    public static let schema = "https://json.schemastore.org/sarif-2.1.0.json"
    /// The base every relative artifact location is against.
    public static let sourceRootID = "SRCROOT"
    /// The partial fingerprint's name (GitHub keeps an alert across commits by it).
    public static let fingerprintName = "webfenceFingerprint/v1"

    /// The tool that made the log.
    public struct Tool: Sendable, Hashable {
        /// Its name.
        public let name: String
        /// Its version.
        public let version: String
        /// Its home page; the rules' help links are `documentationRoot` + each rule's page.
        public let informationURI: String
        /// Where the repository's files are read on the web, ending in `/`: a rule's
        /// `docs/audit.md#3-findings` is linked as this followed by it.
        public let documentationRoot: String

        /// The tool named `name` at `version`.
        public init(name: String, version: String, informationURI: String, documentationRoot: String) {
            self.name = name
            self.version = version
            self.informationURI = informationURI
            self.documentationRoot = documentationRoot
        }
    }

    /// The log of `findings`, made by `tool`, with paths relative to `sourceRoot` (an absolute
    /// folder, ending in `/`) where they lie inside it.
    public static func render(
        _ findings: [ReportedFinding], tool: Tool, sourceRoot: String = ReportPaths.workingDirectory
    ) -> JSONValue {
        var rules: [FindingRuleEntry] = []
        var ruleIndex: [String: Int] = [:]
        for finding in findings where ruleIndex[finding.code] == nil {
            ruleIndex[finding.code] = rules.count
            rules.append(FindingRuleEntry(rule: finding.rule, code: finding.code, level: finding.severity.rawValue))
        }
        let results = findings.map { result($0, index: ruleIndex[$0.code] ?? 0, sourceRoot: sourceRoot) }
        return .object([
            "$schema": .string(schema),
            "version": .string("2.1.0"),
            "runs": .array([
                .object([
                    "tool": .object([
                        "driver": .object([
                            "name": .string(tool.name),
                            "version": .string(tool.version),
                            "semanticVersion": .string(tool.version),
                            "informationUri": .string(tool.informationURI),
                            "rules": .array(rules.map { $0.rendered(tool: tool) }),
                        ])
                    ]),
                    "originalUriBaseIds": .object([
                        sourceRootID: .object(["uri": .string(fileURI(directory: sourceRoot))])
                    ]),
                    "columnKind": .string("unicodeCodePoints"),
                    "results": .array(results),
                ])
            ]),
        ])
    }

    private struct FindingRuleEntry {
        let rule: FindingRule
        let code: String
        let level: String

        func rendered(tool: Tool) -> JSONValue {
            let link = tool.documentationRoot + rule.documentation
            let help: JSONValue = .object([
                "text": .string(rule.fix + " See " + link),
                "markdown": .string(rule.fix + "\n\n[WebFence: \(code)](\(link))"),
            ])
            let tags: JSONValue = .array([.string("security"), .string(family(code))])
            return .object([
                "id": .string(code),
                "name": .string(code),
                "shortDescription": .object(["text": .string(rule.title)]),
                "fullDescription": .object(["text": .string(rule.title + ". " + rule.fix)]),
                "help": help,
                "helpUri": .string(link),
                "defaultConfiguration": .object(["level": .string(level)]),
                "properties": .object(["tags": tags]),
            ])
        }

        /// `aasa.rule.unreachable` → `aasa`.
        func family(_ code: String) -> String { String(code.prefix { $0 != "." }) }
    }

    private static func result(_ finding: ReportedFinding, index: Int, sourceRoot: String) -> JSONValue {
        var physical: [JSONValue.Member] = [.init("artifactLocation", artifactLocation(finding.path, sourceRoot))]
        if let position = finding.position {
            physical.append(
                .init(
                    "region",
                    .object(["startLine": .int(position.line), "startColumn": .int(position.column)])))
        }
        let logicalName = (finding.member.map { $0 + ":" } ?? "") + finding.pointer
        return .object([
            "ruleId": .string(finding.code),
            "ruleIndex": .int(index),
            "level": .string(finding.severity.rawValue),
            "message": .object(["text": .string(finding.message + " Fix: " + finding.rule.fix)]),
            "locations": .array([
                .object([
                    "physicalLocation": .object(physical),
                    "logicalLocations": .array([
                        .object(["fullyQualifiedName": .string(logicalName), "kind": .string("member")])
                    ]),
                ])
            ]),
            "partialFingerprints": .object([fingerprintName: .string(Fingerprint.of(finding))]),
            "properties": .object(["key": .string(finding.pointer), "fix": .string(finding.rule.fix)]),
        ])
    }

    /// A path inside the source root as a relative URI against it; any other as a `file:` URI.
    static func artifactLocation(_ path: String, _ sourceRoot: String) -> JSONValue {
        let absolute = ReportPaths.absolute(path)
        if absolute.hasPrefix(sourceRoot) {
            let relative = String(absolute.dropFirst(sourceRoot.count))
            return .object(["uri": .string(uriReference(relative)), "uriBaseId": .string(sourceRootID)])
        }
        return .object(["uri": .string("file://" + percentEncoded(absolute))])
    }

    /// A relative path as a URI reference (percent-encoded; `./` in front when its first segment
    /// has a colon, which would read as a scheme).
    static func uriReference(_ path: String) -> String {
        let encoded = percentEncoded(path)
        return encoded.split(separator: "/", maxSplits: 1).first?.contains(":") == true ? "./" + encoded : encoded
    }

    static func fileURI(directory: String) -> String { "file://" + percentEncoded(directory) }

    private static func percentEncoded(_ path: String) -> String {
        // ASCII only: a URI has no other characters.
        let allowed = CharacterSet(
            charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/!$&'()*+,;=:@")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }
}
