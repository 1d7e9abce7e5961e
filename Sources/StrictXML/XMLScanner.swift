/// The reader's state: the bytes, the offset being read, and a tracker that turns offsets into lines
/// and columns. This file has the parts every construct shares: UTF-8 decoding, XML's character
/// classes, names, white space and references.
struct XMLScanner {
    let bytes: [UInt8]
    /// The offset of the first byte after a UTF-8 byte order mark (0 when there is none).
    let start: Int
    /// The offset of the next byte to read.
    var index: Int
    /// What to do with a DOCTYPE.
    let doctype: XMLReader.Doctype
    // The position of `trackedOffset`. Offsets are asked for in increasing order while reading
    // succeeds, so tracking moves forward only and costs linear time in all.
    private var trackedOffset: Int
    private var trackedLine = 1
    private var trackedColumn = 1

    init(bytes: [UInt8], doctype: XMLReader.Doctype = .refuse) {
        self.bytes = bytes
        self.doctype = doctype
        start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        index = start
        trackedOffset = start
    }

    /// The byte at `offset`, or nil past the end.
    func byte(at offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

    /// The byte at `index`, or nil at the end.
    var current: UInt8? { byte(at: index) }

    /// Whether `literal` is at `offset`.
    func matches(_ literal: [UInt8], at offset: Int) -> Bool {
        guard offset + literal.count <= bytes.count else { return false }
        for (i, byte) in literal.enumerated() where bytes[offset + i] != byte { return false }
        return true
    }

    // MARK: - Positions and errors

    /// The line and column of `offset`, both counting from 1; columns count Unicode scalars.
    mutating func location(of offset: Int) -> (line: Int, column: Int) {
        if offset < trackedOffset {
            trackedOffset = start
            trackedLine = 1
            trackedColumn = 1
        }
        let end = min(offset, bytes.count)
        var i = trackedOffset
        while i < end {
            let byte = bytes[i]
            if byte == Byte.cr || (byte == Byte.lf && (i == start || bytes[i - 1] != Byte.cr)) {
                trackedLine += 1
                trackedColumn = 1
            } else if byte != Byte.lf && byte & 0xC0 != 0x80 {
                trackedColumn += 1
            }
            i += 1
        }
        trackedOffset = end
        return (trackedLine, trackedColumn)
    }

    /// An error at `offset`.
    mutating func error(_ message: String, at offset: Int) -> XMLError {
        let (line, column) = location(of: offset)
        return XMLError(line: line, column: column, message: message)
    }

    // MARK: - Characters

    /// The scalar at `offset` (before the end) and its length in bytes, when it is a character XML
    /// allows.
    ///
    /// - Throws: when the bytes are not UTF-8 (overlong forms, surrogates and values beyond U+10FFFF
    ///   included) or the scalar is not an XML `Char`.
    mutating func scalar(at offset: Int) throws(XMLError) -> (value: UInt32, length: Int) {
        guard let (value, length) = decode(at: offset) else {
            throw error("the bytes here are not UTF-8", at: offset)
        }
        guard isXMLCharacter(value) else {
            throw error("the character \(codePoint(value)) is not allowed in XML", at: offset)
        }
        return (value, length)
    }

    /// Strict UTF-8 decoding (RFC 3629) of the scalar at `offset`: nil when the bytes there are not
    /// the shortest form of a scalar.
    private func decode(at offset: Int) -> (value: UInt32, length: Int)? {
        let lead = bytes[offset]
        if lead < 0x80 { return (UInt32(lead), 1) }
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF:
            length = 3
            if lead == 0xE0 { low = 0xA0 }
            if lead == 0xED { high = 0x9F }
        case 0xF0...0xF4:
            length = 4
            if lead == 0xF0 { low = 0x90 }
            if lead == 0xF4 { high = 0x8F }
        default: return nil
        }
        guard offset + length <= bytes.count else { return nil }
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for i in 1..<length {
            let byte = bytes[offset + i]
            guard byte >= (i == 1 ? low : 0x80), byte <= (i == 1 ? high : 0xBF) else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        return (value, length)
    }

    /// Appends the character at `index` to `buffer` and moves past it (a CR is not treated specially).
    mutating func appendCharacter(to buffer: inout [UInt8]) throws(XMLError) {
        let byte = bytes[index]
        if byte >= 0x20 && byte < 0x80 {
            buffer.append(byte)
            index += 1
            return
        }
        let (_, length) = try scalar(at: index)
        buffer.append(contentsOf: bytes[index..<index + length])
        index += length
    }

    /// Moves past the character at `index`, checking it.
    mutating func skipCharacter() throws(XMLError) {
        let byte = bytes[index]
        if byte >= 0x20 && byte < 0x80 {
            index += 1
        } else {
            index += try scalar(at: index).length
        }
    }

    /// Skips XML white space (space, tab, CR, LF) and says whether there was any.
    mutating func skipWhitespace() -> Bool {
        let begin = index
        while let byte = current, isWhitespace(byte) { index += 1 }
        return index > begin
    }

    /// Reads a `Name` (XML 1.0 §2.3) at `index`, or returns nil and stays put when none starts there.
    mutating func readName() throws(XMLError) -> String? {
        guard index < bytes.count else { return nil }
        let begin = index
        let (first, firstLength) = try scalar(at: index)
        guard isNameStart(first) else { return nil }
        var end = index + firstLength
        while end < bytes.count {
            let (value, length) = try scalar(at: end)
            guard isNameCharacter(value) else { break }
            end += length
        }
        index = end
        return String(decoding: bytes[begin..<end], as: UTF8.self)
    }

    // MARK: - References

    /// Reads the reference at `index` (a `&`) and appends its character to `buffer`.
    mutating func readReference(into buffer: inout [UInt8]) throws(XMLError) {
        let begin = index
        index += 1
        if current == Byte.hash {
            index += 1
            let isHex = current == Byte.x
            if isHex { index += 1 }
            var value: UInt32 = 0
            var digits = 0
            while let byte = current, let digit = digitValue(byte, hex: isHex) {
                // Past U+10FFFF the value only has to stay too large, and it cannot overflow.
                if value <= 0x10_FFFF { value = value * (isHex ? 16 : 10) + digit }
                digits += 1
                index += 1
            }
            guard digits > 0, current == Byte.semicolon else {
                let form = isHex ? "'&#x' hexadecimal digits ';'" : "'&#' decimal digits ';'"
                throw error("a character reference must have the form \(form)", at: begin)
            }
            index += 1
            guard value <= 0x10_FFFF else {
                throw error("the character reference is beyond U+10FFFF", at: begin)
            }
            guard isXMLCharacter(value) else {
                throw error("the character reference is to \(codePoint(value)), which XML does not allow", at: begin)
            }
            appendUTF8(value, to: &buffer)
            return
        }
        guard let name = try readName(), current == Byte.semicolon else {
            throw error("'&' must start a reference such as '&amp;' (write '&amp;' for a '&')", at: begin)
        }
        index += 1
        switch name {
        case "lt": buffer.append(Byte.lt)
        case "gt": buffer.append(Byte.gt)
        case "amp": buffer.append(Byte.amp)
        case "apos": buffer.append(Byte.apostrophe)
        case "quot": buffer.append(Byte.quote)
        default:
            throw error(
                "the entity '&\(name);' is not defined (without a DTD only &lt; &gt; &amp; &apos; &quot; are)",
                at: begin)
        }
    }
}
