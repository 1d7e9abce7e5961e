// Fuzz target `form`: webfence serve's reader of a page's form (FormBody): a URL-encoded body as
// the URL Standard reads it, or form-data when the Content-Type names a boundary.
//
// Input: the first line is the request's Content-Type (empty: none), the rest the body.
//
// Checks: no crash, no hang; reading is deterministic; a URL-encoded body's fields, written again
// (each name and value percent-encoded, `&` between pairs) read back to the same fields; `trimmed`
// leaves no C0 control or space at either end and is nil only when nothing else is left;
// `firstGiven` is nil exactly when the name's first value is empty.
//
// Build (WebAddress for percent-decoding; the form reader's two files and this one):
//   Fuzz/run.sh form

import WebAddress

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzForm(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    Fuzz.currentInput = input
    let newline = input.firstIndex(of: UInt8(ascii: "\n")) ?? input.endIndex
    let contentType = newline == 0 ? nil : String(decoding: input[..<newline], as: UTF8.self)
    let body = Array(input[min(newline + 1, input.endIndex)...])
    let form = FormBody(body, contentType: contentType)
    let again = FormBody(body, contentType: contentType)
    Fuzz.check(
        form.fields.map(\.name) == again.fields.map(\.name) && form.fields.map(\.value) == again.fields.map(\.value),
        "reading is deterministic", "")
    // URL-encoded: what it read, written again, reads back the same.
    let plain = FormBody(body)
    let written = plain.fields.map { FormFuzz.encode($0.name) + "=" + FormFuzz.encode($0.value) }
        .joined(separator: "&")
    let reread = FormBody(Array(written.utf8))
    Fuzz.check(reread.fields.map(\.name) == plain.fields.map(\.name), "names round-trip", written)
    Fuzz.check(reread.fields.map(\.value) == plain.fields.map(\.value), "values round-trip", written)
    for (name, value) in form.fields {
        if let trimmed = form.trimmed(name) {
            Fuzz.check(!trimmed.isEmpty, "trimmed is nil when empty", trimmed)
            for edge in [trimmed.unicodeScalars.first!, trimmed.unicodeScalars.last!] {
                Fuzz.check(edge.value > 0x20, "trimmed leaves no control or space at either end", trimmed)
            }
        } else {
            let first = form[name] ?? ""
            Fuzz.check(
                first.unicodeScalars.allSatisfy { $0.value <= 0x20 }, "trimmed is nil only for blank text", first)
        }
        if let given = form.firstGiven(name) {
            Fuzz.check(
                !given.isEmpty && form.fields.contains { $0.name == name && $0.value == given },
                "firstGiven is a non-empty value of the name", given)
        } else {
            // firstGiven reads each name's first value (as the pages do: a file input, then its text field).
            Fuzz.check(
                form[name]?.isEmpty ?? true, "firstGiven is nil only when the name's first value is empty", value)
        }
    }
    return 0
}

enum FormFuzz {
    /// Every byte but unreserved ASCII percent-encoded: reads back as the same bytes.
    static func encode(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            let unreserved =
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
            if unreserved {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = Array("0123456789ABCDEF".utf8)
                out += "%" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]], as: UTF8.self)
            }
        }
        return out
    }
}
