import StrictJSON

/// The `Apple-*` headers with which Apple's association-file CDN explains its answer.
public struct AppleCDNHeaders: Sendable, Hashable {
    /// `Apple-From`: the origin URL the CDN fetched.
    public var from: String?
    /// `Apple-Origin-Format`: the format the CDN found at the origin.
    public var originFormat: String?
    /// `Apple-Failure-Reason`: why the CDN could not serve a file, such as
    /// `SWCERR00101 Bad HTTP Response: 404 Not Found`.
    public var failureReason: FailureReason?
    /// `Apple-Failure-Details`: JSON text, parsed when it is a JSON object.
    public var failureDetails: FailureDetails?
    /// `Apple-Try-Direct`: whether the CDN suggests asking the domain directly, as sent.
    public var tryDirect: String?

    /// A failure reason split into Apple's error code and its text.
    public struct FailureReason: Sendable, Hashable {
        /// The header value as sent.
        public var raw: String
        /// The leading `SWCERR` code, such as `SWCERR00101`, when there is one.
        public var code: String?
        /// The text after the code, such as `Bad HTTP Response: 404 Not Found`.
        public var text: String

        /// Splits a header value into its leading `SWCERR` code, when there is one, and the text.
        public init(raw: String) {
            self.raw = raw
            let trimmed = raw.trimmingASCIIWhitespace()
            let firstWord = trimmed.prefix { $0 != " " }
            if firstWord.hasPrefix("SWCERR"), firstWord.count > 6,
                firstWord.dropFirst(6).allSatisfy(\.isASCIIDigitCharacter)
            {
                self.code = String(firstWord)
                self.text = String(trimmed.dropFirst(firstWord.count)).trimmingASCIIWhitespace()
            } else {
                self.code = nil
                self.text = trimmed
            }
        }
    }

    /// The failure details: the members of a JSON object, or the text as sent when it is not one.
    public enum FailureDetails: Sendable, Hashable {
        /// The members of the JSON object, in order. A string value is given as the string; any
        /// other value as compact JSON text.
        case fields([Field])
        /// The header value as sent, because it is not a JSON object.
        case text(String)

        /// One member of the details object.
        public struct Field: Sendable, Hashable {
            /// The member's key.
            public var key: String
            /// The member's value: a string as the string, anything else as compact JSON text.
            public var value: String

            /// A field with `key` and `value`.
            public init(key: String, value: String) {
                self.key = key
                self.value = value
            }
        }

        /// Reads the header value with the strict JSON reader (D7), keeping member order; a
        /// repeated key keeps its last value, as a device's JSON reader does.
        public init(raw: String) {
            guard case .object(let members)? = try? JSONParser.parse(raw, duplicateKeys: .keepLast).value else {
                self = .text(raw)
                return
            }
            self = .fields(
                members.map { member in
                    if case .string(let string) = member.value {
                        return Field(key: member.key, value: string)
                    }
                    return Field(key: member.key, value: member.value.serialized())
                })
        }
    }

    /// Whether `Apple-Try-Direct` says yes (`true`, `yes` or `1`, in any case).
    public var suggestsTryingDirect: Bool {
        guard let tryDirect else { return false }
        return ["true", "yes", "1"].contains(asciiLowercased(tryDirect.trimmingASCIIWhitespace()))
    }

    /// Whether any `Apple-*` header was present.
    public var isEmpty: Bool {
        from == nil && originFormat == nil && failureReason == nil && failureDetails == nil && tryDirect == nil
    }

    /// Decodes the headers of a response.
    public init(_ response: HTTPResponseSummary) {
        from = response.value(of: "Apple-From")
        originFormat = response.value(of: "Apple-Origin-Format")
        failureReason = response.value(of: "Apple-Failure-Reason").map(FailureReason.init(raw:))
        failureDetails = response.value(of: "Apple-Failure-Details").map(FailureDetails.init(raw:))
        tryDirect = response.value(of: "Apple-Try-Direct")
    }
}

extension Character {
    fileprivate var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}
