import AppManifest
import Findings

/// One thing `webfence audit` found: a stable code, a severity, the file and the key it is about,
/// what is wrong, and the sentence that says how to fix it.
public struct AuditFinding: Sendable, Hashable, CustomStringConvertible {
    /// The stable code, listed in ``AuditCatalog``.
    public let code: String
    /// How much it matters: an error fails a CI gate.
    public let severity: Finding.Severity
    /// The file the finding is about (for an `.ipa`, the archive and the entry in it).
    public let file: SourceFile
    /// The key in that file, as a JSON pointer: `/WKAppBoundDomains/3`,
    /// `/com.apple.developer.associated-domains/0`, or for an executable the part of the Mach-O
    /// file (`/arm64/LC_CODE_SIGNATURE`).
    public let key: String
    /// What is wrong, naming the value and what the platform does with it.
    public let message: String
    /// Where `key` is written, when the file is text and the report has located it.
    public var position: SourcePosition?
    /// What to do about it, from ``AuditCatalog``.
    public var fix: String { AuditCatalog.rule(for: code).fix }

    /// A finding of the audit's own `code`, about `key` in `file`, with the code's severity
    /// (``AuditCode/rule``).
    public init(_ code: AuditCode, _ file: SourceFile, key: String, _ message: String) {
        self.init(code.rawValue, code.severity, file, key: key, message)
    }

    /// A finding of `code` with another severity than its rule's: only for a code whose severity
    /// depends on what was audited (`entitlements.unknown`: a warning for a built app, as its rule
    /// says, a note for a project folder, which is not signed yet).
    init(_ code: AuditCode, severity: Finding.Severity, _ file: SourceFile, key: String, _ message: String) {
        self.init(code.rawValue, severity, file, key: key, message)
    }

    /// A finding of a linter the audit runs (`entitlement.*`, `aasa.*`, `fetch.*`), with the
    /// severity that linter gave it, about `key` in `file`.
    public init(linted code: String, _ severity: Finding.Severity, _ file: SourceFile, key: String, _ message: String) {
        self.init(code, severity, file, key: key, message)
    }

    private init(_ code: String, _ severity: Finding.Severity, _ file: SourceFile, key: String, _ message: String) {
        self.code = code
        self.severity = severity
        self.file = file
        self.key = key
        self.message = message
    }

    /// The finding about `key` instead (a configuration's place in the file that wraps it).
    func at(key: String) -> AuditFinding {
        AuditFinding(code, severity, file, key: key, message)
    }

    /// The finding in one line: severity, code, place and message.
    public var description: String { "\(severity.rawValue) \(code) at \(file):\(key): \(message)" }
}
