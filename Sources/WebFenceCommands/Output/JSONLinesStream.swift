#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Musl)
    @preconcurrency import Musl
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif

/// The loop of a `--jsonl` mode: each non-blank line of stdin is handed to `body`, and what it
/// prints reaches stdout before the next line is read.
///
/// stdout is made line-buffered: a caller that writes one request and waits for its answer (a
/// co-process, a test measuring memory mid-stream) must not wait on a block-sized buffer that only
/// fills, or flushes, when the input ends. Lines are read one at a time, so memory stays constant.
enum JSONLinesStream {
    /// Calls `body(line, lineNumber)` for every non-blank line; returns how many lines `body`
    /// reported as malformed (by returning `false`).
    static func forEachLine(_ body: (String, Int) -> Bool) -> Int {
        setvbuf(stdout, nil, _IOLBF, 0)
        var lineNumber = 0
        var malformed = 0
        while let line = readLine(strippingNewline: true) {
            lineNumber += 1
            if line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { continue }
            if !body(line, lineNumber) { malformed += 1 }
        }
        fflush(stdout)
        return malformed
    }
}
