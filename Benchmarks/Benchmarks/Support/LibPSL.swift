import Foundation

/// libpsl (Debian's libpsl5, the Public Suffix List library curl and wget use), loaded with dlopen
/// and given the same list as WebAddress (Tests/Corpora/psl/public_suffix_list.dat).
public final class LibPSL: @unchecked Sendable {
    private typealias LoadFile = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
    private typealias RegistrableDomain = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> UnsafePointer<CChar>?

    private let context: OpaquePointer
    private let registrableDomainFunction: RegistrableDomain

    /// Loads the library and the list, or stops with what to install.
    public init() {
        guard let handle = dlopen("libpsl.so.5", RTLD_NOW), let load = dlsym(handle, "psl_load_file"),
            let registrable = dlsym(handle, "psl_registrable_domain")
        else {
            fatalError("libpsl is not installed: run Benchmarks/Peers/build.sh (apt-get install libpsl-dev)")
        }
        let loadFile = unsafeBitCast(load, to: LoadFile.self)
        guard let context = BenchmarkPaths.publicSuffixList.path.withCString(loadFile) else {
            fatalError("libpsl cannot load \(BenchmarkPaths.publicSuffixList.path)")
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
