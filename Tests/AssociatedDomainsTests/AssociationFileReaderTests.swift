import AssociatedDomains
import Testing
import WebAddress

/// Spec §2: reading the file as leniently as a device.
@Suite("§2 reading the association file")
struct AssociationFileReaderTests {
    // MARK: - Precedence

    @Test("§2 appIDs wins over appID, even when empty")
    func appIDsOverAppID() throws {
        let (file, findings) = try read(
            ##"{"applinks":{"details":[{"appIDs":[],"appID":"\##(appID)","components":[{}]}]}}"##)
        #expect(file.applinks?.details[0].appIDs == [])
        #expect(try decide(file, "https://example.com/").reason == .appIDNotListed)
        #expect(codes(findings).contains("aasa.details.appIDIgnored"))
    }

    @Test("§2 components wins over paths, even when empty")
    func componentsOverPaths() throws {
        let (file, findings) = try read(
            ##"{"applinks":{"details":[{"appID":"\##(appID)","components":[],"paths":["*"]}]}}"##)
        #expect(file.applinks?.details[0].rulesSource == .components)
        #expect(try decide(file, "https://example.com/").reason == .noRules)
        #expect(codes(findings).contains("aasa.details.pathsIgnored"))
        #expect(codes(findings).contains("aasa.details.emptyComponents"))
    }

    @Test("§2 an entry with neither appID nor appIDs contributes nothing")
    func entryWithoutAppID() throws {
        let (file, findings) = try read(##"{"applinks":{"details":[{"components":[{}]}]}}"##)
        #expect(file.applinks?.details[0].appIDs == [])
        #expect(codes(findings).contains("aasa.details.noAppID"))
    }

    @Test("§2 when an app ID is in several entries, only the first is used")
    func firstEntryWins() throws {
        let (file, _) = try read(
            ##"{"applinks":{"details":[{"appIDs":["\##(appID)"],"components":[{"/":"/first/*"}]},{"appIDs":["\##(appID)"],"components":[{"/":"/second/*"}]}]}}"##
        )
        #expect(try decide(file, "https://example.com/first/1").outcome == .match)
        #expect(try decide(file, "https://example.com/second/1").outcome == .noMatch)
    }

    @Test("§2 the oldest form: details as an object keyed by app ID")
    func detailsDictionaryForm() throws {
        let (file, findings) = try read(
            ##"{"applinks":{"apps":[],"details":{"\##(appID)":{"paths":["/old/*","NOT /old/secret/*"]}}}}"##)
        #expect(file.applinks?.details[0].appIDsSource == .detailsKey)
        #expect(file.applinks?.details[0].pointer == "/applinks/details/ABCDE12345.com.example.app")
        #expect(try decide(file, "https://example.com/old/1").outcome == .match)
        #expect(try decide(file, "https://example.com/old/1?q=1#f").outcome == .match)
        #expect(codes(findings).contains("aasa.details.dictionaryForm"))
    }

    @Test("§2 legacy paths: NOT (any case, with the space) excludes; only the path is matched")
    func legacyNot() throws {
        let (file, _) = try read(
            ##"{"applinks":{"details":[{"appID":"\##(appID)","paths":["not /a/*","NOT/b/*","NoT /c","*"]}]}}"##)
        #expect(try decide(file, "https://example.com/a/1").outcome == .exclude)
        #expect(try decide(file, "https://example.com/c").outcome == .exclude)
        // "NOT/b/*" has no space: it is a pattern starting with NOT.
        #expect(try decide(file, "https://example.com/b/1").outcome == .match)
        #expect(try decide(file, "https://example.com/NOT/b/1").outcome == .match)
        #expect(file.applinks?.details[0].rules[1].legacyPath == "NOT/b/*")
        #expect(file.applinks?.details[0].rules[1].fields.exclude == false)
    }

    @Test("§2 applinks.apps is ignored when details exists")
    func legacyAppsIgnored() throws {
        let (file, findings) = try read(##"{"applinks":{"apps":["\##(appID)"],"details":[]}}"##)
        #expect(file.applinks?.hasLegacyApps == true)
        #expect(try decide(file, "https://example.com/").reason == .appIDNotListed)
        #expect(findings.first { $0.code == "aasa.applinks.apps" }?.severity == .warning)
    }

    // MARK: - Lenience

    @Test("§2 non-string app IDs are skipped, the rest kept")
    func nonStringAppIDs() throws {
        let (file, findings) = try read(##"{"webcredentials":{"apps":[1,"\##(appID)",null]}}"##)
        #expect(file.apps["webcredentials"] == [appID])
        #expect(
            findings.filter { $0.code == "aasa.appID.notString" }.map(\.pointer) == [
                "/webcredentials/apps/0", "/webcredentials/apps/2",
            ])
    }

    @Test("§2 unknown services and keys are ignored and reported, with the key they probably meant")
    func unknownKeys() throws {
        let (file, findings) = try read(
            ##"{"applinks":{"details":[{"appIDs":["\##(appID)"],"components":[{"/":"/a","casesensitive":false}]}]},"weblinks":{}}"##
        )
        #expect(try decide(file, "https://example.com/A").outcome == .noMatch, "casesensitive is not caseSensitive")
        let unknown = try #require(findings.first { $0.code == "aasa.key.unknown" })
        #expect(unknown.pointer == "/applinks/details/0/components/0/casesensitive")
        #expect(unknown.message.contains("did you mean \"caseSensitive\""))
        #expect(codes(findings).contains("aasa.service.unknown"))
    }

    @Test("§2 every service but applinks has apps; unknown services do not count")
    func otherServices() throws {
        let (file, _) = try read(
            ##"{"webcredentials":{"apps":["A"]},"activitycontinuation":{"apps":["B"]},"appclips":{"apps":["C"]},"x":{"apps":["D"]}}"##
        )
        #expect(file.apps == ["webcredentials": ["A"], "activitycontinuation": ["B"], "appclips": ["C"]])
        #expect(file.applinks == nil)
    }

    @Test("§2 duplicate keys: the last one wins, and it is reported")
    func duplicateKeys() throws {
        let (file, findings) = try read(
            ##"{"applinks":{"details":[{"appIDs":["\##(appID)"],"components":[{"/":"/a","/":"/b"}]}]}}"##)
        #expect(try decide(file, "https://example.com/b").outcome == .match)
        #expect(
            findings.first { $0.code == "aasa.json.duplicateKey" }?.pointer == "/applinks/details/0/components/0/~1")
    }

    // MARK: - Bytes

    @Test("§2 at most 131,072 bytes")
    func sizeCap() throws {
        let padding = String(repeating: " ", count: 131_072 - 2)
        #expect((try? read("{" + padding + "}")) != nil)
        guard case .failure(.tooLarge(let count)) = AssociationFile.read(Array(("{ " + padding + "}").utf8)) else {
            Issue.record("a file one byte over the cap should be refused")
            return
        }
        #expect(count == 131_073)
    }

    static let sample =
        ##"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/é/*"}]}]}}"##

    @Test(
        "§2 UTF-8, UTF-16 and UTF-32, with or without a byte order mark",
        arguments: [
            "UTF-8", "UTF-8 BOM", "UTF-16BE", "UTF-16LE", "UTF-16BE BOM", "UTF-16LE BOM", "UTF-32BE", "UTF-32LE",
            "UTF-32BE BOM", "UTF-32LE BOM",
        ])
    func encodings(_ encoding: String) throws {
        let bytes = Self.encode(Self.sample, encoding)
        let (file, findings) = try read(bytes: bytes)
        #expect(file.applinks?.details[0].rules[0].fields.path == "/é/*")
        #expect(codes(findings).contains("aasa.encoding") == (encoding != "UTF-8"))
    }

    static func encode(_ text: String, _ encoding: String) -> [UInt8] {
        let bom = encoding.hasSuffix("BOM")
        let scalars = text.unicodeScalars.map(\.value)
        switch encoding.split(separator: " ")[0] {
        case "UTF-8": return (bom ? [0xEF, 0xBB, 0xBF] : []) + Array(text.utf8)
        case "UTF-16BE": return (bom ? [0xFE, 0xFF] : []) + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        case "UTF-16LE": return (bom ? [0xFF, 0xFE] : []) + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        case "UTF-32BE":
            return (bom ? [0, 0, 0xFE, 0xFF] : [])
                + scalars.flatMap { v in [24, 16, 8, 0].map { UInt8((v >> $0) & 0xFF) } }
        default:
            return (bom ? [0xFF, 0xFE, 0, 0] : [])
                + scalars.flatMap { v in [0, 8, 16, 24].map { UInt8((v >> $0) & 0xFF) } }
        }
    }

    @Test("§2 bytes that are not text are refused")
    func notText() {
        guard case .failure(.notText) = AssociationFile.read([0x7B, 0xFF, 0x7D]) else {
            Issue.record("invalid UTF-8 should be refused")
            return
        }
    }

    @Test("§2 a CMS-signed file: its signed content is the JSON (DER and BER)", arguments: [false, true])
    func cmsSigned(_ indefinite: Bool) throws {
        let bytes = CMS.signedData(Array(Self.sample.utf8), indefinite: indefinite)
        let (file, findings) = try read(bytes: bytes)
        #expect(file.applinks?.details[0].appIDs == [appID])
        #expect(codes(findings).contains("aasa.cms"))
    }

    @Test("§2 invalid JSON and a non-object top level are refused")
    func invalidJSON() {
        guard case .failure(.invalidJSON) = AssociationFile.read(Array("{".utf8)) else {
            Issue.record("expected invalid JSON")
            return
        }
        guard case .failure(.notAnObject) = AssociationFile.read(Array("[]".utf8)) else {
            Issue.record("expected not an object")
            return
        }
    }
}

/// A minimal CMS SignedData (RFC 5652) around `content`, in DER or with BER indefinite lengths.
enum CMS {
    static func signedData(_ content: [UInt8], indefinite: Bool) -> [UInt8] {
        let signedDataOID: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02]
        let dataOID: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x01]
        func element(_ tag: UInt8, _ value: [UInt8]) -> [UInt8] {
            if indefinite, tag & 0x20 != 0 { return [tag, 0x80] + value + [0, 0] }
            return [tag] + length(value.count) + value
        }
        let octets =
            indefinite
            ? element(0x24, element(0x04, Array(content.prefix(10))) + element(0x04, Array(content.dropFirst(10))))
            : element(0x04, content)
        let encapsulated = element(0x30, dataOID + element(0xA0, octets))
        let signed = element(0x30, element(0x02, [1]) + element(0x31, []) + encapsulated + element(0x31, []))
        return element(0x30, signedDataOID + element(0xA0, signed))
    }

    static func length(_ count: Int) -> [UInt8] {
        if count < 0x80 { return [UInt8(count)] }
        var bytes: [UInt8] = []
        var rest = count
        while rest > 0 {
            bytes.insert(UInt8(rest & 0xFF), at: 0)
            rest >>= 8
        }
        return [0x80 | UInt8(bytes.count)] + bytes
    }
}
