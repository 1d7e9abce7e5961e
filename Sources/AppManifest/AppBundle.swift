import Foundation
import StrictJSON

/// An `.app` folder as the system reads it: its Info.plist (at the root, as on iOS, or in
/// `Contents/`, as on macOS), the main executable that Info.plist names, and the provisioning
/// profile embedded beside it. Nothing is read but Info.plist; the rest is located for later.
public struct AppBundle: Sendable {
    /// The largest Info.plist read: real ones are kilobytes, and a larger file is refused before
    /// it is read, so that a hostile bundle cannot make the reader load gigabytes.
    public static let maximumInfoPlistSize = 8 * 1_048_576

    /// The bundle folder.
    public let url: URL
    /// Info.plist's keys and values, keys sorted.
    public let infoPlist: [JSONValue.Member]
    /// How Info.plist is written.
    public let infoPlistFormat: PropertyList.Format
    /// Where Info.plist and the executable sit: the bundle itself, or its `Contents/`.
    public let contentsURL: URL

    /// A bundle folder's Info.plist, read; an error says which file and what is wrong, naming the
    /// bundle `displayPath` (default: its path).
    public init(contentsOf url: URL, displayPath: String? = nil) throws(AppManifestError) {
        let display = displayPath ?? url.path
        let candidates = [url, url.appendingPathComponent("Contents")]
        guard let contents = candidates.first(where: { Self.isFile($0.appendingPathComponent("Info.plist")) }) else {
            throw AppManifestError(display, "no Info.plist (looked in the folder and in Contents/)")
        }
        let plistDisplay = display + (contents == url ? "" : "/Contents") + "/Info.plist"
        let info = try PropertyListDocument.read(
            contents.appendingPathComponent("Info.plist"), as: SourceFile(path: plistDisplay))
        self.url = url
        self.contentsURL = contents
        self.infoPlist = info.members
        self.infoPlistFormat = info.format
    }

    /// The main executable's name: `CFBundleExecutable`, when it is a string.
    public var executableName: String? { JSONValue.object(infoPlist)["CFBundleExecutable"]?.stringValue }

    /// The main executable's location (which may not exist); nil without `CFBundleExecutable`, or
    /// when the name would leave the bundle.
    public var executableURL: URL? {
        guard let name = executableName, !name.isEmpty, !name.contains("/"), name != "..", name != "." else {
            return nil
        }
        let macOS = contentsURL.appendingPathComponent("MacOS").appendingPathComponent(name)
        return Self.isFile(macOS) ? macOS : contentsURL.appendingPathComponent(name)
    }

    /// `embedded.mobileprovision` (iOS) or `embedded.provisionprofile` (macOS), when present.
    public var provisioningProfileURL: URL? {
        ["embedded.mobileprovision", "embedded.provisionprofile"].map { contentsURL.appendingPathComponent($0) }
            .first(where: Self.isFile)
    }

    /// Refuses what is not a regular file (a folder, a FIFO, a device): reading one could block
    /// for ever.
    static func requireRegularFile(_ url: URL, displayPath: String) throws(AppManifestError) {
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path)
        guard let type = attributes?[.type] as? FileAttributeType else {
            throw AppManifestError(displayPath, "cannot read the file")
        }
        guard type == .typeRegular else {
            throw AppManifestError(displayPath, "not a regular file (\(type.rawValue)); not read")
        }
    }

    static func isFile(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    /// The file's bytes, refused without reading when it is larger than `limit`. Errors name the
    /// file `displayPath` (default: its path).
    static func readBounded(_ url: URL, limit: Int, displayPath: String? = nil) throws(AppManifestError) -> Data {
        let display = displayPath ?? url.path
        try requireRegularFile(url, displayPath: display)
        // The size of what a symbolic link leads to, not of the link, which is a few bytes.
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path)
        guard let size = attributes?[.size] as? Int else { throw AppManifestError(display, "cannot read the file") }
        guard size <= limit else {
            throw AppManifestError(display, "\(size) bytes: larger than any real one (limit \(limit)); not read")
        }
        // Never more than the limit, even from a file that grew after its size was taken.
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            data = try handle.read(upToCount: limit + 1) ?? Data()  // nil at the end of the file
        } catch {
            throw AppManifestError(display, "cannot read the file")
        }
        guard data.count <= limit else {
            throw AppManifestError(display, "grew past \(limit) bytes while it was read; not read")
        }
        return data
    }
}

/// An app file that cannot be used: the file and what is wrong.
public struct AppManifestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file that cannot be used, named as reports name it.
    public let path: String
    /// What is wrong, in a sentence for people.
    public let message: String

    /// An error about the file `path`, saying `message`.
    public init(_ path: String, _ message: String) {
        self.path = path
        self.message = message
    }

    /// The path, then the message.
    public var description: String { "\(path): \(message)" }
}
