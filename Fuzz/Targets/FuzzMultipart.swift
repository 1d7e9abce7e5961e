// Fuzz target `multipart`: webfence serve's reader of uploads (MultipartFormData, RFC 7578), and
// of the Content-Type header that names the boundary.
//
// Input: the first line is the Content-Type's boundary parameter (as a header value after
// `multipart/form-data; boundary=`), the rest the body, as a browser would send it.
//
// Checks: no crash, no hang; reading is deterministic; for a body that reads —
//   - at least one part and at most MultipartFormData.maximumParts; every name is present;
//   - each part's content is a range inside the body, after the previous part's, and never holds
//     the delimiter (CRLF, `--`, the boundary);
//   - round trip: the parts written again with the same boundary (when their names and file names
//     hold no quote, CR or LF) read back to the same names, file names and contents.
//
// Build alone (one module with the reader's one file):
//   Fuzz/run.sh multipart (Sources/WebFenceServer/Uploads/MultipartFormData.swift, FuzzCore.swift, this file)

import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMultipart(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    Fuzz.currentInput = input
    let newline = input.firstIndex(of: UInt8(ascii: "\n")) ?? input.endIndex
    let header = "multipart/form-data; boundary=" + String(decoding: input[..<newline], as: UTF8.self)
    guard let boundary = MultipartFormData.boundary(contentType: header) else { return 0 }
    Fuzz.check((1...70).contains(boundary.utf8.count), "a boundary is 1-70 bytes", boundary)
    let body = Array(input[min(newline + 1, input.endIndex)...])
    let first = read(body, boundary)
    Fuzz.check(read(body, boundary) == first, "reading is deterministic", "")
    guard case .success(let parts)? = first else { return 0 }
    Fuzz.check(
        !parts.isEmpty && parts.count <= MultipartFormData.maximumParts, "1 to maximumParts parts", "\(parts.count)")
    let delimiter = Array("\r\n--\(boundary)".utf8)
    var previousEnd = 0
    for part in parts {
        Fuzz.check(
            part.content.lowerBound >= previousEnd && part.content.upperBound <= body.count,
            "contents in order, inside",
            "\(part.content)")
        previousEnd = part.content.upperBound
        let content = Array(body[part.content])
        Fuzz.check(find(content, delimiter) == nil, "no content holds the delimiter", "\(part.content)")
    }
    // Round trip.
    let plain = { (text: String) in !text.contains(where: { $0 == "\"" || $0 == "\r" || $0 == "\n" || $0 == "%" }) }
    guard parts.allSatisfy({ plain($0.name) && ($0.filename.map(plain) ?? true) }) else { return 0 }
    var again: [UInt8] = []
    for part in parts {
        again += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(part.name)\"".utf8)
        if let filename = part.filename { again += Array("; filename=\"\(filename)\"".utf8) }
        again += Array("\r\n\r\n".utf8) + body[part.content] + Array("\r\n".utf8)
    }
    again += Array("--\(boundary)--\r\n".utf8)
    guard case .success(let reread)? = read(again, boundary) else {
        Fuzz.fail("parts written again read again", String(decoding: again, as: UTF8.self).debugDescription)
    }
    Fuzz.check(reread.count == parts.count, "as many parts again", "\(reread.count) vs \(parts.count)")
    for (a, b) in zip(parts, reread) {
        Fuzz.check(a.name == b.name && a.filename == b.filename, "names again", "\(a) vs \(b)")
        Fuzz.check(body[a.content].elementsEqual(again[b.content]), "contents again", "\(a) vs \(b)")
    }
    return 0
}

/// The parts as names, file names and content ranges, or the failure's message.
private func read(_ body: [UInt8], _ boundary: String) -> Result<[MultipartFormData.Part], MultipartFormData.Failure>? {
    body.withUnsafeBytes { bytes in
        do throws(MultipartFormData.Failure) {
            return .success(try MultipartFormData(bytes, boundary: boundary).parts)
        } catch {
            return .failure(error)
        }
    }
}

private func find(_ haystack: [UInt8], _ needle: [UInt8]) -> Int? {
    guard haystack.count >= needle.count else { return nil }
    return (0...(haystack.count - needle.count)).first { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
}
