import CWebKitShim
import Foundation

/// WebFence's web-process extension (`libWebFenceWebProcess.so`, this package's dynamic library),
/// which reaches what the UI-process API cannot: a subframe's origins and JavaScript. WebKitGTK
/// loads every library of one directory into each web process, so the extension gets a directory
/// of its own, holding a copy (the engine's sandbox sees that directory, not where the copy came
/// from). The library is found at `WEBFENCE_WEB_PROCESS_EXTENSION` or next to the executable, where
/// SwiftPM builds it. It must be installed before the first web process starts: `FencedSession`
/// does it.
@MainActor
enum WebProcessExtension {
    static let libraryName = "libWebFenceWebProcess.so"
    private static var installed: Bool?

    /// Installs the extension once; says whether it is there.
    @discardableResult
    static func install() -> Bool {
        if let installed { return installed }
        let executableDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        let candidates: [String?] = [
            ProcessInfo.processInfo.environment["WEBFENCE_WEB_PROCESS_EXTENSION"],
            executableDirectory.appendingPathComponent(libraryName).path,
        ]
        guard let library = candidates.compactMap({ $0 }).first(where: { FileManager.default.fileExists(atPath: $0) })
        else {
            installed = false
            return false
        }
        // Not under /tmp: the engine's sandbox has a /tmp of its own, which hides it. Named after the
        // library's size and time, so that runs of one build share it and a new build gets its own.
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: library),
            let size = attributes[.size] as? Int, let modified = attributes[.modificationDate] as? Date
        else {
            installed = false
            return false
        }
        let directory = URL(fileURLWithPath: library).deletingLastPathComponent()
            .appendingPathComponent("webfence-web-process-\(size)-\(Int(modified.timeIntervalSince1970))")
        let copy = directory.appendingPathComponent(libraryName)
        if !FileManager.default.fileExists(atPath: copy.path) {
            // Copied under another name, then renamed: a concurrent run never loads half a file.
            let partial = directory.appendingPathComponent(".\(getpid()).partial")
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try? FileManager.default.removeItem(at: partial)
                try FileManager.default.copyItem(atPath: library, toPath: partial.path)
                if rename(partial.path, copy.path) != 0 { throw POSIXError(.EIO) }
            } catch {
                installed = false
                return false
            }
        }
        wf_set_web_process_extensions_directory(directory.path)
        // SwiftPM links the Swift runtime into the library; the sandbox must see it, read-only.
        if let runtime = swiftRuntimeDirectory() { wf_add_path_to_sandbox(runtime) }
        installed = true
        return true
    }

    /// The directory of the Swift runtime this process runs with, from the process's own mappings.
    private static func swiftRuntimeDirectory() -> String? {
        // Read to the end: a /proc file says it is empty, and a sized read stops at a page.
        guard let data = try? FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/maps")).readToEnd(),
            let maps = String(data: data, encoding: .utf8),
            let line = maps.split(separator: "\n").first(where: { $0.hasSuffix("/libswiftCore.so") }),
            let path = line.split(separator: " ", omittingEmptySubsequences: true).last
        else { return nil }
        return URL(fileURLWithPath: String(path)).deletingLastPathComponent().path
    }
}
