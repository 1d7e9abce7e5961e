/// CheckJoiners: the CONTEXTJ rules of RFC 5892 Appendix A for ZERO WIDTH NON-JOINER (A.1) and
/// ZERO WIDTH JOINER (A.2), the only code points they govern.
enum ContextJ {
    private static let tables = UnicodeTables.shared
    static let zeroWidthNonJoiner: UInt32 = 0x200C
    static let zeroWidthJoiner: UInt32 = 0x200D
    /// Canonical_Combining_Class of a virama.
    private static let virama: UInt8 = 9

    /// The joiner rules `label` breaks (empty when none).
    static func violations(_ label: UnsafeBufferPointer<UInt32>) -> IDNAFailure {
        var failure: IDNAFailure = []
        for index in label.indices where label[index] & ~1 == zeroWidthNonJoiner {
            // Both joiners are allowed right after a virama.
            if index > 0, tables.info(label[index - 1]).combiningClass == virama { continue }
            if label[index] == zeroWidthJoiner {
                failure.insert(.zeroWidthJoiner)
            } else if !isBetweenJoiningCharacters(label, index) {
                failure.insert(.zeroWidthNonJoiner)
            }
        }
        return failure
    }

    /// A.1's regular expression: (Joining_Type:{L,D})(Joining_Type:T)* ZWNJ (Joining_Type:T)*
    /// (Joining_Type:{R,D}) around the non-joiner at `index`.
    private static func isBetweenJoiningCharacters(_ label: UnsafeBufferPointer<UInt32>, _ index: Int) -> Bool {
        var before = index - 1
        while before >= 0, tables.info(label[before]).joiningType == .transparent { before -= 1 }
        guard before >= 0 else { return false }
        let left = tables.info(label[before]).joiningType
        guard left == .leftJoining || left == .dualJoining else { return false }
        var after = index + 1
        while after < label.count, tables.info(label[after]).joiningType == .transparent { after += 1 }
        guard after < label.count else { return false }
        let right = tables.info(label[after]).joiningType
        return right == .rightJoining || right == .dualJoining
    }
}
