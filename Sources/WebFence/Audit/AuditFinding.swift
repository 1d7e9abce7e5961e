import AppManifest
import Findings

/// One thing `webfence audit` found: a stable code, a severity, the file and the key it is about,
/// what is wrong, and the sentence that says how to fix it.
public struct AuditFinding: Sendable, Hashable, CustomStringConvertible {
    public let code: String
    public let severity: Finding.Severity
    /// The file the finding is about (for an `.ipa`, the archive and the entry in it).
    public let file: SourceFile
    /// The key in that file, as a JSON pointer: `/WKAppBoundDomains/3`,
    /// `/com.apple.developer.associated-domains/0`, or for an executable the part of the Mach-O
    /// file (`/arm64/LC_CODE_SIGNATURE`).
    public let key: String
    public let message: String
    /// What to do about it, from ``AuditCatalog``.
    public var fix: String { AuditCatalog.rule(for: code).fix }

    public init(_ code: String, _ severity: Finding.Severity, _ file: SourceFile, key: String, _ message: String) {
        self.code = code
        self.severity = severity
        self.file = file
        self.key = key
        self.message = message
    }

    public var description: String { "\(severity.rawValue) \(code) at \(file):\(key): \(message)" }
}
