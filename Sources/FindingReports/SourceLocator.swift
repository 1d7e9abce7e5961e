import Findings
import Foundation
import StrictJSON
import StrictXML

/// Finds where a key is written in a text file. Each kind of text file has one: JSON (association
/// files, `capacitor.config.json`, rule sets, scenarios) and XML property lists (Info.plist,
/// entitlements) here; Cordova's `config.xml` and the Swift files WebFence reads by their readers,
/// which place what they read (``KeyPositionsLocator``).
public protocol PointerLocating: Sendable {
    /// The position of the value `pointer` names, or of its nearest ancestor the file has (a
    /// finding about a missing member points at the object that lacks it); nil when not even the
    /// root can be placed.
    func position(of pointer: String) -> SourcePosition?
}

/// Turns findings' keys into lines and columns, at the edge where files are read: each file is
/// read again once, recognised by its content (a binary property list, an executable or an entry
/// of an archive has no lines), and its locator kept for the findings that follow.
public struct SourceLocator {
    /// A locator for a kind of file the standard ones do not read (a `Settings.swift`), or nil
    /// when `path` is not of that kind.
    public typealias Custom = @Sendable (_ path: String, _ text: String) -> (any PointerLocating)?

    /// Files larger than this are not read again (no configuration file is near it).
    public static let maximumSize = 16 << 20

    private let custom: [Custom]
    private var locators: [String: (any PointerLocating)?] = [:]

    /// A locator that knows the standard kinds of file and `custom` ones.
    public init(custom: [Custom] = []) {
        self.custom = custom
    }

    /// `findings`, each with the position of its key when its file is text.
    public mutating func locate(_ findings: [ReportedFinding]) -> [ReportedFinding] {
        findings.map { finding in
            guard finding.position == nil, finding.member == nil else { return finding }
            return finding.located(at: position(of: finding.pointer, in: finding.path))
        }
    }

    /// Where `pointer` is written in the file at `path`, or nil when the file is not text WebFence
    /// reads, or cannot be read.
    public mutating func position(of pointer: String, in path: String) -> SourcePosition? {
        if let known = locators[path] { return known?.position(of: pointer) }
        let locator = Self.locator(path: path, custom: custom)
        locators[path] = locator
        return locator?.position(of: pointer)
    }

    /// The locator for the file at `path`, chosen by its content.
    static func locator(path: String, custom: [Custom]) -> (any PointerLocating)? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let size = attributes[.size] as? Int, size <= maximumSize,
            let data = FileManager.default.contents(atPath: path)
        else { return nil }
        return locator(path: path, bytes: [UInt8](data), custom: custom)
    }

    /// The locator for `bytes`, the content of `path`.
    public static func locator(path: String, bytes: [UInt8], custom: [Custom] = []) -> (any PointerLocating)? {
        // Binary property lists and Mach-O files have no lines; neither has text that is not UTF-8.
        guard !bytes.starts(with: Array("bplist".utf8)), let text = String(validUTF8: bytes)
        else { return nil }
        for make in custom {
            if let locator = make(path, text) { return locator }
        }
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        guard start < bytes.count else { return nil }
        switch bytes[start] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return (try? JSONParser.sourceMap(text)).map(JSONPointerLocator.init)
        case UInt8(ascii: "<"):
            // A property list; other XML is placed by its reader's custom locator.
            guard let root = try? XMLReader.parse(bytes, doctype: .skipExternalIdentifier), root.name == "plist"
            else { return nil }
            return PropertyListLocator(root: root)
        default:
            return nil
        }
    }
}

/// Keys in a JSON file: a member's name, an array's element (`JSONSourceMap`).
struct JSONPointerLocator: PointerLocating {
    let map: JSONSourceMap

    func position(of pointer: String) -> SourcePosition? {
        let (position, _) = map.nearestPosition(of: pointer)
        return SourcePosition(line: position.line, column: position.column)
    }
}

/// Keys in an XML property list: `/WKAppBoundDomains/3` is the fourth element of the array after
/// `<key>WKAppBoundDomains</key>`; a member is placed at its `<key>`, an element at itself.
struct PropertyListLocator: PointerLocating {
    let root: XMLReader.Element

    func position(of pointer: String) -> SourcePosition? {
        guard var value = root.children.first else { return Self.position(root) }
        var place = value
        for token in PointerTokens.split(pointer) {
            switch value.name {
            case "dict":
                let children = value.children
                guard
                    let keyIndex = children.indices.last(where: {
                        children[$0].name == "key" && children[$0].text == token
                    }), keyIndex + 1 < children.count
                else { return Self.position(place) }
                place = children[keyIndex]
                value = children[keyIndex + 1]
            case "array":
                guard let index = Int(token), index >= 0, index < value.children.count else {
                    return Self.position(place)
                }
                value = value.children[index]
                place = value
            default:
                return Self.position(place)
            }
        }
        return Self.position(place)
    }

    static func position(_ element: XMLReader.Element) -> SourcePosition {
        SourcePosition(line: element.line, column: element.column)
    }
}

/// Keys a reader placed itself as it read the file (`config.xml`, `Settings.swift`): a key it did
/// not place is looked up as its nearest ancestor, and the file's start when none is placed.
public struct KeyPositionsLocator: PointerLocating {
    /// Where each key is written.
    public let positions: [String: SourcePosition]

    /// A locator for the keys in `positions`.
    public init(_ positions: [String: SourcePosition]) {
        self.positions = positions
    }

    /// The position of `pointer` or its nearest placed ancestor; line 1, column 1 when none is.
    public func position(of pointer: String) -> SourcePosition? {
        var candidate = pointer
        while !candidate.isEmpty {
            if let position = positions[candidate] { return position }
            candidate = String(candidate[..<(candidate.lastIndex(of: "/") ?? candidate.startIndex)])
        }
        return SourcePosition(line: 1, column: 1)
    }
}

/// A JSON pointer's reference tokens, unescaped (RFC 6901: `~1` is `/`, `~0` is `~`).
enum PointerTokens {
    static func split(_ pointer: String) -> [String] {
        guard pointer.hasPrefix("/"), pointer != "/" else { return [] }
        return pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }
}
