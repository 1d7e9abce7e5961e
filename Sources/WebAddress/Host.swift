/// A URL's host (URL Standard §3.1): what a browser engine will actually connect to.
public enum Host: Hashable, Sendable, CustomStringConvertible {
    /// An ASCII domain: lowercase, IDNA-processed (punycode), e.g. `xn--fa-hia.example`.
    case domain(String)
    case ipv4(IPv4Address)
    case ipv6(IPv6Address)
    /// The host of a non-special URL (`foo://host`): percent-encoded, case kept, never IDNA-processed.
    case opaque(String)
    /// The empty host (`file:///path`).
    case empty

    /// The host serializer (§3.6): IPv6 in brackets, everything else as it is.
    public var description: String {
        switch self {
        case .domain(let name), .opaque(let name): name
        case .ipv4(let address): address.description
        case .ipv6(let address): "[\(address)]"
        case .empty: ""
        }
    }

    /// True for the hosts every browser treats as this machine: `localhost`, `*.localhost`,
    /// 127.0.0.0/8 and `[::1]`.
    public var isLoopback: Bool {
        switch self {
        case .domain(let name): name == "localhost" || name.hasSuffix(".localhost")
        case .ipv4(let address): address.isLoopback
        case .ipv6(let address): address.isLoopback
        case .opaque, .empty: false
        }
    }

    /// The host parser (§3.5). `isOpaque` is true for non-special URLs.
    static func parse(_ input: ArraySlice<UInt8>, isOpaque: Bool) -> Result<Host, URLParseError> {
        if input.first == UInt8(ascii: "[") {
            guard input.count >= 2, input.last == UInt8(ascii: "]") else { return .failure(.ipv6Unclosed) }
            return IPv6Address.parse(input.dropFirst().dropLast()).map(Host.ipv6)
        }
        if isOpaque { return parseOpaque(input) }
        let domain = PercentEncoding.decode(input)
        let asciiDomain: [UInt8]
        if let fast = asciiFastPath(domain) {
            asciiDomain = fast
        } else {
            switch UTS46.toASCII(domain) {
            case .success(let result): asciiDomain = Array(result.utf8)
            case .failure(let error): return .failure(error)
            }
        }
        // An empty result is a domain-to-ASCII failure (the standard's step after ToASCII).
        guard !asciiDomain.isEmpty else { return .failure(.domainToASCII(reasons: ["empty domain"])) }
        guard !asciiDomain.contains(where: isForbiddenDomainCodePoint) else { return .failure(.domainInvalidCodePoint) }
        if IPv4Address.endsInANumber(asciiDomain) { return IPv4Address.parse(asciiDomain).map(Host.ipv4) }
        return .success(.domain(String(decoding: asciiDomain, as: UTF8.self)))
    }

    /// The standard's shortcut: an ASCII domain with no `xn--` label only needs lowercasing.
    private static func asciiFastPath(_ domain: [UInt8]) -> [UInt8]? {
        var output = domain
        var labelStart = true
        for index in output.indices {
            let byte = output[index]
            guard byte < 0x80 else { return nil }
            if labelStart, byte | 0x20 == UInt8(ascii: "x"), index + 3 < output.count,
                output[index + 1] | 0x20 == UInt8(ascii: "n"), output[index + 2] == UInt8(ascii: "-"),
                output[index + 3] == UInt8(ascii: "-")
            {
                return nil
            }
            labelStart = byte == UInt8(ascii: ".")
            output[index] = ASCII.lowercased(byte)
        }
        return output
    }

    /// The opaque-host parser (§3.5).
    private static func parseOpaque(_ input: ArraySlice<UInt8>) -> Result<Host, URLParseError> {
        guard !input.contains(where: isForbiddenHostCodePoint) else { return .failure(.hostInvalidCodePoint) }
        let encoded = PercentEncoding.encode(input, set: .c0Control)
        return .success(encoded.isEmpty ? .empty : .opaque(encoded))
    }

    /// Forbidden host code points (§3.1).
    static func isForbiddenHostCodePoint(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x00, 0x09, 0x0A, 0x0D, 0x20, UInt8(ascii: "#"), UInt8(ascii: "/"), UInt8(ascii: ":"),
            UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "?"), UInt8(ascii: "@"), UInt8(ascii: "["),
            UInt8(ascii: "\\"), UInt8(ascii: "]"), UInt8(ascii: "^"), UInt8(ascii: "|"):
            true
        default: false
        }
    }

    /// Forbidden domain code points (§3.1): the forbidden host code points, C0 controls, `%` and DEL.
    static func isForbiddenDomainCodePoint(_ byte: UInt8) -> Bool {
        isForbiddenHostCodePoint(byte) || byte <= 0x1F || byte == UInt8(ascii: "%") || byte == 0x7F
    }
}
