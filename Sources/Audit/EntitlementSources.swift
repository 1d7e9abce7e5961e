import AppManifest
import Foundation
import StrictJSON

/// The entitlements an app holds, and where they were read. A device uses the ones signed into
/// the executable; without a signature, the project's `.entitlements` file is the best evidence.
/// The provisioning profile only grants (its values may be wildcards), so it is compared, never
/// used. Where the sources disagree, a finding says so.
public struct EntitlementSources: Sendable {
    /// Where the entitlements in force come from.
    public enum Origin: String, Sendable, Hashable {
        /// The executable's code signature (the DER blob when there is one, as iOS 15 and later read).
        case signature
        /// The project's `.entitlements` file: nothing signed was read.
        case project
        /// None was read: the app is audited as holding no entitlement.
        case none
    }

    /// Where the entitlements in force come from.
    public let origin: Origin
    /// The entitlements in force: keys sorted.
    public let values: [JSONValue.Member]
    /// The file they were read from (the executable, or the `.entitlements` file); for `none`, Info.plist.
    public let file: SourceFile
    /// The team the code signature names.
    public let signedTeamIdentifier: String?
    /// The architecture whose signed entitlements are in force (arm64e, else arm64, else the first signed).
    public let signedArchitecture: String?
    /// Where the sources disagree, or the profile does not grant what is signed.
    public private(set) var findings: [AuditFinding] = []

    /// Keys the signing step adds, which a project's `.entitlements` file does not hold.
    static let addedBySigning: Set<String> = [
        "application-identifier", "com.apple.developer.team-identifier", "get-task-allow", "keychain-access-groups",
        "beta-reports-active",
    ]

    /// The value of an entitlement in force, or nil when the app does not hold it.
    public subscript(key: String) -> JSONValue? { JSONValue.object(values)[key] }

    init(_ files: AppFiles, now: Date) {
        var signed: (file: SourceFile, values: [JSONValue.Member])?
        var team: String?
        var architecture: String?
        var findings: [AuditFinding] = []
        switch files.executable {
        case .notNamed?:
            findings.append(
                AuditFinding(
                    .executableNotNamed, files.infoPlist.file, key: "/CFBundleExecutable",
                    "Info.plist names no executable (CFBundleExecutable is absent or not a plain file name), so no signed entitlement was read"
                ))
        case .missing(let file)?:
            findings.append(
                AuditFinding(
                    .executableMissing, files.infoPlist.file, key: "/CFBundleExecutable",
                    "the executable \(file.name) that Info.plist names is not in the bundle, so no signed entitlement was read"
                ))
        case .unreadable(let file, let message)?:
            findings.append(AuditFinding(.executableUnreadable, file, key: "/mach_header", message))
        case .read(let file, let executable)?:
            let read = Self.signedEntitlements(file, executable, findings: &findings)
            signed = read.values.map { (file, $0) }
            team = read.team
            architecture = read.architecture
        case nil:
            break
        }
        signedTeamIdentifier = team
        signedArchitecture = architecture
        if let signed {
            (origin, values, file) = (.signature, signed.values, signed.file)
        } else if let project = files.projectEntitlements {
            (origin, values, file) = (.project, project.members, project.file)
        } else {
            (origin, values, file) = (.none, [], files.infoPlist.file)
            // A project without its .entitlements file is common; a built app without them means
            // the audit cannot say what the app may do.
            findings.append(
                AuditFinding(
                    .entitlementsUnknown, severity: files.kind == .project ? .note : .warning, files.infoPlist.file,
                    key: "/",
                    "no entitlements were read (no signed executable, no .entitlements file): the app is audited as holding none, so it is not a browser and has no associated domains"
                ))
        }
        if let signed, let project = files.projectEntitlements {
            findings += Self.compare(project: project, signed: signed.values, signedFile: signed.file, team: team)
        }
        if case .read(let profileFile, let profile)? = files.profile {
            findings += Self.check(profile, file: profileFile, now: now)
            if let signed {
                findings += Self.grants(profile, signed.values, signedFile: signed.file, profileFile: profileFile)
            }
        } else if case .unreadable(let profileFile, let message)? = files.profile {
            findings.append(AuditFinding(.profileUnreadable, profileFile, key: "/CMS", message))
        }
        self.findings = findings
    }

    /// The entitlements of the signed slice a device runs (arm64e, else arm64, else the first
    /// signed one; DER over XML; none when the signature holds no entitlement blob), with findings
    /// for unsigned slices, damage, the two blobs disagreeing and slices disagreeing.
    private static func signedEntitlements(
        _ file: SourceFile, _ executable: MachOExecutable, findings: inout [AuditFinding]
    ) -> (values: [JSONValue.Member]?, team: String?, architecture: String?) {
        var signed: [(architecture: String, values: [JSONValue.Member])] = []
        var team: String?
        for slice in executable.slices {
            let place = "/\(slice.architecture)"
            guard let signature = slice.signature else {
                findings.append(
                    AuditFinding(
                        .signatureMissing, file, key: place + "/LC_CODE_SIGNATURE",
                        "the \(slice.architecture) code has no code signature (no LC_CODE_SIGNATURE load command)"))
                continue
            }
            for problem in signature.problems {
                findings.append(
                    AuditFinding(.signatureDamaged, file, key: place + "/LC_CODE_SIGNATURE", problem))
            }
            team = team ?? signature.teamIdentifier
            let xml = signature.entitlementsXML.map(Self.members)
            let der = signature.entitlementsDER.map(Self.members)
            if let xml, let der, xml != der {
                findings.append(
                    AuditFinding(
                        .entitlementsXmlDiffersFromDER, file, key: place + "/entitlements",
                        "the XML and DER entitlements of the \(slice.architecture) signature differ in \(differingKeys(xml, der).joined(separator: ", ")): iOS 15 and later read the DER ones"
                    ))
            }
            if xml != nil, der == nil {
                findings.append(
                    AuditFinding(
                        .entitlementsNoDER, file, key: place + "/entitlements",
                        "the \(slice.architecture) signature has XML entitlements but no DER entitlements blob"))
            }
            signed.append((slice.architecture, der ?? xml ?? []))
        }
        guard
            let chosen = signed.first(where: { $0.architecture == "arm64e" }) ?? signed.first(where: {
                $0.architecture == "arm64"
            })
                ?? signed.first
        else { return (nil, team, nil) }
        for other in signed where other.architecture != chosen.architecture && other.values != chosen.values {
            findings.append(
                AuditFinding(
                    .entitlementsSlicesDiffer, file, key: "/\(other.architecture)/entitlements",
                    "\(other.architecture) is signed with entitlements that differ from \(chosen.architecture)'s in \(differingKeys(chosen.values, other.values).joined(separator: ", "))"
                ))
        }
        return (chosen.values, team, chosen.architecture)
    }

    /// The project's file against the signed entitlements: every key either side has (but those the
    /// signing step adds) must hold the same value. `$(AppIdentifierPrefix)` and
    /// `$(TeamIdentifierPrefix)` are expanded with the signed team; other build variables are not
    /// compared.
    private static func compare(
        project: PropertyListDocument, signed: [JSONValue.Member], signedFile: SourceFile, team: String?
    ) -> [AuditFinding] {
        let signedValues = JSONValue.object(signed)
        var findings: [AuditFinding] = []
        let keys = Set(project.members.map(\.key)).union(signed.map(\.key).filter { !addedBySigning.contains($0) })
        for key in keys.sorted() {
            let declared = project[key].map { expand($0, team: team) }
            let actual = signedValues[key]
            if let declared, declared.containsBuildVariable { continue }
            guard declared != actual else { continue }
            let message: String
            switch (declared, actual) {
            case (let declared?, nil):
                message =
                    "the project declares \(key) = \(declared.serialized()), but the signed executable \(signedFile.name) does not hold it"
            case (nil, let actual?):
                message =
                    "the executable is signed with \(key) = \(actual.serialized()), which the project's file does not declare"
            case (let declared?, let actual?):
                message =
                    "the project declares \(key) = \(declared.serialized()), but the executable is signed with \(actual.serialized())"
            case (nil, nil):
                continue
            }
            findings.append(
                AuditFinding(
                    .entitlementsProjectDiffers, project.file, key: JSONParser.pointer([key]), message))
        }
        return findings
    }

    private static func check(_ profile: ProvisioningProfile, file: SourceFile, now: Date) -> [AuditFinding] {
        var findings: [AuditFinding] = []
        if case .invalid(let reason) = profile.signature {
            findings.append(
                AuditFinding(
                    .profileSignatureInvalid, file, key: "/CMS/signerInfos",
                    "the profile's signature does not verify (\(reason)): it was changed after it was signed"))
        }
        if let expiry = profile.expirationDate, expiry < now {
            findings.append(
                AuditFinding(
                    .profileExpired, file, key: "/ExpirationDate",
                    "the profile \(profile.name.map { "\"\($0)\" " } ?? "")expired on \(ISO8601DateFormatter().string(from: expiry))"
                ))
        }
        return findings
    }

    /// Each signed entitlement must be granted by the profile: an equal value, or a wildcard
    /// (`*`, `TEAMID.*`) that covers it.
    private static func grants(
        _ profile: ProvisioningProfile, _ signed: [JSONValue.Member], signedFile: SourceFile, profileFile: SourceFile
    ) -> [AuditFinding] {
        let granted = JSONValue.object(profile.entitlements ?? [])
        var findings: [AuditFinding] = []
        for member in signed {
            guard let grant = granted[member.key] else {
                findings.append(
                    AuditFinding(
                        .entitlementsNotInProfile, signedFile, key: JSONParser.pointer([member.key]),
                        "the executable is signed with \(member.key), which \(profileFile.name) does not grant"))
                continue
            }
            if !allows(grant, member.value) {
                findings.append(
                    AuditFinding(
                        .entitlementsNotInProfile, signedFile, key: JSONParser.pointer([member.key]),
                        "the executable is signed with \(member.key) = \(member.value.serialized()), but \(profileFile.name) grants only \(grant.serialized())"
                    ))
            }
        }
        return findings
    }

    /// Whether a profile's value `grant` covers the signed `value`: equal, or a wildcard string
    /// matching the string (or every string of the array) signed.
    static func allows(_ grant: JSONValue, _ value: JSONValue) -> Bool {
        if grant == value { return true }
        func matches(_ pattern: JSONValue, _ item: JSONValue) -> Bool {
            guard let pattern = pattern.stringValue, let text = item.stringValue else { return pattern == item }
            return glob(pattern, text)
        }
        switch (grant, value) {
        case (.bool(true), .bool(false)):
            // Granted, and signed without it: less than the profile allows.
            return true
        case (.string(let pattern), .string(let text)):
            return glob(pattern, text)
        case (.string(let pattern), .array(let items)):
            return items.allSatisfy { item in item.stringValue.map { glob(pattern, $0) } ?? false }
        case (.array(let patterns), .array(let items)):
            return items.allSatisfy { item in patterns.contains { matches($0, item) } }
        case (.array(let patterns), .string(let text)):
            return patterns.contains { $0.stringValue.map { glob($0, text) } ?? false }
        default:
            return false
        }
    }

    /// `*` matches any run of characters (`**` as one); everything else itself.
    static func glob(_ pattern: String, _ text: String) -> Bool {
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
        guard parts.count > 1, let first = parts.first, let last = parts.last else { return pattern == text }
        guard text.count >= first.count + last.count, text.hasPrefix(first), text.hasSuffix(last) else { return false }
        var rest = Substring(text).dropFirst(first.count).dropLast(last.count)
        for middle in parts.dropFirst().dropLast() where !middle.isEmpty {
            guard let range = rest.range(of: middle) else { return false }
            rest = rest[range.upperBound...]
        }
        return true
    }

    private static func members(_ value: JSONValue) -> [JSONValue.Member] {
        if case .object(let members) = value { return members.sorted { $0.key < $1.key } }
        return []
    }

    private static func differingKeys(_ a: [JSONValue.Member], _ b: [JSONValue.Member]) -> [String] {
        let left = JSONValue.object(a)
        let right = JSONValue.object(b)
        return Set(a.map(\.key)).union(b.map(\.key)).filter { left[$0] != right[$0] }.sorted()
    }

    private static func expand(_ value: JSONValue, team: String?) -> JSONValue {
        guard let team else { return value }
        switch value {
        case .string(let text):
            return .string(
                text.replacingOccurrences(of: "$(AppIdentifierPrefix)", with: team + ".")
                    .replacingOccurrences(of: "$(TeamIdentifierPrefix)", with: team + "."))
        case .array(let items): return .array(items.map { expand($0, team: team) })
        default: return value
        }
    }
}

extension JSONValue {
    /// A string (or a string in an array) holding an Xcode build variable other than the two expanded.
    var containsBuildVariable: Bool {
        switch self {
        case .string(let text): text.contains("$(")
        case .array(let items): items.contains { $0.containsBuildVariable }
        default: false
        }
    }
}
