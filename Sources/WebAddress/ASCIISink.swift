/// Where the host parser and UTS #46 write ASCII: an array, or the URL parser's own buffer, so
/// that a URL's host goes straight into its serialization, with no array or string between.
protocol ASCIISink {
    mutating func append(_ byte: UInt8)
    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>)
    /// Bytes written so far.
    var count: Int { get }
    /// Drops what was written from `count` on.
    mutating func truncate(to count: Int)
    /// Calls `body` with what was written from `start` on.
    func withBytes<Result>(from start: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result
}

extension Array: ASCIISink where Element == UInt8 {
    mutating func truncate(to count: Int) { removeSubrange(count...) }

    func withBytes<Result>(from start: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start...])) }
    }
}
