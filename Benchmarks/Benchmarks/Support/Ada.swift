import Foundation

/// ada 4.0 (the WHATWG URL parser inside Node.js), loaded from the library Benchmarks/Peers/build.sh
/// builds from PyPI's ada-url sources. Nothing of ada is compiled into the benchmarks.
public final class Ada: @unchecked Sendable {
    private typealias ParseBase = @convention(c) (UnsafePointer<CChar>?, Int) -> UnsafeMutableRawPointer?
    private typealias Parse = @convention(c) (UnsafePointer<CChar>?, Int, UnsafeRawPointer?) -> Int
    private typealias Hostname =
        @convention(c) (UnsafePointer<CChar>?, Int, UnsafeRawPointer?, UnsafeMutablePointer<CChar>?, Int) -> Int

    private let parseBaseFunction: ParseBase
    private let parseFunction: Parse
    private let hostnameFunction: Hostname

    /// Loads the library, or stops with what to run.
    public init() {
        let path = BenchmarkPaths.peers.appendingPathComponent("libwebfence_ada.so").path
        guard let handle = dlopen(path, RTLD_NOW),
            let parseBase = dlsym(handle, "webfence_ada_parse_base"), let parse = dlsym(handle, "webfence_ada_parse"),
            let hostname = dlsym(handle, "webfence_ada_hostname")
        else {
            fatalError("ada is not built at \(path): run Benchmarks/Peers/build.sh")
        }
        parseBaseFunction = unsafeBitCast(parseBase, to: ParseBase.self)
        parseFunction = unsafeBitCast(parse, to: Parse.self)
        hostnameFunction = unsafeBitCast(hostname, to: Hostname.self)
    }

    /// A base URL, parsed once; never freed (benchmarks keep theirs for the whole run).
    public func parseBase(_ text: String) -> UnsafeRawPointer? {
        text.withCString { UnsafeRawPointer(parseBaseFunction($0, strlen($0))) }
    }

    /// The whole parse of `input` against `base`: the href's length, or nil when it is not a URL.
    @inline(__always)
    public func parse(_ input: UnsafeBufferPointer<UInt8>, base: UnsafeRawPointer?) -> Int? {
        let length = input.withMemoryRebound(to: CChar.self) { parseFunction($0.baseAddress, $0.count, base) }
        return length < 0 ? nil : length
    }

    /// The hostname of `input` copied into `output`: its length, or nil.
    @inline(__always)
    public func hostname(
        _ input: UnsafeBufferPointer<UInt8>, base: UnsafeRawPointer?, into output: UnsafeMutableBufferPointer<CChar>
    )
        -> Int?
    {
        let length = input.withMemoryRebound(to: CChar.self) {
            hostnameFunction($0.baseAddress, $0.count, base, output.baseAddress, output.count)
        }
        return length < 0 ? nil : length
    }

    /// The hostname of `input`, or nil.
    public func hostname(_ input: String, base: UnsafeRawPointer?) -> String? {
        var buffer = [CChar](repeating: 0, count: 512)
        let bytes = Array(input.utf8)
        let length = bytes.withUnsafeBufferPointer { input in
            buffer.withUnsafeMutableBufferPointer { hostname(input, base: base, into: $0) }
        }
        return length.map { String(decoding: buffer[..<$0].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
    }
}
