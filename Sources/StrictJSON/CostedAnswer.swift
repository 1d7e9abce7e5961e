/// An answerer's answer to one JSON input, or the cost that kept it from being made: a server gives
/// each case a budget (`costLimit`), and the answerer says, before deciding, whether deciding could
/// cost more (`AASAMatchAnswers`).
public enum CostedAnswer: Sendable, Hashable {
    /// The answer (a decision, or an error object for input that cannot be used).
    case answered(JSONValue)
    /// Deciding could cost more than the limit: this many steps at most (the compiled input's size ×
    /// the URL's length; `Int.max` when the product overflows).
    case overCost(Int)

    /// The steps deciding `size` (a compiled input's characters or entries) against a URL of
    /// `length` bytes could take, at most: their product, `Int.max` when it overflows.
    public static func cost(size: Int, length: Int) -> Int {
        let product = max(1, size).multipliedReportingOverflow(by: max(1, length))
        return product.overflow ? Int.max : product.partialValue
    }
}

extension JSONValue {
    /// About how many bytes the value's JSON text has: its strings' and keys' UTF-8 and a few bytes
    /// for each value (an escaped character is counted once). A budget measures by it an input
    /// whose text it does not have.
    public var approximateTextSize: Int { textSize(refusingNonFinite: false) ?? 0 }

    /// ``approximateTextSize``, or nil when the value holds a number that is not finite: JSON cannot
    /// write one, and its compact text (`null`) would be another value's. A cache decides by it,
    /// before writing a key, whether an input may be kept.
    public var writableTextSize: Int? { textSize(refusingNonFinite: true) }

    private func textSize(refusingNonFinite: Bool) -> Int? {
        switch self {
        case .double(let number) where refusingNonFinite && !number.isFinite: return nil
        case .null, .bool, .int, .double: return 8
        case .string(let text): return text.utf8.count + 2
        case .array(let items):
            var size = 2
            for item in items {
                guard let itemSize = item.textSize(refusingNonFinite: refusingNonFinite) else { return nil }
                size += itemSize + 1
            }
            return size
        case .object(let members):
            var size = 2
            for member in members {
                guard let valueSize = member.value.textSize(refusingNonFinite: refusingNonFinite) else { return nil }
                size += member.key.utf8.count + 4 + valueSize
            }
            return size
        }
    }
}
