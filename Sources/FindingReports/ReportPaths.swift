import Foundation

/// Paths as reports write them: relative to the working directory where they can be (a repository's
/// root, where CI runs), so that a baseline, a SARIF log or an annotation means the same file on
/// every machine; absolute for Xcode, which opens what it is given.
public enum ReportPaths {
    /// The working directory, ending in `/`.
    public static var workingDirectory: String {
        let path = FileManager.default.currentDirectoryPath
        return path.hasSuffix("/") ? path : path + "/"
    }

    /// `path` without a leading `./`, and relative to the working directory when it lies inside it.
    public static func relative(_ path: String, to directory: String = workingDirectory) -> String {
        var path = (path as NSString).standardizingPath
        if path.hasPrefix(directory) { path = String(path.dropFirst(directory.count)) }
        while path.hasPrefix("./") { path = String(path.dropFirst(2)) }
        return path
    }

    /// `path` made absolute against the working directory.
    public static func absolute(_ path: String, from directory: String = workingDirectory) -> String {
        path.hasPrefix("/") ? (path as NSString).standardizingPath : ((directory + path) as NSString).standardizingPath
    }
}
