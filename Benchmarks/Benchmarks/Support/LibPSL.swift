import Foundation

/// libpsl (Debian's libpsl5, the Public Suffix List library curl and wget use), loaded with dlopen
/// and given the same list WebAddress bundles (Tests/Corpora/psl), in either form libpsl reads:
/// its DAFSA (what it ships and `psl_latest()` loads; Peers/build.sh compiles it with
/// psl-make-dafsa), or the list's text, which libpsl turns into a sorted table.
public final class LibPSL: @unchecked Sendable {
    public enum Form: String, Sendable {
        case dafsa, text
    }

    private typealias LoadFile = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
    private typealias RegistrableDomain =
        @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> UnsafePointer<CChar>?

    private let context: OpaquePointer
    private let registrableDomainFunction: RegistrableDomain

    /// Loads the library and the list, or stops with what to run.
    public init(_ form: Form = .dafsa) {
        guard let handle = dlopen("libpsl.so.5", RTLD_NOW), let load = dlsym(handle, "psl_load_file"),
            let registrable = dlsym(handle, "psl_registrable_domain")
        else {
            fatalError("libpsl is not installed: run Benchmarks/Peers/build.sh (apt-get install libpsl-dev)")
        }
        let path =
            form == .dafsa
            ? BenchmarkPaths.peers.appendingPathComponent("public_suffix_list.dafsa").path
            : BenchmarkPaths.publicSuffixList.path
        let loadFile = unsafeBitCast(load, to: LoadFile.self)
        guard let context = path.withCString(loadFile) else {
            fatalError("libpsl cannot load \(path): run Benchmarks/Peers/build.sh")
        }
        self.context = context
        registrableDomainFunction = unsafeBitCast(registrable, to: RegistrableDomain.self)
    }

    /// The registrable domain of a NUL-terminated ASCII host, as a pointer into it (no copy), or nil.
    @inline(__always)
    public func registrableDomain(_ host: UnsafePointer<CChar>) -> UnsafePointer<CChar>? {
        registrableDomainFunction(context, host)
    }

    /// The same, as a string.
    public func registrableDomain(of host: String) -> String? {
        host.withCString { registrableDomain($0).map { String(cString: $0) } }
    }
}
