import AppBound
import AppManifest
import Foundation
import StrictJSON

/// `webfence audit --format json`: one document, `{"apps": [...], "errors", "warnings", "notes"}`;
/// docs/audit.md describes every member.
public enum AuditJSON {
    /// The document for `audits`, each with its fetches (`fetches[i]` for `audits[i]`), and the
    /// apps that could not be read.
    public static func render(_ audits: [AppAudit], fetches: [[AuditFetch.Result]], unusable: [AppManifestError])
        -> JSONValue
    {
        let apps = zip(audits, fetches).map { app($0, $1) }
        return .object([
            "apps": .array(apps),
            "unusable": .array(unusable.map { .object(["path": .string($0.path), "message": .string($0.message)]) }),
            "errors": .int(audits.reduce(0) { $0 + $1.counts.errors }),
            "warnings": .int(audits.reduce(0) { $0 + $1.counts.warnings }),
            "notes": .int(audits.reduce(0) { $0 + $1.counts.notes }),
        ])
    }

    private static func app(_ audit: AppAudit, _ fetched: [AuditFetch.Result]) -> JSONValue {
        let files = audit.files
        let (errors, warnings, notes) = audit.counts
        return .object([
            "path": .string(files.path),
            "kind": .string(files.kind.rawValue),
            "bundleIdentifier": audit.bundleIdentifier.map(JSONValue.string) ?? .null,
            "appID": audit.appID.map(JSONValue.string) ?? .null,
            "sources": .array(sources(audit.files)),
            "entitlementsInForce": .object([
                "origin": .string(audit.entitlements.origin.rawValue), "file": file(audit.entitlements.file),
                "architecture": audit.entitlements.signedArchitecture.map(JSONValue.string) ?? .null,
            ]),
            "appBoundDomains": appBoundDomains(audit),
            "webViews": webViews(audit),
            "browser": .object([
                "entitlement": .bool(audit.appBound.isBrowser),
                "prohibitedUsageDescriptions": .array(audit.appBound.prohibitedUsageDescriptions.map(JSONValue.string)),
            ]),
            "tracking": .object([
                "settingsSwitchShown": .bool(audit.tracking.settingsSwitchShown),
                "rule": .string(audit.tracking.rule.code),
            ]),
            "managed": .object(["treatAllWebViewsAsUnmanaged": .bool(audit.treatAllWebViewsAsUnmanaged)]),
            "framework": framework(audit.framework),
            "associatedDomains": associatedDomains(audit),
            "fetched": fetchedFiles(fetched),
            "findings": findings(audit),
            "errors": .int(errors), "warnings": .int(warnings), "notes": .int(notes),
        ])
    }

    /// The files read: Info.plist, the project's entitlements, the executable, the profile.
    private static func sources(_ files: AppFiles) -> [JSONValue] {
        var sources: [JSONValue] = [
            .object([
                "role": .string("infoPlist"), "file": file(files.infoPlist.file),
                "format": .string(files.infoPlist.format.rawValue),
            ])
        ]
        if let project = files.projectEntitlements {
            sources.append(
                .object([
                    "role": .string("projectEntitlements"), "file": file(project.file),
                    "format": .string(project.format.rawValue),
                ]))
        }
        switch files.executable {
        case .read(let source, let executable)?:
            sources.append(
                .object([
                    "role": .string("executable"), "file": file(source), "fat": .bool(executable.isFat),
                    "slices": .array(
                        executable.slices.map { slice in
                            .object([
                                "architecture": .string(slice.architecture), "signed": .bool(slice.signature != nil),
                                "xmlEntitlements": .bool(slice.signature?.entitlementsXML != nil),
                                "derEntitlements": .bool(slice.signature?.entitlementsDER != nil),
                                "teamIdentifier": slice.signature?.teamIdentifier.map(JSONValue.string) ?? .null,
                            ])
                        }),
                ]))
        case .missing(let source)?:
            sources.append(.object(["role": .string("executable"), "file": file(source), "missing": .bool(true)]))
        case .unreadable(let source, let message)?:
            sources.append(.object(["role": .string("executable"), "file": file(source), "error": .string(message)]))
        case .notNamed?, nil: break
        }
        switch files.profile {
        case .read(let source, let profile)?:
            var signature: JSONValue
            switch profile.signature {
            case .valid(let signer):
                signature = .object(["valid": .bool(true), "signer": .string(signer), "chainChecked": .bool(false)])
            case .invalid(let reason): signature = .object(["valid": .bool(false), "reason": .string(reason)])
            }
            sources.append(
                .object([
                    "role": .string("provisioningProfile"), "file": file(source),
                    "name": profile.name.map(JSONValue.string) ?? .null,
                    "teamIdentifiers": .array(profile.teamIdentifiers.map(JSONValue.string)),
                    "expirationDate": profile.expirationDate.map { .string(ISO8601DateFormatter().string(from: $0)) }
                        ?? .null,
                    "signature": signature,
                ]))
        case .unreadable(let source, let message)?:
            sources.append(
                .object(["role": .string("provisioningProfile"), "file": file(source), "error": .string(message)]))
        case nil: break
        }
        return sources
    }

    /// `WKAppBoundDomains` as the engine reads it.
    private static func appBoundDomains(_ audit: AppAudit) -> JSONValue {
        // The members are there whatever the list; null when it is absent or unusable.
        let list = audit.appBoundList.domains
        return .object([
            .init("present", .bool(audit.appBoundList.isPresent)),
            .init("usable", .bool(list != nil || !audit.appBoundList.isPresent)),
            .init("domains", list.map { .array($0.domains.map(JSONValue.string)) } ?? .null),
            .init("schemes", list.map { .array($0.schemes.map(JSONValue.string)) } ?? .null),
            .init("slotsUsed", list.map { .int($0.domains.count + $0.schemes.count) } ?? .null),
            .init("capacity", .int(AppBoundDomains.capacity)),
            .init("entries", list.map { .array($0.entries.map(entry)) } ?? .null),
            .init("applies", .bool(audit.appBound.isFeatureOn)),
        ])
    }

    /// Each web view configuration and what it may do.
    private static func webViews(_ audit: AppAudit) -> JSONValue {
        .array(
            audit.webViews.map { view in
                .object([
                    "configuration": .string(view.configuration.rawValue),
                    "capabilities": .object(
                        view.capabilities.map { capability in
                            JSONValue.Member(
                                capability.name,
                                .object([
                                    "answer": .string(capability.answer), "rule": .string(capability.rule.code),
                                    "section": .string(capability.rule.section),
                                ]))
                        }),
                ])
            })
    }

    /// The associated domains the entitlements list.
    private static func associatedDomains(_ audit: AppAudit) -> JSONValue {
        .array(
            (audit.associatedDomains?.domains ?? []).map { domain in
                .object([
                    "entry": .string(domain.text), "service": .string(domain.service.rawValue),
                    "host": .string(domain.host),
                    "wildcard": .bool(domain.isWildcard), "port": domain.port.map(JSONValue.int) ?? .null,
                    "modes": .array(domain.modes.sorted().map { .string($0.rawValue) }),
                    "route": .string(domain.fetchesDirectly ? "direct" : "cdn"),
                ])
            })
    }

    /// The association files fetched (`--fetch`).
    private static func fetchedFiles(_ fetched: [AuditFetch.Result]) -> JSONValue {
        .array(
            fetched.map { result in
                .object([
                    "entry": .string(result.entry), "route": .string(result.route.rawValue),
                    "url": result.url.map(JSONValue.string) ?? .null, "outcome": .string(result.outcome.rawValue),
                    "status": result.status.map(JSONValue.int) ?? .null,
                    "listsApp": result.listsApp.map(JSONValue.bool) ?? .null,
                ])
            })
    }

    /// The findings, each with its fix.
    private static func findings(_ audit: AppAudit) -> JSONValue {
        .array(
            audit.findings.map { finding in
                .object([
                    "code": .string(finding.code), "severity": .string(finding.severity.rawValue),
                    "file": file(finding.file), "key": .string(finding.key),
                    "line": finding.position.map { .int($0.line) } ?? .null,
                    "column": finding.position.map { .int($0.column) } ?? .null,
                    "message": .string(finding.message), "fix": .string(finding.fix),
                ])
            })
    }

    /// `{"path"}`, with `"member"` for an entry of an `.ipa`.
    private static func file(_ source: SourceFile) -> JSONValue {
        .object(
            [JSONValue.Member("path", .string(source.path))]
                + (source.member.map { [.init("member", .string($0))] } ?? []))
    }

    private static func entry(_ entry: AppBoundDomains.Entry) -> JSONValue {
        var members: [JSONValue.Member] = [.init("index", .int(entry.index)), .init("entry", .string(entry.text))]
        switch entry.outcome {
        case .domain(let domain, let host):
            members += [
                .init("outcome", .string("domain")), .init("domain", .string(domain)), .init("host", .string(host)),
            ]
        case .scheme(let scheme): members += [.init("outcome", .string("scheme")), .init("scheme", .string(scheme))]
        case .duplicate(let first): members += [.init("outcome", .string("duplicate")), .init("of", .int(first))]
        case .dropped(let reason):
            members += [.init("outcome", .string("dropped")), .init("reason", .string(reason.description))]
        case .pastCapacity: members.append(.init("outcome", .string("pastCapacity")))
        }
        return .object(members)
    }

    /// The hybrid framework: its name, the file read, its rules as it applies them, its bridge;
    /// null for an app built on none.
    private static func framework(_ framework: FrameworkAudit?) -> JSONValue {
        guard let framework else { return .null }
        let bridge = framework.policy?.bridge
        return .object([
            "name": .string(framework.framework?.rawValue), "file": file(framework.file),
            "configured": .bool(framework.policy != nil),
            "rules": .array(framework.rules.map(JSONValue.string)),
            "messageHandlers": .array((bridge?.messageHandlers ?? []).map(JSONValue.string)),
            "userScripts": .array((bridge?.userScripts ?? []).map { .string($0.name) }),
        ])
    }
}
