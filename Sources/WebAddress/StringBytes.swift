extension String {
    /// Calls `body` with the string's UTF-8 bytes without copying them to the heap: `withUTF8`
    /// would move a small (inline) string to the heap on every call; this reads a small string
    /// from the stack and a native one in place. Keep callers non-generic (or in this module), so
    /// the standard library's generic entry point is specialized.
    @inline(__always)
    func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(utf8).withUnsafeBufferPointer(body)
    }
}
