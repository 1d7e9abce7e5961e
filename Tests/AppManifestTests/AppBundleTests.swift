import AppManifest
import Foundation
import StrictJSON
import Testing

/// Reading real app files (issue 6): Info.plist in XML, binary and JSON, and `.app` folders.
@Suite("AppManifest: property lists and .app folders")
final class AppBundleTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("app-manifest-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// Each test's folder goes with it (Swift Testing makes one instance per test).
    deinit { try? FileManager.default.removeItem(at: directory) }

    /// An Info.plist as Xcode writes it: every kind of value.
    static let infoXML = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict>
        <key>CFBundleExecutable</key><string>ShopApp</string>
        <key>CFBundleIdentifier</key><string>com.example.shop</string>
        <key>WKAppBoundDomains</key><array><string>shop.example</string><string>auth.shop.example</string></array>
        <key>IntuneMAMSettings</key><dict><key>TreatAllWebViewsAsUnmanaged</key><true/></dict>
        <key>LSRequiresIPhoneOS</key><true/>
        <key>Version</key><integer>3</integer>
        <key>Ratio</key><real>1.5</real>
        <key>Built</key><date>1970-01-01T00:00:00Z</date>
        <key>Blob</key><data>AQID</data>
        </dict></plist>
        """

    /// The Info.plist in either format, as the build writes it.
    static func info(_ format: PropertyListSerialization.PropertyListFormat) throws -> Data {
        if format == .xml { return Data(infoXML.utf8) }
        let object = try PropertyListSerialization.propertyList(from: Data(infoXML.utf8), format: nil)
        return try PropertyListSerialization.data(fromPropertyList: object, format: format, options: 0)
    }

    func write(_ format: PropertyListSerialization.PropertyListFormat, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Self.info(format).write(to: url)
    }

    @Test(
        "XML and binary plists read to the same values, each kind mapped as documented",
        arguments: [
            (PropertyListSerialization.PropertyListFormat.xml, PropertyList.Format.xml),
            (PropertyListSerialization.PropertyListFormat.binary, PropertyList.Format.binary),
        ])
    func formats(written: PropertyListSerialization.PropertyListFormat, read: PropertyList.Format) throws {
        let (value, format) = try PropertyList.read(try Self.info(written)).get()
        #expect(format == read)
        #expect(value["WKAppBoundDomains"] == .array([.string("shop.example"), .string("auth.shop.example")]))
        #expect(value["IntuneMAMSettings"]?["TreatAllWebViewsAsUnmanaged"] == .bool(true))
        #expect(value["LSRequiresIPhoneOS"] == .bool(true))
        #expect(value["Version"] == .int(3))
        #expect(value["Ratio"] == .double(1.5))
        #expect(value["Built"] == .object(["date": .string("1970-01-01T00:00:00Z")]))
        #expect(value["Blob"] == .object(["data": .string("AQID")]))
    }

    @Test("JSON text is read as plist values written as JSON")
    func json() throws {
        let (value, format) = try PropertyList.read(Data(#" {"WKAppBoundDomains": ["a.example"]}"#.utf8)).get()
        #expect(format == .json)
        #expect(value["WKAppBoundDomains"] == .array([.string("a.example")]))
    }

    @Test(
        "bytes that are no property list are an error, never a crash",
        arguments: [
            Data(), Data("bplist00".utf8), Data("<?xml version=\"1.0\"?><plist><dict><key>a</key>".utf8),
            Data([0xFF, 0xFE, 0x00]), Data(#"{"a": "#.utf8),
        ])
    func malformed(data: Data) {
        #expect(throws: PropertyList.ReadError.self) { try PropertyList.read(data).get() }
    }

    @Test("a truncated binary plist is an error")
    func truncatedBinary() throws {
        let data = try Self.info(.binary)
        for length in [8, data.count / 2, data.count - 1] {
            #expect(throws: PropertyList.ReadError.self) { try PropertyList.read(data.prefix(length)).get() }
        }
    }

    @Test("an Info.plist read alone keeps the name it was given, as an upload stored under another does")
    func infoPlistDisplayName() throws {
        let stored = directory.appendingPathComponent("Info.plist")
        try write(.xml, to: stored)
        let reading = try AppFiles.read(at: stored, displayPath: "<b>Shop</b>.plist")
        #expect(reading.apps.map(\.path) == ["<b>Shop</b>.plist"])
        #expect(reading.apps.first?.infoPlist.file.path == "<b>Shop</b>.plist")
        let given = try AppFiles.read(at: stored, displayPath: "App/Info.plist")
        #expect(given.apps.map(\.path) == ["App/Info.plist"])
    }

    @Test("an .app folder: Info.plist at its root (iOS), the executable it names, the embedded profile")
    func iOSBundle() throws {
        let app = directory.appendingPathComponent("ShopApp.app")
        try write(.binary, to: app.appendingPathComponent("Info.plist"))
        try Data("exe".utf8).write(to: app.appendingPathComponent("ShopApp"))
        try Data("profile".utf8).write(to: app.appendingPathComponent("embedded.mobileprovision"))
        let bundle = try AppBundle(contentsOf: app)
        #expect(bundle.infoPlistFormat == .binary)
        #expect(bundle.executableName == "ShopApp")
        #expect(bundle.executableURL?.lastPathComponent == "ShopApp")
        #expect(bundle.provisioningProfileURL?.lastPathComponent == "embedded.mobileprovision")
        #expect(JSONValue.object(bundle.infoPlist)["CFBundleIdentifier"] == .string("com.example.shop"))
    }

    @Test("a macOS .app folder: Contents/Info.plist and Contents/MacOS/")
    func macOSBundle() throws {
        let app = directory.appendingPathComponent("Mac.app")
        try write(.xml, to: app.appendingPathComponent("Contents/Info.plist"))
        try FileManager.default.createDirectory(
            at: app.appendingPathComponent("Contents/MacOS"), withIntermediateDirectories: true)
        try Data("exe".utf8).write(to: app.appendingPathComponent("Contents/MacOS/ShopApp"))
        let bundle = try AppBundle(contentsOf: app)
        #expect(bundle.executableURL?.path.hasSuffix("Contents/MacOS/ShopApp") == true)
        #expect(bundle.provisioningProfileURL == nil)
    }

    @Test("unusable bundles are errors naming the file: no Info.plist, not a dictionary, too large to be real")
    func unusable() throws {
        let empty = directory.appendingPathComponent("Empty.app")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        #expect(throws: AppManifestError.self) { try AppBundle(contentsOf: empty) }

        let array = directory.appendingPathComponent("Array.app")
        try FileManager.default.createDirectory(at: array, withIntermediateDirectories: true)
        try PropertyListSerialization.data(fromPropertyList: ["a"], format: .xml, options: 0)
            .write(to: array.appendingPathComponent("Info.plist"))
        do {
            _ = try AppBundle(contentsOf: array)
            Issue.record("an array Info.plist was read")
        } catch {
            #expect(error.message.contains("not a dictionary"))
        }

        // A 1 GB sparse file: refused from its size, without reading it.
        let huge = directory.appendingPathComponent("Huge.app")
        try FileManager.default.createDirectory(at: huge, withIntermediateDirectories: true)
        let plist = huge.appendingPathComponent("Info.plist")
        _ = FileManager.default.createFile(atPath: plist.path, contents: nil)
        let handle = try FileHandle(forWritingTo: plist)
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        do {
            _ = try AppBundle(contentsOf: huge)
            Issue.record("a 1 GB Info.plist was read")
        } catch {
            #expect(error.message.contains("not read"))
        }
    }

    @Test("an executable name that would leave the bundle is not followed")
    func executableEscape() throws {
        let app = directory.appendingPathComponent("Escape.app")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try PropertyListSerialization.data(
            fromPropertyList: ["CFBundleExecutable": "../../bin/sh"], format: .xml, options: 0
        )
        .write(to: app.appendingPathComponent("Info.plist"))
        #expect(try AppBundle(contentsOf: app).executableURL == nil)
    }
}
