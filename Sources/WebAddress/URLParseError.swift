/// Why an input is not a URL: the URL Standard's failure validation errors (§4.1), by their names.
public enum URLParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A relative input without a usable base URL.
    case missingSchemeNonRelativeURL
    /// A special URL (or credentials) with no host.
    case hostMissing
    /// The port is above 65535.
    case portOutOfRange
    /// The port holds a character other than a digit before the end of the authority.
    case portInvalid
    /// The host contains a forbidden host code point (non-special URLs: opaque hosts).
    case hostInvalidCodePoint
    /// The host contains a forbidden domain code point after IDNA processing.
    case domainInvalidCodePoint
    /// UTS #46 ToASCII failed, for these reasons.
    case domainToASCII(IDNAFailure)
    /// A host that ends in a number has more than four parts.
    case ipv4TooManyParts
    /// A host that ends in a number has a part that is not a number.
    case ipv4NonNumericPart
    /// A part of an IPv4 address is too large: above 255, or a last part beyond the bytes left.
    case ipv4OutOfRangePart
    /// An IPv6 address has no closing `]`.
    case ipv6Unclosed
    /// An IPv6 address starts with a single `:`.
    case ipv6InvalidCompression
    /// An IPv6 address has more than eight pieces.
    case ipv6TooManyPieces
    /// An IPv6 address uses `::` more than once.
    case ipv6MultipleCompression
    /// An IPv6 address holds a character that is not a hex digit, `:` or `.`, or ends after a single `:`.
    case ipv6InvalidCodePoint
    /// An IPv6 address has fewer than eight pieces and no `::`.
    case ipv6TooFewPieces
    /// An embedded IPv4 address comes after more than six IPv6 pieces.
    case ipv4InIPv6TooManyPieces
    /// An embedded IPv4 address is malformed: an empty part, a leading zero, a stray character or
    /// more than four parts.
    case ipv4InIPv6InvalidCodePoint
    /// A part of an embedded IPv4 address is above 255.
    case ipv4InIPv6OutOfRangePart
    /// An embedded IPv4 address has fewer than four parts.
    case ipv4InIPv6TooFewParts
    /// Not in the standard: an input so long (hundreds of megabytes) that its serialization could
    /// pass 2 GiB. WebAddress refuses it rather than trap.
    case tooLong

    /// The standard's name for the error, e.g. `host-missing`.
    public var code: String {
        switch self {
        case .missingSchemeNonRelativeURL: "missing-scheme-non-relative-URL"
        case .hostMissing: "host-missing"
        case .portOutOfRange: "port-out-of-range"
        case .portInvalid: "port-invalid"
        case .hostInvalidCodePoint: "host-invalid-code-point"
        case .domainInvalidCodePoint: "domain-invalid-code-point"
        case .domainToASCII: "domain-to-ASCII"
        case .ipv4TooManyParts: "IPv4-too-many-parts"
        case .ipv4NonNumericPart: "IPv4-non-numeric-part"
        case .ipv4OutOfRangePart: "IPv4-out-of-range-part"
        case .ipv6Unclosed: "IPv6-unclosed"
        case .ipv6InvalidCompression: "IPv6-invalid-compression"
        case .ipv6TooManyPieces: "IPv6-too-many-pieces"
        case .ipv6MultipleCompression: "IPv6-multiple-compression"
        case .ipv6InvalidCodePoint: "IPv6-invalid-code-point"
        case .ipv6TooFewPieces: "IPv6-too-few-pieces"
        case .ipv4InIPv6TooManyPieces: "IPv4-in-IPv6-too-many-pieces"
        case .ipv4InIPv6InvalidCodePoint: "IPv4-in-IPv6-invalid-code-point"
        case .ipv4InIPv6OutOfRangePart: "IPv4-in-IPv6-out-of-range-part"
        case .ipv4InIPv6TooFewParts: "IPv4-in-IPv6-too-few-parts"
        case .tooLong: "too-long"
        }
    }

    /// A sentence for people.
    public var description: String {
        switch self {
        case .missingSchemeNonRelativeURL: "no scheme, and no base URL it could be relative to"
        case .hostMissing: "the URL needs a host and has none"
        case .portOutOfRange: "the port is above 65535"
        case .portInvalid: "the port is not a number"
        case .hostInvalidCodePoint: "the host contains a character no host may contain"
        case .domainInvalidCodePoint: "the domain contains a character no domain may contain"
        case .domainToASCII(let failure): "the domain is not valid IDNA (UTS #46): \(failure)"
        case .ipv4TooManyParts: "an IPv4 address has at most four parts"
        case .ipv4NonNumericPart: "the host ends in a number but a part of it is not a number"
        case .ipv4OutOfRangePart: "an IPv4 part is out of range"
        case .ipv6Unclosed: "an IPv6 address is missing its closing ]"
        case .ipv6InvalidCompression: "an IPv6 address starts with a single :"
        case .ipv6TooManyPieces: "an IPv6 address has more than eight pieces"
        case .ipv6MultipleCompression: "an IPv6 address uses :: more than once"
        case .ipv6InvalidCodePoint: "an IPv6 address contains an unexpected character"
        case .ipv6TooFewPieces: "an IPv6 address has fewer than eight pieces and no ::"
        case .ipv4InIPv6TooManyPieces: "an embedded IPv4 address comes after too many IPv6 pieces"
        case .ipv4InIPv6InvalidCodePoint: "an embedded IPv4 address is malformed"
        case .ipv4InIPv6OutOfRangePart: "an embedded IPv4 part is above 255"
        case .ipv4InIPv6TooFewParts: "an embedded IPv4 address has fewer than four parts"
        case .tooLong: "the input is too long to be a URL (over \(URLParser.maximumLength) bytes)"
        }
    }
}
