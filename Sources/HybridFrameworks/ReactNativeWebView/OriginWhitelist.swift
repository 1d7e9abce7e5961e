/// react-native-webview's whitelist check (`src/WebViewShared.tsx`, spec §4b).
///
/// The "origin" is the longest prefix of the URL that is a scheme of two or more characters, `:`,
/// an optional `//`, and everything up to the first `/`: userinfo, port, query and fragment
/// included when no `/` comes first. An entry is a pattern anchored at the start only, in which `*`
/// stands for any run of characters; it matches when it matches a prefix of the origin.
enum OriginWhitelist {
    /// The origin react-native-webview extracts from a URL; empty when the URL has no such prefix.
    static func origin(of url: String) -> Substring {
        let bytes = url.utf8
        var index = bytes.startIndex
        guard index != bytes.endIndex, isLetter(bytes[index]) else { return "" }
        index = bytes.index(after: index)
        let schemeStart = index
        while index != bytes.endIndex, isSchemeByte(bytes[index]) { index = bytes.index(after: index) }
        guard index != schemeStart, index != bytes.endIndex, bytes[index] == UInt8(ascii: ":") else { return "" }
        index = bytes.index(after: index)
        let slashes = url.utf8[index...].prefix(2)
        if slashes.elementsEqual("//".utf8) { index = bytes.index(index, offsetBy: 2) }
        while index != bytes.endIndex, bytes[index] != UInt8(ascii: "/") { index = bytes.index(after: index) }
        return url[url.startIndex..<index]
    }

    /// One entry, split at its `*`s once, when the policy is made: the literal pieces between them,
    /// in UTF-8. Comparing bytes is comparing characters here: a piece is whole UTF-8, so in valid
    /// UTF-8 text it can only match where a character starts (the JavaScript compares UTF-16 code
    /// units, which gives the same answers); the origins WebKit hands over are ASCII anyway.
    struct Pattern: Sendable {
        let pieces: [[UInt8]]

        init(_ entry: String) {
            pieces = entry.split(separator: "*", omittingEmptySubsequences: false).map { Array($0.utf8) }
        }

        /// Whether the entry matches `origin` from its start; to its end too when `wholeOrigin`.
        func matches(_ origin: Substring, wholeOrigin: Bool) -> Bool {
            origin.utf8.withContiguousStorageIfAvailable { matches($0, wholeOrigin: wholeOrigin) }
                ?? Array(origin.utf8).withUnsafeBufferPointer { matches($0, wholeOrigin: wholeOrigin) }
        }

        private func matches(_ text: UnsafeBufferPointer<UInt8>, wholeOrigin: Bool) -> Bool {
            var position = 0
            for (offset, literal) in pieces.enumerated() {
                if offset == 0 {
                    guard text.starts(with: literal) else { return false }
                    position = literal.count
                    continue
                }
                // After a `*`: the earliest later occurrence leaves the most room for what follows;
                // the last piece must end the origin when the whole origin has to match.
                if offset == pieces.count - 1, wholeOrigin {
                    return text.count - position >= literal.count && text.suffix(literal.count).elementsEqual(literal)
                }
                guard let found = Self.firstIndex(of: literal, in: text, from: position) else { return false }
                position = found + literal.count
            }
            return !wholeOrigin || position == text.count
        }

        private static func firstIndex(of literal: [UInt8], in text: UnsafeBufferPointer<UInt8>, from start: Int)
            -> Int?
        {
            if literal.isEmpty { return start }
            guard text.count >= literal.count, start <= text.count - literal.count else { return nil }
            for candidate in start...(text.count - literal.count)
            where text[candidate..<(candidate + literal.count)].elementsEqual(literal) {
                return candidate
            }
            return nil
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
}
