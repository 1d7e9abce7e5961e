import Foundation
import StrictJSON

/// A real `.app` folder made at test time: Info.plist (XML or binary), the main executable (a
/// Mach-O file with a code signature holding entitlements, or any bytes), and
/// `embedded.mobileprovision`.
///
/// `ExampleApps` makes Examples/apps with it.
public struct AppFolderBuilder {
    /// What to put where Info.plist's `CFBundleExecutable` points.
    public enum Executable {
        /// No file (Info.plist still names it).
        case none
        /// A thin Mach-O executable, the bytes of `MachOBuilder.bytes()`.
        case thin(MachOBuilder)
        /// A universal file of these slices, in the order given, with this fat header
        /// (`MachOBuilder.fat(_:format:alignment:)`, 4 KiB alignment).
        case fat([MachOBuilder], MachOBuilder.FatFormat)
        /// Any bytes: a damaged file, a text file.
        case bytes([UInt8])
        /// A sparse file of `size` bytes with the thin executable's header at the start and its
        /// signature at the end.
        case large(MachOBuilder, size: Int)
    }

    /// What to write as `embedded.mobileprovision`.
    public enum Profile {
        /// The signed profile the builder makes (`ProvisioningProfileBuilder.build()`).
        case signed(ProvisioningProfileBuilder)
        /// Any bytes: a damaged profile, a file that is no profile.
        case bytes([UInt8])
    }

    /// The bundle's name without `.app`; also the executable's unless `executableName` says.
    public var name: String
    /// The executable's file name (and `CFBundleExecutable`) when it is not `name`: PWABuilder's
    /// shell is always `PWAShell`, whatever the app is called.
    public var executableName: String?
    /// Info.plist's keys; `CFBundleExecutable` is set to `name` unless given.
    public var info: [JSONValue.Member]
    /// Whether Info.plist is written as an XML or a binary property list.
    public var infoFormat: PropertyListWriter.Format
    /// The file written at `<name>.app/<name>` (or `executableName`).
    public var executable: Executable
    /// The file written as `embedded.mobileprovision`; nil writes none.
    public var profile: Profile?
    /// More files in the bundle, by path from its root (`capacitor.config.json`,
    /// `HotwireNative_HotwireNative.bundle/turbo.js`); a path ending in `/` makes an empty folder.
    public var resources: [String: [UInt8]] = [:]

    /// An app named `name` with these Info.plist keys; by default an XML Info.plist, no executable
    /// and no profile.
    public init(
        name: String, info: [JSONValue.Member], infoFormat: PropertyListWriter.Format = .xml,
        executable: Executable = .none, profile: Profile? = nil
    ) {
        self.name = name
        self.info = info
        self.infoFormat = infoFormat
        self.executable = executable
        self.profile = profile
    }

    /// Info.plist's value, with `CFBundleExecutable` defaulted.
    public var infoPlist: JSONValue {
        var members = info
        if !members.contains(where: { $0.key == "CFBundleExecutable" }) {
            members.append(.init("CFBundleExecutable", .string(executableName ?? name)))
        }
        return .object(members)
    }

    /// Writes `<name>.app` in `directory` (replacing one there) and returns its URL.
    @discardableResult
    public func write(in directory: URL) throws -> URL {
        let bundle = directory.appendingPathComponent(name + ".app")
        try? FileManager.default.removeItem(at: bundle)
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        try PropertyListWriter.write(infoPlist, format: infoFormat, to: bundle.appendingPathComponent("Info.plist"))
        let executableURL = bundle.appendingPathComponent(executableName ?? name)
        switch executable {
        case .none: break
        case .thin(let builder): try Data(builder.bytes()).write(to: executableURL)
        case .fat(let slices, let format): try Data(MachOBuilder.fat(slices, format: format)).write(to: executableURL)
        case .bytes(let bytes): try Data(bytes).write(to: executableURL)
        case .large(let builder, let size): try builder.write(to: executableURL, totalSize: size)
        }
        switch profile {
        case .signed(let builder)?:
            try Data(builder.build()).write(to: bundle.appendingPathComponent("embedded.mobileprovision"))
        case .bytes(let bytes)?:
            try Data(bytes).write(to: bundle.appendingPathComponent("embedded.mobileprovision"))
        case nil: break
        }
        for (name, bytes) in resources.sorted(by: { $0.key < $1.key }) {
            if name.hasSuffix("/") {
                try FileManager.default.createDirectory(
                    at: bundle.appendingPathComponent(String(name.dropLast())), withIntermediateDirectories: true)
            } else {
                let file = bundle.appendingPathComponent(name)
                try FileManager.default.createDirectory(
                    at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(bytes).write(to: file)
            }
        }
        return bundle
    }
}
