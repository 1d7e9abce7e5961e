import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `webfence-serve`, the executable that holds what a clone's light `webfence` leaves out (the
/// server, the watch and the HTTP client), found and run in this process's place with POSIX
/// `execv`: its signals, exit status and standard streams are then its own, with no parent in
/// between (D91, D99).
public enum SiblingExecutable {
    /// The executable's name; under it, it is the server, under any other the whole command line (D98).
    public static let name = "webfence-serve"

    /// `webfence-serve` beside this executable (symbolic links followed, as a Homebrew or
    /// `/usr/local/bin` link installs it), else the first on PATH.
    public static func locate() throws -> String {
        let fileManager = FileManager.default
        if let own = Bundle.main.executableURL {
            for directory in [
                own.deletingLastPathComponent(), own.resolvingSymlinksInPath().deletingLastPathComponent(),
            ] {
                let candidate = directory.appendingPathComponent(name).path
                if fileManager.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name).path
            if fileManager.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw InputError(
            name,
            "not found beside webfence or on PATH: the server, the watch and fetching over the network are in an executable of their own. From a clone: swift build --product webfence-serve, then run this again; from a release archive it is in bin/ beside webfence"
        )
    }

    /// Replaces this process with `path`, given `arguments` and `argument0` as its name (which
    /// chooses the server or the command line, D98); returns only by throwing.
    public static func replaceProcess(with path: String, as argument0: String, arguments: [String]) throws -> Never {
        let argv = ([argument0] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        let reason = String(cString: strerror(errno))
        throw InputError(path, "cannot run it: \(reason)")
    }
}
