/// The lines two texts share and those one of them adds, in order (a longest common subsequence of
/// lines), for showing how one version of a file became the next.
public enum LineDiff {
    /// One line of a comparison.
    public enum Line: Sendable, Hashable {
        /// In both texts.
        case same(String)
        /// Only in the old text.
        case removed(String)
        /// Only in the new text.
        case added(String)
    }

    /// Texts longer than this many lines are not compared line by line (the table it takes grows
    /// with the product of the two lengths).
    public static let maximumLines = 4_000

    /// The comparison of `old` and `new`, line by line; nil when either is over ``maximumLines``.
    public static func compare(_ old: String, _ new: String) -> [Line]? {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard a.count <= maximumLines, b.count <= maximumLines else { return nil }
        // lengths[i][j]: the longest common subsequence of a[i...] and b[j...], in one flat array.
        let width = b.count + 1
        var lengths = [Int32](repeating: 0, count: (a.count + 1) * width)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lengths[i * width + j] =
                    a[i] == b[j]
                    ? lengths[(i + 1) * width + j + 1] + 1
                    : max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
            }
        }
        var lines: [Line] = []
        var (i, j) = (0, 0)
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                lines.append(.same(a[i]))
                (i, j) = (i + 1, j + 1)
            } else if j < b.count, i == a.count || lengths[i * width + j + 1] >= lengths[(i + 1) * width + j] {
                lines.append(.added(b[j]))
                j += 1
            } else {
                lines.append(.removed(a[i]))
                i += 1
            }
        }
        return lines
    }
}
