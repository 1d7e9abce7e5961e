import Foundation

/// One input of `webfence url parse`: the text to parse, an optional base, and an optional note
/// saying why the example is interesting (shown in text output only).
struct URLParseInput {
    var input: String
    var base: String?
    var note: String? = nil

    /// Reads the JSON-lines form `{"input": "...", "base": "..." or null, "note": "..."}`.
    init(jsonLine line: String) throws(InputLineError) {
        let object: [String: Any]
        do { object = try JSONValue.parseObject(line) } catch { throw InputLineError("invalid JSON: \(error)") }
        for key in object.keys where !["input", "base", "note"].contains(key) {
            throw InputLineError("unknown key \"\(key)\" (expected input, base, note)")
        }
        guard let input = object["input"] as? String else { throw InputLineError("\"input\" must be a string") }
        self.input = input
        switch object["base"] {
        case nil, is NSNull: base = nil
        case let base as String: self.base = base
        default: throw InputLineError("\"base\" must be a string or null")
        }
        switch object["note"] {
        case nil: note = nil
        case let note as String: self.note = note
        default: throw InputLineError("\"note\" must be a string")
        }
    }

    init(input: String, base: String?) {
        self.input = input
        self.base = base
    }
}

/// A line of JSON-lines input that cannot be used; processing goes on with the next line.
struct InputLineError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
