// Fuzz target `json`: WebFence's strict JSON parser (JSONParser.parse) and serializer
// (JSONValue.serialized), which read every untrusted scenario and test-data file.
//
// Input: arbitrary bytes, decoded as UTF-8 with U+FFFD for invalid sequences (the parser takes a
// String, as the CLI hands it one).
//
// Checks: no crash, no hang (the depth limit of 512 must hold the recursion); a parse error has a
// line and a column of at least 1; for every value that parses —
//   - the serialization is valid UTF-8 and has no raw control character (RFC 8259 §7);
//   - round trip: JSONParser.parse(value.serialized()) == value, and is even identical (every code
//     point of every string and key, key order, doubles to the bit);
//   - the serialization is a fixed point: serializing the reparsed value gives the same bytes;
//   - the source map (JSONParser.sourceMap, which places findings at their line) reads exactly the
//     texts the parser reads, places every value the value has (its pointer) at a line and column
//     inside the text, and places any pointer at all (a missing one at its nearest ancestor);
//   - the document (JSONParser.document, which the server's routes parse with) reads what the
//     parser reads with the same value, refuses what it refuses with the same error, with either
//     rule for repeated keys, and gives the text of each member of the root object or of each object
//     in the root array, which parses to the member's value (the later one of a repeated key).

import StrictJSON

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    Fuzz.currentInput = bytes
    let text = String(decoding: bytes, as: UTF8.self)

    let value: JSONValue
    do {
        value = try JSONParser.parse(text)
    } catch {
        // The document refuses with the same error (the same line, column and message).
        do throws(JSONParser.Error) {
            _ = try JSONParser.document(text, duplicateKeys: .reject)
            Fuzz.fail("the document refuses what the parser refuses", "error: \(error.description.debugDescription)")
        } catch let documentError {
            Fuzz.check(
                documentError == error, "the document's error is the parser's",
                "parser: \(error.description.debugDescription)\ndocument: \(documentError.description.debugDescription)"
            )
        }
        let lastWins = try? JSONParser.parse(text, duplicateKeys: .keepLast).value
        let lastWinsDocument = try? JSONParser.document(text, duplicateKeys: .keepLast)
        let same: Bool
        switch (lastWins, lastWinsDocument) {
        case (nil, nil): same = true
        case (let parsed?, let document?): same = Fuzz.identical(parsed, document.value)
        default: same = false
        }
        Fuzz.check(same, "with .keepLast the document reads what the parser reads", "text: \(text.debugDescription)")
        // Repeated keys read as the match route reads them: each kept member's text is the later one.
        if let lastWinsDocument { checkMemberTexts(lastWinsDocument, duplicateKeys: .keepLast) }
        // The source map refuses what the parser refuses (it reads repeated keys as a device does).
        if lastWins == nil {
            Fuzz.check(
                (try? JSONParser.sourceMap(text)) == nil, "the source map refuses what the parser refuses",
                "error: \(error.description.debugDescription)")
        }
        Fuzz.check(
            error.line >= 1 && error.column >= 1, "a parse error has a line and a column",
            "error: \(error.description.debugDescription)")
        let message = error.description  // exercised on every input, printed when verbose
        Fuzz.log("error: " + message)
        return 0
    }

    // Known bug J1: a number beyond Double's range parses as ±infinity, which serializes as null.
    if Fuzz.skipKnown, Fuzz.hasNonFiniteNumber(value) { return 0 }

    let serialized = value.serialized()
    Fuzz.log("parsed: \(serialized)")
    let utf8 = Array(serialized.utf8)
    Fuzz.check(
        String(validUTF8: utf8) != nil, "the serialization is valid UTF-8",
        "serialized (hex): \(Fuzz.hex(utf8))")
    Fuzz.check(
        !utf8.contains(where: { $0 < 0x20 }), "the serialization has no raw control character",
        "serialized: \(serialized.debugDescription)")

    let reparsed: JSONValue
    do {
        reparsed = try JSONParser.parse(serialized)
    } catch {
        Fuzz.fail(
            "the serialization parses",
            "value: \(value)\nserialized: \(serialized.debugDescription)\nerror: \(error.description)")
    }
    Fuzz.check(
        reparsed == value, "round trip: parse(value.serialized()) == value",
        "value: \(value)\nserialized: \(serialized.debugDescription)\nreparsed: \(reparsed)")
    Fuzz.check(
        Fuzz.identical(reparsed, value), "round trip keeps every code point, key order and double bit pattern",
        "value: \(value)\nserialized: \(serialized.debugDescription)\nreparsed: \(reparsed)")
    let again = reparsed.serialized()
    Fuzz.check(
        again.utf8.elementsEqual(serialized.utf8), "the serialization is a fixed point",
        "first: \(serialized.debugDescription)\nsecond: \(again.debugDescription)")

    // The source map places every value, inside the text.
    guard let map = try? JSONParser.sourceMap(text) else {
        Fuzz.fail("the source map reads what the parser reads", "text: \(text.debugDescription)")
    }
    let lines = 1 + text.unicodeScalars.count { $0 == "\n" || $0 == "\r" }
    var pending: [(String, JSONValue)] = [("", value)]
    var placed = 0
    while let (pointer, item) = pending.popLast(), placed < 10_000 {
        placed += 1
        guard let position = map.position(of: pointer) else {
            Fuzz.fail("every value is placed", "pointer: \(pointer.debugDescription)")
        }
        Fuzz.check(
            position.line >= 1 && position.line <= lines && position.column >= 1
                && position.column <= text.unicodeScalars.count + 1,
            "a position lies in the text", "pointer: \(pointer.debugDescription), at \(position)")
        switch item {
        case .object(let members):
            pending += members.map { (pointer + JSONParser.pointer([$0.key]), $0.value) }
        case .array(let elements):
            pending += elements.indices.map { (pointer + "/\($0)", elements[$0]) }
        default: break
        }
    }
    _ = map.nearestPosition(of: "/" + String(text.prefix(16).filter { $0 != "\u{0}" }))

    // The lookup API, on the keys the input has.
    if case .object(let members) = value, let first = members.first {
        Fuzz.check(value[first.key] != nil, "subscript finds the first key", "key: \(first.key.debugDescription)")
    }

    // The document keeps each member's text, which parses to the member's value (the server's cache
    // keys a rule set and a case's association file by that text).
    guard let document = try? JSONParser.document(text, duplicateKeys: .reject) else {
        Fuzz.fail("the document reads what the parser reads", "text: \(text.debugDescription)")
    }
    Fuzz.check(
        Fuzz.identical(document.value, value), "the document's value is the parser's", "text: \(text.debugDescription)")
    checkMemberTexts(document, duplicateKeys: .reject)
    return 0
}

/// Each member's text in `document` (of the root object, or of each object in the root array) parses,
/// with `duplicateKeys`, to the member's value, and the document gives that value with it.
private func checkMemberTexts(_ document: JSONDocument, duplicateKeys: JSONParser.DuplicateKeys) {
    func checkMembers(_ members: [JSONValue.Member], _ find: (String) -> (value: JSONValue, text: ArraySlice<UInt8>)?) {
        for member in members.prefix(64) {
            let found = find(member.key)
            let memberText = found.map { String(decoding: $0.text, as: UTF8.self) }
            let parsed = memberText.flatMap { try? JSONParser.parse($0, duplicateKeys: duplicateKeys).value }
            Fuzz.check(
                parsed.map { Fuzz.identical($0, member.value) } == true
                    && found.map { Fuzz.identical($0.value, member.value) } == true,
                "a member's text parses to its value",
                "key: \(member.key.debugDescription), text: \(memberText.debugDescription)")
        }
    }
    switch document.value {
    case .object(let members): checkMembers(members) { document.member($0) }
    case .array(let elements):
        // A root array keeps the members of each object in it (a request's cases).
        for (index, element) in elements.prefix(64).enumerated() {
            guard case .object(let members) = element else {
                Fuzz.check(
                    document.member("", ofElement: index) == nil, "an element that is not an object has no members",
                    "index: \(index)")
                continue
            }
            checkMembers(members) { document.member($0, ofElement: index) }
        }
    default: break
    }
}
