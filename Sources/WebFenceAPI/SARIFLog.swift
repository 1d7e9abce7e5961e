import AppManifest
import Foundation
import WebFence

/// `webfence audit --format sarif`: a SARIF 2.1.0 log for code-scanning tools. One run; the
/// driver's rules are the codes found, with their fix as help; one result per finding, located at
/// its file (the archive, for an entry of an `.ipa`) and, as a logical location, its key.
public enum SARIFLog {
    /// The SARIF 2.1.0 schema the log names.
    public static let schema = "https://json.schemastore.org/sarif-2.1.0.json"

    /// The log of `audits`, with an `input.unusable` error for each app that could not be read.
    public static func render(_ audits: [AppAudit], unusable: [AppManifestError]) -> JSONValue {
        let findings =
            audits.flatMap(\.findings)
            + unusable.map {
                AuditFinding("input.unusable", .error, SourceFile(path: $0.path), key: "/", $0.message)
            }
        var codes: [String] = []
        for finding in findings where !codes.contains(finding.code) { codes.append(finding.code) }
        let rules = codes.map { code -> JSONValue in
            let rule = AuditCatalog.rule(for: code)
            let severity = findings.first { $0.code == code }?.severity.rawValue ?? "warning"
            return .object([
                "id": .string(code),
                "shortDescription": .object(["text": .string(rule.title)]),
                "help": .object(["text": .string(rule.fix)]),
                "defaultConfiguration": .object(["level": .string(severity)]),
            ])
        }
        let results = findings.map { finding -> JSONValue in
            let logicalName = (finding.file.member.map { $0 + ":" } ?? "") + finding.key
            return .object([
                "ruleId": .string(finding.code),
                "ruleIndex": .int(codes.firstIndex(of: finding.code) ?? 0),
                "level": .string(finding.severity.rawValue),
                "message": .object(["text": .string(finding.message + " Fix: " + finding.fix)]),
                "locations": .array([
                    .object([
                        "physicalLocation": .object([
                            "artifactLocation": .object(["uri": .string(uri(finding.file.path))])
                        ]),
                        "logicalLocations": .array([
                            .object(["fullyQualifiedName": .string(logicalName), "kind": .string("member")])
                        ]),
                    ])
                ]),
                "properties": .object(["key": .string(finding.key), "fix": .string(finding.fix)]),
            ])
        }
        return .object([
            "$schema": .string(schema),
            "version": .string("2.1.0"),
            "runs": .array([
                .object([
                    "tool": .object([
                        "driver": .object([
                            "name": .string("webfence"),
                            "version": .string(WebFenceVersion.current),
                            "rules": .array(rules),
                        ])
                    ]),
                    "results": .array(results),
                ])
            ]),
        ])
    }

    /// A relative path as a URI reference (percent-encoded; `./` in front when its first segment
    /// has a colon, which would read as a scheme), an absolute one as a `file:` URI.
    static func uri(_ path: String) -> String {
        // ASCII only: a URI has no other characters.
        let allowed = CharacterSet(
            charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/!$&'()*+,;=:@")
        let encoded = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        if path.hasPrefix("/") { return "file://" + encoded }
        return encoded.split(separator: "/", maxSplits: 1).first?.contains(":") == true ? "./" + encoded : encoded
    }
}
