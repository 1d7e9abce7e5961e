/// Where each value of a JSON text is written: for every JSON pointer, the line and column of the
/// member's name (for a member of an object: where a person looks for `"paths":`) or of the value
/// itself (for an array element and the root).
///
/// Made by ``JSONParser/sourceMap(_:)``; a linter's finding names a pointer, and an editor, Xcode or
/// a code-scanning tool wants the line.
public struct JSONSourceMap: Sendable {
    /// A line and a column, both counted from 1; the column in Unicode scalars.
    public typealias Position = (line: Int, column: Int)

    private let bytes: [UInt8]
    private let offsets: [String: Int]
    /// The offset at which each line starts: a line ends at LF, CR or CR LF.
    private let lineStarts: [Int]

    init(bytes: [UInt8], offsets: [String: Int]) {
        self.bytes = bytes
        self.offsets = offsets
        var starts = [0]
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0D {
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                starts.append(index + 1)
            } else if bytes[index] == 0x0A {
                starts.append(index + 1)
            }
            index += 1
        }
        lineStarts = starts
    }

    /// The position of the value `pointer` names (`""` or `"/"` is the root), or nil when the text
    /// has no such value.
    public func position(of pointer: String) -> Position? {
        offsets[pointer == "/" ? "" : pointer].map(position(atOffset:))
    }

    /// The position of `pointer`, or of its nearest ancestor the text has (a finding about a member
    /// that is missing points at the object that lacks it), and whether it is the value itself.
    public func nearestPosition(of pointer: String) -> (position: Position, exact: Bool) {
        var candidate = pointer == "/" ? "" : pointer
        var exact = true
        while true {
            if let offset = offsets[candidate] { return (position(atOffset: offset), exact) }
            exact = false
            guard let slash = candidate.lastIndex(of: "/") else { return ((1, 1), false) }
            candidate = String(candidate[..<slash])
        }
    }

    private func position(atOffset offset: Int) -> Position {
        // The last line start at or before the offset.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        // A byte order mark is not a column.
        let start = low == 0 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : lineStarts[low]
        // Columns count Unicode scalars: every byte that does not continue a UTF-8 sequence.
        let scalars = bytes[start..<offset].count(where: { $0 & 0xC0 != 0x80 })
        return (low + 1, scalars + 1)
    }
}
