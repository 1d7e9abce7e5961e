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
            guard let (value, text) = document.member(key) else { return nil }
            #expect(value == document.value[key])
            return String(decoding: text, as: UTF8.self)
        }
        #expect(member("rules") == #"{"allow": [ "a\u002ecom" ]}"#)
        #expect(member("cases") == "[1, 2.5e1]")
        #expect(member("n") == "null")
        #expect(member("allow") == nil, "only the root object's members")
        #expect(member("missing") == nil)
    }

    @Test("a root that is not an object has no member texts; a key read twice gives the later text")
    func otherRoots() throws {
        #expect(try JSONParser.document(#"[{"a": 1}]"#, duplicateKeys: .reject).member("a") == nil)
        let repeated = try JSONParser.document(#"{"a": 1, "a": [2]}"#, duplicateKeys: .keepLast)
        #expect(repeated.value == .object([.init("a", .array([.int(2)]))]))
        #expect(repeated.member("a")?.value == .array([.int(2)]))
        #expect(repeated.member("a").map { Array($0.text) } == Array("[2]".utf8))
        #expect(throws: JSONParser.Error.self) { try JSONParser.document(#"{"a": 1, "a": 2}"#, duplicateKeys: .reject) }
    }

    @Test("a root array keeps the member texts of each object in it, element by element")
    func elementMemberTexts() throws {
        let text = #"[{"aasa" : {"a": [ 1 ]}, "id": 1}, 7, {"id": 2}, {"aasa":"x", "aasa" : { "b" : 2 }}, {}]"#
        let document = try JSONParser.document(text, duplicateKeys: .keepLast)
        #expect(document.value == (try JSONParser.parse(text, duplicateKeys: .keepLast).value))
        func member(_ key: String, _ index: Int) -> String? {
            guard let (value, text) = document.member(key, ofElement: index) else { return nil }
            #expect(value == document.value[index]?[key])
            return String(decoding: text, as: UTF8.self)
        }
        #expect(member("aasa", 0) == #"{"a": [ 1 ]}"#)
        #expect(member("id", 0) == "1")
        #expect(member("a", 0) == nil, "only the members of the array's own objects")
        #expect(member("id", 1) == nil, "an element that is not an object")
        #expect(member("id", 2) == "2")
        #expect(member("aasa", 2) == nil)
        #expect(member("aasa", 3) == "{ \"b\" : 2 }", "a key read twice: the later text, the one kept")
        #expect(member("id", 4) == nil)
        #expect(member("id", 5) == nil, "past the end")
        #expect(member("id", -1) == nil)
        #expect(document.member("id") == nil, "a root array has no root members")
        let nested = try JSONParser.document(#"[[{"a": 1}], {"b": {"c": 2}}]"#, duplicateKeys: .reject)
        #expect(nested.member("a", ofElement: 0) == nil)
        #expect(nested.member("c", ofElement: 1) == nil)
        #expect(nested.member("b", ofElement: 1).map { Array($0.text) } == Array(#"{"c": 2}"#.utf8))
        let object = try JSONParser.document(#"{"x": {"a": 1}}"#, duplicateKeys: .reject)
        #expect(object.member("a", ofElement: 0) == nil, "a root object has no elements")
        // A key of a deeper object, written after the element's own: the element's text, not it.
        let deeper = try JSONParser.document(
            #"[{"a": 1, "b": {"a": 2}}, {"b": [{"a": 3}], "a": 4}]"#, duplicateKeys: .reject)
        #expect(deeper.member("a", ofElement: 0).map { Array($0.text) } == Array("1".utf8))
        #expect(deeper.member("a", ofElement: 1).map { Array($0.text) } == Array("4".utf8))
        let root = try JSONParser.document(#"{"a": 1, "b": {"a": 2}}"#, duplicateKeys: .reject)
        #expect(root.member("a").map { Array($0.text) } == Array("1".utf8))
    }

    @Test(
        "an object of many keys each written twice: the later values in the first places, or an error at the first repeat"
    )
    func manyRepeatedKeys() throws {
        let keys = (0..<40).map { "k\($0)" }
        let text =
            "{" + (keys.map { "\"\($0)\": 1" } + keys.map { "\"\($0)\": \"\($0)\"" }).joined(separator: ", ") + "}"
        let document = try JSONParser.document(text, duplicateKeys: .keepLast)
        #expect(document.value == .object(keys.map { .init($0, .string($0)) }))
        #expect(document.member("k39").map { Array($0.text) } == Array("\"k39\"".utf8))
        #expect(try JSONParser.parse(text, duplicateKeys: .keepLast).repeatedKeys == keys.map { "/" + $0 })
        let error = #expect(throws: JSONParser.Error.self) { try JSONParser.document(text, duplicateKeys: .reject) }
        #expect(error?.description == "line 1, column 392: duplicate key \"k0\"")
    }

    @Test("keys read twice are reported by their JSON pointers, array indices and escaped names included")
    func repeatedKeyPointers() throws {
        let text = #"{"x": [{"k": 1}, {"a/b": 1, "a/b": 2, "k": {"~": 0, "~": 1}}], "x": 0}"#
        let parsed = try JSONParser.parse(text, duplicateKeys: .keepLast)
        #expect(parsed.repeatedKeys == ["/x/1/a~1b", "/x/1/k/~0", "/x"])
        #expect(parsed.value == .object([.init("x", .int(0))]))
    }

    @Test(
        "errors at the edges of a string's plain run: where it ends unterminated, a control character after text or an escape"
    )
    func stringErrors() {
        func error(_ text: String) -> String? {
            do throws(JSONParser.Error) {
                _ = try JSONParser.document(text, duplicateKeys: .reject)
                return nil
            } catch {
                #expect((try? JSONParser.parse(text)) == nil, "parse refuses what the document refuses")
                return error.description
            }
        }
        #expect(error(#""abc"#) == "line 1, column 5: unterminated string")
        #expect(error("\"\u{E9}\u{1}\"") == "line 1, column 3: control character 0x1 in a string must be escaped")
        #expect(error("\"\\n\u{1}\"") == "line 1, column 4: control character 0x1 in a string must be escaped")
        #expect(error(#""ab\"#) == "line 1, column 5: unterminated escape")
        #expect(error(#""ab\u00"#) == #"line 1, column 6: incomplete \u escape"#)
        #expect(error("[\"a\",\n \"b\tc\"]") == "line 2, column 4: control character 0x9 in a string must be escaped")
    }
}
