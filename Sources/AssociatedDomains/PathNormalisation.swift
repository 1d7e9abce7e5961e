/// The path normalisation devices apply before matching (spec §3), to the `/` pattern and to the
/// URL's path alike, so that `/buy/*` matches `/buy`, `/buy` matches `/buy/`, and `abc` matches `/abc`.
enum PathNormalisation {
    /// A `/` pattern: empty → `/`; one character unchanged; `**` → `*` and `//` → `/`; one leading
    /// and one trailing `*` set aside; without a leading `*` a leading `/`, without a trailing `*` a
    /// trailing `/`; the stars put back.
    static func pattern(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        if scalars.isEmpty { return "/" }
        if scalars.count == 1 { return text }
        var collapsed: [Unicode.Scalar] = []
        collapsed.reserveCapacity(scalars.count + 2)
        for scalar in scalars where !((scalar == "*" || scalar == "/") && collapsed.last == scalar) {
            collapsed.append(scalar)
        }
        var body = collapsed[...]
        let leadingStar = body.first == "*"
        if leadingStar { body = body.dropFirst() }
        let trailingStar = body.last == "*"
        if trailingStar { body = body.dropLast() }
        var result = String.UnicodeScalarView()
        if leadingStar { result.append("*") } else if body.first != "/" { result.append("/") }
        result.append(contentsOf: body)
        if trailingStar {
            result.append("*")
        } else if result.last != "/" {
            result.append("/")
        }
        return String(result)
    }

    /// Whether a path (as written) is already normalised: it starts and ends with `/` and has no
    /// run of `/`. Then matching can read it in place.
    static func isNormalised(_ path: UnsafeBufferPointer<UInt8>) -> Bool {
        guard path.first == 0x2F, path.last == 0x2F else { return false }
        var previous: UInt8 = 0
        for byte in path {
            if byte == 0x2F, previous == 0x2F { return false }
            previous = byte
        }
        return true
    }

    /// Writes the normalised `path` into `buffer` (at least `path.count + 2` long) and returns its
    /// length.
    static func normalise(_ path: UnsafeBufferPointer<UInt8>, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var count = 0
        if path.first != 0x2F {
            buffer[0] = 0x2F
            count = 1
        }
        if !hasSlashRun(path), let source = path.baseAddress {
            // The usual case: no `//`, so the path is copied whole.
            (buffer.baseAddress! + count).update(from: source, count: path.count)
            count += path.count
        } else {
            for byte in path where !(byte == 0x2F && count > 0 && buffer[count - 1] == 0x2F) {
                buffer[count] = byte
                count += 1
            }
        }
        if buffer[count - 1] != 0x2F {
            buffer[count] = 0x2F
            count += 1
        }
        return count
    }

    private static func hasSlashRun(_ path: UnsafeBufferPointer<UInt8>) -> Bool {
        guard path.count > 1 else { return false }
        for index in 1..<path.count where path[index] == 0x2F && path[index - 1] == 0x2F { return true }
        return false
    }

    /// A URL's path (as written, or percent-decoded): runs of `/` collapsed, empty → `/`, a
    /// trailing `/` ensured.
    static func path<Element: FixedWidthInteger>(_ path: some Collection<Element>) -> [Element] {
        let slash = Element(0x2F)
        var result: [Element] = []
        result.reserveCapacity(path.count + 2)
        for element in path where !(element == slash && result.last == slash) {
            result.append(element)
        }
        if result.first != slash { result.insert(slash, at: 0) }
        if result.last != slash { result.append(slash) }
        return result
    }
}
