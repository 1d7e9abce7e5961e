import WebAddress

extension TenantPolicy {
    /// The setting "restrict web content transfer with other apps" (§4): where a link that a
    /// managed web view's delegate calls external must open.
    public enum ManagedBrowser: Sendable, Hashable, CustomStringConvertible {
        /// Microsoft Edge: `http://x` opens as `microsoft-edge-http://x`.
        case edge
        /// An unmanaged browser reached through its URL scheme `protocol`: `http://x` opens as
        /// `protocol://x`, `https://x` as `protocols://x`.
        case unmanaged(protocol: String)
        /// Any app: the link loads in the web view itself, as unmanaged.
        case any

        /// Reads the setting written `edge`, `any` or `unmanaged:<protocol>`, where the protocol is a
        /// URL scheme (an ASCII letter, then letters, digits, `+`, `-` or `.`) without its colon.
        /// Nil for anything else, so that a typo never silently means "any app".
        public init?(setting: String) {
            switch setting {
            case "edge": self = .edge
            case "any": self = .any
            default:
                let prefix = "unmanaged:"
                guard setting.hasPrefix(prefix) else { return nil }
                let scheme = String(setting.dropFirst(prefix.count))
                guard Self.isValidProtocol(scheme) else { return nil }
                self = .unmanaged(protocol: scheme)
            }
        }

        /// The setting as `init(setting:)` reads it.
        public var setting: String {
            switch self {
            case .edge: "edge"
            case .unmanaged(let scheme): "unmanaged:\(scheme)"
            case .any: "any"
            }
        }

        /// The setting's name as the tenant's console shows it, e.g. "unmanaged browser (googlechrome)".
        public var settingName: String {
            switch self {
            case .edge: "Microsoft Edge"
            case .unmanaged(let scheme): "unmanaged browser (\(scheme))"
            case .any: "any app"
            }
        }

        /// The setting as `init(setting:)` reads it.
        public var description: String { setting }

        /// Whether `scheme` can name a URL scheme: an ASCII letter, then ASCII letters, digits, `+`,
        /// `-` or `.` (RFC 3986 §3.1).
        public static func isValidProtocol(_ scheme: String) -> Bool {
            guard let first = scheme.utf8.first, isASCIILetter(first) else { return false }
            return scheme.utf8.dropFirst().allSatisfy { byte in
                isASCIILetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            }
        }

        private static func isASCIILetter(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        }

        /// The URL the browser opens for `url` (§4), or nil when there is nothing to rewrite: `url`
        /// is not http or https, the setting is `.any`, or the protocol is not a valid scheme.
        public func rewrite(_ url: WebURL) -> String? {
            let isHTTPS = url.scheme == "https"
            guard isHTTPS || url.scheme == "http" else { return nil }
            switch self {
            case .edge:
                return "microsoft-edge-" + url.href
            case .unmanaged(let scheme):
                guard Self.isValidProtocol(scheme) else { return nil }
                // The serializer writes the lowercase scheme first, so what follows it starts with ":".
                let rest = url.href.dropFirst(url.scheme.count)
                return (isHTTPS ? scheme + "s" : scheme) + rest
            case .any:
                return nil
            }
        }
    }
}
