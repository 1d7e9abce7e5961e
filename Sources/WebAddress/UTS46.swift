#if canImport(_FoundationICU)
    import _FoundationICU
#endif

/// UTS #46 ToASCII as the URL Standard's "domain to ASCII" runs it (§3.3, beStrict = false):
/// CheckHyphens off, CheckBidi on, CheckJoiners on, UseSTD3ASCIIRules off, Transitional_Processing
/// off, VerifyDnsLength off, IgnoreInvalidPunycode off.
///
/// `Backend` below is the one seam between WebAddress and ICU (the IDNA library browser engines
/// use): mapping, normalisation, punycode and CheckJoiners come from ICU. ICU always checks hyphens
/// and lengths, so those error bits are ignored, as Chromium and WebKit do. CheckBidi is done here
/// (`BidiRule`), because ICU applies RFC 5893 to every label of a Bidi domain name and so rejects
/// `1.ي`, which the URL Standard's tests, Firefox and Node accept (see docs/decisions.md).
public enum UTS46 {
    /// The Unicode version of the IDNA data in use, e.g. "16.0".
    public static var unicodeVersion: String { Backend.unicodeVersion }

    /// The ASCII form of `domain` (lowercase, punycoded), or the IDNA errors that make it invalid.
    public static func toASCII(_ domain: some Collection<UInt8>) -> Result<String, URLParseError> {
        let ascii: String
        switch Backend.toASCII(Array(domain)) {
        case .success(let result): ascii = result
        case .failure(let error): return .failure(error)
        }
        // Only a punycode label can hold right-to-left characters; ASCII has none.
        let labels = ascii.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard labels.contains(where: { $0.starts(with: "xn--".utf8) }) else { return .success(ascii) }
        guard case .success(let unicode) = Backend.toUnicode(Array(ascii.utf8)) else {
            return .failure(.domainToASCII(.invalidPunycode))
        }
        for label in unicode.split(separator: ".", omittingEmptySubsequences: false)
        where !BidiRule.isSatisfied(by: label.unicodeScalars, classOf: Backend.bidiClass) {
            return .failure(.domainToASCII(.bidiRule))
        }
        return .success(ascii)
    }
}

#if canImport(_FoundationICU)
    private enum Backend {
        /// ICU's UTS #46 object is immutable once opened and safe to share between threads.
        private final class Processor: @unchecked Sendable {
            let idna: OpaquePointer?
            init() {
                var status = U_ZERO_ERROR
                // CheckBidi is left to BidiRule (see UTS46 above).
                let options =
                    UInt32(UIDNA_CHECK_CONTEXTJ) | UInt32(UIDNA_NONTRANSITIONAL_TO_ASCII)
                    | UInt32(UIDNA_NONTRANSITIONAL_TO_UNICODE)
                let opened = swift_uidna_openUTS46(options, &status)
                idna = status.rawValue <= U_ZERO_ERROR.rawValue ? opened : nil
            }
        }

        private static let processor = Processor()

        /// Errors the URL Standard does not ask for (CheckHyphens and VerifyDnsLength are off).
        private static let ignoredErrors: UInt32 =
            UInt32(UIDNA_ERROR_EMPTY_LABEL) | UInt32(UIDNA_ERROR_LABEL_TOO_LONG)
            | UInt32(UIDNA_ERROR_DOMAIN_NAME_TOO_LONG) | UInt32(UIDNA_ERROR_LEADING_HYPHEN)
            | UInt32(UIDNA_ERROR_TRAILING_HYPHEN) | UInt32(UIDNA_ERROR_HYPHEN_3_4)

        /// ICU's error bits, as WebAddress names them.
        private static let errorBits: [(UInt32, IDNAFailure)] = [
            (UInt32(UIDNA_ERROR_LEADING_COMBINING_MARK), .leadingCombiningMark),
            (UInt32(UIDNA_ERROR_DISALLOWED), .disallowed),
            (UInt32(UIDNA_ERROR_PUNYCODE), .invalidPunycode),
            (UInt32(UIDNA_ERROR_LABEL_HAS_DOT), .labelHasDot),
            (UInt32(UIDNA_ERROR_INVALID_ACE_LABEL), .invalidACELabel),
            (UInt32(UIDNA_ERROR_CONTEXTJ), .contextJoiners),
            (UInt32(UIDNA_ERROR_CONTEXTO_PUNCTUATION), .contextPunctuation),
            (UInt32(UIDNA_ERROR_CONTEXTO_DIGITS), .contextDigits),
        ]

        static var unicodeVersion: String {
            var version: UVersionInfo = (0, 0, 0, 0)
            swift_u_getUnicodeVersion(&version)
            return "\(version.0).\(version.1)"
        }

        static func toASCII(_ input: [UInt8]) -> Result<String, URLParseError> {
            convert(input, swift_uidna_nameToASCII_UTF8)
        }

        /// The Unicode form of an ASCII domain, for the Bidi check.
        static func toUnicode(_ input: [UInt8]) -> Result<String, URLParseError> {
            convert(input, swift_uidna_nameToUnicodeUTF8)
        }

        /// The Bidi_Class of a code point, from ICU's Unicode data.
        static func bidiClass(_ scalar: Unicode.Scalar) -> BidiRule.BidiClass {
            BidiRule.BidiClass(rawValue: Int(swift_u_charDirection(UChar32(scalar.value)).rawValue)) ?? .other
        }

        private typealias Conversion = (
            OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<CChar>?, Int32,
            UnsafeMutablePointer<UIDNAInfo>?, UnsafeMutablePointer<UErrorCode>?
        ) -> Int32

        private static func convert(_ input: [UInt8], _ conversion: Conversion) -> Result<String, URLParseError> {
            guard let idna = processor.idna else { return .failure(.domainToASCII(.unavailable)) }
            guard input.count < Int(Int32.max) / 4 else { return .failure(.domainToASCII(.tooLong)) }
            var capacity = max(64, input.count * 4)
            while true {
                var status = U_ZERO_ERROR
                var info = UIDNAInfo(
                    size: Int16(MemoryLayout<UIDNAInfo>.size), isTransitionalDifferent: 0, reservedB3: 0, errors: 0,
                    reservedI2: 0, reservedI3: 0)
                var output = [CChar](repeating: 0, count: capacity)
                let length = input.withUnsafeBufferPointer { source in
                    source.withMemoryRebound(to: CChar.self) { chars in
                        conversion(idna, chars.baseAddress, Int32(chars.count), &output, Int32(capacity), &info, &status)
                    }
                }
                if status == U_BUFFER_OVERFLOW_ERROR, Int(length) > capacity {
                    capacity = Int(length) + 1
                    continue
                }
                guard status.rawValue <= U_ZERO_ERROR.rawValue else {
                    return .failure(.domainToASCII(.unavailable))
                }
                let errors = info.errors & ~ignoredErrors
                guard errors == 0 else {
                    var failure = IDNAFailure(errorBits.filter { errors & $0.0 != 0 }.map(\.1))
                    if failure.isEmpty { failure = .other }
                    return .failure(.domainToASCII(failure))
                }
                let bytes = output[0..<Int(length)].map { UInt8(bitPattern: $0) }
                return .success(String(decoding: bytes, as: UTF8.self))
            }
        }
    }
#else
    /// Without ICU only ASCII domains can be processed; anything needing IDNA fails closed.
    private enum Backend {
        static let unicodeVersion = "none"

        static func toASCII(_ input: [UInt8]) -> Result<String, URLParseError> {
            guard input.allSatisfy({ $0 < 0x80 }) else {
                return .failure(.domainToASCII(.unavailable))
            }
            let labels = input.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
            guard !labels.contains(where: { $0.count >= 4 && $0.prefix(4).map(ASCII.lowercased) == Array("xn--".utf8) })
            else { return .failure(.domainToASCII(.unavailable)) }
            return .success(String(decoding: input.map(ASCII.lowercased), as: UTF8.self))
        }

        static func toUnicode(_ input: [UInt8]) -> Result<String, URLParseError> { toASCII(input) }

        static func bidiClass(_ scalar: Unicode.Scalar) -> BidiRule.BidiClass { .other }
    }
#endif
