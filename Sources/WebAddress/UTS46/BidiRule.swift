/// The Bidi_Class values of Unicode, numbered as ICU's `UCharDirection` (the table's encoding).
enum BidiClass: UInt8, Sendable {
    case l = 0
    case r, en, es, et, an, cs, b, s, ws, on, lre, lro, al, rle, rlo, pdf, nsm, bn, fsi, lri, rli, pdi

    /// R, AL or AN: a character that makes a domain name a Bidi domain name (RFC 5893 §1.4).
    var isRightToLeft: Bool { self == .r || self == .al || self == .an }
}

/// The Bidi Rule of RFC 5893 §2, as UTS #46 CheckBidi applies it to the labels of a Bidi domain name.
enum BidiRule {
    private static let tables = UnicodeTables.shared

    /// Whether any code point of `domain` is R, AL or AN.
    static func isBidiDomainName(_ domain: UnsafeBufferPointer<UInt32>) -> Bool {
        // Below U+0590 nothing is right-to-left.
        domain.contains { $0 >= 0x590 && tables.info($0).bidiClass.isRightToLeft }
    }

    /// The conditions of the rule `label` breaks (empty when it satisfies all six). A label whose
    /// first character is neither L, R nor AL breaks condition 1 and has no direction, so the other
    /// five are not asked (Unicode's conformance file reports only B1 for it).
    static func violations(_ label: UnsafeBufferPointer<UInt32>) -> IDNAFailure {
        guard let first = label.first else { return [] }
        var failure: IDNAFailure = []
        let firstClass = tables.info(first).bidiClass
        guard firstClass == .l || firstClass == .r || firstClass == .al else { return .bidiFirstCharacter }
        let isRightToLeft = firstClass != .l
        // The last character that is not NSM decides the ending (conditions 3 and 6).
        var last: BidiClass? = nil
        var hasEuropeanNumber = false
        var hasArabicNumber = false
        for codePoint in label {
            let bidiClass = tables.info(codePoint).bidiClass
            switch (isRightToLeft, bidiClass) {
            case (true, .r), (true, .al), (true, .an), (true, .en), (true, .es), (true, .cs), (true, .et), (true, .on),
                (true, .bn), (true, .nsm):
                break
            case (false, .l), (false, .en), (false, .es), (false, .cs), (false, .et), (false, .on), (false, .bn),
                (false, .nsm):
                break
            default:
                failure.insert(isRightToLeft ? .bidiRightToLeftCharacters : .bidiLeftToRightCharacters)
            }
            if bidiClass != .nsm { last = bidiClass }
            hasEuropeanNumber = hasEuropeanNumber || bidiClass == .en
            hasArabicNumber = hasArabicNumber || bidiClass == .an
        }
        if isRightToLeft {
            if ![.r, .al, .en, .an].contains(last) { failure.insert(.bidiRightToLeftEnd) }
            if hasEuropeanNumber && hasArabicNumber { failure.insert(.bidiMixedNumbers) }
        } else if ![.l, .en].contains(last) {
            failure.insert(.bidiLeftToRightEnd)
        }
        return failure
    }
}
