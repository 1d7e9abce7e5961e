import Foundation
import StrictJSON

/// Where a value was read: a file on disk, and for an `.ipa` the entry inside it.
public struct SourceFile: Sendable, Hashable, CustomStringConvertible {
    /// The file on disk, as the user named it (an `.app`'s Info.plist, an `.ipa`, an `.entitlements`).
    public let path: String
    /// The entry inside an archive (`Payload/Shop.app/Info.plist`), or nil for a plain file.
    public let member: String?

    /// The file at `path`, or the entry `member` of the archive at `path`.
    public init(path: String, member: String? = nil) {
        self.path = path
        self.member = member
    }

    /// The path, then the member inside an archive: `Shop.ipa:Payload/Shop.app/Info.plist`, or the path.
    public var description: String { member.map { "\(path):\($0)" } ?? path }

    /// The file's name: the member's last component inside an archive.
    public var name: String { ((member ?? path) as NSString).lastPathComponent }
}

/// A property list read from a file: its dictionary's members and how it was written.
public struct PropertyListDocument: Sendable, Hashable {
    /// The file it was read from.
    public let file: SourceFile
    /// The dictionary's members, keys sorted.
    public let members: [JSONValue.Member]
    /// How the file is written.
    public let format: PropertyList.Format

    /// A document from parts already read.
    public init(file: SourceFile, members: [JSONValue.Member], format: PropertyList.Format) {
        self.file = file
        self.members = members
        self.format = format
    }

    /// The value of the dictionary's key `key`; nil when absent.
    public subscript(key: String) -> JSONValue? { JSONValue.object(members)[key] }

    /// Reads a property list file that must hold a dictionary (Info.plist, `.entitlements`),
    /// refused unread above `limit` bytes.
    public static func read(
        _ url: URL, as file: SourceFile, limit: Int = AppBundle.maximumInfoPlistSize
    ) throws(AppManifestError) -> PropertyListDocument {
        let data = try AppBundle.readBounded(url, limit: limit, displayPath: file.description)
        switch PropertyList.readDictionary(data) {
        case .failure(let error): throw AppManifestError(file.description, "\(error)")
        case .success(let read): return PropertyListDocument(file: file, members: read.members, format: read.format)
        }
    }
}

/// Everything an audit reads of one app, read: Info.plist, the entitlements the project declares,
/// the entitlements signed into the main executable, and the embedded provisioning profile. A
/// file that is missing or damaged is recorded, not thrown, so that the rest can still be audited;
/// only an unusable Info.plist stops the reading.
public struct AppFiles: Sendable {
    /// What the user pointed at.
    public enum Kind: String, Sendable, Hashable {
        /// A built `.app` folder.
        case app
        /// An `.ipa` archive (a zip holding `Payload/<Name>.app`).
        case ipa
        /// A project's Info.plist, with its `.entitlements` file when given.
        case project
    }

    /// The main executable, as far as it could be read.
    public enum Executable: Sendable {
        /// Info.plist names no executable (`CFBundleExecutable` absent or not a plain file name).
        case notNamed
        /// Info.plist names one that is not in the bundle.
        case missing(SourceFile)
        /// Read; its slices and their code signatures.
        case read(SourceFile, MachOExecutable)
        /// Not a usable Mach-O file, and why.
        case unreadable(SourceFile, String)
    }

    /// The embedded provisioning profile, as far as it could be read.
    public enum Profile: Sendable {
        /// Read: the file and the profile.
        case read(SourceFile, ProvisioningProfile)
        /// Not a usable profile: the file and why.
        case unreadable(SourceFile, String)
    }

    /// What the user pointed at.
    public let kind: Kind
    /// What the user named (the `.app`, the `.ipa`, the Info.plist).
    public let path: String
    /// The app's Info.plist.
    public let infoPlist: PropertyListDocument
    /// The project's `.entitlements` file (`--entitlements`, or the one beside a project's Info.plist).
    public let projectEntitlements: PropertyListDocument?
    /// The main executable; nil for a project (there is no executable to read).
    public let executable: Executable?
    /// The embedded provisioning profile; nil when the bundle has none (a project, a simulator build, a
    /// Mac app signed without one).
    public let profile: Profile?
    /// The hybrid framework's configuration files beside the Info.plist (a project) or at the
    /// bundle's root (an `.app`, an `.ipa`).
    public let frameworkFiles: FrameworkFiles

    /// The files of one app, as read; a part not given is absent.
    public init(
        kind: Kind, path: String, infoPlist: PropertyListDocument, projectEntitlements: PropertyListDocument? = nil,
        executable: Executable? = nil, profile: Profile? = nil, frameworkFiles: FrameworkFiles = .none
    ) {
        self.kind = kind
        self.path = path
        self.infoPlist = infoPlist
        self.projectEntitlements = projectEntitlements
        self.executable = executable
        self.profile = profile
        self.frameworkFiles = frameworkFiles
    }
}
