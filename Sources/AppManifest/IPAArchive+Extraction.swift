import Foundation
import StrictJSON

extension IPAArchive {
    /// Extracts only what an audit reads into `directory/<Name>.app` and returns that `.app` URL:
    /// Info.plist, the executable its `CFBundleExecutable` names (when the archive has it),
    /// `embedded.mobileprovision` (when present), a hybrid framework's configuration files and the
    /// Flutter frameworks' Info.plist and markers (`EmbeddedFramework`). Nothing else is read or written.
    ///
    /// `directory` is created when missing; `<Name>.app` inside it must not exist yet. Each file is
    /// bounded (Info.plist by `AppBundle.maximumInfoPlistSize`, the profile by
    /// `ProvisioningProfile.maximumSize`, the executable by `maximumExecutableSize`) and checked
    /// against its declared size and CRC-32. On an error nothing extracted is left behind.
    public func extractApp(to directory: URL) throws(AppManifestError) -> URL {
        let reader = try ZipReader(source, label: label)
        guard reader.size == size else { throw AppManifestError(label, "the archive changed since it was opened") }
        let app = directory.appendingPathComponent(appName)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            // Not intermediate: an existing folder, file or symbolic link at this name is refused
            // rather than written into (a link would lead outside `directory`).
            try FileManager.default.createDirectory(at: app, withIntermediateDirectories: false)
        } catch {
            throw AppManifestError(
                app.path, "cannot create the app folder (it must not exist yet): \(error.localizedDescription)")
        }
        do {
            try extractFiles(into: app, reader: reader)
        } catch {
            try? FileManager.default.removeItem(at: app)
            throw error
        }
        return app
    }

    private func extractFiles(into app: URL, reader: ZipReader) throws(AppManifestError) {
        // Every file counts against the archive's budget before it is inflated (its declared size,
        // which inflation may not exceed).
        var budget = limits.maximumExtractedSize
        func charge(_ entry: Entry, _ name: String) throws(AppManifestError) {
            guard entry.record.uncompressedSize <= budget else {
                throw AppManifestError(
                    label,
                    "\(name) declares \(entry.record.uncompressedSize) bytes: with it the archive would extract more than the \(limits.maximumExtractedSize) bytes this reader accepts"
                )
            }
            budget -= entry.record.uncompressedSize
        }
        let infoPath = appPath("Info.plist")
        guard let info = try file(infoPath) else {
            throw AppManifestError(label, "\(root)\(appName)/ has no Info.plist")
        }
        try charge(info, infoPath)
        try ZipEntryExtraction(reader: reader, name: infoPath)
            .extract(info.record, to: app.appendingPathComponent("Info.plist"), limit: AppBundle.maximumInfoPlistSize)

        let bundle: AppBundle
        do { bundle = try AppBundle(contentsOf: app) } catch {
            throw AppManifestError(label, "\(infoPath): \(error.message)")
        }
        if let name = try executableName(bundle), let executable = try file(appPath(name)) {
            // An executable that does not start as Mach-O is not inflated further: the audit only
            // needs to see that it is not one.
            try charge(executable, appPath(name))
            try ZipEntryExtraction(reader: reader, name: appPath(name)).extract(
                executable.record, to: app.appendingPathComponent(name), limit: Self.maximumExecutableSize,
                accepts: MachOExecutable.startsLikeMachO)
        }

        // A hybrid framework's configuration files, and its marker bundle (only the folder: its
        // presence is what counts).
        for name in FrameworkFiles.names {
            guard let entry = try file(appPath(name)) else { continue }
            try charge(entry, appPath(name))
            try ZipEntryExtraction(reader: reader, name: appPath(name)).extract(
                entry.record, to: app.appendingPathComponent(name), limit: FrameworkFiles.maximumSize)
        }
        for marker in FrameworkFiles.markerBundles
        where entries[appPath(marker)] != nil || entries.keys.contains(where: { $0.hasPrefix(appPath(marker) + "/") }) {
            try? FileManager.default.createDirectory(
                at: app.appendingPathComponent(marker), withIntermediateDirectories: false)
        }

        // The Flutter frameworks (EmbeddedFramework): their Info.plist, and the executable of those
        // whose release only their executable tells.
        for (name, markers) in EmbeddedFramework.known.sorted(by: { $0.key < $1.key }) {
            let files =
                [("Info.plist", AppBundle.maximumInfoPlistSize)]
                + (markers.isEmpty ? [] : [(name, Self.maximumExecutableSize)])
            for (member, limit) in files {
                let path = appPath(EmbeddedFramework.path(name, member))
                guard let entry = try file(path) else { continue }
                try charge(entry, path)
                let target = app.appendingPathComponent(EmbeddedFramework.path(name, member))
                try? FileManager.default.createDirectory(
                    at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try ZipEntryExtraction(reader: reader, name: path).extract(entry.record, to: target, limit: limit)
            }
        }

        let profilePath = appPath("embedded.mobileprovision")
        if let profile = try file(profilePath) {
            try charge(profile, profilePath)
            try ZipEntryExtraction(reader: reader, name: profilePath).extract(
                profile.record, to: app.appendingPathComponent("embedded.mobileprovision"),
                limit: ProvisioningProfile.maximumSize)
        }
    }

    /// `CFBundleExecutable`, which must be a plain file name; nil when Info.plist has none.
    private func executableName(_ bundle: AppBundle) throws(AppManifestError) -> String? {
        guard let value = JSONValue.object(bundle.infoPlist)["CFBundleExecutable"] else { return nil }
        let field = "\(appPath("Info.plist")): CFBundleExecutable"
        guard let name = value.stringValue else {
            throw AppManifestError(label, "\(field) is \(value.typeName), not a string")
        }
        guard !name.isEmpty, name != ".", name != "..", !name.contains(where: { "/\\\0".contains($0) }) else {
            throw AppManifestError(label, "\(field) \(name.debugDescription) is not a plain file name: refused")
        }
        return name
    }
}
