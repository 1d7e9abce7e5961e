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
/// between (D91, D99). Under ``serverName`` it is the server; under ``commandLineName`` the whole
/// command line (D98).
public enum ServeExecutable {
    /// The name under which the executable is the server.
    public static let serverName = "webfence-serve"
    /// The name under which it is the whole command line, as the release installs it.
    public static let commandLineName = "webfence"
    /// Set in the environment of a command handed on; its value is the version of the `webfence`
    /// that handed it on, so that the receiver can refuse to be an older or a newer build.
    public static let handedOnVariable = "WEBFENCE_HANDED_ON_BY"

    /// `webfence-serve` beside this executable (symbolic links followed, as a Homebrew or
    /// `/usr/local/bin` link installs it), else the first on PATH; never this executable itself.
    public static func locate() throws -> String {
        let fileManager = FileManager.default
        let own = Bundle.main.executableURL
        var candidates: [URL] = []
        if let own {
            candidates += [own.deletingLastPathComponent(), own.resolvingSymlinksInPath().deletingLastPathComponent()]
        }
        candidates += (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map {
            URL(fileURLWithPath: String($0))
        }
        for directory in candidates {
            let candidate = directory.appendingPathComponent(serverName)
            guard fileManager.isExecutableFile(atPath: candidate.path) else { continue }
            // A link or copy of this very executable would hand the command back to itself.
            if let own, isSameFile(candidate.resolvingSymlinksInPath(), own.resolvingSymlinksInPath()) { continue }
            return candidate.path
        }
        throw InputError(
            serverName,
            "not found beside webfence or on PATH: the server, the watch and fetching over the network are in an executable of their own. From a clone: swift build --product webfence-serve, then run this again; from a release archive it is in bin/ beside webfence"
        )
    }

    /// Replaces this process with `path`, given `arguments` and `argument0` as its name (which
    /// chooses the server or the command line); `version` goes to the environment under
    /// ``handedOnVariable``. Returns only by throwing.
    public static func replaceProcess(
        with path: String, as argument0: String, arguments: [String], handedOnBy version: String
    ) throws -> Never {
        setenv(handedOnVariable, version, 1)
        let argv = ([argument0] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        let reason = String(cString: strerror(errno))
        throw InputError(path, "cannot run it: \(reason)")
    }

    /// Whether two paths name one file (same device and inode).
    private static func isSameFile(_ first: URL, _ second: URL) -> Bool {
        var a = stat()
        var b = stat()
        guard stat(first.path, &a) == 0, stat(second.path, &b) == 0 else { return false }
        return a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }
}
