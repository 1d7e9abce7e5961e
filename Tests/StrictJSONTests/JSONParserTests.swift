import StrictJSON
import Testing

@Suite("JSON parser")
struct JSONParserTests {
    @Test("values of every type, object members in order")
    func values() throws {
        let value = try JSONParser.parse(#" {"b": [1, -2.5e3, true, false, null], "a": "x\ny", "c": {}} "#)
        guard case .object(let members) = value else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["b", "a", "c"])
        #expect(value["b"] == .array([.int(1), .double(-2500), .bool(true), .bool(false), .null]))
        #expect(value["a"] == .string("x\ny"))
        #expect(value["c"] == .object([]))
    }

    @Test("strings keep every code point exactly, U+FEFF after an escape included")
    func exactStrings() throws {
        #expect(try JSONParser.parse("\"a\\/\u{FEFF}b\"") == .string("a/\u{FEFF}b"))
        #expect(try JSONParser.parse(#""\u00e9\ud83d\ude00\t\"\\""#) == .string("é😀\t\"\\"))
        #expect(try JSONParser.parse("\"é😀\"") == .string("é😀"))
    }

    @Test("an unpaired surrogate escape becomes U+FFFD, as a browser's string conversion does")
    func loneSurrogates() throws {
        #expect(try JSONParser.parse(#""a\ud800b""#) == .string("a\u{FFFD}b"))
        #expect(try JSONParser.parse(#""\udc00""#) == .string("\u{FFFD}"))
        #expect(try JSONParser.parse(#""\ud800\u0041""#) == .string("\u{FFFD}A"))
    }

    @Test(
        "invalid JSON is an error with a line and column",
        arguments: [
            (#"{"a": 1,}"#, 1, 9), (#"[1, 2"#, 1, 6), (#"{"a" 1}"#, 1, 6), ("{\n  \"a\": tru\n}", 2, 8),
            (#""a"x"#, 1, 4), (#"01"#, 1, 2), ("\"a\u{1}\"", 1, 3), (#""\x""#, 1, 3), (#"{"a":1,"a":2}"#, 1, 8),
            ("", 1, 1), ("1e999", 1, 6), ("[-1e309]", 1, 8),
        ])
    func errors(_ text: String, _ line: Int, _ column: Int) {
        #expect(throws: JSONParser.Error.self) { try JSONParser.parse(text) }
        do {
            _ = try JSONParser.parse(text)
        } catch {
            #expect(error.line == line)
            #expect(error.column == column)
        }
    }

    @Test("nesting deeper than the limit is an error, not a crash")
    func depthLimit() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONParser.Error.self) { try JSONParser.parse(deep) }
        let fine = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect((try? JSONParser.parse(fine)) != nil)
    }

    @Test("serializing keeps member order and escapes control characters")
    func serializing() {
        let value = JSONValue.object(["z": .string("a\"b\\c\n\u{1}é"), "a": .array([.int(1), .null, .bool(true)])])
        #expect(value.serialized() == #"{"z":"a\"b\\c\n\u0001é","a":[1,null,true]}"#)
    }

    @Test("serialize then parse gives the same value")
    func roundTrip() throws {
        let value = JSONValue.object([
            "input": .string("\u{FEFF}\u{0}\u{7F}\u{2028}x"), "n": .double(0.5), "list": .array([.object([:])]),
        ])
        #expect(try JSONParser.parse(value.serialized()) == value)
    }

    @Test("keys are compared code point by code point: two spellings of café are two keys")
    func keysByCodePoint() throws {
        let value = try JSONParser.parse(#"{"caf\u00e9": 1, "cafe\u0301": 2}"#)
        #expect(value["caf\u{E9}"] == .int(1))
        #expect(value["cafe\u{301}"] == .int(2))
    }
}
