import Foundation
import WebFenceCommandLine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finding `webfence-serve` and running it in this process's place (POSIX `execv`): its signals,
/// exit status and standard streams are then the server's own, with no parent in between.
enum ServerExecutable {
    static let name = "webfence-serve"

    /// `webfence-serve` beside this executable (symbolic links followed, as a Homebrew or
    /// `/usr/local/bin` link installs it), else the first on PATH.
    static func locate() throws -> String {
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
            "not found beside webfence or on PATH: the server is an executable of its own. From a clone: swift build --product webfence-serve (or swift run webfence-serve ...); from a release archive it is in bin/ beside webfence"
        )
    }

    /// Replaces this process with `path`, given `arguments`; returns only by throwing.
    static func replaceProcess(with path: String, arguments: [String]) throws -> Never {
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        let reason = String(cString: strerror(errno))
        throw InputError(path, "cannot run it: \(reason)")
    }
}
