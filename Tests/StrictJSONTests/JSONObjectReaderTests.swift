import StrictJSON
import Testing

/// The member-by-member reader that scenario files and framework configurations are read with: its
/// errors at the member's JSON pointer, in the reader's own error type.
struct JSONObjectReaderTests {
    struct Failure: JSONShapeError, Equatable {
        let pointer: String
        let message: String
        init(_ pointer: String, _ message: String) { (self.pointer, self.message) = (pointer, message) }
    }

    static func reader(_ text: String, at pointer: String = "/app") throws -> JSONObjectReader<Failure> {
        try JSONObjectReader<Failure>(try JSONParser.parse(text), at: pointer)
    }

    @Test("members read by type; absent and null members are nil; a wrong type names the member")
    func members() throws {
        var reader = try Self.reader(#"{"name": "a", "on": true, "count": 3, "list": [1], "gone": null}"#)
        #expect(try reader.string("name") == "a")
        #expect(try reader.bool("on") == true)
        #expect(try reader.int("count") == 3)
        #expect(try reader.array("list") == [.int(1)])
        #expect(try reader.string("gone") == nil)
        #expect(try reader.string("missing") == nil)
        #expect(throws: Failure("/app/name", "expected true or false, found a string")) { try reader.bool("name") }
        #expect(throws: Failure("/app/other", "missing (a string is required)")) {
            try reader.requiredString("other")
        }
    }

    @Test("a key nobody read is an error naming the expected ones; ~ and / are escaped in its pointer")
    func unknownKey() throws {
        var reader = try Self.reader(#"{"name": "a", "a/b~c": 1}"#)
        _ = try reader.string("name")
        #expect(reader.path("a/b~c") == "/app/a~1b~0c")
        #expect(throws: Failure("/app/a~1b~0c", "unknown key \"a/b~c\" (expected one of: name)")) {
            try reader.finish(expected: ["name"])
        }
    }

    @Test("not an object: an error at the object's own pointer")
    func notAnObject() {
        #expect(throws: Failure("/app", "expected an object, found an array")) { try Self.reader("[]") }
    }
}
