/// One check made while fetching an association file: a stable code, how serious the result is,
/// and a sentence for people.
public struct FetchCheck: Sendable, Hashable {
    /// How serious a check's result is.
    public enum Severity: String, Sendable, Hashable, CaseIterable {
        /// A device would not use the file, or a validator must reject the setup.
        case error
        /// A device would still use the file, but something is off.
        case warning
        /// A check that passed, or a fact worth knowing.
        case note
    }

    /// A stable identifier such as `fetch.tls` or `fetch.status.denied`. A check that can pass or
    /// fail keeps its code either way (`fetch.tls`, `fetch.contentType`, `fetch.size`); only its
    /// severity changes.
    public var code: String
    /// How serious the result is.
    public var severity: Severity
    /// What was found, in one or two sentences.
    public var message: String

    /// A check with a stable `code`, its `severity` and a `message` for people.
    public init(code: String, severity: Severity, message: String) {
        self.code = code
        self.severity = severity
        self.message = message
    }
}
