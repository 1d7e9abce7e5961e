/// Unicode IDNA Compatibility Processing (UTS #46, Unicode 16.0.0): ToASCII and ToUnicode, in Swift,
/// with tables generated from the Unicode data (Scripts/generate-uts46-tables.py). It needs nothing
/// but the standard library, so it gives the same answers on every platform.
///
///     UTS46.toASCII("Bücher.example")            // .success("xn--bcher-kva.example")
///     UTS46.toUnicode("xn--bcher-kva.example")   // "bücher.example", no errors
///
/// The URL parser runs ToASCII with `Options.urlStandard`; `Options.strict` turns every check on, as
/// Unicode's conformance file does.
public enum UTS46 {
    /// The Unicode version of the tables: "16.0.0".
    public static let unicodeVersion = UTS46Data.unicodeVersion

    /// The longest domain WebAddress processes, in UTF-8 bytes or UTF-16 units; a longer one fails
    /// with `IDNAFailure.tooLong` (D69). No DNS name is longer than 253 bytes.
    public static let maximumInputLength = 1 << 20
    /// The most code points a domain may have after mapping, which can expand it 18 times (U+FDFA).
    public static let maximumMappedLength = 1 << 16

    /// The processing flags of UTS #46 §4. IgnoreInvalidPunycode is always false: the URL Standard
    /// and the conformance file both set it so, and nothing here needs it (docs/decisions.md).
    public struct Options: Hashable, Sendable {
        /// Which labels CheckBidi applies the Bidi Rule (RFC 5893 §2) to.
        public enum BidiCheck: Hashable, Sendable {
            /// CheckBidi false.
            case off
            /// UTS #46: every label of a Bidi domain name (one holding an R, AL or AN character).
            case bidiDomainName
            /// Only the labels that hold an R, AL or AN character: what the URL Standard's tests
            /// (`1.ي` is valid), Firefox and Node do (docs/decisions.md D1).
            case rightToLeftLabels
        }

        /// CheckHyphens: a label must not have `-` in both its third and fourth positions (V2), nor start
        /// or end with `-` (V3).
        public var checkHyphens: Bool
        /// CheckBidi: which labels must satisfy the Bidi Rule (RFC 5893 §2).
        public var checkBidi: BidiCheck
        /// CheckJoiners: ZERO WIDTH NON-JOINER and ZERO WIDTH JOINER only where RFC 5892 allows them (C1, C2).
        public var checkJoiners: Bool
        /// UseSTD3ASCIIRules: no ASCII character other than `a`–`z`, `0`–`9` and `-` in a label (U1).
        public var useSTD3ASCIIRules: Bool
        /// Transitional processing (deprecated by UTS #46): deviations such as `ß` are mapped.
        public var transitionalProcessing: Bool
        /// VerifyDnsLength: the domain and each label non-empty and within DNS limits (A4_1, A4_2, X4_2).
        public var verifyDNSLength: Bool

        /// Options with each flag as given; `urlStandard` and `strict` are the usual sets.
        public init(
            checkHyphens: Bool, checkBidi: BidiCheck, checkJoiners: Bool, useSTD3ASCIIRules: Bool,
            transitionalProcessing: Bool, verifyDNSLength: Bool
        ) {
            self.checkHyphens = checkHyphens
            self.checkBidi = checkBidi
            self.checkJoiners = checkJoiners
            self.useSTD3ASCIIRules = useSTD3ASCIIRules
            self.transitionalProcessing = transitionalProcessing
            self.verifyDNSLength = verifyDNSLength
        }

        /// The URL Standard's domain to ASCII with beStrict false, what every browser runs on a host:
        /// CheckHyphens, UseSTD3ASCIIRules, Transitional_Processing and VerifyDnsLength off,
        /// CheckJoiners on, CheckBidi on (for right-to-left labels: D1).
        public static let urlStandard = Options(
            checkHyphens: false, checkBidi: .rightToLeftLabels, checkJoiners: true, useSTD3ASCIIRules: false,
            transitionalProcessing: false, verifyDNSLength: false)

        /// Every check on, nontransitional: the flags of Unicode's IdnaTestV2.txt.
        public static let strict = Options(
            checkHyphens: true, checkBidi: .bidiDomainName, checkJoiners: true, useSTD3ASCIIRules: true,
            transitionalProcessing: false, verifyDNSLength: true)
    }

    /// ToUnicode's answer: the domain in Unicode, and the errors found (ToUnicode never fails; an
    /// application shows the domain only when `errors` is empty).
    public struct UnicodeDomain: Hashable, Sendable {
        /// The domain after ToUnicode: mapped, normalized, its Punycode labels decoded.
        public let domain: String
        /// The errors found; empty when the domain is valid.
        public let errors: IDNAFailure
    }

    // MARK: - ToASCII

    /// UTS #46 ToASCII: the domain in ASCII (lowercase, Punycode), or the errors that make it
    /// invalid.
    public static func toASCII(_ domain: String, options: Options = .urlStandard) -> Result<String, IDNAFailure> {
        domain.withUTF8Bytes { toASCII(utf8: $0, options: options) }
    }

    /// ToASCII of UTF-16 text, lone surrogates included (they are disallowed), as JavaScript and
    /// `NSString` hold it.
    public static func toASCII(
        utf16 domain: some Collection<UInt16>, options: Options = .urlStandard
    )
        -> Result<String, IDNAFailure>
    {
        guard domain.count <= maximumInputLength else { return .failure(.tooLong) }
        return CodePoints.fromUTF16(domain) { codePoints in
            var output: [UInt8] = []
            let errors = toASCII(codePoints, options: options, appendingTo: &output)
            return errors.isEmpty ? .success(String(decoding: output, as: UTF8.self)) : .failure(errors)
        }
    }

    /// ToASCII of UTF-8 bytes; ill-formed sequences become U+FFFD, as the URL Standard decodes them.
    static func toASCII(utf8 domain: UnsafeBufferPointer<UInt8>, options: Options) -> Result<String, IDNAFailure> {
        var output: [UInt8] = []
        let errors = toASCII(utf8: domain, options: options, appendingTo: &output)
        return errors.isEmpty ? .success(String(decoding: output, as: UTF8.self)) : .failure(errors)
    }

    /// ToASCII of UTF-8 bytes, appending the result to `output`, even when there are errors (then it
    /// is what UTS #46 would output had it not failed). Returns the errors.
    static func toASCII(
        utf8 domain: UnsafeBufferPointer<UInt8>, options: Options, appendingTo output: inout some ASCIISink
    )
        -> IDNAFailure
    {
        guard domain.count <= maximumInputLength else { return .tooLong }
        return CodePoints.fromUTF8(domain) { toASCII($0, options: options, appendingTo: &output) }
    }

    static func toASCII(
        _ domain: UnsafeBufferPointer<UInt32>, options: Options, appendingTo output: inout some ASCIISink
    )
        -> IDNAFailure
    {
        process(domain, options: options) { processed, processingErrors in
            var errors = processingErrors
            let start = output.count
            forEachLabel(processed) { label, _ in
                if label.allSatisfy({ $0 < 0x80 }) {
                    for codePoint in label { output.append(UInt8(truncatingIfNeeded: codePoint)) }
                } else {
                    output.append(UInt8(ascii: "x"))
                    output.append(UInt8(ascii: "n"))
                    output.append(UInt8(ascii: "-"))
                    output.append(UInt8(ascii: "-"))
                    if !Punycode.encode(label, appendingTo: &output) { errors.insert(.punycodeEncoding) }
                }
                output.append(UInt8(ascii: "."))
            }
            output.truncate(to: output.count - 1)
            if options.verifyDNSLength { errors.formUnion(output.withBytes(from: start, dnsLengthErrors)) }
            return errors
        }
    }

    /// VerifyDnsLength (UTS #46 §4.2 step 4): every label 1 to 63 bytes, the domain 1 to 253
    /// bytes, not counting one trailing dot.
    private static func dnsLengthErrors(_ ascii: UnsafeBufferPointer<UInt8>) -> IDNAFailure {
        var errors: IDNAFailure = []
        let withoutRoot = ascii.last == UInt8(ascii: ".") ? ascii.count - 1 : ascii.count
        if withoutRoot == 0 || withoutRoot > 253 { errors.insert(.domainLength) }
        var labelLength = 0
        for byte in ascii {
            if byte == UInt8(ascii: ".") {
                if labelLength == 0 || labelLength > 63 { errors.insert(.labelLength) }
                labelLength = 0
            } else {
                labelLength += 1
            }
        }
        if labelLength == 0 || labelLength > 63 { errors.insert(.labelLength) }
        return errors
    }

    // MARK: - ToUnicode

    /// UTS #46 ToUnicode: the domain with every label in Unicode, and the errors found.
    public static func toUnicode(_ domain: String, options: Options = .urlStandard) -> UnicodeDomain {
        guard domain.utf8.count <= maximumInputLength else { return UnicodeDomain(domain: "", errors: .tooLong) }
        return domain.withUTF8Bytes { bytes in CodePoints.fromUTF8(bytes) { toUnicode($0, options: options) } }
    }

    /// ToUnicode of UTF-16 text, lone surrogates included.
    public static func toUnicode(
        utf16 domain: some Collection<UInt16>, options: Options = .urlStandard
    )
        -> UnicodeDomain
    {
        guard domain.count <= maximumInputLength else { return UnicodeDomain(domain: "", errors: .tooLong) }
        return CodePoints.fromUTF16(domain) { toUnicode($0, options: options) }
    }

    static func toUnicode(_ domain: UnsafeBufferPointer<UInt32>, options: Options) -> UnicodeDomain {
        process(domain, options: options) { processed, processingErrors in
            var errors = processingErrors
            var scalars = String.UnicodeScalarView()
            for codePoint in processed {
                // A lone surrogate cannot be in a String; it shows as U+FFFD (and is an error).
                scalars.append(Unicode.Scalar(codePoint) ?? "\u{FFFD}")
            }
            // X4_2: ToUnicode's counterpart of A4_2, for the empty labels that are not the root.
            if options.verifyDNSLength {
                var labels = 0
                var emptyBeforeLast = false
                var lastIsEmpty = false
                forEachLabel(processed) { label, isLast in
                    labels += 1
                    if label.isEmpty, !isLast { emptyBeforeLast = true }
                    lastIsEmpty = label.isEmpty && isLast
                }
                if emptyBeforeLast || (labels == 1 && lastIsEmpty) { errors.insert(.emptyLabel) }
            }
            return UnicodeDomain(domain: String(scalars), errors: errors)
        }
    }

    // MARK: - Processing (§4)

    /// Map, normalize, break and convert/validate `domain`, then calls `body` with the processed
    /// domain (labels in Unicode, `.`-separated) and the errors recorded.
    static func process<Result>(
        _ domain: UnsafeBufferPointer<UInt32>, options: Options,
        _ body: (UnsafeBufferPointer<UInt32>, IDNAFailure) -> Result
    ) -> Result {
        let tables = UnicodeTables.shared
        // 1. Map. First the length, counted exactly as the second pass writes.
        var mappedLength = 0
        for codePoint in domain {
            if codePoint < 0x80 {
                mappedLength += 1
                continue
            }
            let info = tables.info(codePoint)
            switch info.status {
            case .valid, .disallowed: mappedLength += 1
            case .deviation where !options.transitionalProcessing: mappedLength += 1
            case .mapped, .deviation:
                // In transitional processing a mapping can give a deviation (ẞ → ß), mapped too.
                for target in tables.mapping(of: info) {
                    let targetInfo = target < 0x80 ? nil : tables.info(target)
                    if options.transitionalProcessing, let targetInfo, targetInfo.status == .deviation {
                        mappedLength += targetInfo.mappingLength
                    } else {
                        mappedLength += 1
                    }
                }
            case .ignored: break
            }
        }
        // Mappings expand up to 18 times (U+FDFA): a bound keeps time and memory in proportion to a
        // domain that could be real (D69).
        guard mappedLength <= maximumMappedLength else {
            return body(UnsafeBufferPointer(start: nil, count: 0), .tooLong)
        }
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: max(mappedLength, 1)) { mapped in
            var count = 0
            for codePoint in domain {
                if codePoint < 0x80 {
                    mapped[count] = codePoint &- 0x41 < 26 ? codePoint | 0x20 : codePoint
                    count += 1
                    continue
                }
                let info = tables.info(codePoint)
                switch info.status {
                case .valid, .disallowed:
                    mapped[count] = codePoint
                    count += 1
                case .deviation where !options.transitionalProcessing:
                    mapped[count] = codePoint
                    count += 1
                case .mapped, .deviation:
                    for target in tables.mapping(of: info) {
                        let targetInfo = target < 0x80 ? nil : tables.info(target)
                        if options.transitionalProcessing, let targetInfo, targetInfo.status == .deviation {
                            for deviationTarget in tables.mapping(of: targetInfo) {
                                mapped[count] = deviationTarget
                                count += 1
                            }
                        } else {
                            mapped[count] = target
                            count += 1
                        }
                    }
                case .ignored:
                    break
                }
            }
            let text = UnsafeBufferPointer(rebasing: mapped[..<count])
            // 2. Normalize.
            if NFC.isQuickCheckYes(text) { return convertAndValidate(text, options: options, body) }
            return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: NFC.decomposedLength(text)) { normalized in
                let normalizedCount = NFC.normalize(text, into: normalized)
                return convertAndValidate(
                    UnsafeBufferPointer(rebasing: normalized[..<normalizedCount]), options: options, body)
            }
        }
    }

    /// Steps 3 and 4: break into labels, decode `xn--` labels, check every label.
    private static func convertAndValidate<Result>(
        _ text: UnsafeBufferPointer<UInt32>, options: Options,
        _ body: (UnsafeBufferPointer<UInt32>, IDNAFailure) -> Result
    ) -> Result {
        // A decoded label is never longer than its Punycode, so the domain fits in `text.count`.
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: max(text.count, 1)) { output in
            var errors: IDNAFailure = []
            var count = 0
            forEachLabel(text) { label, isLast in
                let start = count
                var decoded = false
                if isPunycodeLabel(label) {
                    if label.contains(where: { $0 >= 0x80 }) {
                        errors.insert(.invalidPunycode)
                    } else if let length = Punycode.decode(
                        UnsafeBufferPointer(rebasing: label[(label.startIndex + 4)...]),
                        into: UnsafeMutableBufferPointer(rebasing: output[count...]))
                    {
                        count += length
                        decoded = true
                        let result = UnsafeBufferPointer(rebasing: output[start..<count])
                        if result.isEmpty || result.allSatisfy({ $0 < 0x80 }) { errors.insert(.invalidPunycode) }
                        errors.formUnion(validityErrors(result, decoded: true, options: options))
                    } else {
                        errors.insert(.invalidPunycode)
                    }
                } else {
                    errors.formUnion(validityErrors(label, decoded: false, options: options))
                }
                if !decoded {
                    for codePoint in label {
                        output[count] = codePoint
                        count += 1
                    }
                }
                let result = UnsafeBufferPointer(rebasing: output[start..<count])
                if options.checkBidi == .rightToLeftLabels,
                    result.contains(where: { $0 >= 0x590 && UnicodeTables.shared.info($0).bidiClass.isRightToLeft })
                {
                    errors.formUnion(BidiRule.violations(result))
                }
                if !isLast {
                    output[count] = UInt32(UInt8(ascii: "."))
                    count += 1
                }
            }
            let processed = UnsafeBufferPointer(rebasing: output[..<count])
            if options.checkBidi == .bidiDomainName, BidiRule.isBidiDomainName(processed) {
                forEachLabel(processed) { label, _ in errors.formUnion(BidiRule.violations(label)) }
            }
            return body(processed, errors)
        }
    }

    /// The validity criteria of §4.1 for one label (CheckBidi aside: it needs the whole domain).
    private static func validityErrors(
        _ label: UnsafeBufferPointer<UInt32>, decoded: Bool, options: Options
    )
        -> IDNAFailure
    {
        guard let first = label.first, let last = label.last else { return [] }
        let tables = UnicodeTables.shared
        let hyphen = UInt32(UInt8(ascii: "-"))
        var errors: IDNAFailure = []
        // 1, 4 and 5 can only fail for a decoded label: the rest of the domain is already NFC, and
        // `xn--` and dots were dealt with when it was broken into labels.
        if decoded {
            if !NFC.isNormalized(label) { errors.insert(.notNormalized) }
            if isPunycodeLabel(label) { errors.insert(.decodedLabelStartsWithPunycodePrefix) }
            if label.contains(UInt32(UInt8(ascii: "."))) { errors.insert(.labelHasDot) }
        }
        if options.checkHyphens {
            if label.count >= 4, label[2] == hyphen, label[3] == hyphen {
                errors.insert(.hyphenInThirdAndFourthPositions)
            }
            if first == hyphen || last == hyphen { errors.insert(.leadingOrTrailingHyphen) }
        }
        if first >= 0x300, tables.info(first).isMark { errors.insert(.leadingCombiningMark) }
        // A decoded label is checked nontransitionally whatever the processing.
        let deviationsAllowed = decoded || !options.transitionalProcessing
        var hasJoiner = false
        for codePoint in label {
            if codePoint < 0x80 {
                if options.useSTD3ASCIIRules, !isLDH(codePoint) { errors.insert(.std3ASCIIRules) }
                // Only A–Z are not valid below U+0080, and mapping lowercased them, but a decoded
                // label keeps what Punycode gave.
                if codePoint &- 0x41 < 26 { errors.insert(.disallowed) }
                continue
            }
            switch tables.info(codePoint).status {
            case .valid: break
            case .deviation where deviationsAllowed: break
            default: errors.insert(.disallowed)
            }
            hasJoiner = hasJoiner || codePoint & ~1 == ContextJ.zeroWidthNonJoiner
        }
        if options.checkJoiners, hasJoiner { errors.formUnion(ContextJ.violations(label)) }
        return errors
    }

    /// Letters, digits and hyphen: what UseSTD3ASCIIRules allows of ASCII (after lowercasing).
    @inline(__always)
    private static func isLDH(_ codePoint: UInt32) -> Bool {
        codePoint &- 0x61 < 26 || codePoint &- 0x30 < 10 || codePoint == 0x2D
    }

    /// Starts with `xn--` (lowercase: mapping has lowercased ASCII by now).
    @inline(__always)
    private static func isPunycodeLabel(_ label: UnsafeBufferPointer<UInt32>) -> Bool {
        label.count >= 4 && label[0] == 0x78 && label[1] == 0x6E && label[2] == 0x2D && label[3] == 0x2D
    }

    /// Calls `body` with each `.`-separated label of `domain` (one empty label for an empty domain).
    @inline(__always)
    static func forEachLabel(
        _ domain: UnsafeBufferPointer<UInt32>, _ body: (UnsafeBufferPointer<UInt32>, _ isLast: Bool) -> Void
    ) {
        var start = 0
        while true {
            var end = start
            while end < domain.count, domain[end] != 0x2E { end += 1 }
            body(UnsafeBufferPointer(rebasing: domain[start..<end]), end == domain.count)
            if end == domain.count { return }
            start = end + 1
        }
    }
}
