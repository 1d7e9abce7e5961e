/// The exit statuses every command shares (spec/interfaces.md).
public enum ExitStatus {
    /// The command ran, and every expectation held (no error-level finding).
    public static let ok: Int32 = 0
    /// An expectation failed, or a finding at the failing severity was reported.
    public static let expectationFailed: Int32 = 1
    /// The input itself is unusable: an unreadable file, invalid JSON, an unknown option.
    public static let unusableInput: Int32 = 2
}
