extension String {
    /// The text that `bytes` spell in UTF-8, or nil when they are not valid UTF-8.
    ///
    /// Swift 6's `String(validating:as:)` needs macOS 15 or iOS 18, and the package supports older
    /// systems (docs/platforms.md). There it is called; before them the bytes are decoded with
    /// repair and the text kept only when nothing was repaired, which is the same answer.
    /// (Inlinable, so that a caller's bytes are read by code made for their type.)
    @inlinable
    public init?<Bytes: Collection<UInt8>>(validUTF8 bytes: Bytes) {
        guard let text = Self.validated(bytes, as: UTF8.self, in: \.utf8) else { return nil }
        self = text
    }

    /// The text that `units` spell in UTF-16, or nil when they are not valid UTF-16 (a lone
    /// surrogate), as `init(validUTF8:)` decides for UTF-8.
    @inlinable
    public init?<Units: Collection<UInt16>>(validUTF16 units: Units) {
        guard let text = Self.validated(units, as: UTF16.self, in: \.utf16) else { return nil }
        self = text
    }

    /// The standard library's validation where the system has it, `unrepaired` before it.
    @inlinable
    static func validated<Units: Collection, Encoding: Unicode.Encoding, View: Sequence>(
        _ units: Units, as encoding: Encoding.Type, in view: KeyPath<String, View>
    ) -> String? where Units.Element == Encoding.CodeUnit, View.Element == Encoding.CodeUnit {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return String(validating: units, as: encoding)
        }
        return unrepaired(units, as: encoding, in: view)
    }

    /// The units decoded with repair, or nil when repair changed them. Repair puts U+FFFD where a
    /// sequence is not valid, so the text's own units then differ from the input at that place or
    /// in number; valid units decode to themselves.
    @inlinable
    static func unrepaired<Units: Collection, Encoding: Unicode.Encoding, View: Sequence>(
        _ units: Units, as encoding: Encoding.Type, in view: KeyPath<String, View>
    ) -> String? where Units.Element == Encoding.CodeUnit, View.Element == Encoding.CodeUnit {
        let text = String(decoding: units, as: encoding)
        return text[keyPath: view].elementsEqual(units) ? text : nil
    }
}
