// PWABuilder's shell's own check as it runs on a device: the peer of WebFence's `pwabuilder`
// decision (Benchmarks/FrameworkDecision, InstructionCounts `framework`). Written in our words from
// its behaviour (hybrid-frameworks.md §12b); none of its code copied.

import Foundation

/// The shell's allowlist as `WebView.swift` applies it to a link: Foundation's `URL` of the
/// string, its `host`, then the first `authOrigins` entry and the first `allowedOrigins` entry found
/// in the host with `range(of:)`.
public struct FoundationSubstringAllowList: Sendable {
    let allowedOrigins: [String]
    let authOrigins: [String]

    public init(allowedOrigins: [String], authOrigins: [String]) {
        self.allowedOrigins = allowedOrigins
        self.authOrigins = authOrigins
    }

    /// Whether the link loads in the web view.
    public func allows(_ text: String) -> Bool {
        guard let url = URL(string: text), let host = url.host else { return false }
        if authOrigins.first(where: { host.range(of: $0) != nil }) != nil { return true }
        return allowedOrigins.first(where: { host.range(of: $0) != nil }) != nil
    }
}
