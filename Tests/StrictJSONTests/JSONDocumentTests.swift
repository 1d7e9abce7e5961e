import StrictJSON
import Testing

/// What the parser keeps besides the value: where the root object's members are written, and the
/// pointers of keys read twice.
@Suite("JSON parser: member texts and repeated keys")
struct JSONDocumentTests {
    @Test("each root member's text is kept exactly as written, spacing and escapes included")
    func memberTexts() throws {
        let text = #"{"rules" : {"allow": [ "a\u002ecom" ]} ,"cases":[1, 2.5e1], "n": null}"#
        let document = try JSONParser.document(text, duplicateKeys: .reject)
        #expect(document.value == (try JSONParser.parse(text)))
        func member(_ key: String) -> String? {
            document.text(ofMember: key).map { String(decoding: $0, as: UTF8.self) }
        }
        #expect(member("rules") == #"{"allow": [ "a\u002ecom" ]}"#)
        #expect(member("cases") == "[1, 2.5e1]")
        #expect(member("n") == "null")
        #expect(member("allow") == nil, "only the root object's members")
        #expect(member("missing") == nil)
    }

    @Test("a root that is not an object has no member texts; a key read twice gives the later text")
    func otherRoots() throws {
        #expect(try JSONParser.document(#"[{"a": 1}]"#, duplicateKeys: .reject).text(ofMember: "a") == nil)
        let repeated = try JSONParser.document(#"{"a": 1, "a": [2]}"#, duplicateKeys: .keepLast)
        #expect(repeated.value == .object([.init("a", .array([.int(2)]))]))
        #expect(repeated.text(ofMember: "a").map { Array($0) } == Array("[2]".utf8))
        #expect(throws: JSONParser.Error.self) { try JSONParser.document(#"{"a": 1, "a": 2}"#, duplicateKeys: .reject) }
    }

    @Test("keys read twice are reported by their JSON pointers, array indices and escaped names included")
    func repeatedKeyPointers() throws {
        let text = #"{"x": [{"k": 1}, {"a/b": 1, "a/b": 2, "k": {"~": 0, "~": 1}}], "x": 0}"#
        let parsed = try JSONParser.parse(text, duplicateKeys: .keepLast)
        #expect(parsed.repeatedKeys == ["/x/1/a~1b", "/x/1/k/~0", "/x"])
        #expect(parsed.value == .object([.init("x", .int(0))]))
    }
}
