// Reading the corpora with the C library alone: this module, like WebAddress, must build and run
// with nothing but the Swift standard library linked (CI checks the runner's binary for it).
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(WASILibc)
    import WASILibc
#elseif canImport(ucrt)
    import ucrt
#endif

/// The conformance corpora: Tests/Corpora (their sources and licences are in its README), or the
/// folder `WEBFENCE_TESTDATA` names, of the same layout.
public enum CorpusFiles {
    public static let directory: String = {
        if let override = getenv("WEBFENCE_TESTDATA") { return String(cString: override) }
        // Tests/WebAddressConformance/CorpusFiles.swift → Tests/Corpora
        let source = "\(#filePath)"
        var parts = source.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(2)
        return parts.joined(separator: "/") + "/Corpora"
    }()

    /// The file at `relativePath` as UTF-8 text, or nil when it cannot be read.
    public static func text(_ relativePath: String) -> String? {
        guard let file = fopen(directory + "/" + relativePath, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let read = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if read <= 0 { break }
            bytes.append(contentsOf: chunk[..<read])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Ends the process with status 1 (for the runner, which imports no C library of its own).
public func exitWithFailure() -> Never { exit(1) }

/// Makes control characters and invisible code points readable in test names and reports.
public func escapedForDisplay(_ text: String) -> String {
    var output = ""
    for scalar in text.unicodeScalars {
        if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
            || scalar.properties.generalCategory == .format
        {
            output += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        } else {
            output.unicodeScalars.append(scalar)
        }
    }
    return output
}
