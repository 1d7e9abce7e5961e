import Testing

@testable import WebAddress

/// The host parser (§3.5) and serializer (§3.6).
@Suite("Hosts")
struct HostTests {
    private func host(_ text: String, scheme: String = "https") throws -> URLHost? {
        try WebURL("\(scheme)://\(text)/").host
    }

    @Test(
        "IPv4: every numeric form the parser accepts is the same address",
        arguments: [
            "127.0.0.1", "0x7f.1", "0x7F.0.0.1", "0177.0.0.1", "2130706433", "127.1", "127.0.1", "0x7f000001",
            "017700000001", "127.0.0.1.", "127.0x0.0.1",
        ])
    func ipv4Forms(_ text: String) throws {
        #expect(try host(text) == .ipv4(IPv4Address(0x7F00_0001)))
    }

    @Test(
        "IPv4: a host that ends in a number must be a valid address",
        arguments: ["1.2.3.4.5", "256.0.0.1", "foo.1.2.3", "example.09", "4294967296", "0x100000000", "1.0x100.3.4"])
    func ipv4Failures(_ text: String) {
        #expect(throws: URLParseError.self) { try host(text) }
    }

    @Test("IPv4: the last part may fill the remaining bytes")
    func ipv4LastPart() throws {
        #expect(try host("1.2.65535") == .ipv4(IPv4Address(0x0102_FFFF)))
        #expect(throws: URLParseError.ipv4OutOfRangePart) { try host("1.2.65536") }
    }

    @Test("IPv4: a domain whose last label is not a number is a domain", arguments: ["1.2.3.com", "0x7f.example"])
    func notIPv4(_ text: String) throws {
        #expect(try host(text) == .domain(text))
    }

    @Test(
        "IPv6: compression, embedded IPv4, lowercase serialization of the first longest zero run",
        arguments: [
            ("[0:0:0:0:0:0:0:1]", "[::1]"),
            ("[::FFFF:127.0.0.1]", "[::ffff:7f00:1]"),
            ("[2001:db8:0:0:1:0:0:1]", "[2001:db8::1:0:0:1]"),
            ("[2001:0db8:0000:0000:0000:0000:0000:0001]", "[2001:db8::1]"),
            ("[1:0:0:2::3:0]", "[1::2:0:0:3:0]"),
            ("[1:2:3:4:5:6:7:8]", "[1:2:3:4:5:6:7:8]"),
        ])
    func ipv6(_ text: String, _ serialized: String) throws {
        #expect(try host(text)?.description == serialized)
    }

    @Test(
        "IPv6: malformed addresses fail",
        arguments: [
            "[::1", "[:1]", "[1::2::3]", "[1:2:3:4:5:6:7:8:9]", "[1:2:3]", "[::1%25eth0]", "[::1.2.3]",
            "[::1.2.3.256]", "[::01.2.3.4]", "[g::1]",
        ])
    func ipv6Failures(_ text: String) {
        #expect(throws: URLParseError.self) { try host(text) }
    }

    @Test("domains: percent-decoded, IDNA-mapped, lowercased")
    func domains() throws {
        #expect(try host("ＥＸＡＭＰＬＥ.com") == .domain("example.com"))
        #expect(try host("ex%61mple.com") == .domain("example.com"))
        #expect(try host("faß.de") == .domain("xn--fa-hia.de"))
        #expect(try host("example%E3%80%82com") == .domain("example.com"))
        #expect(try host("a\u{AD}b.com") == .domain("ab.com"))
    }

    @Test(
        "domains: a forbidden domain code point fails, even when it arrives percent-encoded",
        arguments: ["exa mple.com", "a%20b.com", "a%2fb.com", "a<b.com", "a%00b.com", "a%25b.com", "a\u{A0}b.com"])
    func forbiddenDomainCodePoints(_ text: String) {
        #expect(throws: URLParseError.self) { try host(text) }
    }

    @Test("domains: an IDNA result that is empty fails")
    func emptyDomain() {
        #expect(throws: URLParseError.self) { try host("\u{AD}") }
    }

    @Test("opaque hosts of non-special URLs keep their case and are never IDNA-processed")
    func opaqueHosts() throws {
        #expect(try host("ExAmple.COM", scheme: "sc") == .opaque("ExAmple.COM"))
        #expect(try host("faß", scheme: "sc") == .opaque("fa%C3%9F"))
        #expect(try host("", scheme: "sc") == .empty)
        #expect(throws: URLParseError.hostInvalidCodePoint) { try host("a<b", scheme: "sc") }
    }

    @Test("loopback: localhost, *.localhost, 127/8 and ::1")
    func loopback() throws {
        for text in ["localhost", "a.b.localhost", "127.0.0.1", "127.255.0.9", "0x7f.1", "[::1]"] {
            #expect(try host(text)?.isLoopback == true, "\(text)")
        }
        for text in ["localhost.example", "128.0.0.1", "[::2]", "mylocalhost"] {
            #expect(try host(text)?.isLoopback == false, "\(text)")
        }
    }

    @Test("UTS #46 runs with CheckBidi only on labels that hold right-to-left characters (decision D1)")
    func checkBidi() throws {
        #expect(try host("1.\u{064A}") == .domain("1.xn--mhb"))
        #expect(throws: URLParseError.self) { try host("\u{064A}a") }
        #expect(throws: URLParseError.self) { try host("a.\u{05D0}-") }
    }

    @Test("UTS #46 runs with CheckJoiners: a ZWJ outside its allowed contexts fails")
    func checkJoiners() {
        #expect(throws: URLParseError.self) { try host("a\u{200D}b.com") }
    }

    @Test("the forbidden code point sets are the standard's (§3.1)")
    func forbiddenCodePoints() {
        let host = Set<UInt8>([0x00, 0x09, 0x0A, 0x0D, 0x20] + Array("#/:<>?@[\\]^|".utf8))
        let domain = host.union(0...0x1F).union([UInt8(ascii: "%"), 0x7F])
        for byte in UInt8.min...UInt8.max {
            #expect(URLHost.isForbiddenHostCodePoint(byte) == host.contains(byte), "\(byte)")
            #expect(URLHost.isForbiddenDomainCodePoint(byte) == domain.contains(byte), "\(byte)")
        }
    }
}

/// The public host API: a host parsed on its own, as the URL parser parses it, without a URL.
@Suite("URLHost on its own")
struct HostAPITests {
    @Test(
        "it gives what the host of https://TEXT/ is, for every host of the mix",
        arguments: [
            "example.com", "EXAMPLE.com", "Bücher.example", "xn--bcher-kva.example", "0x7f.1", "127.0.0.1.", "[::1]",
            "[2001:DB8::1]", "%65xample.com", "例え.テスト", "a..b", "localhost",
        ])
    func sameAsURL(_ text: String) throws {
        #expect(try URLHost(text) == WebURL("https://\(text)/").host)
    }

    @Test("what the URL parser refuses, it refuses with the same error")
    func refusals() {
        for text in ["exa mple.com", "evil.com/", "a@b", "[::1", "1.2.3.4.5", "xn--a.com", "\u{200D}.example"] {
            let alone = URLHost.parse(text)
            let inURL = WebURL.parse("https://\(text)/")
            guard case .failure(let hostError) = alone else {
                Issue.record("\(text) parsed as a host: \(alone)")
                continue
            }
            // A `/` or `@` ends the host inside a URL, so only characters the URL keeps compare.
            if !text.contains("/"), !text.contains("@"), case .failure(let urlError) = inURL {
                #expect(hostError == urlError, "\(text)")
            }
        }
        #expect(URLHost.parse("") == .failure(.hostMissing))
    }

    @Test("isOpaque reads a non-special URL's host: case kept, no IDNA, percent-encoded")
    func opaque() throws {
        #expect(try URLHost("Host", isOpaque: true) == .opaque("Host"))
        #expect(try URLHost("bücher", isOpaque: true) == .opaque("b%C3%BCcher"))
        #expect(try URLHost("", isOpaque: true) == .empty)
        #expect(throws: URLParseError.hostInvalidCodePoint) { try URLHost("a b", isOpaque: true) }
    }

    @Test("unicodeDescription shows a domain in Unicode and every other host as it is")
    func unicode() throws {
        #expect(try URLHost("xn--bcher-kva.example").unicodeDescription == "bücher.example")
        #expect(try URLHost("XN--MNCHEN-3YA.de").unicodeDescription == "münchen.de")
        #expect(try URLHost("example.com").unicodeDescription == "example.com")
        #expect(try URLHost("[::1]").unicodeDescription == "[::1]")
        #expect(try URLHost("0x7f.1").unicodeDescription == "127.0.0.1")
    }

    @Test("registrable domain and public suffix, from the bundled list")
    func publicSuffixList() throws {
        #expect(try URLHost("www.example.co.uk").registrableDomain == "example.co.uk")
        #expect(try URLHost("www.example.co.uk").publicSuffix == "co.uk")
        #expect(try URLHost("attacker.github.io").registrableDomain == "attacker.github.io")
        #expect(try URLHost("co.uk").registrableDomain == nil)
        #expect(try URLHost("co.uk").publicSuffix == "co.uk")
        #expect(try URLHost("127.0.0.1").registrableDomain == nil)
        #expect(try URLHost("127.0.0.1").publicSuffix == nil)
        #expect(try URLHost("食狮.公司.cn").registrableDomain == "xn--85x722f.xn--55qx5d.cn")
    }
}
