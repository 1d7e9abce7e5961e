import Crypto
import Foundation

/// The tokens of `--token-file`: one a line, blank lines and `#` comments left out. Only their
/// SHA-256 digests are kept; a presented token is hashed and compared with every digest, each
/// byte of each, so that the time taken says nothing of which token, or how much of one, matched.
public struct AccessTokens: Sendable, Hashable {
    /// The digests of the tokens.
    let digests: [[UInt8]]

    /// Why a token file is refused.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong, with the line when one is.
        public let description: String
    }

    /// The shortest token accepted: a shorter one is guessable.
    public static let minimumLength = 16

    /// The tokens in `text` (a token file's contents).
    public init(text: String) throws(Failure) {
        var digests: [[UInt8]] = []
        // Lines end with \n or \r\n (one Character in Swift), so split on any newline.
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let token = line.trimmingCharacters(in: .whitespaces)
            if token.isEmpty || token.hasPrefix("#") { continue }
            guard token.count >= Self.minimumLength else {
                throw Failure(
                    description:
                        "line \(index + 1): a token must have at least \(Self.minimumLength) characters (try: openssl rand -hex 32)"
                )
            }
            guard token.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
                throw Failure(description: "line \(index + 1): a token is printable ASCII without spaces")
            }
            digests.append(Array(SHA256.hash(data: Array(token.utf8))))
        }
        guard !digests.isEmpty else { throw Failure(description: "the file holds no token") }
        self.digests = digests
    }

    /// The tokens of the file at `path`; a failure's description names no file (the caller does).
    public init(file path: String) throws(Failure) {
        let text: String
        do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
            throw Failure(description: "cannot read it: \(error.localizedDescription)")
        }
        try self.init(text: text)
    }

    /// Whether `token` is one of the tokens, in a time that depends only on the number of tokens.
    func contains(_ token: [UInt8]) -> Bool {
        let digest = SHA256.hash(data: token)
        var matches: UInt16 = 0
        for stored in digests {
            var difference: UInt8 = 0
            for (a, b) in zip(stored, digest) { difference |= a ^ b }
            // 1 when the digests are equal, 0 otherwise, with no branch on their bytes.
            matches |= ((UInt16(difference) &- 1) >> 8) & 1
        }
        return matches != 0
    }
}
