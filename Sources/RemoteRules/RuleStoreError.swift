import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a rule set could not be stored. The copy stored before stays as it was.
public struct RuleStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The step of a save that failed.
    public enum Step: String, Sendable, Hashable {
        /// In order: creating the directory, creating the temporary file, writing, flushing and closing
        /// it, renaming it over the stored copy, and flushing the directory.
        case createDirectory, createTemporary, write, sync, close, rename, syncDirectory
    }

    /// The step that failed.
    public let step: Step
    /// The file or directory the step worked on.
    public let path: String
    /// The system's words for the error, e.g. `No space left on device (errno 28)`.
    public let detail: String

    init(_ step: Step, path: String, detail: String) {
        self.step = step
        self.path = path
        self.detail = detail
    }

    init(_ step: Step, path: String, errno code: Int32) {
        let text = strerror(code).map { String(cString: $0) } ?? "error"
        self.init(step, path: path, detail: "\(text) (errno \(code))")
    }

    /// The step, the path and the system's words in one sentence.
    public var description: String {
        let doing =
            switch step {
            case .createDirectory: "creating the directory"
            case .createTemporary: "creating the temporary file"
            case .write: "writing the temporary file"
            case .sync: "flushing the temporary file to disk"
            case .close: "closing the temporary file"
            case .rename: "renaming the temporary file over the stored copy"
            case .syncDirectory: "flushing the directory to disk"
            }
        return "\(doing) \(path) failed: \(detail)"
    }
}
