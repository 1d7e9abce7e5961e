import StrictJSON

/// One input of `webfence url parse`: the text to parse, an optional base, and an optional note
/// saying why the example is interesting (shown in text output only).
struct URLParseInput {
    var input: String
    var base: String?
    var note: String? = nil
    /// True when a JSON line has no "base" key, so `--base` applies; `"base": null` means no base.
    var inheritsBase = false

    /// Reads the JSON-lines form `{"input": "...", "base": "..." or null, "note": "..."}`.
    init(jsonLine line: String) throws(InputLineError) {
        let value: JSONValue
        do { value = try JSONParser.parse(line) } catch {
            throw InputLineError("invalid JSON at column \(error.column): \(error.message)")
        }
        guard case .object(let members) = value else { throw InputLineError("expected a JSON object") }
        for member in members where !["input", "base", "note"].contains(member.key) {
            throw InputLineError("unknown key \"\(member.key)\" (expected input, base, note)")
        }
        guard let input = value["input"]?.stringValue else { throw InputLineError("\"input\" must be a string") }
        self.input = input
        switch value["base"] {
        case nil:
            base = nil
            inheritsBase = true
        case .null?: base = nil
        case .string(let base)?: self.base = base
        default: throw InputLineError("\"base\" must be a string or null")
        }
        switch value["note"] {
        case nil: note = nil
        case .string(let note)?: self.note = note
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
