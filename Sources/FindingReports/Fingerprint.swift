import Crypto
import Foundation

/// A finding's identity across edits: the SHA-256 of its code, its file, its key with array
/// indices left out, and its message. Lines are not part of it, so a line inserted above a finding
/// does not make it new; neither does an entry inserted before it in the same list. A finding whose
/// message changes (it names the value, and the value changed) is a new finding.
public enum Fingerprint {
    /// The fingerprint of `finding`, as 64 lowercase hex digits.
    public static func of(_ finding: ReportedFinding) -> String {
        let parts = [
            finding.code, ReportPaths.relative(finding.path), finding.member ?? "", Self.shape(of: finding.pointer),
            finding.message,
        ]
        let digest = SHA256.hash(data: Data(parts.joined(separator: "\u{0}").utf8))
        return digest.map { String(format: "%02x", $0) }.joined()
    }

    /// The pointer with every array index written `*`: `/WKAppBoundDomains/*`.
    static func shape(of pointer: String) -> String {
        pointer.split(separator: "/", omittingEmptySubsequences: false).map {
            !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) ? "*" : String($0)
        }.joined(separator: "/")
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
