import Foundation

/// What a finished process left behind.
struct ProcessResult {
    let status: Int32
    let stdout: String
    let stderr: String

    var stdoutLines: [String] {
        stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
    }
}

enum Processes {
    /// Runs `executable` with `arguments`, feeding `stdin`. Input and output go through temporary
    /// files, so large streams cannot deadlock on pipe buffers.
    static func run(
        _ executable: URL, _ arguments: [String], stdin: String = "", in workingDirectory: URL? = nil
    ) throws -> ProcessResult {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("webfence-tests-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("stdin")
        let output = directory.appendingPathComponent("stdout")
        let errors = directory.appendingPathComponent("stderr")
        try Data(stdin.utf8).write(to: input)
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let workingDirectory { process.currentDirectoryURL = workingDirectory }
        process.standardInput = try FileHandle(forReadingFrom: input)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        try process.run()
        process.waitUntilExit()
        return ProcessResult(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: output), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errors), as: UTF8.self))
    }

    /// `run`, waited for on a thread of its own. Swift concurrency's pool has as many threads as the
    /// machine has cores; a test that holds one for seconds (a pip install, 100,000 lines through
    /// `webfence`) keeps other tests' servers and clocks from running, and their time limits strike.
    static func run(_ executable: URL, _ arguments: [String], stdin: String = "") async throws -> ProcessResult {
        try await offPool { try run(executable, arguments, stdin: stdin) }
    }

    /// Runs `work` on a new thread and waits for it without holding a thread of the pool.
    static func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
    }

    /// The first executable called `name` on PATH.
    static func find(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}

/// The `webfence` binary built next to this test bundle (`WEBFENCE_BIN` overrides).
enum WebFenceBinary {
    static let url: URL = {
        if let override = ProcessInfo.processInfo.environment["WEBFENCE_BIN"] {
            return URL(fileURLWithPath: override)
        }
        let testBundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = testBundle.deletingLastPathComponent()
        // On macOS the runner sits inside WebFencePackageTests.xctest/Contents/MacOS.
        while directory.path != "/",
            !FileManager.default.fileExists(atPath: directory.appendingPathComponent("webfence").path)
        {
            directory = directory.deletingLastPathComponent()
        }
        return directory.appendingPathComponent("webfence")
    }()

    static func run(_ arguments: [String], stdin: String = "", in workingDirectory: URL? = nil) throws -> ProcessResult
    {
        try Processes.run(url, arguments, stdin: stdin, in: workingDirectory)
    }

    /// From an async test: waits off Swift concurrency's pool (`Processes.run`).
    static func run(_ arguments: [String], stdin: String = "") async throws -> ProcessResult {
        try await Processes.run(url, arguments, stdin: stdin)
    }
}

/// The package's files, found from this source file.
enum PackageFiles {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func url(_ relativePath: String) -> URL { root.appendingPathComponent(relativePath) }

    /// The conformance corpora, Tests/Corpora, as WebAddressTests finds them (`WEBFENCE_TESTDATA`
    /// overrides).
    static let corpora: URL = {
        if let override = ProcessInfo.processInfo.environment["WEBFENCE_TESTDATA"] {
            return URL(fileURLWithPath: override)
        }
        return root.appendingPathComponent("Tests/Corpora")
    }()
}
