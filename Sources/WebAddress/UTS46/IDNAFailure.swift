/// Why UTS #46 found a domain invalid: each bit is one of the errors UTS #46 processing records,
/// named after the status codes of Unicode's conformance file IdnaTestV2.txt (`P4`, `V1`–`V7`, `U1`,
/// `A3`, `A4_1`, `A4_2`, `B1`–`B6`, `C1`, `C2`, `X4_2`), plus the URL Standard's own check that the
/// result is not empty and WebAddress's bound on length. A plain bit set, so that a failure costs
/// no allocation.
public struct IDNAFailure: OptionSet, Error, Hashable, Sendable, CustomStringConvertible {
    /// The bits of the errors, one per error.
    public let rawValue: UInt32
    /// The errors whose bits `rawValue` has.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// P4: an `xn--` label holds a non-ASCII character, is not valid Punycode, or decodes to nothing
    /// or to ASCII only.
    public static let invalidPunycode = IDNAFailure(rawValue: 1 << 0)
    /// V1: a label decoded from Punycode is not in Normalization Form C.
    public static let notNormalized = IDNAFailure(rawValue: 1 << 1)
    /// V2 (CheckHyphens): `-` in both the third and fourth positions.
    public static let hyphenInThirdAndFourthPositions = IDNAFailure(rawValue: 1 << 2)
    /// V3 (CheckHyphens): a label starts or ends with `-`.
    public static let leadingOrTrailingHyphen = IDNAFailure(rawValue: 1 << 3)
    /// V4: a label decoded from Punycode starts with `xn--` itself.
    public static let decodedLabelStartsWithPunycodePrefix = IDNAFailure(rawValue: 1 << 4)
    /// V5: a label decoded from Punycode contains a full stop.
    public static let labelHasDot = IDNAFailure(rawValue: 1 << 5)
    /// V6: a label starts with a combining mark.
    public static let leadingCombiningMark = IDNAFailure(rawValue: 1 << 6)
    /// V7: a code point whose IDNA status is not valid (disallowed, or mapped in a decoded label).
    public static let disallowed = IDNAFailure(rawValue: 1 << 7)
    /// U1 (UseSTD3ASCIIRules): an ASCII character other than `a`–`z`, `0`–`9` and `-`.
    public static let std3ASCIIRules = IDNAFailure(rawValue: 1 << 8)
    /// A3: a label cannot be encoded as Punycode (a lone surrogate, or an overflow).
    public static let punycodeEncoding = IDNAFailure(rawValue: 1 << 9)
    /// A4_1 (VerifyDnsLength): the domain is empty or longer than DNS allows.
    public static let domainLength = IDNAFailure(rawValue: 1 << 10)
    /// A4_2 (VerifyDnsLength): a label is empty or longer than 63 bytes.
    public static let labelLength = IDNAFailure(rawValue: 1 << 11)
    /// B1–B6 (CheckBidi): the six conditions of the Bidi Rule (RFC 5893 §2), one bit each.
    public static let bidiFirstCharacter = IDNAFailure(rawValue: 1 << 12)
    /// B2: a right-to-left label holds a character of a Bidi class it may not hold (L, for one).
    public static let bidiRightToLeftCharacters = IDNAFailure(rawValue: 1 << 13)
    /// B3: a right-to-left label does not end with an R, AL, EN or AN character (then any NSM).
    public static let bidiRightToLeftEnd = IDNAFailure(rawValue: 1 << 14)
    /// B4: a right-to-left label holds both European (EN) and Arabic-Indic (AN) digits.
    public static let bidiMixedNumbers = IDNAFailure(rawValue: 1 << 15)
    /// B5: a left-to-right label holds a character of a Bidi class it may not hold (R, AL or AN, for one).
    public static let bidiLeftToRightCharacters = IDNAFailure(rawValue: 1 << 16)
    /// B6: a left-to-right label does not end with an L or EN character (then any NSM).
    public static let bidiLeftToRightEnd = IDNAFailure(rawValue: 1 << 17)
    /// C1 (CheckJoiners): a ZERO WIDTH NON-JOINER outside the contexts RFC 5892 allows.
    public static let zeroWidthNonJoiner = IDNAFailure(rawValue: 1 << 18)
    /// C2 (CheckJoiners): a ZERO WIDTH JOINER not after a virama.
    public static let zeroWidthJoiner = IDNAFailure(rawValue: 1 << 19)
    /// X4_2 (ToUnicode with VerifyDnsLength): an empty label other than the root.
    public static let emptyLabel = IDNAFailure(rawValue: 1 << 20)
    /// Not UTS #46: the URL Standard's domain to ASCII fails when the result is empty.
    public static let emptyDomain = IDNAFailure(rawValue: 1 << 21)
    /// Not UTS #46: a domain longer than WebAddress processes (`UTS46.maximumInputLength` bytes,
    /// or `UTS46.maximumMappedLength` code points after mapping; D69).
    public static let tooLong = IDNAFailure(rawValue: 1 << 22)

    /// Every error of the Bidi Rule.
    public static let bidiRule: IDNAFailure = [
        .bidiFirstCharacter, .bidiRightToLeftCharacters, .bidiRightToLeftEnd, .bidiMixedNumbers,
        .bidiLeftToRightCharacters, .bidiLeftToRightEnd,
    ]

    /// Each error with its IdnaTestV2.txt status code and a sentence, in the file's order.
    static let catalog: [(error: IDNAFailure, code: String, text: String)] = [
        (.invalidPunycode, "P4", "an xn-- label is not valid Punycode"),
        (.notNormalized, "V1", "a decoded label is not in NFC"),
        (.hyphenInThirdAndFourthPositions, "V2", "-- in the third and fourth positions"),
        (.leadingOrTrailingHyphen, "V3", "a label starts or ends with -"),
        (.decodedLabelStartsWithPunycodePrefix, "V4", "a decoded label starts with xn--"),
        (.labelHasDot, "V5", "a decoded label contains a dot"),
        (.leadingCombiningMark, "V6", "a label starts with a combining mark"),
        (.disallowed, "V7", "a code point IDNA does not allow"),
        (.std3ASCIIRules, "U1", "an ASCII character STD3 does not allow"),
        (.punycodeEncoding, "A3", "a label cannot be encoded as Punycode"),
        (.domainLength, "A4_1", "the domain's length is outside DNS limits"),
        (.labelLength, "A4_2", "a label is empty or over 63 bytes"),
        (.bidiFirstCharacter, "B1", "Bidi Rule 1: a label starts with a character that is neither L, R nor AL"),
        (.bidiRightToLeftCharacters, "B2", "Bidi Rule 2: a right-to-left label holds a left-to-right character"),
        (.bidiRightToLeftEnd, "B3", "Bidi Rule 3: a right-to-left label ends wrongly"),
        (.bidiMixedNumbers, "B4", "Bidi Rule 4: a right-to-left label mixes European and Arabic-Indic digits"),
        (.bidiLeftToRightCharacters, "B5", "Bidi Rule 5: a left-to-right label holds a right-to-left character"),
        (.bidiLeftToRightEnd, "B6", "Bidi Rule 6: a left-to-right label ends wrongly"),
        (.zeroWidthNonJoiner, "C1", "a zero width non-joiner out of context"),
        (.zeroWidthJoiner, "C2", "a zero width joiner out of context"),
        (.emptyLabel, "X4_2", "an empty label"),
        (.emptyDomain, "URL", "the domain is empty"),
        (.tooLong, "LIMIT", "the domain is too long to process (over 1 MiB, or 65,536 code points after mapping)"),
    ]

    /// The IdnaTestV2.txt status codes of these errors, e.g. `["V6", "B1"]`.
    public var codes: [String] { Self.catalog.filter { contains($0.error) }.map(\.code) }

    /// The errors as sentences with their status codes, separated by `; `, or `no error`.
    public var description: String {
        let named = Self.catalog.filter { contains($0.error) }.map { "\($0.text) (\($0.code))" }
        return named.isEmpty ? "no error" : named.joined(separator: "; ")
    }
}
