/// The basic URL parser of the URL Standard (§4.4), without state override (no setters).
///
/// It walks the UTF-8 bytes of the input. That is exact: every character the state machine looks at
/// is ASCII, and every non-ASCII code point is percent-encoded byte by byte in every set, so working
/// on code points would produce the same output. States and steps keep the standard's names.
///
/// The URL record is written straight into its serialization: components arrive in the order the
/// serializer writes them (scheme, authority, path, query, fragment), so the parser appends to one
/// buffer and remembers where each component starts. The path is the only part that changes after
/// it is written (shortening drops the last segment), and it is the last part before the query.
struct URLParser {
    private enum State {
        case schemeStart, scheme, noScheme, specialRelativeOrAuthority, pathOrAuthority, relative, relativeSlash
        case specialAuthoritySlashes, specialAuthorityIgnoreSlashes, authority, host, port, file, fileSlash
        case fileHost, pathStart, path, opaquePath, query, fragment
    }

    private let input: UnsafeBufferPointer<UInt8>
    private let base: WebURL?
    private var state = State.schemeStart
    private var pointer = 0
    /// The standard's buffer while it holds raw input (scheme, authority, host, port): it is always
    /// `input[bufferStart..<pointer]`, so it is kept as a start index instead of a copy.
    private var bufferStart = 0
    /// Where the path segment being read starts in `output`; nil between segments. Segments are
    /// written percent-encoded straight into `output`, the standard's buffer for them.
    private var segmentStart: Int? = nil
    private var atSignSeen = false
    private var insideBrackets = false
    private var passwordTokenSeen = false

    // The URL being built: `output` is its serialization so far.
    private var output: [UInt8] = []
    private var special: SpecialScheme? = nil
    private var username: [UInt8] = []
    private var password: [UInt8] = []
    private var host: URLHost? = nil
    private var port: UInt16? = nil
    private var offsets = WebURL.Offsets(
        schemeEnd: 0, usernameStart: 0, usernameEnd: 0, passwordEnd: 0, pathStart: -1, queryStart: -1,
        fragmentStart: -1, hasOpaquePath: false)
    /// A query copied from the base URL: it follows the path, so it is written once the path is done.
    /// Invariant: it is nil whenever the path state runs (the states that set it either leave for
    /// the query or fragment state, or clear it before entering the path state).
    private var baseQuery: Range<Int32>? = nil

    /// The longest input whose serialization is sure to fit the `Int32` offsets: percent-encoding
    /// at most triples a byte. No browser loads a URL anywhere near this long.
    static let maximumLength = (Int(Int32.max) - 16) / 3

    /// Whether a URL parsed from an input and a base of these lengths (UTF-8 bytes) fits the offsets.
    static func fitsOffsets(inputLength: Int, baseLength: Int) -> Bool {
        inputLength <= maximumLength && baseLength <= maximumLength && inputLength + baseLength <= maximumLength
    }

    /// `stateMachineOnly` skips `SpecialURLParser`: the fuzzer and the tests compare the two.
    static func parse(_ input: String, base: WebURL?, stateMachineOnly: Bool = false) -> Result<WebURL, URLParseError> {
        guard fitsOffsets(inputLength: input.utf8.count, baseLength: base?.href.utf8.count ?? 0) else {
            return .failure(.tooLong)
        }
        // A native string, so that `href`, when it is the input itself, slices in constant time.
        var native = input
        native.makeContiguousUTF8()
        let original = native
        // `withUTF8` returns the closure's result itself (not an optional of it, which the compiler
        // copies through generic code): on a native string it reads the bytes in place.
        return native.withUTF8 { utf8 in
            // Steps 1–2: strip leading and trailing C0 controls and spaces, remove tabs and newlines.
            var start = 0
            var end = utf8.count
            while start < end, ASCII.isC0ControlOrSpace(utf8[start]) { start += 1 }
            while end > start, ASCII.isC0ControlOrSpace(utf8[end - 1]) { end -= 1 }
            let trimmed = UnsafeBufferPointer(rebasing: utf8[start..<end])
            // The common shapes first, in one pass (it declines inputs with tabs or newlines).
            if !stateMachineOnly,
                let url = SpecialURLParser.parse(
                    trimmed, base: base, original: trimmed.count == utf8.count ? original : nil)
            {
                return Result<WebURL, URLParseError>.success(url)
            }
            guard trimmed.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else {
                var parser = URLParser(input: trimmed, base: base)
                // Most URLs are already in their serialized form: then the input is the href.
                return parser.run(reusing: trimmed.count == utf8.count ? original : nil)
            }
            let filtered = trimmed.filter { !ASCII.isTabOrNewline($0) }
            return filtered.withUnsafeBufferPointer { bytes in
                var parser = URLParser(input: bytes, base: base)
                return parser.run(reusing: nil)
            }
        }
    }

    private init(input: UnsafeBufferPointer<UInt8>, base: WebURL?) {
        self.input = input
        self.base = base
        output.reserveCapacity(input.count + (base?.href.utf8.count ?? 0) + 8)
    }

    // MARK: - Reading the input

    private var c: UInt8? { pointer >= 0 && pointer < input.count ? input[pointer] : nil }

    /// The input after the current code point ("remaining").
    private func remaining(startsWith byte: UInt8) -> Bool {
        pointer + 1 < input.count && input[pointer + 1] == byte
    }

    /// Where the run of ordinary bytes starting at `start` ends: the first delimiter after it, or
    /// the end. The byte at `start` is always part of the run (the state has already decided it is
    /// ordinary, like a `:` inside IPv6 brackets). States that copy or encode byte by byte take the
    /// whole run at once.
    @inline(__always)
    private func endOfRun(from start: Int, stoppingAt isDelimiter: (UInt8) -> Bool) -> Int {
        var end = start + 1
        while end < input.count, !isDelimiter(input[end]) { end += 1 }
        return end
    }

    @inline(__always)
    private func isSlash(_ byte: UInt8?) -> Bool {
        byte == UInt8(ascii: "/") || (special != nil && byte == UInt8(ascii: "\\"))
    }

    // MARK: - The state machine

    /// Runs the state machine; `original` is the input string, when `input` is all of it.
    private mutating func run(reusing original: String?) -> Result<WebURL, URLParseError> {
        while true {
            if let error = step() { return .failure(error) }
            if pointer >= input.count { break }
            pointer += 1
        }
        finish()
        let href =
            if let original, outputEqualsInput() { original } else { String(decoding: output, as: UTF8.self) }
        offsets.isSpecial = special != nil
        return .success(WebURL(href: href, port: port, offsets: offsets, hostKind: WebURL.HostKind(host)))
    }

    private func outputEqualsInput() -> Bool {
        guard output.count == input.count else { return false }
        return output.withUnsafeBufferPointer { written in
            for index in 0..<written.count where written[index] != input[index] { return false }
            return true
        }
    }

    /// The standard's buffer, while it holds raw input.
    private var buffer: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: input[bufferStart..<min(pointer, input.count)])
    }

    /// One run of the state machine on `c`; returns an error for failure.
    private mutating func step() -> URLParseError? {
        let c = self.c
        switch state {
        case .schemeStart:
            if let c, ASCII.isAlpha(c) {
                bufferStart = pointer
                state = .scheme
            } else {
                state = .noScheme
                pointer -= 1
            }

        case .scheme:
            if let c, Self.isSchemeCodePoint(c) {
                // Part of the scheme: the whole run stays in the buffer.
                pointer = endOfRun(from: pointer) { !Self.isSchemeCodePoint($0) } - 1
            } else if c == UInt8(ascii: ":") {
                setScheme(buffer)
                if special == .file {
                    state = .file
                } else if special != nil, let base, base.scheme.utf8.elementsEqual(schemeBytes) {
                    state = .specialRelativeOrAuthority
                } else if special != nil {
                    state = .specialAuthoritySlashes
                } else if remaining(startsWith: UInt8(ascii: "/")) {
                    state = .pathOrAuthority
                    pointer += 1
                } else {
                    enterPath(opaque: true)
                    state = .opaquePath
                }
            } else {
                state = .noScheme
                pointer = -1
            }

        case .noScheme:
            guard let base else { return .missingSchemeNonRelativeURL }
            if base.hasOpaquePath {
                guard c == UInt8(ascii: "#") else { return .missingSchemeNonRelativeURL }
                setScheme(base.scheme.utf8)
                copyPath(from: base)
                baseQuery = base.queryRange
                startFragment()
            } else if base.scheme != "file" {
                state = .relative
                pointer -= 1
            } else {
                state = .file
                pointer -= 1
            }

        case .specialRelativeOrAuthority:
            if c == UInt8(ascii: "/"), remaining(startsWith: UInt8(ascii: "/")) {
                state = .specialAuthorityIgnoreSlashes
                pointer += 1
            } else {
                state = .relative
                pointer -= 1
            }

        case .pathOrAuthority:
            if c == UInt8(ascii: "/") {
                state = .authority
                bufferStart = pointer + 1
            } else {
                state = .path
                pointer -= 1
            }

        case .relative:
            guard let base else { return .missingSchemeNonRelativeURL }
            setScheme(base.scheme.utf8)
            if isSlash(c) {
                state = .relativeSlash
            } else {
                copyAuthority(from: base)
                copyPath(from: base)
                baseQuery = base.queryRange
                if c == UInt8(ascii: "?") {
                    startQuery()
                } else if c == UInt8(ascii: "#") {
                    startFragment()
                } else if c != nil {
                    baseQuery = nil
                    shortenPath()
                    state = .path
                    pointer -= 1
                }
            }

        case .relativeSlash:
            if special != nil, c == UInt8(ascii: "/") || c == UInt8(ascii: "\\") {
                state = .specialAuthorityIgnoreSlashes
            } else if c == UInt8(ascii: "/") {
                state = .authority
                bufferStart = pointer + 1
            } else {
                if let base { copyAuthority(from: base) }
                state = .path
                pointer -= 1
            }

        case .specialAuthoritySlashes:
            if c == UInt8(ascii: "/"), remaining(startsWith: UInt8(ascii: "/")) {
                state = .specialAuthorityIgnoreSlashes
                pointer += 1
            } else {
                state = .specialAuthorityIgnoreSlashes
                pointer -= 1
            }

        case .specialAuthorityIgnoreSlashes:
            if c != UInt8(ascii: "/"), c != UInt8(ascii: "\\") {
                state = .authority
                bufferStart = pointer
                pointer -= 1
            }

        case .authority:
            if c == UInt8(ascii: "@") {
                // An earlier @ was part of the userinfo: the standard prepends "%40" to the buffer.
                if atSignSeen {
                    if passwordTokenSeen { password += "%40".utf8 } else { username += "%40".utf8 }
                }
                atSignSeen = true
                for byte in buffer {
                    if byte == UInt8(ascii: ":"), !passwordTokenSeen {
                        passwordTokenSeen = true
                        continue
                    }
                    if passwordTokenSeen {
                        password.appendPercentEncoded(byte, in: .userinfo)
                    } else {
                        username.appendPercentEncoded(byte, in: .userinfo)
                    }
                }
                bufferStart = pointer + 1
            } else if c == nil || isSlash(c) || c == UInt8(ascii: "?") || c == UInt8(ascii: "#") {
                if atSignSeen, buffer.isEmpty { return .hostMissing }
                // The host is read again from the start of the buffer.
                pointer = bufferStart - 1
                state = .host
            } else {
                pointer =
                    endOfRun(from: pointer) {
                        $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") || isSlash($0)
                    } - 1
            }

        case .host:
            if c == UInt8(ascii: ":"), !insideBrackets {
                if buffer.isEmpty { return .hostMissing }
                if let error = parseHost(buffer) { return error }
                state = .port
                bufferStart = pointer + 1
            } else if c == nil || isSlash(c) || c == UInt8(ascii: "?") || c == UInt8(ascii: "#") {
                if special != nil, buffer.isEmpty { return .hostMissing }
                if let error = parseHost(buffer) { return error }
                pointer -= 1
                state = .pathStart
            } else if let c, c == UInt8(ascii: "[") || c == UInt8(ascii: "]") {
                insideBrackets = c == UInt8(ascii: "[")
            } else {
                pointer =
                    endOfRun(from: pointer) {
                        $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]")
                            || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") || isSlash($0)
                    } - 1
            }

        case .port:
            if let c, ASCII.isDigit(c) {
                // A digit of the port: it stays in the buffer.
            } else if c == nil || isSlash(c) || c == UInt8(ascii: "?") || c == UInt8(ascii: "#") {
                if !buffer.isEmpty {
                    var value = 0
                    for digit in buffer {
                        value = value * 10 + Int(digit - 0x30)
                        if value > 65535 { return .portOutOfRange }
                    }
                    port = UInt16(value) == special?.defaultPort ? nil : UInt16(value)
                }
                state = .pathStart
                pointer -= 1
            } else {
                return .portInvalid
            }

        case .file:
            setScheme("file".utf8)
            host = .empty
            if c == UInt8(ascii: "/") || c == UInt8(ascii: "\\") {
                state = .fileSlash
            } else if let base, base.scheme == "file" {
                host = base.host
                copyPath(from: base)
                baseQuery = base.queryRange
                if c == UInt8(ascii: "?") {
                    startQuery()
                } else if c == UInt8(ascii: "#") {
                    startFragment()
                } else if c != nil {
                    baseQuery = nil
                    if !startsWithWindowsDriveLetter(pointer) {
                        shortenPath()
                    } else {
                        output.removeSubrange(Int(offsets.pathStart)...)
                    }
                    state = .path
                    pointer -= 1
                }
            } else {
                state = .path
                pointer -= 1
            }

        case .fileSlash:
            if c == UInt8(ascii: "/") || c == UInt8(ascii: "\\") {
                state = .fileHost
                bufferStart = pointer + 1
            } else {
                if let base, base.scheme == "file" {
                    host = base.host
                    let path = base.pathnameRange
                    let first = base.withBytes(path.lowerBound, path.upperBound) { bytes in
                        Array(bytes.dropFirst().prefix { $0 != UInt8(ascii: "/") })
                    }
                    if !startsWithWindowsDriveLetter(pointer), !base.hasOpaquePath,
                        Self.isNormalizedWindowsDriveLetter(first)
                    {
                        enterPath()
                        output.append(UInt8(ascii: "/"))
                        output.append(contentsOf: first)
                    }
                }
                state = .path
                pointer -= 1
            }

        case .fileHost:
            if c == nil || c == UInt8(ascii: "/") || c == UInt8(ascii: "\\") || c == UInt8(ascii: "?")
                || c == UInt8(ascii: "#")
            {
                let text = buffer
                pointer -= 1
                if Self.isWindowsDriveLetter(text) {
                    // A "file://C:/" quirk: the drive letter is the path, not the host; the buffer is
                    // kept as the start of the first path segment.
                    openSegment()
                    output.append(contentsOf: text)
                    state = .path
                } else if text.isEmpty {
                    host = .empty
                    state = .pathStart
                } else {
                    if let error = parseHost(text) { return error }
                    if host == .domain("localhost") { host = .empty }
                    state = .pathStart
                }
            }

        case .pathStart:
            if special != nil {
                state = .path
                if c != UInt8(ascii: "/"), c != UInt8(ascii: "\\") { pointer -= 1 }
            } else if c == UInt8(ascii: "?") {
                startQuery()
            } else if c == UInt8(ascii: "#") {
                startFragment()
            } else if c != nil {
                state = .path
                if c != UInt8(ascii: "/") { pointer -= 1 }
            }

        case .path:
            let start = segmentStart ?? openSegment()
            if c == nil || isSlash(c) || c == UInt8(ascii: "?") || c == UInt8(ascii: "#") {
                segmentStart = nil
                // The segment is classified before `output` changes: a slice of it kept alive across
                // the change would make every `.` segment copy the whole buffer (quadratic time).
                enum Kind { case doubleDot, singleDot, driveLetter, other }
                let kind: Kind = output.withUnsafeBufferPointer { written in
                    let segment = UnsafeBufferPointer(rebasing: written[start...])
                    if Self.isDoubleDotSegment(segment) { return .doubleDot }
                    if Self.isSingleDotSegment(segment) { return .singleDot }
                    if special == .file, start - 1 == offsets.pathStart, Self.isWindowsDriveLetter(segment) {
                        return .driveLetter
                    }
                    return .other
                }
                switch kind {
                case .doubleDot:
                    output.removeSubrange((start - 1)...)
                    shortenPath()
                    if !isSlash(c) { output.append(UInt8(ascii: "/")) }
                case .singleDot:
                    output.removeSubrange((start - 1)...)
                    if !isSlash(c) { output.append(UInt8(ascii: "/")) }
                case .driveLetter:
                    output[start + 1] = UInt8(ascii: ":")
                case .other:
                    break
                }
                if c == UInt8(ascii: "?") {
                    startQuery()
                } else if c == UInt8(ascii: "#") {
                    startFragment()
                }
            } else {
                let end = endOfRun(from: pointer) {
                    $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") || isSlash($0)
                }
                output.appendPercentEncoded(contentsOf: UnsafeBufferPointer(rebasing: input[pointer..<end]), in: .path)
                pointer = end - 1
            }

        case .opaquePath:
            if c == UInt8(ascii: "?") || c == UInt8(ascii: "#") {
                // Spaces before a query or fragment are dropped, so `sc:x ?q` reserializes stably.
                while output.count > offsets.pathStart, output.last == UInt8(ascii: " ") { output.removeLast() }
                if c == UInt8(ascii: "?") { startQuery() } else { startFragment() }
            } else if c != nil {
                let end = endOfRun(from: pointer) { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
                output.appendPercentEncoded(
                    contentsOf: UnsafeBufferPointer(rebasing: input[pointer..<end]), in: .c0Control)
                pointer = end - 1
            }

        case .query:
            // The standard buffers the query to encode it in the document's encoding; in UTF-8,
            // encoding byte by byte as it arrives gives the same bytes.
            if c == UInt8(ascii: "#") {
                startFragment()
            } else if c != nil {
                let end = endOfRun(from: pointer) { $0 == UInt8(ascii: "#") }
                let set: PercentEncodeSet = special != nil ? .specialQuery : .query
                output.appendPercentEncoded(contentsOf: UnsafeBufferPointer(rebasing: input[pointer..<end]), in: set)
                pointer = end - 1
            }

        case .fragment:
            if c != nil {
                output.appendPercentEncoded(contentsOf: UnsafeBufferPointer(rebasing: input[pointer...]), in: .fragment)
                pointer = input.count - 1
            }
        }
        return nil
    }

    // MARK: - Writing the URL

    /// The host parser on `text`, with the URL's specialness; the host is kept, or the error returned.
    private mutating func parseHost(_ text: UnsafeBufferPointer<UInt8>) -> URLParseError? {
        switch URLHost.parse(text, isOpaque: special == nil) {
        case .success(let parsed):
            host = parsed
            return nil
        case .failure(let error):
            return error
        }
    }

    private var schemeBytes: ArraySlice<UInt8> { output[..<Int(offsets.schemeEnd)] }

    /// Sets the scheme, lowercased. It is always the first thing written, and it is set (again,
    /// for `file`) only before the path is entered, so the output is just the scheme.
    private mutating func setScheme(_ newScheme: some Collection<UInt8>) {
        assert(offsets.pathStart < 0, "the scheme is set before anything after it is written")
        if !output.isEmpty { output.removeAll(keepingCapacity: true) }
        output.append(contentsOf: newScheme)
        for index in output.indices { output[index] = ASCII.lowercased(output[index]) }
        offsets.schemeEnd = Int32(output.count)
        special = SpecialScheme(output)
        output.append(UInt8(ascii: ":"))
    }

    /// Starts a path segment: the `/` before it is written now.
    @discardableResult
    private mutating func openSegment() -> Int {
        enterPath()
        output.append(UInt8(ascii: "/"))
        segmentStart = output.count
        return output.count
    }

    /// Starts the path: writes the authority (host, userinfo and port are final by now) and marks
    /// where the path begins. Idempotent: every writer of path, query or fragment calls it first.
    private mutating func enterPath(opaque: Bool = false) {
        guard offsets.pathStart < 0 else { return }
        let afterScheme = Int32(output.count)
        (offsets.usernameStart, offsets.usernameEnd, offsets.passwordEnd) = (afterScheme, afterScheme, afterScheme)
        if let host {
            output.append(UInt8(ascii: "/"))
            output.append(UInt8(ascii: "/"))
            if !username.isEmpty || !password.isEmpty {
                offsets.usernameStart = Int32(output.count)
                output.append(contentsOf: username)
                offsets.usernameEnd = Int32(output.count)
                if !password.isEmpty {
                    output.append(UInt8(ascii: ":"))
                    output.append(contentsOf: password)
                }
                offsets.passwordEnd = Int32(output.count)
                output.append(UInt8(ascii: "@"))
            }
            offsets.hostStart = Int32(output.count)
            if case .domain(let name) = host {
                name.withUTF8Bytes { output.append(contentsOf: $0) }
            } else {
                output.append(contentsOf: host.description.utf8)
            }
            offsets.hostEnd = Int32(output.count)
            if let port {
                output.append(UInt8(ascii: ":"))
                output.append(contentsOf: String(port).utf8)
            }
        }
        offsets.pathStart = Int32(output.count)
        offsets.hasOpaquePath = opaque
    }

    private mutating func startQuery() {
        baseQuery = nil
        enterPath()
        offsets.queryStart = Int32(output.count)
        output.append(UInt8(ascii: "?"))
        state = .query
    }

    private mutating func startFragment() {
        writeBaseQuery()
        enterPath()
        offsets.fragmentStart = Int32(output.count)
        output.append(UInt8(ascii: "#"))
        state = .fragment
    }

    private mutating func writeBaseQuery() {
        guard let query = baseQuery, let base else { return }
        baseQuery = nil
        enterPath()
        offsets.queryStart = Int32(output.count)
        output.append(UInt8(ascii: "?"))
        base.withBytes(query.lowerBound, query.upperBound) { output.append(contentsOf: $0) }
    }

    /// The serializer's last rule: a URL with no host whose path starts with an empty segment gets
    /// `/.` before it, or `web+demo:/.//not-a-host/` would reparse with a host.
    private mutating func finish() {
        writeBaseQuery()
        enterPath()
        let start = Int(offsets.pathStart)
        if host == nil, !offsets.hasOpaquePath, output.count >= start + 2, output[start] == UInt8(ascii: "/"),
            output[start + 1] == UInt8(ascii: "/")
        {
            output.insert(contentsOf: "/.".utf8, at: start)
            // No host, so nothing before the path moves.
            offsets.pathStart += 2
            if offsets.queryStart >= 0 { offsets.queryStart += 2 }
            if offsets.fragmentStart >= 0 { offsets.fragmentStart += 2 }
        }
    }

    private mutating func copyAuthority(from base: WebURL) {
        username = Array(base.username.utf8)
        password = Array(base.password.utf8)
        host = base.host
        port = base.port
    }

    private mutating func copyPath(from base: WebURL) {
        enterPath(opaque: base.hasOpaquePath)
        let path = base.pathnameRange
        base.withBytes(path.lowerBound, path.upperBound) { output.append(contentsOf: $0) }
    }

    /// Shorten a URL's path (§4.1): drop the last segment, but never a `file:` URL's drive letter.
    private mutating func shortenPath() {
        enterPath()
        let start = Int(offsets.pathStart)
        if special == .file, output.count == start + 3, Self.isNormalizedWindowsDriveLetter(output[(start + 1)...]) {
            return
        }
        guard output.count > start, let lastSlash = output[start...].lastIndex(of: UInt8(ascii: "/")) else { return }
        output.removeSubrange(lastSlash...)
    }

    /// "Starts with a Windows drive letter" (§4.1), for the input from `index` on.
    private func startsWithWindowsDriveLetter(_ index: Int) -> Bool {
        guard index >= 0, input.count - index >= 2, Self.isWindowsDriveLetter(input[index..<index + 2]) else {
            return false
        }
        if input.count - index == 2 { return true }
        switch input[index + 2] {
        case UInt8(ascii: "/"), UInt8(ascii: "\\"), UInt8(ascii: "?"), UInt8(ascii: "#"): return true
        default: return false
        }
    }

    /// ASCII alphanumerics, `+`, `-` and `.`: what a scheme is made of after its first letter.
    @inline(__always)
    private static func isSchemeCodePoint(_ byte: UInt8) -> Bool {
        ASCII.isAlphanumeric(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".")
    }

    /// An ASCII letter followed by `:` or `|`.
    private static func isWindowsDriveLetter(_ bytes: some Collection<UInt8>) -> Bool {
        guard bytes.count == 2, let first = bytes.first, ASCII.isAlpha(first) else { return false }
        let second = bytes[bytes.index(after: bytes.startIndex)]
        return second == UInt8(ascii: ":") || second == UInt8(ascii: "|")
    }

    /// An ASCII letter followed by `:`.
    private static func isNormalizedWindowsDriveLetter(_ bytes: some Collection<UInt8>) -> Bool {
        isWindowsDriveLetter(bytes) && bytes[bytes.index(after: bytes.startIndex)] == UInt8(ascii: ":")
    }

    /// `.` or `%2e`, ASCII case-insensitively.
    static func isSingleDotSegment<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> Bool
    where Bytes.Index == Int {
        let i = bytes.startIndex
        switch bytes.count {
        case 1: return bytes[i] == UInt8(ascii: ".")
        case 3: return isEncodedDot(bytes, at: i)
        default: return false
        }
    }

    /// `..`, `.%2e`, `%2e.` or `%2e%2e`, ASCII case-insensitively.
    static func isDoubleDotSegment<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> Bool
    where Bytes.Index == Int {
        let dot = UInt8(ascii: ".")
        let i = bytes.startIndex
        switch bytes.count {
        case 2: return bytes[i] == dot && bytes[i + 1] == dot
        case 4:
            return (bytes[i] == dot && isEncodedDot(bytes, at: i + 1))
                || (isEncodedDot(bytes, at: i) && bytes[i + 3] == dot)
        case 6: return isEncodedDot(bytes, at: i) && isEncodedDot(bytes, at: i + 3)
        default: return false
        }
    }

    private static func isEncodedDot<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at i: Int) -> Bool
    where Bytes.Index == Int {
        bytes[i] == UInt8(ascii: "%") && bytes[i + 1] == UInt8(ascii: "2") && bytes[i + 2] | 0x20 == UInt8(ascii: "e")
    }
}
