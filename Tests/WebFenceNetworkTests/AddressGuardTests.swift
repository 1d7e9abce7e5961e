import AssociationFetchCore
import Foundation
import NIOHTTP1
import NetworkTestSupport
import Testing
import WebFenceNetwork

/// A server that fetches what its users name connects only to public addresses (issue 18, interfaces
/// §7 `fetch.address.private`): every address a name resolves to is checked, and the connection is
/// pinned to the checked one.
@Suite("Public address guard", .timeLimit(.minutes(1)))
struct AddressGuardTests {
    @Test(
        "Each special-purpose block has its scope; IPv6 forms that carry an IPv4 address take its scope",
        arguments: [
            ("127.0.0.1", AddressScope.loopback), ("127.255.1.2", .loopback), ("::1", .loopback),
            ("10.0.0.1", .privateNetwork), ("172.16.0.1", .privateNetwork), ("172.31.255.255", .privateNetwork),
            ("192.168.1.1", .privateNetwork), ("100.64.0.1", .privateNetwork), ("64:ff9b:1::a00:1", .privateNetwork),
            ("169.254.169.254", .metadata), ("fd00:ec2::254", .metadata), ("100.100.100.200", .metadata),
            ("169.254.1.1", .linkLocal), ("fe80::1", .linkLocal),
            ("fc00::1", .uniqueLocal), ("fd12:3456::1", .uniqueLocal),
            ("0.0.0.0", .unspecified), ("0.1.2.3", .unspecified), ("::", .unspecified),
            ("224.0.0.1", .multicast), ("255.255.255.255", .multicast), ("ff02::1", .multicast),
            ("192.0.2.1", .reserved), ("198.51.100.7", .reserved), ("203.0.113.9", .reserved),
            ("198.18.0.1", .reserved), ("240.0.0.1", .reserved), ("2001:db8::1", .reserved), ("::a00:1", .reserved),
            ("::ffff:127.0.0.1", .loopback), ("::ffff:169.254.169.254", .metadata), ("64:ff9b::a00:1", .privateNetwork),
            ("2002:7f00:1::", .loopback), ("2002:a9fe:a9fe::1", .metadata),
            ("93.184.215.14", .global), ("172.32.0.1", .global), ("100.128.0.1", .global), ("11.0.0.1", .global),
            ("2606:2800:21f:cb07:6820:80da:af6b:8b2c", .global), ("::ffff:93.184.215.14", .global),
            ("64:ff9b::5db8:d70e", .global),
        ])
    func scopes(address: String, scope: AddressScope) throws {
        let parsed = try #require(IPAddress(address))
        #expect(AddressScope(parsed) == scope, "\(address)")
    }

    @Test("Addresses read and write as the socket layer does; host names are not addresses")
    func addressText() throws {
        #expect(IPAddress("[2001:DB8::1]")?.description == "2001:db8::1")
        #expect(IPAddress("192.0.2.1")?.bytes == [192, 0, 2, 1])
        for notAnAddress in ["example.com", "1.2.3", "0x7f.1", "127.1", "1.2.3.4.5", "", "[::1", "::g"] {
            #expect(IPAddress(notAnAddress) == nil, "\(notAnAddress)")
        }
    }

    static let hostile: [(name: String, address: String)] = [
        ("loopback.test", "127.0.0.1"), ("private.test", "10.0.0.1"), ("metadata.test", "169.254.169.254"),
        ("mapped.test", "::ffff:10.0.0.1"), ("ula.test", "fd00::1"),
    ]

    @Test("A name that resolves to a loopback, private, link-local or metadata address is refused", arguments: hostile)
    func hostileNamesRefused(name: String, address: String) async throws {
        let resolved = try #require(IPAddress(address))
        let guardian = PublicAddressGuard(resolver: FixedHostResolver([name: [resolved]]))
        let answer = await guardian.check(host: name)
        guard case .failure(.addressRefused(let host, let refused, let scope?)) = answer else {
            Issue.record("\(name) was not refused: \(answer)")
            return
        }
        #expect(host == name && refused == resolved && scope != .global)
    }

    @Test("One private address among public ones is enough to refuse the name")
    func everyAddressIsChecked() async throws {
        let addresses = try ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c", "10.1.2.3"].map {
            try #require(IPAddress($0))
        }
        let guardian = PublicAddressGuard(resolver: FixedHostResolver(["mixed.test": addresses]))
        guard
            case .failure(.addressRefused(_, let address, .privateNetwork?)) = await guardian.check(host: "mixed.test")
        else {
            Issue.record("a name with a private address got through")
            return
        }
        #expect(address.description == "10.1.2.3")
        let publicOnly = PublicAddressGuard(resolver: FixedHostResolver(["public.test": Array(addresses.prefix(2))]))
        #expect(try await publicOnly.check(host: "public.test").get() == addresses[0])
    }

    @Test("An IP address as the host is refused, whatever its scope; a name that does not resolve is not a pass")
    func literalsAndUnresolvedNames() async {
        let guardian = PublicAddressGuard(resolver: FixedHostResolver([:]))
        for literal in ["93.184.215.14", "127.0.0.1", "[::1]", "::ffff:7f00:1"] {
            guard case .failure(.addressRefused(_, _, nil)) = await guardian.check(host: literal) else {
                Issue.record("\(literal) was not refused as an IP literal")
                continue
            }
        }
        guard case .failure(.nameResolution) = await guardian.check(host: "nowhere.test") else {
            Issue.record("an unresolved name was not a name-resolution failure")
            return
        }
    }

    @Test("The system resolver reads /etc/hosts: localhost is loopback, and refused")
    func systemResolver() async throws {
        let addresses = try await SystemHostResolver().addresses(of: "localhost").get()
        #expect(!addresses.isEmpty)
        #expect(addresses.allSatisfy { AddressScope($0) == .loopback })
        let answer = await PublicAddressGuard().check(host: "localhost")
        guard case .failure(.addressRefused(_, _, .loopback?)) = answer else {
            Issue.record("localhost was not refused: \(answer)")
            return
        }
        guard case .failure(.nameResolution) = await SystemHostResolver().addresses(of: "no-such-name.invalid") else {
            Issue.record("an .invalid name resolved")
            return
        }
    }

    @Test("A fetch with the guard sends nothing to a refused host and reports fetch.address.private")
    func fetchRefusedBeforeConnecting() async throws {
        let setup = try TrustedSetup()
        defer { setup.removeFiles() }
        let requests = try await withTestServer(leaf: setup.leaf, route: { _ in .json("{}") }) { server, group in
            var fetcher = setup.fetcher(group: group)
            fetcher.addressGuard = PublicAddressGuard(resolver: SystemHostResolver())
            for route in AssociationFileRequest.Route.allCases {
                fetcher.cdnBaseURL = "\(server.origin)/a/v1/"
                let report = await fetcher.fetch("localhost:\(server.port)", route: route)
                #expect(report.outcome == .failed)
                #expect(report.codes(.error) == ["fetch.address.private"])
                #expect(report.checks.first?.message.contains("loopback") == true)
            }
            return server.log.requests.count
        }
        #expect(requests == 0)
    }

    @Test("The connection goes to the address the guard checked, under the name the certificate names")
    func fetchPinnedToCheckedAddress() async throws {
        // `aasa-pinned.test` is in no resolver but the guard's: the fetch reaches the server only
        // through the pin, and TLS still checks the certificate against the name.
        let setup = try TrustedSetup(leafName: "aasa-pinned.test")
        defer { setup.removeFiles() }
        let loopback = try #require(IPAddress("127.0.0.1"))
        let (report, uris) = try await withTestServer(
            leaf: setup.leaf, route: { _ in .json(DirectRouteTests.validFile) }
        ) {
            server, group in
            var fetcher = setup.fetcher(group: group)
            fetcher.addressGuard = PublicAddressGuard(
                resolver: FixedHostResolver(["aasa-pinned.test": [loopback]]), allowedScopes: [.global, .loopback])
            return (
                await fetcher.fetch("aasa-pinned.test:\(server.port)", route: .direct), server.log.requests.map(\.uri)
            )
        }
        #expect(report.outcome == .received, "\(report.checks)")
        #expect(uris == ["/.well-known/apple-app-site-association"])
    }
}
