/// A URL's host (URL Standard §3.1): what a browser engine will actually connect to.
public enum URLHost: Hashable, Sendable, CustomStringConvertible {
    /// An ASCII domain: lowercase, IDNA-processed (punycode), e.g. `xn--fa-hia.example`.
    case domain(String)
    /// An IPv4 address: a host that ends in a number is parsed as one (`0x7f.1` is `127.0.0.1`).
    case ipv4(IPv4Address)
    /// An IPv6 address, written in brackets in the URL.
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
        case .domain(let name):
            return name.withUTF8Bytes { bytes in
                let localhost = "localhost".utf8
                return bytes.elementsEqual(localhost)
                    || (bytes.count > 10 && bytes[bytes.count - 10] == UInt8(ascii: ".")
                        && bytes[(bytes.count - 9)...].elementsEqual(localhost))
            }
        case .ipv4(let address): return address.isLoopback
        case .ipv6(let address): return address.isLoopback
        case .opaque, .empty: return false
        }
    }

    // MARK: - Parsing a host on its own

    /// Parses `text` exactly as the URL parser parses a URL's host (§3.5): for a special URL
    /// (`https:`) a domain goes through domain to ASCII (`Bücher.Example` → `xn--bcher-kva.example`),
    /// a number such as `0x7f.1` is an IPv4 address and `[::1]` an IPv6 address; with `isOpaque`,
    /// the host of a non-special URL (`myapp://Host`), kept as written. Percent-encoded text is
    /// decoded first, as in a URL. No URL is built.
    ///
    ///     try URLHost("Bücher.example")          // .domain("xn--bcher-kva.example")
    ///     try URLHost("0x7f.1")                  // .ipv4(127.0.0.1)
    ///     URLHost.parse("evil.com/").failure     // .domainInvalidCodePoint
    public init(_ text: String, isOpaque: Bool = false) throws(URLParseError) {
        self = try Self.parse(text, isOpaque: isOpaque).get()
    }

    /// `init(_:isOpaque:)` with the failure as a value.
    public static func parse(_ text: String, isOpaque: Bool = false) -> Result<URLHost, URLParseError> {
        // A special URL's host is never empty (the URL parser reports host-missing).
        if text.isEmpty, !isOpaque { return .failure(.hostMissing) }
        return text.withUTF8Bytes { parse($0, isOpaque: isOpaque) }
    }

    /// The host as an address bar shows it, spoofing checks aside: a domain's labels in Unicode
    /// (the URL Standard's domain to Unicode, UTS #46 ToUnicode with beStrict false), every other
    /// host as `description` writes it.
    public var unicodeDescription: String {
        guard case .domain(let name) = self else { return description }
        return UTS46.toUnicode(name, options: .urlStandard).domain
    }

    /// The registrable domain (eTLD+1) under the bundled Public Suffix List: `example.co.uk` for
    /// `www.example.co.uk`; nil for IP addresses, opaque and empty hosts, public suffixes and
    /// single labels with no rule. `PublicSuffixList.match(_:)` says which rule decided.
    public var registrableDomain: String? { PublicSuffixList.bundled.registrableDomain(of: self) }

    /// The public suffix under the bundled Public Suffix List (`co.uk`, `github.io`, or the last
    /// label when no rule matches); nil for a host that is not a domain.
    public var publicSuffix: String? { PublicSuffixList.bundled.match(self)?.publicSuffix }

    // MARK: - The host parser

    /// The host parser (§3.5). `isOpaque` is true for non-special URLs.
    static func parse<Bytes: RandomAccessCollection<UInt8>>(
        _ input: Bytes, isOpaque: Bool
    )
        -> Result<URLHost, URLParseError> where Bytes.Index == Int
    {
        var text: [UInt8] = []
        return serialize(input, isOpaque: isOpaque, into: &text).map { kind in
            kind.host(text: String(decoding: text, as: UTF8.self)) ?? .empty
        }
    }

    /// The host parser (§3.5), writing the host as the host serializer writes it (§3.6; an IPv6
    /// address in brackets) to `output`, and answering its kind; on failure nothing is left written.
    static func serialize<Bytes: RandomAccessCollection<UInt8>>(
        _ input: Bytes, isOpaque: Bool, into output: inout some ASCIISink
    ) -> Result<WebURL.HostKind, URLParseError> where Bytes.Index == Int {
        if input.first == UInt8(ascii: "[") {
            guard input.count >= 2, input.last == UInt8(ascii: "]") else { return .failure(.ipv6Unclosed) }
            return IPv6Address.parse(input.dropFirst().dropLast()).map { address in
                output.append(UInt8(ascii: "["))
                address.withSerialization { output.append(contentsOf: $0) }
                output.append(UInt8(ascii: "]"))
                return .ipv6(address)
            }
        }
        if isOpaque { return serializeOpaque(input, into: &output) }
        if let plain = serializePlainASCIIDomain(input, into: &output) { return plain }
        let start = output.count
        let errors: IDNAFailure
        if input.contains(UInt8(ascii: "%")) {
            let decoded = PercentEncoding.decode(input)
            // Percent-decoding may have left a plain ASCII domain: the shortcut applies to it too.
            if let plain = serializePlainASCIIDomain(decoded, into: &output) { return plain }
            errors = decoded.withUnsafeBufferPointer {
                UTS46.toASCII(utf8: $0, options: .urlStandard, appendingTo: &output)
            }
        } else {
            errors =
                input.withContiguousStorageIfAvailable {
                    UTS46.toASCII(utf8: $0, options: .urlStandard, appendingTo: &output)
                }
                ?? Array(input).withUnsafeBufferPointer {
                    UTS46.toASCII(utf8: $0, options: .urlStandard, appendingTo: &output)
                }
        }
        let result: Result<WebURL.HostKind, URLParseError> = output.withBytes(from: start) { ascii in
            guard errors.isEmpty else { return .failure(.domainToASCII(errors)) }
            // An empty result is a domain-to-ASCII failure (the standard's step after ToASCII).
            guard !ascii.isEmpty else { return .failure(.domainToASCII(.emptyDomain)) }
            let classes = ByteClasses.host
            guard !ascii.contains(where: { classes[Int($0)] == ByteClasses.Host.stop }) else {
                return .failure(.domainInvalidCodePoint)
            }
            if IPv4Address.endsInANumber(ascii) { return IPv4Address.parse(ascii).map(WebURL.HostKind.ipv4) }
            return .success(.domain)
        }
        return finish(result, from: start, in: &output)
    }

    /// The standard's shortcut for the common case, in one pass: an ASCII domain with no `%` and
    /// no `xn--` label only needs lowercasing. Nil, with nothing written, when the shortcut does
    /// not apply and the full path must run.
    private static func serializePlainASCIIDomain<Bytes: RandomAccessCollection<UInt8>>(
        _ input: Bytes, into output: inout some ASCIISink
    ) -> Result<WebURL.HostKind, URLParseError>? where Bytes.Index == Int {
        guard !input.isEmpty else { return nil }
        var labelStart = true
        var forbidden = false
        for index in input.indices {
            let byte = input[index]
            if byte >= 0x80 || byte == UInt8(ascii: "%") { return nil }
            if labelStart, byte | 0x20 == UInt8(ascii: "x"), index + 3 < input.endIndex,
                input[index + 1] | 0x20 == UInt8(ascii: "n"), input[index + 2] == UInt8(ascii: "-"),
                input[index + 3] == UInt8(ascii: "-")
            {
                return nil
            }
            labelStart = byte == UInt8(ascii: ".")
            forbidden = forbidden || isForbiddenDomainCodePoint(byte)
        }
        if forbidden { return .failure(.domainInvalidCodePoint) }
        // The IPv4 parser reads `0X` and hex digits in either case.
        if IPv4Address.endsInANumber(input) {
            return IPv4Address.parse(input).map { address in
                address.withSerialization { output.append(contentsOf: $0) }
                return .ipv4(address)
            }
        }
        for byte in input { output.append(ASCII.lowercased(byte)) }
        return .success(.domain)
    }

    /// An IPv4 result is written as its serialization; a failure leaves nothing written.
    private static func finish(
        _ result: Result<WebURL.HostKind, URLParseError>, from start: Int, in output: inout some ASCIISink
    ) -> Result<WebURL.HostKind, URLParseError> {
        switch result {
        case .failure:
            output.truncate(to: start)
        case .success(let kind):
            if case .ipv4(let address)? = kind.host(text: "") {
                output.truncate(to: start)
                address.withSerialization { output.append(contentsOf: $0) }
            }
        }
        return result
    }

    /// The opaque-host parser (§3.5).
    private static func serializeOpaque(
        _ input: some Collection<UInt8>, into output: inout some ASCIISink
    )
        -> Result<WebURL.HostKind, URLParseError>
    {
        guard !input.contains(where: isForbiddenHostCodePoint) else { return .failure(.hostInvalidCodePoint) }
        guard !input.isEmpty else { return .success(.empty) }
        for byte in input {
            if PercentEncodeSet.c0Control.contains(byte) {
                output.append(UInt8(ascii: "%"))
                output.append(PercentEncoding.hexDigit(byte >> 4))
                output.append(PercentEncoding.hexDigit(byte & 0x0F))
            } else {
                output.append(byte)
            }
        }
        return .success(.opaque)
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

    /// Forbidden domain code points (§3.1): the forbidden host code points, C0 controls, `%` and
    /// DEL. One bit per ASCII byte (the shape of a percent-encode set), as the plain-domain path tests
    /// every byte of a host; `HostTests` checks it against the definition.
    static let forbiddenDomainCodePoints = PercentEncodeSet(low: 0xD400_8029_FFFF_FFFF, high: 0x9000_0000_7800_0001)

    @inline(__always)
    static func isForbiddenDomainCodePoint(_ byte: UInt8) -> Bool {
        byte < 0x80 && forbiddenDomainCodePoints.contains(byte)
    }
}
