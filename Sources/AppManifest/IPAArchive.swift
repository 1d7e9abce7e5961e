import Foundation
import StrictJSON
import ZIPFoundation

/// An `.ipa`: a zip archive holding one app at `Payload/<Name>.app/`, or a zipped `.app` (one
/// `<Name>.app/` at the top, as Finder and `ditto -c -k --keepParent` write it). Opening it reads
/// and checks the archive's directory only; `extractApp(to:)` copies out the few files an audit reads.
///
/// Archives that cannot be used are errors that say why: not a zip, truncated, a directory that
/// points outside the file or at the wrong entry, ZIP64 (over 4 GiB or 65,535 entries), encrypted
/// or spanned archives, no app or several.
public struct IPAArchive: Sendable {
    /// The largest main executable extracted (real ones are megabytes to a few hundred megabytes).
    public static let maximumExecutableSize = 4 * 1_073_741_824

    /// The app folder's name, such as `Shop.app`.
    public let appName: String
    /// Where the app folder is: `Payload/` in an `.ipa`, empty in a zipped `.app`.
    public let root: String
    /// What reading it may cost.
    let limits: ArchiveLimits

    let source: ZipSource
    /// What errors name: the archive's path.
    let label: String
    /// The archive's size when it was opened; a different size later means it changed.
    let size: Int
    /// The entries, by their path in the archive without a final `/` (a path may appear more than once).
    let entries: [String: [Entry]]

    /// An entry: its path and kind as ZIPFoundation reads them, its record as checked beforehand.
    struct Entry: Sendable {
        let path: String
        let kind: Kind
        let record: ZipDirectory.Record

        enum Kind: Sendable { case file, directory, symbolicLink }
    }

    /// Opens the archive at `url` and finds its one app; nothing is extracted.
    public init(url: URL, limits: ArchiveLimits = ArchiveLimits()) throws(AppManifestError) {
        try self.init(source: .file(url), label: url.path, limits: limits)
    }

    /// The same for an archive in memory (tests and the fuzzer).
    init(data: Data, limits: ArchiveLimits = ArchiveLimits()) throws(AppManifestError) {
        try self.init(source: .memory(data), label: "(.ipa in memory)", limits: limits)
    }

    private init(source: ZipSource, label: String, limits: ArchiveLimits) throws(AppManifestError) {
        let reader = try ZipReader(source, label: label)
        let directory = try ZipDirectory(reader)
        guard directory.records.count <= limits.maximumEntries else {
            throw AppManifestError(
                label, "\(directory.records.count) entries: more than the \(limits.maximumEntries) this reader accepts")
        }
        let listed = try Self.listing(source, label: label, expected: directory.records.count)
        var entries: [String: [Entry]] = [:]
        for (record, (path, kind)) in zip(directory.records, listed) {
            // A folder's entry ends in `/`; keyed without it, `Info.plist/` is found as a folder.
            let key = path.hasSuffix("/") ? String(path.dropLast()) : path
            entries[key, default: []].append(Entry(path: path, kind: kind, record: record))
        }
        self.source = source
        self.label = label
        self.size = reader.size
        self.entries = entries
        self.limits = limits
        (root, appName) = try Self.findApp(Array(entries.keys), label: label)
        if let folder = entries[root + appName]?.first(where: { $0.kind != .directory }) {
            let kind = folder.kind == .symbolicLink ? "a symbolic link" : "a file"
            throw AppManifestError(label, "\(root)\(appName) is \(kind), not a folder")
        }
        guard entries[appPath("Info.plist")] != nil else {
            throw AppManifestError(label, "\(root)\(appName)/ has no Info.plist")
        }
    }

    /// The archive's entries as ZIPFoundation lists them: every path and kind, in directory order.
    private static func listing(
        _ source: ZipSource, label: String, expected: Int
    ) throws(AppManifestError) -> [(String, Entry.Kind)] {
        let archive: Archive
        do {
            switch source {
            case .file(let url): archive = try Archive(url: url, accessMode: .read)
            case .memory(let data): archive = try Archive(data: data, accessMode: .read)
            }
        } catch {
            throw AppManifestError(label, "ZIPFoundation cannot open the archive: \(error)")
        }
        let listed = archive.map { entry -> (String, Entry.Kind) in
            switch entry.type {
            case .file: (entry.path, .file)
            case .directory: (entry.path, .directory)
            case .symlink: (entry.path, .symbolicLink)
            }
        }
        // The checks before this one make the two readings agree; if they ever did not, which
        // entry is which would be a guess.
        guard listed.count == expected else {
            throw AppManifestError(
                label, "ZIPFoundation lists \(listed.count) entries where the directory holds \(expected)")
        }
        return listed
    }

    /// The one `X.app` folder under `Payload/` (an `.ipa`) or, when there is none, at the top (a
    /// zipped `.app`): its root and name.
    private static func findApp(
        _ paths: [String], label: String
    ) throws(AppManifestError) -> (root: String, name: String) {
        for root in ["Payload/", ""] {
            var names: Set<String> = []
            for path in paths where path.hasPrefix(root) {
                let name = path.dropFirst(root.count).prefix { $0 != "/" }
                if name.count > ".app".count, name.hasSuffix(".app"), !name.contains("\0") {
                    names.insert(String(name))
                }
            }
            guard let name = names.first else { continue }
            guard names.count == 1 else {
                let place = root.isEmpty ? "at the top of the archive" : "in \(root)"
                throw AppManifestError(
                    label,
                    "\(names.count) apps \(place) (\(names.sorted().joined(separator: ", "))): an archive holds one")
            }
            return (root, name)
        }
        throw AppManifestError(
            label, "no Payload/<Name>.app/ folder and no <Name>.app/ at the top: not an iOS app archive")
    }

    func appPath(_ file: String) -> String { "\(root)\(appName)/\(file)" }

    /// The one plain-file entry at `path`; nil when there is none.
    func file(_ path: String) throws(AppManifestError) -> Entry? {
        guard let found = entries[path] else { return nil }
        guard found.count == 1 else {
            throw AppManifestError(label, "\(path) appears \(found.count) times: which one counts would be a guess")
        }
        switch found[0].kind {
        case .file: return found[0]
        case .directory: throw AppManifestError(label, "\(path) is a folder, not a file")
        case .symbolicLink: throw AppManifestError(label, "\(path) is a symbolic link: refused")
        }
    }
}
