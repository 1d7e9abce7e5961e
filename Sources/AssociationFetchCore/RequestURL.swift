/// A request URL that has passed a conservative syntax check before it is handed to
/// AsyncHTTPClient.
///
/// AsyncHTTPClient parses URLs with Foundation's `URL`, which on Linux reads
/// `https://evil.com\@trusted.com/` as host `trusted.com` while browsers load `evil.com`
/// (DESIGN.md). Only URLs on which every parser agrees get through: ASCII without spaces,
/// controls or backslashes, no user info, a host of letters, digits, `-`, `.` and `_` (or a
/// bracketed IPv6 address) and an optional decimal port. Callers turn user input into that form
/// with the WebAddress parser first.
package struct RequestURL: Sendable, Hashable {
    package let text: String
    package let scheme: String
    package let host: String
    package let port: Int?

    package static func check(_ text: String, allowsPlainHTTP: Bool) -> Result<RequestURL, HTTPFetchFailure> {
        let bytes = Array(text.utf8)
        if let bad = bytes.first(where: { $0 <= 0x20 || $0 >= 0x7F || $0 == UInt8(ascii: "\\") }) {
            let shown =
                bad == UInt8(ascii: "\\") ? "a backslash" : "the byte 0x\(String(bad, radix: 16, uppercase: true))"
            return .failure(.invalidRequest(reason: "the URL contains \(shown); give it in serialized ASCII form"))
        }
        let lower = asciiLowercased(text)
        let scheme: String
        if lower.hasPrefix("https://") {
            scheme = "https"
        } else if lower.hasPrefix("http://") {
            guard allowsPlainHTTP else {
                return .failure(.invalidRequest(reason: "the URL is http:, and only https: is allowed"))
            }
            scheme = "http"
        } else {
            return .failure(.invalidRequest(reason: "the URL must start with https://"))
        }
        let rest = bytes.dropFirst(scheme.utf8.count + 3)
        let authorityEnd =
            rest.firstIndex(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") })
            ?? rest.endIndex
        let authority = Array(rest[rest.startIndex..<authorityEnd])
        if authority.contains(UInt8(ascii: "@")) {
            return .failure(
                .invalidRequest(reason: "the URL carries user info (an @ before the host), which is never sent"))
        }
        switch splitAuthority(authority) {
        case .failure(let failure):
            return .failure(failure)
        case .success(let (host, port)):
            return .success(RequestURL(text: text, scheme: scheme, host: host, port: port))
        }
    }

    /// Splits `host[:port]` (host possibly a bracketed IPv6 address) and checks both parts.
    package static func splitAuthority(_ authority: [UInt8]) -> Result<(host: String, port: Int?), HTTPFetchFailure> {
        let hostBytes: ArraySlice<UInt8>
        let afterHost: ArraySlice<UInt8>
        if authority.first == UInt8(ascii: "[") {
            guard let close = authority.firstIndex(of: UInt8(ascii: "]")) else {
                return .failure(.invalidRequest(reason: "the IPv6 address has no closing ]"))
            }
            let inside = authority[1..<close]
            let allowed = inside.allSatisfy { isHexDigit($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") }
            guard !inside.isEmpty, allowed else {
                return .failure(.invalidRequest(reason: "the IPv6 address may hold only hex digits, : and ."))
            }
            hostBytes = authority[0...close]
            afterHost = authority[(close + 1)...]
        } else {
            let colon = authority.firstIndex(of: UInt8(ascii: ":")) ?? authority.endIndex
            hostBytes = authority[0..<colon]
            afterHost = authority[colon...]
            guard !hostBytes.isEmpty else {
                return .failure(.invalidRequest(reason: "the host is empty"))
            }
            let allowed = hostBytes.allSatisfy {
                isHexDigit($0) || ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x41 && $0 <= 0x5A)
                    || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_")
            }
            guard allowed else {
                return .failure(
                    .invalidRequest(
                        reason:
                            "the host may hold only ASCII letters, digits, -, . and _ (convert other names to punycode first)"
                    ))
            }
        }
        var port: Int?
        if !afterHost.isEmpty {
            let digits = afterHost.dropFirst()
            guard afterHost.first == UInt8(ascii: ":"), !digits.isEmpty, digits.count <= 5,
                digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                let value = Int(String(decoding: digits, as: UTF8.self)), (1...65535).contains(value)
            else {
                return .failure(.invalidRequest(reason: "the port must be a number from 1 to 65535"))
            }
            port = value
        }
        return .success((asciiLowercased(String(decoding: hostBytes, as: UTF8.self)), port))
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66) || (byte >= 0x41 && byte <= 0x46)
    }
}
