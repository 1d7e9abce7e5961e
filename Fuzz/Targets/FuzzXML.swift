// Fuzz target `xml`: StrictXML's reader (XMLReader.parse), which reads Cordova's config.xml.
//
// Input: the raw bytes, as the reader gets them from a file.
//
// Checks: no crash, no hang, no unbounded memory (the depth limit and the explicit stack must hold);
// an error has a line and a column of at least 1 that lie within the input; reading is deterministic;
// and for every document that reads —
//   - no element is nested deeper than XMLReader.maximumDepth and every name is non-empty;
//   - round trip: the tree written back as XML (every special character escaped) reads again to
//     the same names, attributes, texts and children (positions aside).
// With a DOCTYPE skipped (doctype: .skipExternalIdentifier, as property lists are read for their
// positions): what reads without it reads the same with it; an error is placed as above; an
// internal subset (where entities are declared) never reads.
//
// Build alone (one module with the sources):
//   Fuzz/run.sh xml (one module: Sources/StrictXML/*.swift and this file)

#if canImport(StrictXML)
    import StrictXML
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXML(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    checkSkippingDoctype(bytes)
    let root: XMLReader.Element
    do {
        root = try XMLReader.parse(bytes)
    } catch {
        let lines = 1 + bytes.count { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }
        check(error.line >= 1 && error.column >= 1, "an error has a line and a column", bytes, error.description)
        check(
            error.line <= lines && error.column <= bytes.count + 1, "an error lies in the input", bytes,
            error.description)
        check(!error.message.isEmpty, "an error has a message", bytes, error.description)
        do {
            _ = try XMLReader.parse(bytes)
            check(false, "reading is deterministic", bytes, "the second read succeeded")
        } catch let again {
            check(again == error, "reading is deterministic", bytes, "\(error) then \(again)")
        }
        return 0
    }
    check((try? XMLReader.parse(bytes)) == root, "reading is deterministic", bytes, "the second read differs")

    // Depth and names, without recursion.
    var pending = [(root, 1)]
    while let (element, depth) = pending.popLast() {
        check(depth <= XMLReader.maximumDepth, "depth within the limit", bytes, "depth \(depth)")
        check(!element.name.isEmpty, "names are not empty", bytes, "an element without a name")
        check(element.line >= 1 && element.column >= 1, "positions count from 1", bytes, "<\(element.name)>")
        pending += element.children.map { ($0, depth + 1) }
    }

    let written = serialize(root)
    do {
        let reread = try XMLReader.parse(written.utf8)
        check(sameContent(root, reread), "round trip", bytes, "written as: \(written.debugDescription)")
    } catch {
        check(false, "round trip", bytes, "written as: \(written.debugDescription), read back: \(error)")
    }
    return 0
}

/// The reader with a property list's DOCTYPE skipped.
private func checkSkippingDoctype(_ bytes: [UInt8]) {
    let plain = try? XMLReader.parse(bytes)
    do {
        let skipped = try XMLReader.parse(bytes, doctype: .skipExternalIdentifier)
        if let plain { check(skipped == plain, "skipping a DOCTYPE changes nothing without one", bytes, "") }
        check(
            (try? XMLReader.parse(bytes, doctype: .skipExternalIdentifier)) == skipped, "reading is deterministic",
            bytes, "skipping a DOCTYPE")
        // No entity can have been declared: a DOCTYPE with "[" before its ">" is refused.
        if let start = firstIndex(of: Array("<!DOCTYPE".utf8), in: bytes) {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: ">")) ?? bytes.count
            let quoted =
                bytes[start..<end].contains(UInt8(ascii: "\"")) || bytes[start..<end].contains(UInt8(ascii: "'"))
            check(
                quoted || !bytes[start..<end].contains(UInt8(ascii: "[")), "an internal subset is refused", bytes, "")
        }
    } catch {
        check(error.line >= 1 && error.column >= 1, "an error has a line and a column", bytes, error.description)
        check(plain == nil, "what reads without skipping reads with it", bytes, error.description)
    }
}

private func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard haystack.count >= needle.count else { return nil }
    for start in 0...(haystack.count - needle.count) where haystack[start..<start + needle.count].elementsEqual(needle)
    {
        return start
    }
    return nil
}

/// Reports a broken invariant with the input and traps, which libFuzzer records as a crash.
private func check(_ condition: Bool, _ invariant: String, _ input: [UInt8], _ details: @autoclosure () -> String) {
    guard !condition else { return }
    let hex = input.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    fatalError(
        "xml fuzz invariant violated: \(invariant)\ninput (hex): \(hex)\n"
            + "input (escaped): \(String(decoding: input, as: UTF8.self).debugDescription)\n\(details())")
}

/// `element` as XML: the text first, then the children; every character that normalisation or markup
/// would change is written as a reference.
private func serialize(_ element: XMLReader.Element) -> String {
    var out = "<" + element.name
    for attribute in element.attributes {
        out += " \(attribute.name)=\"\(escape(attribute.value, quote: true))\""
    }
    out += ">" + escape(element.text, quote: false)
    for child in element.children { out += serialize(child) }
    return out + "</\(element.name)>"
}

private func escape(_ text: String, quote: Bool) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"" where quote: out += "&quot;"
        case "\r": out += "&#13;"
        case "\t" where quote: out += "&#9;"
        case "\n" where quote: out += "&#10;"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out
}

/// Equal but for positions, compared code point by code point.
private func sameContent(_ a: XMLReader.Element, _ b: XMLReader.Element) -> Bool {
    func same(_ x: String, _ y: String) -> Bool { x.unicodeScalars.elementsEqual(y.unicodeScalars) }
    guard same(a.name, b.name), same(a.text, b.text), a.attributes.count == b.attributes.count,
        a.children.count == b.children.count
    else { return false }
    for (x, y) in zip(a.attributes, b.attributes) where !same(x.name, y.name) || !same(x.value, y.value) {
        return false
    }
    for (x, y) in zip(a.children, b.children) where !sameContent(x, y) { return false }
    return true
}
