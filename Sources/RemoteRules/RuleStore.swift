import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The last known good signed rule set on disk: one file in a directory of its own, replaced
/// atomically, so that a crash or power loss at any moment leaves either the old copy or the new
/// one, never a mix (spec/navigation-rules.md §3).
///
/// The store keeps the signed envelope exactly as it was received and does not trust it: whoever
/// reads it back must verify the signature again, since files on disk can be altered.
public struct RuleStore: Sendable, Hashable {
    /// The name of the stored file inside ``directory``.
    public static let fileName = "navigation-rules.signed.json"
    /// Temporary files are named this prefix and a UUID; any left by a crash are ignored on load
    /// and removed by the next save.
    static let temporaryPrefix = ".\(fileName).tmp-"

    /// The directory that holds the stored file. It is created, with its parents, on first save.
    public let directory: String

    /// A store in `directory` (a path; nothing is read or created yet).
    public init(directory: String) {
        self.directory = directory
    }

    /// The path of the stored file.
    public var path: String { directory + "/" + Self.fileName }

    /// The stored envelope's text, or nil when nothing is stored or it cannot be read.
    /// Temporary files from an interrupted save are never read.
    public func load() -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        // Invalid UTF-8 becomes U+FFFD, which then fails verification like any other corruption.
        return String(decoding: data, as: UTF8.self)
    }

    /// Replaces the stored envelope with `envelopeText`, atomically and durably: the text goes to a
    /// temporary file in the same directory, which is flushed to disk, renamed over the stored
    /// file, and the directory is flushed so that the rename itself survives a power loss.
    /// On failure the previous copy is untouched and the temporary file is removed.
    public func save(_ envelopeText: String) throws(RuleStoreError) {
        try save(envelopeText, stoppingBeforeRename: false)
    }

    /// `save`, optionally stopping after the temporary file is written and flushed but before it
    /// is renamed: what a crash at that moment leaves behind. For tests.
    func save(_ envelopeText: String, stoppingBeforeRename: Bool) throws(RuleStoreError) {
        try replace(path, with: Array(envelopeText.utf8), stoppingBeforeRename: stoppingBeforeRename)
    }

    /// The name of the file that remembers the highest version ever trusted.
    public static let versionFileName = "navigation-rules.version"

    /// The path of the highest-version file.
    public var versionPath: String { directory + "/" + Self.versionFileName }

    /// The highest version ever accepted, kept apart from the copy: when the copy is lost (deleted,
    /// altered, or signed by a key no longer trusted), an older signed config still cannot be
    /// replayed. Nil when absent or unreadable.
    public func loadHighestVersion() -> Int? {
        guard let data = FileManager.default.contents(atPath: versionPath) else { return nil }
        return Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Records `version` as the highest accepted, atomically as `save` does.
    public func saveHighestVersion(_ version: Int) throws(RuleStoreError) {
        try replace(versionPath, with: Array("\(version)\n".utf8), stoppingBeforeRename: false)
    }

    private func replace(_ finalPath: String, with bytes: [UInt8], stoppingBeforeRename: Bool) throws(RuleStoreError) {
        try createDirectory()
        removeTemporaryFiles()
        let temporary = directory + "/" + Self.temporaryPrefix + UUID().uuidString
        do {
            try writeAndSync(bytes, to: temporary)
        } catch {
            unlink(temporary)
            throw error
        }
        if stoppingBeforeRename { return }
        guard rename(temporary, finalPath) == 0 else {
            let failure = RuleStoreError(.rename, path: finalPath, errno: errno)
            unlink(temporary)
            throw failure
        }
        try syncDirectory()
    }

    private func createDirectory() throws(RuleStoreError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue {
            return
        }
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw RuleStoreError(.createDirectory, path: directory, detail: "\(error.localizedDescription)")
        }
    }

    /// Removes what earlier interrupted saves left. Saves from one client are serialised, so no
    /// other save of ours is writing one of these now.
    private func removeTemporaryFiles() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(Self.temporaryPrefix) {
            unlink(directory + "/" + name)
        }
    }

    private func writeAndSync(_ bytes: [UInt8], to file: String) throws(RuleStoreError) {
        // O_EXCL: a fresh file of our own, never one that someone linked into place beforehand.
        let descriptor = open(file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw RuleStoreError(.createTemporary, path: file, errno: errno) }
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if result < 0 {
                if errno == EINTR { continue }
                let failure = RuleStoreError(.write, path: file, errno: errno)
                close(descriptor)
                throw failure
            }
            written += result
        }
        // Without the flush, the rename can reach the disk before the data does, and a power loss
        // would leave the new name on an empty or partial file.
        guard fsync(descriptor) == 0 else {
            let failure = RuleStoreError(.sync, path: file, errno: errno)
            close(descriptor)
            throw failure
        }
        // Some file systems report a deferred write error only at close.
        guard close(descriptor) == 0 else { throw RuleStoreError(.close, path: file, errno: errno) }
    }

    /// Flushes the directory entry, so that the rename survives a power loss.
    private func syncDirectory() throws(RuleStoreError) {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw RuleStoreError(.syncDirectory, path: directory, errno: errno) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw RuleStoreError(.syncDirectory, path: directory, errno: errno) }
    }
}
