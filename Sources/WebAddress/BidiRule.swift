/// The Bidi Rule of RFC 5893 §2, as UTS #46 CheckBidi applies it to URL hosts.
///
/// The rule is checked on labels that hold a right-to-left character (Bidi_Class R, AL or AN);
/// a label with none is left alone even inside a Bidi domain name. That is how the URL Standard's
/// tests (`1.ي` is valid), Firefox, Node and Python's `idna` read it; ICU alone differs.
enum BidiRule {
    /// The Bidi_Class values of Unicode, numbered as ICU's `UCharDirection`.
    enum BidiClass: Int, Sendable {
        case l = 0, r = 1, en = 2, es = 3, et = 4, an = 5, cs = 6, b = 7, s = 8, ws = 9, on = 10
        case lre = 11, lro = 12, al = 13, rle = 14, rlo = 15, pdf = 16, nsm = 17, bn = 18
        case fsi = 19, lri = 20, rli = 21, pdi = 22
        /// Anything ICU reports that is not above (newer Unicode data): never allowed.
        case other = -1
    }

    /// Whether `label` satisfies the six conditions of RFC 5893 §2 (or holds no RTL character).
    static func isSatisfied(
        by label: some Collection<Unicode.Scalar>, classOf bidiClass: (Unicode.Scalar) -> BidiClass
    ) -> Bool {
        let classes = label.map(bidiClass)
        guard classes.contains(where: { $0 == .r || $0 == .al || $0 == .an }) else { return true }
        // 1. The first character is L (a left-to-right label), or R or AL (a right-to-left label).
        guard let first = classes.first, [.l, .r, .al].contains(first) else { return false }
        let isRightToLeft = first != .l
        // 2 and 5: the classes each direction allows.
        let allowed: Set<BidiClass> =
            isRightToLeft ? [.r, .al, .an, .en, .es, .cs, .et, .on, .bn, .nsm] : [.l, .en, .es, .cs, .et, .on, .bn, .nsm]
        guard classes.allSatisfy(allowed.contains) else { return false }
        // 3 and 6: the last character that is not NSM ends the label properly.
        let validEndings: Set<BidiClass> = isRightToLeft ? [.r, .al, .en, .an] : [.l, .en]
        guard let last = classes.last(where: { $0 != .nsm }), validEndings.contains(last) else { return false }
        // 4: a right-to-left label does not mix European and Arabic-Indic digits.
        if isRightToLeft, classes.contains(.en), classes.contains(.an) { return false }
        return true
    }
}
