/// A set of registrable domains (eTLD+1, or whole hosts that have none) that answers "is this
/// host's registrable domain in the set?" on the navigation path without building the domain.
///
/// A registrable domain is a label-aligned suffix of its host, so the Public Suffix List is
/// consulted only for a host that one of the members ends; any other host is a "no" after a few
/// byte comparisons. The members are kept as bytes.
public struct RegistrableDomainSet: Sendable, Hashable {
    /// The members, in the order given.
    public let members: [String]
    private let memberBytes: [[UInt8]]

    /// `domains` must already be registrable domains, lowercase (as App-Bound Domains reads them).
    public init(_ domains: [String]) {
        members = domains
        memberBytes = domains.map { Array($0.utf8) }
    }

    /// Whether the set has no members.
    public var isEmpty: Bool { members.isEmpty }

    /// Whether `domain` is one of the members, exactly as written.
    public func contains(_ domain: String) -> Bool { members.contains(domain) }

    /// Whether the registrable domain of the ASCII domain `name` (or `name` itself when it has
    /// none) is a member.
    public func containsRegistrableDomain(ofDomain name: String, in list: PublicSuffixList = .bundled) -> Bool {
        name.withUTF8Bytes { host in
            var registrableLength: Int? = nil
            for member in memberBytes where Self.host(host, endsWithLabels: member) {
                let length = registrableLength ?? (host.count - (list.registrableDomainStart(of: host) ?? 0))
                registrableLength = length
                if length == member.count { return true }
            }
            return false
        }
    }

    /// `host` is `suffix`, or ends with `.` + `suffix`.
    private static func host(_ host: UnsafeBufferPointer<UInt8>, endsWithLabels suffix: [UInt8]) -> Bool {
        guard host.count >= suffix.count else { return false }
        let start = host.count - suffix.count
        guard start == 0 || host[start - 1] == UInt8(ascii: ".") else { return false }
        return suffix.withUnsafeBufferPointer { UnsafeBufferPointer(rebasing: host[start...]).elementsEqual($0) }
    }
}
