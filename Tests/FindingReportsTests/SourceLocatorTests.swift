import FindingReports
import Findings
import Testing

@Suite("Source locator: a finding's key at its line and column")
struct SourceLocatorTests {
    static func locate(_ text: String, path: String = "file.json") throws -> any PointerLocating {
        try #require(SourceLocator.locator(path: path, bytes: Array(text.utf8)))
    }

    @Test("JSON: a member at its name, an array element at itself, the root at its first character")
    func json() throws {
        let text = "\n{\n  \"applinks\": {\n    \"details\": [\n      {\"appIDs\": []}, 7\n    ]\n  }\n}\n"
        let locator = try Self.locate(text)
        #expect(locator.position(of: "/") == SourcePosition(line: 2, column: 1))
        #expect(locator.position(of: "") == SourcePosition(line: 2, column: 1))
        #expect(locator.position(of: "/applinks") == SourcePosition(line: 3, column: 3))
        #expect(locator.position(of: "/applinks/details/0") == SourcePosition(line: 5, column: 7))
        #expect(locator.position(of: "/applinks/details/0/appIDs") == SourcePosition(line: 5, column: 8))
        #expect(locator.position(of: "/applinks/details/1") == SourcePosition(line: 5, column: 23))
    }

    @Test("JSON: a missing member is placed at the nearest ancestor the file has")
    func jsonNearest() throws {
        let locator = try Self.locate("{\"a\": {\"b\": 1}}")
        #expect(locator.position(of: "/a/c/d") == SourcePosition(line: 1, column: 2))
        #expect(locator.position(of: "/webcredentials") == SourcePosition(line: 1, column: 1))
        #expect(locator.position(of: "/a/b/9") == SourcePosition(line: 1, column: 8))
    }

    @Test("JSON: pointer escapes (~1 is /, ~0 is ~), a repeated key at its last occurrence")
    func jsonEscapes() throws {
        let locator = try Self.locate("{\"/\": 1, \"a~b\": 2, \"k\": 1,\n\"k\": 2}")
        #expect(locator.position(of: "/~1") == SourcePosition(line: 1, column: 2))
        #expect(locator.position(of: "/a~0b") == SourcePosition(line: 1, column: 10))
        #expect(locator.position(of: "/k") == SourcePosition(line: 2, column: 1))
    }

    @Test("JSON: columns count Unicode scalars; CR, LF and CR LF end lines; a byte order mark is no column")
    func jsonColumnsAndLines() throws {
        let text = "\u{FEFF}{\"é😀\": 1,\r\n\"b\": 2,\r\"c\": 3}"
        let locator = try Self.locate(text)
        #expect(locator.position(of: "/é😀") == SourcePosition(line: 1, column: 2))
        #expect(locator.position(of: "/b") == SourcePosition(line: 2, column: 1))
        #expect(locator.position(of: "/c") == SourcePosition(line: 3, column: 1))
        let after = try Self.locate("{\"é😀\": [1, 2]}")
        #expect(after.position(of: "/é😀/1") == SourcePosition(line: 1, column: 12))
    }

    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>CFBundleIdentifier</key>
        \t<string>com.example.shop</string>
        \t<key>WKAppBoundDomains</key>
        \t<array>
        \t\t<string>shop.example</string>
        \t\t<string>*.example.com</string>
        \t</array>
        \t<key>IntuneMAMSettings</key>
        \t<dict>
        \t\t<key>TreatAllWebViewsAsUnmanaged</key>
        \t\t<true/>
        \t</dict>
        </dict>
        </plist>
        """

    @Test("XML property list: a member at its <key>, an element at itself, the DOCTYPE skipped unread")
    func propertyList() throws {
        let locator = try Self.locate(Self.plist, path: "Info.plist")
        #expect(locator.position(of: "/") == SourcePosition(line: 4, column: 1))
        #expect(locator.position(of: "/CFBundleIdentifier") == SourcePosition(line: 5, column: 2))
        #expect(locator.position(of: "/WKAppBoundDomains") == SourcePosition(line: 7, column: 2))
        #expect(locator.position(of: "/WKAppBoundDomains/1") == SourcePosition(line: 10, column: 3))
        #expect(
            locator.position(of: "/IntuneMAMSettings/TreatAllWebViewsAsUnmanaged")
                == SourcePosition(line: 14, column: 3))
    }

    @Test("XML property list: a missing key or index is placed at the nearest ancestor")
    func propertyListNearest() throws {
        let locator = try Self.locate(Self.plist, path: "App.entitlements")
        #expect(locator.position(of: "/WKAppBoundDomains/9") == SourcePosition(line: 7, column: 2))
        #expect(locator.position(of: "/com.apple.developer.web-browser") == SourcePosition(line: 4, column: 1))
        #expect(locator.position(of: "/CFBundleIdentifier/0") == SourcePosition(line: 5, column: 2))
    }

    @Test("no lines: a binary property list, a Mach-O file, text that is not UTF-8, other XML, plain text")
    func notText() {
        #expect(SourceLocator.locator(path: "Info.plist", bytes: Array("bplist00\u{1}".utf8)) == nil)
        #expect(SourceLocator.locator(path: "App", bytes: [0xCF, 0xFA, 0xED, 0xFE, 0x07, 0x00]) == nil)
        #expect(SourceLocator.locator(path: "a.json", bytes: [0x7B, 0xFF, 0x7D]) == nil)
        #expect(SourceLocator.locator(path: "config.xml", bytes: Array("<widget/>".utf8)) == nil)
        #expect(SourceLocator.locator(path: "notes.txt", bytes: Array("hello".utf8)) == nil)
        #expect(SourceLocator.locator(path: "broken.json", bytes: Array("{\"a\": ".utf8)) == nil)
    }

    @Test("a custom locator is asked first; a reader's own places answer for their ancestors' children")
    func custom() throws {
        let placed = KeyPositionsLocator(["/allowedOrigins/0": SourcePosition(line: 9, column: 31)])
        let locator = try #require(
            SourceLocator.locator(
                path: "Settings.swift", bytes: Array("let x = 1".utf8),
                custom: [
                    { path, _ in
                        path.hasSuffix(".swift") ? placed : nil
                    }
                ]))
        #expect(locator.position(of: "/allowedOrigins/0") == SourcePosition(line: 9, column: 31))
        #expect(locator.position(of: "/allowedOrigins/0/x") == SourcePosition(line: 9, column: 31))
        #expect(locator.position(of: "/rootUrl") == SourcePosition(line: 1, column: 1))
    }
}
