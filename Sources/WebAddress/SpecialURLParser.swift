/// The URLs most inputs are, parsed in one pass (decision D64): a special URL written with its two
/// slashes (`https://host:port/path?query#fragment`, with or without userinfo), a reference relative
/// to such a URL (`/path`, `../path`, `?query`, `#fragment`, `//host/path`), a non-special URL with
/// an opaque host (`myapp://host/path`) or an opaque path (`mailto:x`, `data:...`), and `file:///`
/// with no Windows drive letter.
///
/// It gives exactly what the state machine (`URLParser`) gives: the same steps, in the order the
/// serializer writes them, without a state per byte. Anything else (a missing or third slash, a
/// drive letter, a tab or newline, a host the URL parser refuses, an invalid port) makes it answer
/// nil, and the state machine runs instead; so an error always comes from the state machine. The
/// tests and the `url` fuzz target compare the two.
///
/// The serialization is written into one buffer (`withUnsafeTemporaryAllocation`: on the stack
/// when it is small) of three bytes per input byte plus the base, and becomes `href` in one step:
/// the input string itself when nothing changed, or a single new string. Every write of something
/// whose length is not bounded by the input's (a base's component, an internationalized host, an
/// address's serialization) is checked, and declines when it would not fit.
struct SpecialURLParser {
    private let input: UnsafeBufferPointer<UInt8>
    private let base: WebURL?
    private var position = 0
    private let output: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private var count = 0
    private var offsets = WebURL.Offsets(
        schemeEnd: 0, usernameStart: 0, usernameEnd: 0, passwordEnd: 0, pathStart: 0, queryStart: -1,
        fragmentStart: -1, hasOpaquePath: false, isSpecial: true)
    private var hostKind = WebURL.HostKind.domain
    private var port: UInt16? = nil
    private var defaultPort: UInt16? = nil
    /// The scheme is special: `\\` separates path segments, the host is a domain or an address.
    private var isSpecial = true

    /// The URL, or nil when the input is not one of the shapes above. `original` is the input as a
    /// string, when `input` is all of it.
    static func parse(_ input: UnsafeBufferPointer<UInt8>, base: WebURL?, original: String?) -> WebURL? {
        // Percent-encoding at most triples a byte; an internationalized host that would not fit
        // makes `write` refuse, and the state machine takes over.
        let capacity = input.count * 3 + (base?.href.utf8.count ?? 0) + 16
        var url: WebURL? = nil
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            guard let start = buffer.baseAddress else { return }
            var parser = SpecialURLParser(input: input, base: base, output: start, capacity: capacity)
            if parser.run() { url = parser.url(original: original) }
        }
        return url
    }

    private init(input: UnsafeBufferPointer<UInt8>, base: WebURL?, output: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.input = input
        self.base = base
        self.output = output
        self.capacity = capacity
    }

    private func url(original: String?) -> WebURL {
        let written = UnsafeBufferPointer(start: output, count: count)
        let href: String
        if let original, count == input.count, Self.equal(written, input) {
            href = original
        } else {
            href = String(decoding: written, as: UTF8.self)
        }
        return WebURL(href: href, port: port, offsets: offsets, hostKind: hostKind)
    }

    /// Byte-wise equality, eight bytes at a time.
    private static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count, let pa = a.baseAddress, let pb = b.baseAddress else { return a.count == b.count }
        let raw = (UnsafeRawPointer(pa), UnsafeRawPointer(pb))
        var index = 0
        while index + 8 <= a.count {
            if raw.0.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                != raw.1.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            {
                return false
            }
            index += 8
        }
        while index < a.count {
            if pa[index] != pb[index] { return false }
            index += 1
        }
        return true
    }

    // MARK: - Shapes

    /// What the input starts with.
    private enum Scheme {
        case special(SpecialScheme)
        /// Any other scheme (`mailto`, `data`, `myapp`).
        case other
        /// No scheme: a relative reference.
        case none
    }

    private mutating func run() -> Bool {
        switch scheme() {
        case .special(.file):
            return file()
        case .special(let special):
            // `scheme://`: the authority follows (a base does not matter then).
            guard hasTwoSlashes() else { return false }
            writeScheme(UnsafeBufferPointer(rebasing: input[..<(position - 1)]), special)
            position += 2
            return authority() && pathQueryAndFragment()
        case .other:
            return nonSpecial()
        case .none:
            return relative()
        }
    }

    /// `//` and then not a third slash (§4.4: more slashes, or backslashes, are the state machine's).
    private func hasTwoSlashes() -> Bool {
        position + 2 < input.count && input[position] == slash && input[position + 1] == slash
            && input[position + 2] != slash && input[position + 2] != backslash
    }

    /// A non-special URL: `myapp://host/path` (an opaque host), or an opaque path (`mailto:x`,
    /// `data:...`, `about:blank`). `sc:/path`, a path with no host, is the state machine's.
    private mutating func nonSpecial() -> Bool {
        isSpecial = false
        writeScheme(UnsafeBufferPointer(rebasing: input[..<(position - 1)]), nil)
        offsets.isSpecial = false
        if position + 1 < input.count, input[position] == slash, input[position + 1] == slash {
            position += 2
            return authority() && pathQueryAndFragment()
        }
        if position < input.count, input[position] == slash { return false }
        return opaquePath() && queryAndFragment()
    }

    /// `file:///path`, the path without a Windows drive letter (whose quirks are the state
    /// machine's, as are a host and any other number of slashes).
    private mutating func file() -> Bool {
        guard position + 2 < input.count, input[position] == slash, input[position + 1] == slash,
            input[position + 2] == slash
        else { return false }
        // A drive letter can only be a segment holding `:` or `|`.
        for index in position..<input.count {
            let byte = input[index]
            if byte == colon || byte == UInt8(ascii: "|") { return false }
            if byte == questionMark || byte == numberSign { break }
        }
        writeScheme(UnsafeBufferPointer(rebasing: input[..<(position - 1)]), .file)
        let afterScheme = Int32(count)
        (offsets.usernameStart, offsets.usernameEnd, offsets.passwordEnd) = (afterScheme, afterScheme, afterScheme)
        write(slash)
        write(slash)
        (offsets.hostStart, offsets.hostEnd) = (Int32(count), Int32(count))
        hostKind = .empty
        position += 2
        return pathQueryAndFragment()
    }

    /// An opaque path (§4.4 opaque path state): C0 controls and non-ASCII encoded; spaces right
    /// before a query or fragment dropped (docs/decisions.md D6).
    private mutating func opaquePath() -> Bool {
        let afterScheme = Int32(count)
        (offsets.usernameStart, offsets.usernameEnd, offsets.passwordEnd) = (afterScheme, afterScheme, afterScheme)
        (offsets.hostStart, offsets.hostEnd) = (0, 0)
        hostKind = .none
        offsets.pathStart = afterScheme
        offsets.hasOpaquePath = true
        var end = position
        while end < input.count, input[end] != questionMark, input[end] != numberSign { end += 1 }
        guard writeEncoded(position..<end, ByteClasses.c0Control) else { return false }
        position = end
        if position < input.count {
            while count > Int(offsets.pathStart), output[count - 1] == UInt8(ascii: " ") { count -= 1 }
        }
        return true
    }

    /// A reference relative to a special, hierarchical base other than `file:`.
    private mutating func relative() -> Bool {
        guard let base, base.offsets.isSpecial, !base.offsets.hasOpaquePath, position < input.count else {
            return false
        }
        let special = base.withBytes(0, base.offsets.schemeEnd) { SpecialScheme($0) }
        guard let special, special != .file else { return false }
        base.withBytes(0, base.offsets.schemeEnd) { writeScheme($0, special) }
        let first = input[position]
        if isSlash(first) {
            if position + 1 < input.count, isSlash(input[position + 1]) {
                // `//host/path`: a new authority.
                guard input[position] == slash, input[position + 1] == slash, position + 2 < input.count,
                    !isSlash(input[position + 2])
                else { return false }
                position += 2
                return authority() && pathQueryAndFragment()
            }
            return copyAuthority(of: base) && pathQueryAndFragment()
        }
        guard copyAuthority(of: base) else { return false }
        offsets.pathStart = Int32(count)
        if first == questionMark {
            guard base.withBytes(base.offsets.pathStart, base.pathEnd, { write($0) }) else { return false }
            return queryAndFragment()
        }
        if first == numberSign {
            guard base.withBytes(base.offsets.pathStart, base.pathEnd, { write($0) }) else { return false }
            if let query = base.queryRange {
                offsets.queryStart = Int32(count)
                write(questionMark)
                guard base.withBytes(query.lowerBound, query.upperBound, { write($0) }) else { return false }
            }
            return queryAndFragment()
        }
        // A path relative to the base's directory: the base's path without its last segment.
        let directory = base.withBytes(base.offsets.pathStart, base.pathEnd) { path in
            write(UnsafeBufferPointer(rebasing: path[..<(path.lastIndex(of: slash) ?? 0)]))
        }
        guard directory else { return false }
        return path(startingWithSegment: true) && queryAndFragment()
    }

    /// Reads a scheme and its `:` (§4.4 scheme start and scheme states). The lowercase letters of
    /// a short scheme are packed into one number as they are read, so that recognising a special
    /// scheme is one comparison.
    private mutating func scheme() -> Scheme {
        guard let first = input.first, ASCII.isAlpha(first) else { return .none }
        var key = UInt64(first | 0x20)
        var lettersOnly = true
        var index = 1
        while index < input.count {
            let byte = input[index]
            if byte == colon {
                position = index + 1
                guard lettersOnly, index <= 5, let special = SpecialScheme(key: key) else { return .other }
                return .special(special)
            }
            if ASCII.isAlpha(byte) {
                key = key << 8 | UInt64(byte | 0x20)
            } else if ASCII.isDigit(byte) || byte == UInt8(ascii: "+") || byte == hyphen || byte == dot {
                lettersOnly = false
            } else {
                return .none
            }
            index += 1
        }
        return .none
    }

    private mutating func writeScheme(_ scheme: UnsafeBufferPointer<UInt8>, _ special: SpecialScheme?) {
        // A local cursor: stores through the pointer would otherwise reload `count` each time.
        let out = output
        var written = count
        for byte in scheme {
            out[written] = ASCII.lowercased(byte)
            written &+= 1
        }
        offsets.schemeEnd = Int32(written)
        out[written] = colon
        count = written &+ 1
        defaultPort = special?.defaultPort
    }

    // MARK: - Authority

    /// Userinfo, host and port, up to the first `/`, `\`, `?` or `#`.
    private mutating func authority() -> Bool {
        // Without credentials the userinfo bounds sit after the scheme's colon, as the state
        // machine leaves them.
        let afterScheme = Int32(count)
        (offsets.usernameStart, offsets.usernameEnd, offsets.passwordEnd) = (afterScheme, afterScheme, afterScheme)
        write(slash)
        write(slash)
        return (isSpecial && plainAuthority()) || generalAuthority()
    }

    /// The common authority in one pass: an ASCII domain (lowercased as it is copied), maybe a port,
    /// no userinfo. False, with nothing written, for anything else.
    private mutating func plainAuthority() -> Bool {
        let start = count
        offsets.hostStart = Int32(start)
        // Locals, so that the loop keeps them in registers; one table load per byte.
        let out = output
        var index = position
        var written = count
        var labelStart = position
        let classes = ByteClasses.host
        let finished: Bool = {
            while index < input.count {
                let byte = input[index]
                switch classes[Int(byte)] {
                case ByteClasses.Host.copy:
                    out[written] = byte
                case ByteClasses.Host.uppercase:
                    out[written] = byte | 0x20
                case ByteClasses.Host.dot:
                    out[written] = byte
                    labelStart = index &+ 1
                case ByteClasses.Host.x:
                    // An `xn--` label needs IDNA's checks.
                    if index == labelStart, index &+ 3 < input.count, input[index &+ 1] | 0x20 == UInt8(ascii: "n"),
                        input[index &+ 2] == hyphen, input[index &+ 3] == hyphen
                    {
                        return false
                    }
                    out[written] = byte | 0x20
                default:
                    // Anything but a plain domain byte ends the fast path: a delimiter, `%`, non-ASCII.
                    return true
                }
                written &+= 1
                index &+= 1
            }
            return true
        }()
        guard finished else { return false }
        // The last byte of the last label that is not empty: only one that is a hex digit (or the
        // `x` of `0x`) can end a number.
        var last = written &- 1
        if last > start, out[last] == dot { last &-= 1 }
        let lastByte = last >= start ? out[last] : 0
        count = written
        // The host ends at a delimiter or a port; userinfo, brackets and the rest take the general way.
        let stop = index < input.count ? input[index] : slash
        guard index > position,
            stop == slash || stop == backslash || stop == questionMark || stop == numberSign
                || stop == colon
        else {
            count = start
            return false
        }
        var end = index
        if stop == colon {
            end += 1
            while end < input.count {
                let byte = input[end]
                if byte == slash || byte == backslash || byte == questionMark || byte == numberSign { break }
                if byte == atSign {
                    count = start
                    return false
                }
                end += 1
            }
        }
        // A host that ends in a number is an IPv4 address (or an error): only a last label made of
        // hex digits (or `0x`) can be one.
        hostKind = .domain
        let host = UnsafeBufferPointer(start: output + start, count: count - start)
        if ASCII.isHexDigit(lastByte) || lastByte | 0x20 == UInt8(ascii: "x"), IPv4Address.endsInANumber(host) {
            count = start
            guard case .success(let address) = IPv4Address.parse(host) else { return false }
            hostKind = .ipv4(address)
            guard address.withSerialization({ write($0) }) else { return false }
        }
        offsets.hostEnd = Int32(count)
        if stop == colon {
            guard let value = portNumber(index + 1..<end) else {
                count = start
                return false
            }
            if let value, value != defaultPort {
                port = value
                write(colon)
                writeDecimal(value)
            }
        }
        position = end
        return true
    }

    /// Any other authority: userinfo, IDNA, IP addresses, percent-encoded hosts.
    private mutating func generalAuthority() -> Bool {
        // One pass finds the authority's end, its last `@`, and the first `:` outside brackets
        // after that `@`, where the port starts.
        let classes = isSpecial ? ByteClasses.specialAuthority : ByteClasses.nonSpecialAuthority
        var end = position
        var lastAt = -1
        var portColon = -1
        var insideBrackets = false
        scan: while end < input.count {
            switch classes[Int(input[end])] {
            case ByteClasses.Authority.delimiter: break scan
            case ByteClasses.Authority.atSign: (lastAt, portColon, insideBrackets) = (end, -1, false)
            case ByteClasses.Authority.colon: if portColon < 0, !insideBrackets { portColon = end }
            case ByteClasses.Authority.openBracket: insideBrackets = true
            case ByteClasses.Authority.closeBracket: insideBrackets = false
            default: break
            }
            end &+= 1
        }
        if lastAt >= 0 {
            guard userinfo(position..<lastAt) else { return false }
            position = lastAt + 1
            // What follows the userinfo is most often a plain host.
            if isSpecial, plainAuthority() { return true }
        }
        let hostEnd = portColon >= 0 ? portColon : end
        // Only a non-special URL may have an empty host, and then neither userinfo nor a port.
        if hostEnd == position {
            guard !isSpecial, lastAt < 0, hostEnd == end else { return false }
        }
        guard host(position..<hostEnd) else { return false }
        // An internationalized host can be longer than three times its input: what follows must
        // still fit at three bytes per input byte.
        guard count + (input.count - hostEnd) * 3 + 1 <= capacity else { return false }
        if hostEnd < end {
            guard let value = portNumber(hostEnd + 1..<end) else { return false }
            if let value, value != defaultPort {
                port = value
                write(colon)
                writeDecimal(value)
            }
        }
        position = end
        return true
    }

    /// Username and password, percent-encoded; `@` is written only when one is not empty.
    private mutating func userinfo(_ range: Range<Int>) -> Bool {
        let start = Int32(count)
        offsets.usernameStart = start
        var colonIndex = range.upperBound
        for index in range where input[index] == colon {
            colonIndex = index
            break
        }
        // An earlier `@` belongs to the userinfo, as `%40`.
        guard writeEncoded(range.lowerBound..<colonIndex, ByteClasses.userinfo) else { return false }
        offsets.usernameEnd = Int32(count)
        if colonIndex < range.upperBound, colonIndex + 1 < range.upperBound {
            write(colon)
            guard writeEncoded(colonIndex + 1..<range.upperBound, ByteClasses.userinfo) else { return false }
        }
        offsets.passwordEnd = Int32(count)
        if offsets.passwordEnd > start {
            write(atSign)
        } else {
            // No credentials after all (`https://:@host`): the bounds go back after the colon.
            let afterScheme = offsets.schemeEnd + 1
            (offsets.usernameStart, offsets.usernameEnd, offsets.passwordEnd) = (afterScheme, afterScheme, afterScheme)
        }
        return true
    }

    /// A host through the host parser (§3.5): IDNA, percent-encoding, an IP address, an opaque
    /// host, written straight into the buffer; false on any error, which the state machine then
    /// reports, or when an internationalized host does not fit.
    private mutating func host(_ range: Range<Int>) -> Bool {
        offsets.hostStart = Int32(count)
        var sink = BufferSink(start: output, capacity: capacity, count: count)
        let parsed = URLHost.serialize(UnsafeBufferPointer(rebasing: input[range]), isOpaque: !isSpecial, into: &sink)
        guard case .success(let kind) = parsed, !sink.overflowed else { return false }
        count = sink.count
        hostKind = kind
        offsets.hostEnd = Int32(count)
        return true
    }

    /// The port's digits as a number; nil for a port that is not one (the state machine reports
    /// it), .some(nil) for an empty port.
    private func portNumber(_ range: Range<Int>) -> UInt16?? {
        guard !range.isEmpty else { return .some(nil) }
        var value = 0
        for index in range {
            let byte = input[index]
            guard ASCII.isDigit(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
            if value > 65535 { return nil }
        }
        return .some(UInt16(value))
    }

    /// The base's userinfo, host and port, as they are written in it.
    private mutating func copyAuthority(of base: WebURL) -> Bool {
        let shift = Int32(count) - (base.offsets.schemeEnd + 1)
        guard base.withBytes(base.offsets.schemeEnd + 1, base.offsets.pathStart, { write($0) }) else { return false }
        offsets.usernameStart = base.offsets.usernameStart + shift
        offsets.usernameEnd = base.offsets.usernameEnd + shift
        offsets.passwordEnd = base.offsets.passwordEnd + shift
        offsets.hostStart = base.offsets.hostStart + shift
        offsets.hostEnd = base.offsets.hostEnd + shift
        hostKind = base.hostKind
        port = base.port
        return true
    }

    // MARK: - Path, query, fragment

    private mutating func pathQueryAndFragment() -> Bool {
        offsets.pathStart = Int32(count)
        if position < input.count, isSlash(input[position]) {
            guard path(startingWithSegment: false) else { return false }
        } else if isSpecial {
            // A special URL's path is never empty.
            write(slash)
        }
        return queryAndFragment()
    }

    /// Path segments up to `?`, `#` or the end, dot segments resolved (§4.4 path state). The input
    /// is at a `/` (or `\` in a special URL), or at the first segment of a relative path when
    /// `startingWithSegment`. False for a tab or newline, which the state machine removes first.
    private mutating func path(startingWithSegment: Bool) -> Bool {
        // Locals, so that the loops keep them in registers; one table load per byte finds both
        // delimiters and bytes to encode.
        let out = output
        let pathStart = Int(offsets.pathStart)
        let special = isSpecial
        var index = position
        var written = count
        let classes = special ? ByteClasses.specialPath : ByteClasses.nonSpecialPath
        let completed: Bool = {
            var atSegment = startingWithSegment
            while true {
                if !atSegment { index &+= 1 }
                atSegment = false
                out[written] = slash
                written &+= 1
                let segmentStart = written
                var delimiter: UInt8 = 0
                scan: while index < input.count {
                    let byte = input[index]
                    switch classes[Int(byte)] {
                    case ByteClasses.Path.copy:
                        out[written] = byte
                        written &+= 1
                    case ByteClasses.Path.encode:
                        out[written] = percentSign
                        out[written &+ 1] = PercentEncoding.hexDigit(byte >> 4)
                        out[written &+ 2] = PercentEncoding.hexDigit(byte & 0x0F)
                        written &+= 3
                    case ByteClasses.Path.delimiter:
                        delimiter = byte
                        break scan
                    default:
                        // ByteClasses.Path.tabOrNewline: the state machine removes those first.
                        return false
                    }
                    index &+= 1
                }
                let atSeparator = delimiter == slash || (special && delimiter == backslash)
                let segment = UnsafeBufferPointer(start: out + segmentStart, count: written &- segmentStart)
                if URLParser.isDoubleDotSegment(segment) {
                    // Drop the segment and the one before it (shorten the path).
                    written = segmentStart &- 1
                    var cut = written
                    while cut > pathStart {
                        cut &-= 1
                        if out[cut] == slash {
                            written = cut
                            break
                        }
                    }
                    if !atSeparator {
                        out[written] = slash
                        written &+= 1
                    }
                } else if URLParser.isSingleDotSegment(segment) {
                    written = segmentStart &- 1
                    if !atSeparator {
                        out[written] = slash
                        written &+= 1
                    }
                }
                if !atSeparator { return true }
            }
        }()
        (position, count) = (index, written)
        return completed
    }

    private mutating func queryAndFragment() -> Bool {
        if position < input.count, input[position] == questionMark {
            offsets.queryStart = Int32(count)
            write(questionMark)
            position += 1
            var end = position
            while end < input.count, input[end] != numberSign { end += 1 }
            guard writeEncoded(position..<end, isSpecial ? ByteClasses.specialQuery : ByteClasses.query) else {
                return false
            }
            position = end
        }
        if position < input.count, input[position] == numberSign {
            offsets.fragmentStart = Int32(count)
            write(numberSign)
            guard writeEncoded(position + 1..<input.count, ByteClasses.fragment) else { return false }
            position = input.count
        }
        return true
    }

    // MARK: - Writing

    /// A byte whose room the capacity already accounts for (three per input byte).
    @inline(__always)
    private mutating func write(_ byte: UInt8) {
        assert(count < capacity, "the one-pass parser's buffer is sized for every byte it writes")
        output[count] = byte
        count += 1
    }

    /// Copies `bytes`; false when they do not fit.
    private mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard count + bytes.count <= capacity else { return false }
        if let source = bytes.baseAddress { (output + count).update(from: source, count: bytes.count) }
        count += bytes.count
        return true
    }

    /// Copies input bytes, percent-encoding those its table (`ByteClasses`) marks; false when they
    /// do not fit, or hold a tab or newline (the state machine removes those first).
    private mutating func writeEncoded(_ range: Range<Int>, _ classes: ByteClasses.Table) -> Bool {
        guard count + range.count * 3 <= capacity else { return false }
        let out = output
        var written = count
        let completed: Bool = {
            for index in range {
                let byte = input[index]
                switch classes[Int(byte)] {
                case ByteClasses.Encoding.copy:
                    out[written] = byte
                    written &+= 1
                case ByteClasses.Encoding.encode:
                    out[written] = percentSign
                    out[written &+ 1] = PercentEncoding.hexDigit(byte >> 4)
                    out[written &+ 2] = PercentEncoding.hexDigit(byte & 0x0F)
                    written &+= 3
                default:
                    // ByteClasses.Encoding.tabOrNewline: the state machine removes those first.
                    return false
                }
            }
            return true
        }()
        count = written
        return completed
    }

    private mutating func writeDecimal(_ value: UInt16) {
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0)
        var remaining = value
        var length = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[4 - length] = UInt8(remaining % 10) + 0x30
                remaining /= 10
                length += 1
            } while remaining > 0
            for index in (5 - length)..<5 { write(buffer[index]) }
        }
    }

    @inline(__always)
    private func isSlash(_ byte: UInt8) -> Bool { byte == slash || (isSpecial && byte == backslash) }
}

private let slash = UInt8(ascii: "/")
private let backslash = UInt8(ascii: "\\")
private let colon = UInt8(ascii: ":")
private let questionMark = UInt8(ascii: "?")
private let numberSign = UInt8(ascii: "#")
private let atSign = UInt8(ascii: "@")
private let percentSign = UInt8(ascii: "%")
private let hyphen = UInt8(ascii: "-")
private let dot = UInt8(ascii: ".")

/// The parser's buffer as an `ASCIISink`: writes past its capacity are dropped and remembered.
private struct BufferSink: ASCIISink {
    let start: UnsafeMutablePointer<UInt8>
    let capacity: Int
    var count: Int
    var overflowed = false

    init(start: UnsafeMutablePointer<UInt8>, capacity: Int, count: Int) {
        (self.start, self.capacity, self.count) = (start, capacity, count)
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        guard count < capacity else {
            overflowed = true
            return
        }
        start[count] = byte
        count += 1
    }

    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        guard count + bytes.count <= capacity, let source = bytes.baseAddress else {
            overflowed = overflowed || !bytes.isEmpty
            return
        }
        (start + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    mutating func truncate(to count: Int) { self.count = count }

    func withBytes<Result>(from first: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        body(UnsafeBufferPointer(start: start + first, count: count - first))
    }
}
