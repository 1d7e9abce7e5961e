/// Where an address leads, from IANA's special-purpose address registries (RFC 6890 and its
/// updates): a server that fetches what its users name connects only to ``global`` addresses, so
/// a name cannot make it reach itself, its network or a cloud's metadata service.
public enum AddressScope: String, Sendable, Hashable, CaseIterable {
    /// Reachable on the internet.
    case global
    /// This machine: `127.0.0.0/8`, `::1`.
    case loopback
    /// A private network: `10.0.0.0/8`, `172.16.0.0/12`, `192.168.0.0/16`, the carrier-grade NAT
    /// space `100.64.0.0/10`, NAT64's local-use prefix `64:ff9b:1::/48`.
    case privateNetwork = "private"
    /// This link: `169.254.0.0/16`, `fe80::/10`.
    case linkLocal = "link-local"
    /// An IPv6 unique-local network: `fc00::/7`.
    case uniqueLocal = "unique-local"
    /// A cloud's instance metadata service, which hands out credentials: `169.254.169.254`
    /// (AWS, Google Cloud, Azure, Oracle, DigitalOcean), `fd00:ec2::254` (AWS over IPv6),
    /// `100.100.100.200` (Alibaba Cloud).
    case metadata
    /// No address: `0.0.0.0/8`, `::` (a connection to it reaches this machine).
    case unspecified
    /// Multicast and broadcast: `224.0.0.0/4`, `255.255.255.255`, `ff00::/8`.
    case multicast
    /// Set aside and not globally reachable: documentation, benchmarking, protocol assignments,
    /// `240.0.0.0/4`, discard-only, the deprecated IPv4-compatible form.
    case reserved

    /// The scope in words, with its article: "a loopback address (this machine)".
    public var phrase: String {
        switch self {
        case .global: "a public address"
        case .loopback: "a loopback address (this machine)"
        case .privateNetwork: "a private-network address"
        case .linkLocal: "a link-local address"
        case .uniqueLocal: "a unique-local address (a private IPv6 network)"
        case .metadata: "a cloud metadata service's address"
        case .unspecified: "the unspecified address (this machine)"
        case .multicast: "a multicast or broadcast address"
        case .reserved: "a reserved address (not on the internet)"
        }
    }

    /// The scope of `address`; an IPv6 address that carries an IPv4 one has that address's scope.
    public init(_ address: IPAddress) {
        if let embedded = address.embeddedIPv4 {
            self = AddressScope(embedded)
            return
        }
        let table = address.isIPv4 ? Self.ipv4 : Self.ipv6
        self = table.first { address.isIn($0.prefix, length: $0.length) }?.scope ?? .global
    }

    /// IPv4 blocks, most specific first (the first that contains an address decides).
    private static let ipv4: [(prefix: [UInt8], length: Int, scope: AddressScope)] = [
        ([169, 254, 169, 254], 32, .metadata),
        ([100, 100, 100, 200], 32, .metadata),
        ([0, 0, 0, 0], 8, .unspecified),
        ([10, 0, 0, 0], 8, .privateNetwork),
        ([100, 64, 0, 0], 10, .privateNetwork),
        ([127, 0, 0, 0], 8, .loopback),
        ([169, 254, 0, 0], 16, .linkLocal),
        ([172, 16, 0, 0], 12, .privateNetwork),
        ([192, 0, 0, 0], 24, .reserved),
        ([192, 0, 2, 0], 24, .reserved),
        ([192, 88, 99, 0], 24, .reserved),
        ([192, 168, 0, 0], 16, .privateNetwork),
        ([198, 18, 0, 0], 15, .reserved),
        ([198, 51, 100, 0], 24, .reserved),
        ([203, 0, 113, 0], 24, .reserved),
        ([255, 255, 255, 255], 32, .multicast),
        ([224, 0, 0, 0], 4, .multicast),
        ([240, 0, 0, 0], 4, .reserved),
    ]

    /// IPv6 blocks, most specific first. IPv4-mapped, NAT64 and 6to4 addresses are judged by the
    /// IPv4 address they carry before this table is read.
    private static let ipv6: [(prefix: [UInt8], length: Int, scope: AddressScope)] = [
        (v6([0, 0, 0, 0, 0, 0, 0, 0]), 128, .unspecified),
        (v6([0, 0, 0, 0, 0, 0, 0, 1]), 128, .loopback),
        (v6([0xFD00, 0x0EC2, 0, 0, 0, 0, 0, 0x0254]), 128, .metadata),
        (v6([0, 0, 0, 0, 0, 0, 0, 0]), 96, .reserved),
        (v6([0x0064, 0xFF9B, 0x0001, 0, 0, 0, 0, 0]), 48, .privateNetwork),
        (v6([0x0100, 0, 0, 0, 0, 0, 0, 0]), 64, .reserved),
        (v6([0x2001, 0x0DB8, 0, 0, 0, 0, 0, 0]), 32, .reserved),
        (v6([0x2001, 0, 0, 0, 0, 0, 0, 0]), 23, .reserved),
        (v6([0x3FFF, 0, 0, 0, 0, 0, 0, 0]), 20, .reserved),
        (v6([0xFC00, 0, 0, 0, 0, 0, 0, 0]), 7, .uniqueLocal),
        (v6([0xFE80, 0, 0, 0, 0, 0, 0, 0]), 10, .linkLocal),
        (v6([0xFEC0, 0, 0, 0, 0, 0, 0, 0]), 10, .reserved),
        (v6([0xFF00, 0, 0, 0, 0, 0, 0, 0]), 8, .multicast),
    ]

    private static func v6(_ groups: [UInt16]) -> [UInt8] {
        groups.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }
}
