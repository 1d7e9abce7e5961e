import StrictXML
import Testing

/// Parses `text` as UTF-8.
private func parse(_ text: String) throws(XMLError) -> XMLReader.Element {
    try XMLReader.parse(Array(text.utf8))
}

/// What reading `bytes` throws, as `line L, column C: message`; names the root when nothing is thrown.
private func failure(_ bytes: [UInt8]) -> String {
    do {
        let root = try XMLReader.parse(bytes)
        return "no error: <\(root.name)>"
    } catch {
        return error.description
    }
}

/// What reading `text` as UTF-8 throws (see the other `failure`).
private func failure(_ text: String) -> String { failure(Array(text.utf8)) }

/// `text` as UTF-8 with `bytes` inserted at the `|`.
private func bytes(_ text: String, inserting inserted: [UInt8]) -> [UInt8] {
    let parts = text.split(separator: "|", omittingEmptySubsequences: false)
    return Array(parts[0].utf8) + inserted + Array(parts[1].utf8)
}

/// A cordova-ios 8 app's `config.xml`, in the shape of the template `cordova create` writes.
private let cordovaConfig = """
    <?xml version='1.0' encoding='utf-8'?>
    <widget id="io.cordova.hellocordova" version="1.0.0" xmlns="http://www.w3.org/ns/widgets" \
    xmlns:cdv="http://cordova.apache.org/ns/1.0" xmlns:android="http://schemas.android.com/apk/res/android">
        <name>HelloCordova</name>
        <description>Sample Apache Cordova App</description>
        <author email="dev@cordova.apache.org" href="https://cordova.apache.org">
            Apache Cordova Team
        </author>
        <!-- The page the web view loads first. -->
        <content src="index.html" />
        <access origin="*" />
        <allow-intent href="http://*/*" />
        <allow-intent href="https://*/*" />
        <allow-intent href="tel:*" />
        <allow-intent href="sms:*" />
        <allow-intent href="mailto:*" />
        <allow-intent href="geo:*" />
        <allow-intent href="itms:*" />
        <allow-intent href="itms-apps:*" />
        <allow-navigation href="https://*.example.com/*" />
        <preference name="DisallowOverscroll" value="false" />
        <preference name="BackgroundColor" value="0xff000000" />
        <platform name="ios">
            <preference name="LimitsNavigationsToAppBoundDomains" value="true" />
            <edit-config file="*-Info.plist" mode="merge" target="WKAppBoundDomains">
                <array>
                    <string>example.com</string>
                </array>
            </edit-config>
            <config-file parent="NSCameraUsageDescription" target="*-Info.plist">
                <string>Takes photos &amp; scans codes</string>
            </config-file>
        </platform>
    </widget>

    """

@Suite struct CordovaTemplateTests {
    @Test func widget() throws {
        let widget = try parse(cordovaConfig)
        #expect(widget.name == "widget")
        #expect(widget.line == 2)
        #expect(widget.column == 1)
        #expect(widget.attributes.map(\.name) == ["id", "version", "xmlns", "xmlns:cdv", "xmlns:android"])
        #expect(widget.attribute("id") == "io.cordova.hellocordova")
        #expect(widget.attribute("version") == "1.0.0")
        #expect(widget.attribute("xmlns:cdv") == "http://cordova.apache.org/ns/1.0")
        #expect(widget.attribute("cdv") == nil)
    }

    @Test func childrenInOrder() throws {
        let widget = try parse(cordovaConfig)
        #expect(
            widget.children.map(\.name) == [
                "name", "description", "author", "content", "access", "allow-intent", "allow-intent", "allow-intent",
                "allow-intent", "allow-intent", "allow-intent", "allow-intent", "allow-intent", "allow-navigation",
                "preference", "preference", "platform",
            ])
        // The text between the children: 18 line breaks with indentation (the comment splits one), then
        // the line break before </widget>.
        #expect(widget.text == String(repeating: "\n    ", count: 18) + "\n")
    }

    @Test func nameDescriptionAuthor() throws {
        let widget = try parse(cordovaConfig)
        #expect(widget.elements(named: "name").map(\.text) == ["HelloCordova"])
        #expect(widget.elements(named: "description").map(\.text) == ["Sample Apache Cordova App"])
        let author = try #require(widget.elements(named: "author").first)
        #expect(author.text == "\n        Apache Cordova Team\n    ")
        #expect(author.attribute("email") == "dev@cordova.apache.org")
        #expect(author.attribute("href") == "https://cordova.apache.org")
        #expect((author.line, author.column) == (5, 5))
    }

    @Test func contentAndAccess() throws {
        let widget = try parse(cordovaConfig)
        let content = try #require(widget.elements(named: "content").first)
        #expect(content.attribute("src") == "index.html")
        #expect((content.line, content.column) == (9, 5))
        #expect(content.children.isEmpty && content.text.isEmpty)
        #expect(widget.elements(named: "access").map { $0.attribute("origin") } == ["*"])
        #expect(
            widget.elements(named: "allow-navigation").map { $0.attribute("href") } == ["https://*.example.com/*"])
    }

    @Test func allowIntents() throws {
        let widget = try parse(cordovaConfig)
        #expect(
            widget.elements(named: "allow-intent").map { $0.attribute("href") } == [
                "http://*/*", "https://*/*", "tel:*", "sms:*", "mailto:*", "geo:*", "itms:*", "itms-apps:*",
            ])
        #expect(widget.elements(named: "allow-intent").map(\.line) == Array(11...18))
    }

    @Test func preferences() throws {
        let widget = try parse(cordovaConfig)
        let preferences = widget.elements(named: "preference").map {
            "\($0.attribute("name")!)=\($0.attribute("value")!)"
        }
        #expect(preferences == ["DisallowOverscroll=false", "BackgroundColor=0xff000000"])
    }

    @Test func iosPlatform() throws {
        let widget = try parse(cordovaConfig)
        let platforms = widget.elements(named: "platform")
        #expect(platforms.map { $0.attribute("name") } == ["ios"])
        let ios = platforms[0]
        #expect(ios.children.map(\.name) == ["preference", "edit-config", "config-file"])
        let preference = ios.elements(named: "preference")[0]
        #expect(preference.attributes.map(\.name) == ["name", "value"])
        #expect(preference.attribute("name") == "LimitsNavigationsToAppBoundDomains")
        #expect(preference.attribute("value") == "true")
    }

    @Test func editConfig() throws {
        let ios = try parse(cordovaConfig).elements(named: "platform")[0]
        let editConfig = ios.elements(named: "edit-config")[0]
        #expect(editConfig.attribute("file") == "*-Info.plist")
        #expect(editConfig.attribute("mode") == "merge")
        #expect(editConfig.attribute("target") == "WKAppBoundDomains")
        #expect((editConfig.line, editConfig.column) == (24, 9))
        let array = editConfig.elements(named: "array")
        #expect(array.count == 1)
        let strings = array[0].elements(named: "string")
        #expect(strings.map(\.text) == ["example.com"])
        #expect((strings[0].line, strings[0].column) == (26, 17))
        let configFile = ios.elements(named: "config-file")[0]
        #expect(configFile.attribute("parent") == "NSCameraUsageDescription")
        #expect(configFile.elements(named: "string").map(\.text) == ["Takes photos & scans codes"])
    }

    @Test func sameDocumentParsesEqual() throws {
        let first = try parse(cordovaConfig)
        let second = try XMLReader.parse(cordovaConfig.utf8)
        #expect(first == second)
        #expect(Set([first, second]).count == 1)
        #expect(try parse(" <r/>") != parse("<r/>"))  // the column differs
    }
}

@Suite struct AcceptedTests {
    @Test func byteOrderMark() throws {
        let root = try XMLReader.parse([0xEF, 0xBB, 0xBF] + Array("<?xml version=\"1.0\"?><a x='1'/>".utf8))
        #expect(root.name == "a")
        #expect(root.attribute("x") == "1")
        #expect((root.line, root.column) == (1, 22))
        #expect(failure([0xEF, 0xBB, 0xBF] + Array("<a>".utf8)) == "line 1, column 1: the element <a> is not closed")
    }

    @Test func xmlDeclarations() throws {
        let declarations = [
            #"<?xml version="1.0"?>"#, "<?xml version='1.0' encoding='UTF-8' standalone='yes'?>",
            #"<?xml version="1.1" standalone="no" ?>"#, "<?xml \n version = \"1.0\"\tencoding = 'utf-8'?>",
        ]
        for declaration in declarations {
            #expect(try parse(declaration + "\n<r/>").name == "r")
        }
    }

    @Test func comments() throws {
        let root = try parse("<!-- a --><!----><r>x<!-- <b>&amp; ' \" - -->y</r>\n<!-- c -->\n")
        #expect(root.name == "r")
        #expect(root.text == "xy")
        #expect(root.children.isEmpty)
    }

    @Test func processingInstructionsAreSkipped() throws {
        let root = try parse(#"<?xml-stylesheet href="s.css"?><r><?php echo 1; ?>a<?pi?>b</r><?after ?>"#)
        #expect(root.text == "ab")
        #expect(root.children.isEmpty)
    }

    @Test func cdata() throws {
        let root = try parse("<r><![CDATA[<b>&amp;]]]]><![CDATA[>]]><![CDATA[]]>tail\r\n<![CDATA[\r\n]]></r>")
        #expect(root.text == "<b>&amp;]]>tail\n\n")
        #expect(root.children.isEmpty)
    }

    @Test func predefinedEntities() throws {
        let root = try parse(#"<r a="&lt;&gt;&amp;&apos;&quot;">&lt;&gt;&amp;&apos;&quot;</r>"#)
        #expect(root.text == #"<>&'""#)
        #expect(root.attribute("a") == #"<>&'""#)
    }

    @Test func characterReferences() throws {
        let root = try parse(
            #"<r a="x&#10;y&#x9;z&#13;">&#65;&#x42;&#x00043;&#0000233;&#x1F600;&#xfffd;&#x10FFFF;</r>"#)
        #expect(root.text == "ABCé😀\u{FFFD}\u{10FFFF}")
        #expect(root.attribute("a") == "x\ny\tz\r")
    }

    @Test func quotes() throws {
        let root = try parse(#"<r a='say "hi"' b="it's" c=''/>"#)
        #expect(root.attributes.map(\.value) == [#"say "hi""#, "it's", ""])
    }

    @Test func attributeValueNormalisation() throws {
        let root = try parse("<r a=\"x\ty\nz\r\nw\rv  u\"/>")
        #expect(root.attribute("a") == "x y z w v  u")
    }

    @Test func lineEndsInText() throws {
        let root = try parse("<r>a\r\nb\rc\nd\r\r\n</r>")
        #expect(root.text == "a\nb\nc\nd\n\n")
    }

    @Test func positionsAcrossLineEnds() throws {
        let root = try parse("<r>\r\n<a/>\r  <b/>\n\t<c/>\r\n\r\n<d/></r>")
        #expect(root.children.map { "\($0.name)@\($0.line):\($0.column)" } == ["a@2:1", "b@3:3", "c@4:2", "d@6:1"])
    }

    @Test func selfClosingTags() throws {
        let root = try parse(#"<r><a/><b x="1" /><c></c></r>"#)
        #expect(root.children.map(\.name) == ["a", "b", "c"])
        #expect(root.children[1].attribute("x") == "1")
        #expect(root.children.allSatisfy { $0.children.isEmpty && $0.text.isEmpty })
    }

    @Test func namespacedNames() throws {
        let root = try parse(
            #"<widget xmlns:cdv="urn:cdv" xmlns:android="urn:a"><cdv:plugin android:name="x"/></widget>"#)
        #expect(root.attribute("xmlns:android") == "urn:a")
        let plugins = root.elements(named: "cdv:plugin")
        #expect(plugins.map { $0.attribute("android:name") } == ["x"])
        #expect(plugins[0].attribute("name") == nil)
        #expect(root.elements(named: "plugin").isEmpty)
    }

    @Test func whitespaceInsideTags() throws {
        let root = try parse("<r\n\ta = \"1\"\r\n  b\t=\t'2'\n></r\n>")
        #expect(root.attributes.map { "\($0.name)=\($0.value)" } == ["a=1", "b=2"])
    }

    @Test func unicodeNamesAndText() throws {
        let root = try parse("<café nom=\"été\"><名前 _x.y-z·\u{301}=\"1\">テキスト</名前></café>")
        #expect(root.name == "café")
        #expect(root.attribute("nom") == "été")
        #expect(root.children.map(\.text) == ["テキスト"])
        #expect(root.children[0].attribute("_x.y-z·\u{301}") == "1")
    }

    @Test func namesAreComparedCodePointByCodePoint() throws {
        // "é" precomposed and "e" with a combining acute are different names to XML.
        let root = try parse("<a \u{E9}=\"1\" e\u{301}=\"2\"><b\u{E9}></b\u{E9}></a>")
        #expect(root.attributes.map(\.value) == ["1", "2"])
        #expect(root.attribute("e\u{301}") == "2")
        #expect(root.elements(named: "be\u{301}").isEmpty)
        #expect(failure("<b\u{E9}></be\u{301}>").hasPrefix("line 1, column 5: the end tag </be\u{301}> does not match"))
    }

    @Test func lookups() throws {
        let root = try parse(#"<r><a id="1"><a id="2"/></a><b/><a id="3"/></r>"#)
        #expect(root.elements(named: "a").map { $0.attribute("id") } == ["1", "3"])
        #expect(root.elements(named: "c").isEmpty)
        #expect(root.attribute("id") == nil)
        #expect(root.children[0].children.map { $0.attribute("id") } == ["2"])
    }

    @Test func attributeOrderIsKept() throws {
        #expect(try parse(#"<r z="1" a="2" m="3"/>"#).attributes.map(\.name) == ["z", "a", "m"])
    }

    @Test func mixedContent() throws {
        let root = try parse("<r>a<b>inner</b>c&amp;<d/>e</r>")
        #expect(root.text == "ac&e")
        #expect(root.children.map(\.text) == ["inner", ""])
    }

    @Test func greaterThanAndBracketsInText() throws {
        let root = try parse(#"<r a="x>y]]>z">a > b ]] c ]></r>"#)
        #expect(root.attribute("a") == "x>y]]>z")
        #expect(root.text == "a > b ]] c ]>")
    }

    @Test func whitespaceAroundTheRoot() throws {
        let root = try parse(" \n\t\r\n<r/> \r\n\t")
        #expect((root.line, root.column) == (3, 1))
    }

    @Test func anyCollectionOfBytes() throws {
        let text = "xx<r>1</r>yy"
        #expect(try XMLReader.parse(Array(text.utf8)[2..<10]).text == "1")
        #expect(try XMLReader.parse("<r>2</r>".utf8).text == "2")
    }

    @Test func deepestNestingAccepted() throws {
        let depth = XMLReader.maximumDepth
        #expect(depth == 256)
        var element = try parse(String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth))
        var levels = 1
        while let child = element.children.first {
            element = child
            levels += 1
        }
        #expect(levels == 256)
        #expect(element.column == 3 * 255 + 1)
    }

    @Test func errorValue() {
        do {
            _ = try parse("<a>\n  <b></a>")
            Issue.record("no error")
        } catch {
            #expect(error.line == 2)
            #expect(error.column == 6)
            #expect(error.message == "the end tag </a> does not match the start tag <b> at line 2, column 3")
            #expect(error.description == "line 2, column 6: " + error.message)
        }
    }
}

@Suite struct RejectedTests {
    @Test func emptyInput() {
        #expect(failure("") == "line 1, column 1: the document is empty")
        #expect(failure([0xEF, 0xBB, 0xBF]) == "line 1, column 1: the document is empty")
        #expect(failure("  <!-- c -->\n") == "line 2, column 1: the document has no root element")
        #expect(failure("<?xml version='1.0'?>") == "line 1, column 22: the document has no root element")
    }

    @Test func mismatchedTags() {
        #expect(
            failure("<a>\n  <b></a>")
                == "line 2, column 6: the end tag </a> does not match the start tag <b> at line 2, column 3")
        #expect(
            failure("<é>ü</e>")
                == "line 1, column 5: the end tag </e> does not match the start tag <é> at line 1, column 1")
        #expect(failure("</a>") == "line 1, column 1: the end tag </a> has no start tag")
        #expect(failure("<a/></a>") == "line 1, column 5: the end tag </a> has no start tag")
    }

    @Test func unclosedTags() {
        #expect(failure("<a>\n<b>\n<c/>") == "line 2, column 1: the element <b> is not closed")
        #expect(failure("<a x='1'") == "line 1, column 1: the start tag <a> is not closed")
        #expect(failure("<a x") == "line 1, column 5: expected '=' after the attribute name 'x'")
        #expect(failure("<a></a") == "line 1, column 7: expected '>' to end the end tag </a>")
    }

    @Test func secondRoot() {
        #expect(failure("<a/>\n<b/>") == "line 2, column 1: a second root element (the root is <a>)")
        #expect(failure("<a></a><a></a>") == "line 1, column 8: a second root element (the root is <a>)")
    }

    @Test func textOutsideTheRoot() {
        #expect(failure("hello<a/>") == "line 1, column 1: text before the root element")
        #expect(failure("<a/>\n x") == "line 2, column 2: text after the root element")
        #expect(failure("<a/>&amp;") == "line 1, column 5: text after the root element")
        #expect(failure("<a/>\u{FEFF}") == "line 1, column 5: text after the root element")
        #expect(failure("<![CDATA[x]]><a/>") == "line 1, column 1: a CDATA section outside the root element")
    }

    @Test func duplicateAttributes() {
        #expect(failure(#"<a x="1" y="2" x="3"/>"#) == "line 1, column 16: the attribute 'x' appears twice in <a>")
        #expect(
            failure("<a\n  cdv:x='1'\n  cdv:x='1'/>") == "line 3, column 3: the attribute 'cdv:x' appears twice in <a>")
    }

    @Test func lessThanInAttributeValue() {
        #expect(
            failure(#"<a x="1<2"/>"#) == "line 1, column 8: '<' is not allowed in an attribute value (write '&lt;')")
        #expect(
            failure("<a x=\"1>\n</a>") == "line 2, column 1: '<' is not allowed in an attribute value (write '&lt;')")
    }

    @Test func undefinedEntities() {
        let message = "is not defined (without a DTD only &lt; &gt; &amp; &apos; &quot; are)"
        #expect(failure("<a>&nbsp;</a>") == "line 1, column 4: the entity '&nbsp;' " + message)
        #expect(failure(#"<a x="&foo;"/>"#) == "line 1, column 7: the entity '&foo;' " + message)
        #expect(failure("<a>&AMP;</a>") == "line 1, column 4: the entity '&AMP;' " + message)
    }

    @Test func malformedReferences() {
        let ampersand = "'&' must start a reference such as '&amp;' (write '&amp;' for a '&')"
        #expect(failure("<a>AT&T</a>") == "line 1, column 6: " + ampersand)
        #expect(failure("<a>&amp</a>") == "line 1, column 4: " + ampersand)
        #expect(failure("<a x='& '/>") == "line 1, column 7: " + ampersand)
        let decimal = "a character reference must have the form '&#' decimal digits ';'"
        #expect(failure("<a>&#;</a>") == "line 1, column 4: " + decimal)
        #expect(failure("<a>&#65</a>") == "line 1, column 4: " + decimal)
        #expect(failure("<a>&#X41;</a>") == "line 1, column 4: " + decimal)
        #expect(
            failure("<a>&#x;</a>")
                == "line 1, column 4: a character reference must have the form '&#x' hexadecimal digits ';'")
    }

    @Test func invalidCharacterReferences() {
        let cases = [
            ("&#0;", "is to U+0000, which XML does not allow"), ("&#x0;", "is to U+0000, which XML does not allow"),
            ("&#1;", "is to U+0001, which XML does not allow"), ("&#xD800;", "is to U+D800, which XML does not allow"),
            ("&#57343;", "is to U+DFFF, which XML does not allow"),
            ("&#xFFFE;", "is to U+FFFE, which XML does not allow"),
            ("&#x110000;", "is beyond U+10FFFF"), ("&#99999999999999999999999;", "is beyond U+10FFFF"),
            ("&#xFFFFFFFFFFFFFFFFFFFF;", "is beyond U+10FFFF"),
        ]
        for (reference, message) in cases {
            #expect(failure("<a>\n x" + reference + "</a>") == "line 2, column 3: the character reference " + message)
        }
    }

    @Test func invalidUTF8() {
        let notUTF8 = "the bytes here are not UTF-8"
        let cases: [([UInt8], String)] = [
            (bytes("<a>|</a>", inserting: [0x80]), "line 1, column 4: "),  // a lone continuation byte
            (bytes("<a>|</a>", inserting: [0xC0, 0xAF]), "line 1, column 4: "),  // overlong "/"
            (bytes("<a>|</a>", inserting: [0xE0, 0x80, 0xAF]), "line 1, column 4: "),  // overlong "/"
            (bytes("<a>|</a>", inserting: [0xED, 0xA0, 0x80]), "line 1, column 4: "),  // the surrogate U+D800
            (bytes("<a>|</a>", inserting: [0xF4, 0x90, 0x80, 0x80]), "line 1, column 4: "),  // U+110000
            (bytes("<a>|</a>", inserting: [0xF5, 0x80, 0x80, 0x80]), "line 1, column 4: "),
            (bytes("<a>|", inserting: [0xE2, 0x82]), "line 1, column 4: "),  // cut short by the end
            (bytes("<a>é|</a>", inserting: [0xFF]), "line 1, column 5: "),
            (bytes("<a x='|'/>", inserting: [0xC3]), "line 1, column 7: "),
            (bytes("<a|/>", inserting: [0xC3, 0x28]), "line 1, column 3: "),
            (bytes("<!-- | --><a/>", inserting: [0xFE]), "line 1, column 6: "),
            (bytes("<a/>\n|", inserting: [0xFF]), "line 2, column 1: "),
        ]
        for (input, position) in cases {
            #expect(failure(input) == position + notUTF8)
        }
    }

    @Test func charactersXMLDoesNotAllow() {
        #expect(failure("<a>\u{0}</a>") == "line 1, column 4: the character U+0000 is not allowed in XML")
        #expect(failure("<a x='\u{1B}'/>") == "line 1, column 7: the character U+001B is not allowed in XML")
        #expect(failure("<a>\u{FFFE}</a>") == "line 1, column 4: the character U+FFFE is not allowed in XML")
        #expect(failure("<a><!-- \u{FFFF} --></a>") == "line 1, column 9: the character U+FFFF is not allowed in XML")
        #expect(failure("<a>\u{8}</a>") == "line 1, column 4: the character U+0008 is not allowed in XML")
    }

    @Test func unterminatedConstructs() {
        #expect(failure("<a><!-- x</a>") == "line 1, column 4: the comment is not closed")
        #expect(failure("<a><![CDATA[x</a>") == "line 1, column 4: the CDATA section is not closed")
        #expect(failure("<a x=\"1>") == "line 1, column 6: the value of the attribute 'x' is not closed")
        #expect(failure("<a><?pi x</a>") == "line 1, column 4: the processing instruction is not closed")
        #expect(failure("<?xml version='1.0'") == "line 1, column 1: the XML declaration is not closed")
        #expect(failure("<?xml version='1.0") == "line 1, column 1: the XML declaration is not closed")
    }

    @Test func doctypeIsRejected() {
        let billionLaughs = """
            <?xml version="1.0"?>
            <!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;">]>
            <lolz>&lol2;</lolz>
            """
        let message = "a DOCTYPE is not accepted (no DTD is read and no entity is expanded)"
        #expect(failure(billionLaughs) == "line 2, column 1: " + message)
        #expect(failure("<a><!DOCTYPE a></a>") == "line 1, column 4: " + message)
        #expect(failure("<a><!ELEMENT a></a>") == "line 1, column 4: expected '<!--' or '<![CDATA[' after '<!'")
    }

    @Test("a property list's DOCTYPE, named by an external identifier only, is skipped when asked; nothing else is")
    func doctypeExternalIdentifierSkipped() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict/></plist>
            """
        let root = try XMLReader.parse(Array(plist.utf8), doctype: .skipExternalIdentifier)
        #expect(root.name == "plist" && root.line == 3 && root.children.map(\.name) == ["dict"])
        // A quoted '>' or '[' is part of a literal, not the end or a subset.
        let quoted = "<!DOCTYPE a SYSTEM 'x>[y'><a/>"
        #expect(try XMLReader.parse(Array(quoted.utf8), doctype: .skipExternalIdentifier).name == "a")
        func skipping(_ text: String) -> String {
            do {
                _ = try XMLReader.parse(Array(text.utf8), doctype: .skipExternalIdentifier)
                return "read"
            } catch { return error.description }
        }
        #expect(
            skipping("<!DOCTYPE lolz [<!ENTITY lol \"lol\">]><lolz>&lol;</lolz>")
                == "line 1, column 16: a DOCTYPE with an internal subset is not accepted (it could declare entities)")
        #expect(skipping("<!DOCTYPE a SYSTEM \"x") == "line 1, column 20: the DOCTYPE's quoted literal is not closed")
        #expect(skipping("<!DOCTYPE a") == "line 1, column 1: the DOCTYPE is not closed")
        // Only before the root: inside it a DOCTYPE is the same error as always.
        #expect(
            skipping("<a><!DOCTYPE a></a>")
                == "line 1, column 4: a DOCTYPE is not accepted (no DTD is read and no entity is expanded)")
        // Without the option, a property list's DOCTYPE is refused as before.
        #expect(failure(plist).hasSuffix("a DOCTYPE is not accepted (no DTD is read and no entity is expanded)"))
    }

    @Test func nestingLimit() {
        let message = "elements are nested more than 256 deep"
        #expect(failure(String(repeating: "<a>", count: 257)) == "line 1, column 769: " + message)
        // A hostile depth fails at the same place, without recursion.
        #expect(failure(String(repeating: "<a>", count: 100_000)) == "line 1, column 769: " + message)
        #expect(failure(String(repeating: "<a>\n", count: 300)) == "line 257, column 1: " + message)
    }

    @Test func doubleHyphenInComment() {
        #expect(failure("<a><!-- a -- b --></a>") == "line 1, column 11: '--' is not allowed inside a comment")
        #expect(failure("<a><!-- x ---></a>") == "line 1, column 11: '--' is not allowed inside a comment")
    }

    @Test func cdataEndInText() {
        #expect(failure("<a>x]]>y</a>") == "line 1, column 5: ']]>' is not allowed in text (write ']]&gt;')")
    }

    @Test func misplacedOrBadDeclarations() {
        let first = "the XML declaration must be at the very start of the document"
        #expect(failure(" <?xml version='1.0'?><a/>") == "line 1, column 2: " + first)
        #expect(failure("<a/><?xml version='1.0'?>") == "line 1, column 5: " + first)
        #expect(
            failure("<?XML version='1.0'?><a/>")
                == "line 1, column 3: the processing instruction target 'XML' is reserved")
        #expect(failure("<a><?xMl ?></a>") == "line 1, column 6: the processing instruction target 'xMl' is reserved")
        #expect(
            failure(#"<?xml version="2.0"?><a/>"#)
                == "line 1, column 15: the version '2.0' of the XML declaration must be 1.0 (or another 1.x)")
        #expect(
            failure(#"<?xml version="1.0" encoding="ISO-8859-1"?><a/>"#)
                == "line 1, column 30: the encoding 'ISO-8859-1' of the XML declaration must be UTF-8 (only UTF-8 is read)"
        )
        #expect(
            failure(#"<?xml version="1.0" standalone="maybe"?><a/>"#)
                == "line 1, column 32: the standalone 'maybe' of the XML declaration must be yes or no")
        #expect(
            failure(#"<?xml encoding="utf-8"?><a/>"#) == "line 1, column 7: expected version in the XML declaration")
        #expect(
            failure(#"<?xml version="1.0" standalone="no" encoding="utf-8"?><a/>"#)
                == "line 1, column 37: expected encoding, standalone or '?>' in the XML declaration")
        #expect(failure("<?xml?><a/>") == "line 1, column 1: the XML declaration has no version")
        #expect(
            failure("<?xml version='1.0'encoding='utf-8'?><a/>")
                == "line 1, column 20: expected white space or '?>' in the XML declaration")
        #expect(
            failure("<a><?pi-x?><?pi#?></a>")
                == "line 1, column 16: expected white space or '?>' after the processing instruction target")
    }

    @Test func malformedStartTags() {
        #expect(
            failure(#"<a x="1"y="2"/>"#) == "line 1, column 9: expected white space, '>' or '/>' in the start tag <a>")
        #expect(failure("<a x=1/>") == "line 1, column 6: expected a value in quotes for the attribute 'x'")
        #expect(failure("<a x/>") == "line 1, column 5: expected '=' after the attribute name 'x'")
        #expect(failure("<a / >") == "line 1, column 5: expected '>' after '/' in the start tag <a>")
        #expect(
            failure(#"<a 1="x"/>"#) == "line 1, column 4: expected an attribute name, '>' or '/>' in the start tag <a>")
        #expect(failure("< a/>") == "line 1, column 2: expected an element name after '<'")
        #expect(failure("<1/>") == "line 1, column 2: expected an element name after '<'")
        #expect(failure("<a></ a>") == "line 1, column 6: expected an element name after '</'")
        #expect(failure("<a></a b>") == "line 1, column 8: expected '>' to end the end tag </a>")
    }

    @Test func utf16IsRejected() {
        #expect(
            failure([0xFF, 0xFE, 0x3C, 0x00, 0x61, 0x00])
                == "line 1, column 1: the document is UTF-16; only UTF-8 is read")
        #expect(failure([0xFE, 0xFF, 0x00, 0x3C]) == "line 1, column 1: the document is UTF-16; only UTF-8 is read")
    }

    @Test func positionsFarIntoALongLine() {
        let siblings = String(repeating: "<b/>", count: 50_000)
        #expect(
            failure("<a>" + siblings + "</c>")
                == "line 1, column 200004: the end tag </c> does not match the start tag <a> at line 1, column 1")
    }
}
