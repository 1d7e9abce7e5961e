import Foundation

/// A new folder in the system's temporary directory that only this user can enter (mode 0700,
/// made by `mkdtemp`, so its name cannot be guessed or taken first), for files extracted from an
/// archive or received in an upload. ``remove()`` deletes it and everything in it.
public struct PrivateFolder: Sendable {
    /// The folder.
    public let url: URL

    /// Creates the folder, named `<prefix>-XXXXXX`.
    public init(prefix: String = "webfence") throws(AppManifestError) {
        var template = Array((FileManager.default.temporaryDirectory.path + "/\(prefix)-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard let made else {
            throw AppManifestError(
                FileManager.default.temporaryDirectory.path,
                "cannot create a private temporary folder: \(String(cString: strerror(errno)))")
        }
        url = URL(fileURLWithPath: String(cString: made), isDirectory: true)
    }

    /// Deletes the folder and what it holds.
    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
