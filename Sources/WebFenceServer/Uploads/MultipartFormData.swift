import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A `multipart/form-data` body (RFC 7578, on RFC 2046's multipart syntax), read as a list of
/// parts whose contents are ranges of the body: nothing is copied, so an upload of hundreds of
/// megabytes is read where it lies (a file mapped into memory).
///
/// Read strictly and bounded: the boundary is 1–70 characters; each part starts with
/// `--boundary` and CRLF, has at most ``maximumHeaderSize`` bytes of headers and a
/// `Content-Disposition: form-data` with a `name`; the body ends with `--boundary--`; at most
/// ``maximumParts`` parts. Anything else is an error that says what, never a crash.
struct MultipartFormData {
    /// At most this many parts in one body.
    static let maximumParts = 8
    /// At most this many bytes of headers in one part.
    static let maximumHeaderSize = 8_192

    /// One part: its field name, the file name a browser sent with a file, its type, and where its
    /// content lies in the body.
    struct Part: Sendable, Hashable {
        let name: String
        let filename: String?
        let contentType: String?
        let content: Range<Int>
    }

    /// Why a body is not `multipart/form-data`.
    struct Failure: Error, Sendable, Hashable {
        let message: String
    }

    let parts: [Part]

    /// The boundary a `Content-Type` header names: `multipart/form-data; boundary=...` (quoted or
    /// not); nil for any other type or a boundary that is not 1–70 characters.
    static func boundary(contentType: String) -> String? {
        let pieces = contentType.split(separator: ";").map { $0.trimmingSpaces() }
        guard let type = pieces.first, type.lowercased() == "multipart/form-data" else { return nil }
        for parameter in pieces.dropFirst() {
            guard let equals = parameter.firstIndex(of: "=") else { continue }
            guard parameter[..<equals].trimmingSpaces().lowercased() == "boundary" else { continue }
            var value = parameter[parameter.index(after: equals)...].trimmingSpaces()
            if value.count >= 2, value.first == "\"", value.last == "\"" { value = value.dropFirst().dropLast() }
            guard (1...70).contains(value.utf8.count), value.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F || $0 == 0x20 })
            else { return nil }
            return String(value)
        }
        return nil
    }

    /// Reads `body` with `boundary`.
    init(_ body: UnsafeRawBufferPointer, boundary: String) throws(Failure) {
        let delimiter = Array("--\(boundary)".utf8)
        // The first delimiter may open the body or follow a preamble (after CRLF).
        var position: Int
        if Self.starts(body, at: 0, with: delimiter) {
            position = delimiter.count
        } else if let found = Self.find(body, Array("\r\n".utf8) + delimiter, from: 0) {
            position = found + 2 + delimiter.count
        } else {
            throw Failure(message: "no part opens with the boundary the Content-Type names")
        }
        var parts: [Part] = []
        while true {
            if Self.starts(body, at: position, with: Array("--".utf8)) { break }
            guard Self.starts(body, at: position, with: Array("\r\n".utf8)) else {
                throw Failure(message: "a boundary line is not followed by CRLF or --")
            }
            guard parts.count < Self.maximumParts else {
                throw Failure(message: "more than \(Self.maximumParts) parts")
            }
            let headerStart = position + 2
            guard let headerEnd = Self.find(body, Array("\r\n\r\n".utf8), from: headerStart - 2),
                headerEnd - headerStart <= Self.maximumHeaderSize
            else {
                throw Failure(message: "a part's headers do not end within \(Self.maximumHeaderSize) bytes")
            }
            let headerBytes = UnsafeRawBufferPointer(rebasing: body[headerStart..<max(headerStart, headerEnd)])
            let contentStart = headerEnd + 4
            guard let contentEnd = Self.find(body, Array("\r\n".utf8) + delimiter, from: contentStart) else {
                throw Failure(message: "a part does not end with the boundary")
            }
            parts.append(try Self.part(headers: headerBytes, content: contentStart..<contentEnd))
            position = contentEnd + 2 + delimiter.count
        }
        guard !parts.isEmpty else { throw Failure(message: "no part") }
        self.parts = parts
    }

    /// The part named `name`.
    subscript(name: String) -> Part? { parts.first { $0.name == name } }

    private static func part(headers: UnsafeRawBufferPointer, content: Range<Int>) throws(Failure) -> Part {
        let text = String(decoding: headers, as: UTF8.self)
        var disposition: Substring?
        var contentType: String?
        for line in text.split(separator: "\r\n", omittingEmptySubsequences: false) {
            guard let colon = line.firstIndex(of: ":") else {
                throw Failure(message: "a part's header line has no colon")
            }
            let value = line[line.index(after: colon)...].trimmingSpaces()
            switch line[..<colon].lowercased() {
            case "content-disposition": disposition = value
            case "content-type": contentType = String(value)
            default: continue
            }
        }
        guard let disposition else { throw Failure(message: "a part has no Content-Disposition") }
        let parameters = Self.parameters(disposition)
        guard parameters.first?.name == "form-data" else {
            throw Failure(message: "a part's Content-Disposition is not form-data")
        }
        guard let name = parameters.first(where: { $0.name == "name" })?.value else {
            throw Failure(message: "a part's Content-Disposition has no name")
        }
        let filename = parameters.first { $0.name == "filename" }?.value
        return Part(name: name, filename: filename, contentType: contentType, content: content)
    }

    /// `form-data; name="a"; filename="b.ipa"` as (name, value) pairs; the first is the type
    /// with no value.
    static func parameters(_ header: Substring) -> [(name: String, value: String?)] {
        var result: [(String, String?)] = []
        var rest = header[...]
        while !rest.isEmpty {
            let nameEnd = rest.firstIndex { $0 == "=" || $0 == ";" } ?? rest.endIndex
            let name = rest[..<nameEnd].trimmingSpaces().lowercased()
            rest = rest[nameEnd...]
            var value: String?
            if rest.first == "=" {
                rest = rest.dropFirst().drop { $0 == " " }
                if rest.first == "\"" {
                    // Browsers write a quote, CR and LF in a name as %22, %0D and %0A (HTML's
                    // form-data encoding) and nothing as a backslash escape: `C:\a\b.ipa` is literal.
                    let inside = rest.dropFirst()
                    let close = inside.firstIndex(of: "\"") ?? inside.endIndex
                    value = inside[..<close].replacingOccurrences(of: "%22", with: "\"")
                        .replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%0A", with: "\n")
                    rest = close < inside.endIndex ? inside[inside.index(after: close)...] : inside[inside.endIndex...]
                    rest = rest.drop { $0 != ";" }
                } else {
                    let end = rest.firstIndex(of: ";") ?? rest.endIndex
                    value = String(rest[..<end].trimmingSpaces())
                    rest = rest[end...]
                }
            }
            result.append((name, value))
            rest = rest.drop { $0 == ";" || $0 == " " }
        }
        return result
    }

    static func starts(_ body: UnsafeRawBufferPointer, at offset: Int, with bytes: [UInt8]) -> Bool {
        guard offset >= 0, offset + bytes.count <= body.count else { return false }
        return bytes.indices.allSatisfy { body[offset + $0] == bytes[$0] }
    }

    /// The first offset at or after `start` where `needle` lies in `body`. Each candidate is found
    /// by its first byte with `memchr`, then compared: linear in practice, and at most
    /// `needle.count` comparisons per occurrence of its first byte.
    static func find(_ body: UnsafeRawBufferPointer, _ needle: [UInt8], from start: Int) -> Int? {
        guard let base = body.baseAddress, !needle.isEmpty else { return nil }
        var offset = max(0, start)
        while offset + needle.count <= body.count {
            guard let hit = memchr(base + offset, Int32(needle[0]), body.count - offset - needle.count + 1) else {
                return nil
            }
            let at = base.distance(to: UnsafeRawPointer(hit))
            if starts(body, at: at, with: needle) { return at }
            offset = at + 1
        }
        return nil
    }
}

extension Substring {
    /// Without the spaces and tabs at either end.
    func trimmingSpaces() -> Substring {
        var trimmed = self
        while let first = trimmed.first, first == " " || first == "\t" { trimmed = trimmed.dropFirst() }
        while let last = trimmed.last, last == " " || last == "\t" { trimmed = trimmed.dropLast() }
        return trimmed
    }
}
