/// The basic URL parser of the URL Standard (§4.4), without state override (no setters).
///
/// It walks the UTF-8 bytes of the input. That is exact: every character the state machine looks at
/// is ASCII, and every non-ASCII code point is percent-encoded byte by byte in every set, so working
/// on code points would produce the same output. States and steps keep the standard's names.
struct URLParser {
    private enum State {
        case schemeStart, scheme, noScheme, specialRelativeOrAuthority, pathOrAuthority, relative, relativeSlash
        case specialAuthoritySlashes, specialAuthorityIgnoreSlashes, authority, host, port, file, fileSlash
        case fileHost, pathStart, path, opaquePath, query, fragment
    }

    private let input: [UInt8]
    private let base: WebURL?
    private var state = State.schemeStart
    private var pointer = 0
    private var buffer: [UInt8] = []
    private var atSignSeen = false
    private var insideBrackets = false
    private var passwordTokenSeen = false

    // The URL being built.
    private var scheme = ""
    private var special: SpecialScheme? = nil
    private var username: [UInt8] = []
    private var password: [UInt8] = []
    private var host: Host? = nil
    private var port: UInt16? = nil
    private var path: [String] = []
    private var opaquePath: [UInt8]? = nil
    private var query: [UInt8]? = nil
    private var fragment: [UInt8]? = nil

    static func parse(_ input: String, base: WebURL?) -> Result<WebURL, URLParseError> {
        var parser = URLParser(input: prepare(input), base: base)
        return parser.run()
    }

    private init(input: [UInt8], base: WebURL?) {
        self.input = input
        self.base = base
    }

    /// Steps 1–2: strip leading and trailing C0 controls and spaces, remove every tab and newline.
    private static func prepare(_ input: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var utf8 = input.utf8[...]
        while let first = utf8.first, ASCII.isC0ControlOrSpace(first) { utf8 = utf8.dropFirst() }
        while let last = utf8.last, ASCII.isC0ControlOrSpace(last) { utf8 = utf8.dropLast() }
        bytes.reserveCapacity(utf8.count)
        for byte in utf8 where !ASCII.isTabOrNewline(byte) { bytes.append(byte) }
        return bytes
    }

    // MARK: - Reading the input

    private var c: UInt8? { pointer >= 0 && pointer < input.count ? input[pointer] : nil }

    /// The input after the current code point ("remaining").
    private func remaining(startsWith byte: UInt8) -> Bool {
        pointer + 1 < input.count && input[pointer + 1] == byte
    }

    private func isSlash(_ byte: UInt8?) -> Bool {
        byte == UInt8(ascii: "/") || (special != nil && byte == UInt8(ascii: "\\"))
    }

    // MARK: - The state machine

    private mutating func run() -> Result<WebURL, URLParseError> {
        while true {
            if let error = step() { return .failure(error) }
            if pointer >= input.count { break }
            pointer += 1
        }
        return .success(
            WebURL(
                scheme: scheme,
                username: String(decoding: username, as: UTF8.self),
                password: String(decoding: password, as: UTF8.self),
                host: host,
                port: port,
                path: opaquePath.map { .opaque(String(decoding: $0, as: UTF8.self)) } ?? .segments(path),
                query: query.map { String(decoding: $0, as: UTF8.self) },
                fragment: fragment.map { String(decoding: $0, as: UTF8.self) }
            ))
    }

    /// One run of the state machine on `c`; returns an error for failure.
    private mutating func step() -> URLParseError? {
        let c = self.c
        switch state {
        case .schemeStart:
            if let c, ASCII.isAlpha(c) {
                buffer.append(ASCII.lowercased(c))
                state = .scheme
            } else {
                state = .noScheme
                pointer -= 1
            }

        case .scheme:
            if let c, ASCII.isAlphanumeric(c) || c == UInt8(ascii: "+") || c == UInt8(ascii: "-") || c == UInt8(ascii: ".") {
                buffer.append(ASCII.lowercased(c))
            } else if c == UInt8(ascii: ":") {
                setScheme(String(decoding: buffer, as: UTF8.self))
                buffer.removeAll(keepingCapacity: true)
                if special == .file {
                    state = .file
                } else if special != nil, let base, base.scheme == scheme {
                    state = .specialRelativeOrAuthority
                } else if special != nil {
                    state = .specialAuthoritySlashes
                } else if remaining(startsWith: UInt8(ascii: "/")) {
                    state = .pathOrAuthority
                    pointer += 1
                } else {
                    opaquePath = []
                    state = .opaquePath
                }
            } else {
                buffer.removeAll(keepingCapacity: true)
                state = .noScheme
                pointer = -1
            }

        case .noScheme:
            guard let base else { return .missingSchemeNonRelativeURL }
            if base.hasOpaquePath {
                guard c == UInt8(ascii: "#") else { return .missingSchemeNonRelativeURL }
                setScheme(base.scheme)
                copyPath(from: base)
                query = base.query.map { Array($0.utf8) }
                fragment = []
                state = .fragment
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
            } else {
                state = .path
                pointer -= 1
            }

        case .relative:
            guard let base else { return .missingSchemeNonRelativeURL }
            setScheme(base.scheme)
            if isSlash(c) {
                state = .relativeSlash
            } else {
                copyAuthority(from: base)
                copyPath(from: base)
                query = base.query.map { Array($0.utf8) }
                if c == UInt8(ascii: "?") {
                    query = []
                    state = .query
                } else if c == UInt8(ascii: "#") {
                    fragment = []
                    state = .fragment
                } else if c != nil {
                    query = nil
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
                pointer -= 1
            }

        case .authority:
            if c == UInt8(ascii: "@") {
                if atSignSeen { buffer.insert(contentsOf: Array("%40".utf8), at: 0) }
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
                buffer.removeAll(keepingCapacity: true)
            } else if c == nil || isSlash(c) || c == UInt8(ascii: "?") || c == UInt8(ascii: "#") {
                if atSignSeen, buffer.isEmpty { return .hostMissing }
                pointer -= buffer.count + 1
                buffer.removeAll(keepingCapacity: true)
                state = .host
            } else if let c {
                buffer.append(c)
            }

        case .host:
            if c == UInt8(ascii: ":"), !insideBrackets {
                if buffer.isEmpty { return .hostMissing }
                switch Host.parse(buffer[...], isOpaque: special == nil) {
                case .success(let parsed): host = parsed
                case .failure(let error): return error
                }
                buffer.removeAll(keepingCapacity: true)
                state = .port
            } else if c == nil || isSlash(c) || c == UInt8(ascii: "?") || c == UInt8(ascii: "#") {
                pointer -= 1
                if special != nil, buffer.isEmpty { return .hostMissing }
                switch Host.parse(buffer[...], isOpaque: special == nil) {
                case .success(let parsed): host = parsed
                case .failure(let error): return error
                }
                buffer.removeAll(keepingCapacity: true)
                state = .pathStart
            } else if let c {
                if c == UInt8(ascii: "[") { insideBrackets = true }
                if c == UInt8(ascii: "]") { insideBrackets = false }
                buffer.append(c)
            }

        case .port:
            if let c, ASCII.isDigit(c) {
                buffer.append(c)
            } else if c == nil || isSlash(c) || c == UInt8(ascii: "?") || c == UInt8(ascii: "#") {
                if !buffer.isEmpty {
                    var value = 0
                    for digit in buffer {
                        value = value * 10 + Int(digit - 0x30)
                        if value > 65535 { return .portOutOfRange }
                    }
                    port = UInt16(value) == special?.defaultPort ? nil : UInt16(value)
                    buffer.removeAll(keepingCapacity: true)
                }
                state = .pathStart
                pointer -= 1
            } else {
                return .portInvalid
            }

        case .file:
            setScheme("file")
            host = .empty
            if c == UInt8(ascii: "/") || c == UInt8(ascii: "\\") {
                state = .fileSlash
            } else if let base, base.scheme == "file" {
                host = base.host
                copyPath(from: base)
                query = base.query.map { Array($0.utf8) }
                if c == UInt8(ascii: "?") {
                    query = []
                    state = .query
                } else if c == UInt8(ascii: "#") {
                    fragment = []
                    state = .fragment
                } else if c != nil {
                    query = nil
                    if !startsWithWindowsDriveLetter(pointer) {
                        shortenPath()
                    } else {
                        path = []
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
            } else {
                if let base, base.scheme == "file" {
                    host = base.host
                    if !startsWithWindowsDriveLetter(pointer), case .segments(let segments) = base.path,
                        let first = segments.first, Self.isNormalizedWindowsDriveLetter(Array(first.utf8))
                    {
                        path.append(first)
                    }
                }
                state = .path
                pointer -= 1
            }

        case .fileHost:
            if c == nil || c == UInt8(ascii: "/") || c == UInt8(ascii: "\\") || c == UInt8(ascii: "?")
                || c == UInt8(ascii: "#")
            {
                pointer -= 1
                if Self.isWindowsDriveLetter(buffer) {
                    // A "file://C:/" quirk: the drive letter is the path, not the host; buffer is kept.
                    state = .path
                } else if buffer.isEmpty {
                    host = .empty
                    state = .pathStart
                } else {
                    switch Host.parse(buffer[...], isOpaque: false) {
                    case .success(let parsed): host = parsed == .domain("localhost") ? .empty : parsed
                    case .failure(let error): return error
                    }
                    buffer.removeAll(keepingCapacity: true)
                    state = .pathStart
                }
            } else if let c {
                buffer.append(c)
            }

        case .pathStart:
            if special != nil {
                state = .path
                if c != UInt8(ascii: "/"), c != UInt8(ascii: "\\") { pointer -= 1 }
            } else if c == UInt8(ascii: "?") {
                query = []
                state = .query
            } else if c == UInt8(ascii: "#") {
                fragment = []
                state = .fragment
            } else if c != nil {
                state = .path
                if c != UInt8(ascii: "/") { pointer -= 1 }
            }

        case .path:
            if c == nil || isSlash(c) || c == UInt8(ascii: "?") || c == UInt8(ascii: "#") {
                if Self.isDoubleDotSegment(buffer) {
                    shortenPath()
                    if !isSlash(c) { path.append("") }
                } else if Self.isSingleDotSegment(buffer) {
                    if !isSlash(c) { path.append("") }
                } else {
                    if special == .file, path.isEmpty, Self.isWindowsDriveLetter(buffer) {
                        buffer[1] = UInt8(ascii: ":")
                    }
                    path.append(String(decoding: buffer, as: UTF8.self))
                }
                buffer.removeAll(keepingCapacity: true)
                if c == UInt8(ascii: "?") {
                    query = []
                    state = .query
                } else if c == UInt8(ascii: "#") {
                    fragment = []
                    state = .fragment
                }
            } else if let c {
                buffer.appendPercentEncoded(c, in: .path)
            }

        case .opaquePath:
            if c == UInt8(ascii: "?") || c == UInt8(ascii: "#") {
                // Spaces before a query or fragment are dropped, so `sc:x ?q` reserializes stably.
                while opaquePath?.last == UInt8(ascii: " ") { opaquePath?.removeLast() }
                if c == UInt8(ascii: "?") {
                    query = []
                    state = .query
                } else {
                    fragment = []
                    state = .fragment
                }
            } else if let c {
                opaquePath?.appendPercentEncoded(c, in: .c0Control)
            }

        case .query:
            if c == nil || c == UInt8(ascii: "#") {
                let set: PercentEncodeSet = special != nil ? .specialQuery : .query
                for byte in buffer { query?.appendPercentEncoded(byte, in: set) }
                buffer.removeAll(keepingCapacity: true)
                if c == UInt8(ascii: "#") {
                    fragment = []
                    state = .fragment
                }
            } else if let c {
                buffer.append(c)
            }

        case .fragment:
            if let c { fragment?.appendPercentEncoded(c, in: .fragment) }
        }
        return nil
    }

    // MARK: - Helpers named by the standard

    private mutating func setScheme(_ newScheme: String) {
        scheme = newScheme
        special = SpecialScheme(newScheme)
    }

    private mutating func copyAuthority(from base: WebURL) {
        username = Array(base.username.utf8)
        password = Array(base.password.utf8)
        host = base.host
        port = base.port
    }

    private mutating func copyPath(from base: WebURL) {
        switch base.path {
        case .segments(let segments):
            path = segments
            opaquePath = nil
        case .opaque(let string):
            path = []
            opaquePath = Array(string.utf8)
        }
    }

    /// Shorten a URL's path (§4.1): drop the last segment, but never a `file:` URL's drive letter.
    private mutating func shortenPath() {
        if special == .file, path.count == 1, Self.isNormalizedWindowsDriveLetter(Array(path[0].utf8)) { return }
        if !path.isEmpty { path.removeLast() }
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

    /// An ASCII letter followed by `:` or `|`.
    private static func isWindowsDriveLetter(_ bytes: some Collection<UInt8>) -> Bool {
        guard bytes.count == 2, let first = bytes.first, ASCII.isAlpha(first) else { return false }
        let second = bytes[bytes.index(after: bytes.startIndex)]
        return second == UInt8(ascii: ":") || second == UInt8(ascii: "|")
    }

    /// An ASCII letter followed by `:`.
    private static func isNormalizedWindowsDriveLetter(_ bytes: [UInt8]) -> Bool {
        isWindowsDriveLetter(bytes) && bytes[1] == UInt8(ascii: ":")
    }

    /// `.` or `%2e`, ASCII case-insensitively.
    private static func isSingleDotSegment(_ bytes: [UInt8]) -> Bool {
        switch bytes.count {
        case 1: return bytes[0] == UInt8(ascii: ".")
        case 3: return isEncodedDot(bytes[0...2])
        default: return false
        }
    }

    /// `..`, `.%2e`, `%2e.` or `%2e%2e`, ASCII case-insensitively.
    private static func isDoubleDotSegment(_ bytes: [UInt8]) -> Bool {
        let dot = UInt8(ascii: ".")
        switch bytes.count {
        case 2: return bytes[0] == dot && bytes[1] == dot
        case 4: return (bytes[0] == dot && isEncodedDot(bytes[1...3])) || (isEncodedDot(bytes[0...2]) && bytes[3] == dot)
        case 6: return isEncodedDot(bytes[0...2]) && isEncodedDot(bytes[3...5])
        default: return false
        }
    }

    private static func isEncodedDot(_ bytes: ArraySlice<UInt8>) -> Bool {
        let i = bytes.startIndex
        return bytes[i] == UInt8(ascii: "%") && bytes[i + 1] == UInt8(ascii: "2") && bytes[i + 2] | 0x20 == UInt8(ascii: "e")
    }
}
