import AppFixtures
import AppManifest
import Audit
import Foundation
import StrictJSON

/// An app to audit, written as real files at test time: a signed `.app` (by default a clean
/// ShopApp: two app-bound domains, applinks and webcredentials, a profile granting them), or a
/// project's Info.plist with or without an `.entitlements` file.
struct AuditSketch: CustomStringConvertible {
    var app: AppFolderBuilder
    /// The project's `.entitlements`, passed as `--entitlements` (for an `.app`) or written beside
    /// Info.plist (for a project).
    var project: JSONValue?
    /// Audit a project folder (Info.plist and `.entitlements`) instead of the built `.app`.
    var asProject = false
    /// Files of a project around its Info.plist, by path from the folder above it (a Tauri
    /// project's `tauri.conf.json` for an Info.plist in `Shop/`).
    var projectFiles: [String: String] = [:]
    var label: String

    /// The clean app every case starts from.
    static var shop: AuditSketch {
        AuditSketch(
            app: ExampleApps.app(
                "ShopApp", bundleID: "com.example.shop", format: .binary,
                info: [.init("WKAppBoundDomains", .array([.string("shop.example"), .string("shop-cdn.example")]))],
                entitlements: [
                    .init(
                        "com.apple.developer.associated-domains",
                        .array([.string("applinks:shop.example"), .string("webcredentials:shop.example")]))
                ],
                grants: ["com.apple.developer.associated-domains": "*"]),
            label: "clean ShopApp")
    }

    /// The time profiles' expiry is compared with.
    static let now = ISO8601DateFormatter().date(from: "2026-06-01T00:00:00Z") ?? Date()

    var description: String { label }

    /// A copy changed by `change`, named `label`.
    func with(_ label: String, _ change: (inout AuditSketch) -> Void) -> AuditSketch {
        var copy = self
        copy.label = label
        change(&copy)
        return copy
    }

    /// Sets (or with nil removes) an Info.plist key.
    mutating func setInfo(_ key: String, _ value: JSONValue?) {
        app.info.removeAll { $0.key == key }
        if let value { app.info.append(.init(key, value)) }
    }

    /// Adds (or replaces) a signed entitlement, and grants it in the profile.
    mutating func setSigned(_ key: String, _ value: JSONValue, grant: Bool = true) {
        mapSignature { signature in
            signature.xmlEntitlements = signature.xmlEntitlements.map { Self.setting($0, key, value) }
            signature.derEntitlements = signature.derEntitlements.map { Self.setting($0, key, value) }
        }
        if grant, case .signed(var profile)? = app.profile {
            profile.entitlements[key] =
                key == "com.apple.developer.associated-domains" ? "*" : PropertyListWriter.object(value)
            app.profile = .signed(profile)
        }
    }

    /// Changes the code signature of every slice.
    mutating func mapSignature(_ change: (inout CodeSignatureBuilder) -> Void) {
        switch app.executable {
        case .thin(var builder):
            if var signature = builder.signature {
                change(&signature)
                builder.signature = signature
            }
            app.executable = .thin(builder)
        case .fat(var slices, let format):
            for index in slices.indices {
                if var signature = slices[index].signature {
                    change(&signature)
                    slices[index].signature = signature
                }
            }
            app.executable = .fat(slices, format)
        default: break
        }
    }

    /// The signed entitlements (the DER blob's, else the XML one's) of the first slice.
    var signedEntitlements: JSONValue {
        switch app.executable {
        case .thin(let builder):
            return builder.signature?.derEntitlements ?? builder.signature?.xmlEntitlements ?? .object([])
        case .fat(let slices, _):
            return slices.first?.signature?.derEntitlements ?? slices.first?.signature?.xmlEntitlements ?? .object([])
        default: return .object([])
        }
    }

    static func setting(_ object: JSONValue, _ key: String, _ value: JSONValue) -> JSONValue {
        guard case .object(var members) = object else { return object }
        members.removeAll { $0.key == key }
        members.append(.init(key, value))
        return .object(members.sorted { $0.key < $1.key })
    }

    /// Writes the files in a new temporary folder, reads them as `webfence audit` does, audits.
    func audit() throws -> AppAudit {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("audit-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let files: [AppFiles]
        if asProject {
            let folder = directory.appendingPathComponent("Shop")
            try PropertyListWriter.write(
                app.infoPlist, format: app.infoFormat, to: folder.appendingPathComponent("Info.plist"))
            if let project {
                try PropertyListWriter.write(
                    project, format: .xml, to: folder.appendingPathComponent("Shop.entitlements"))
            }
            for (path, text) in projectFiles {
                let file = directory.appendingPathComponent(path)
                try FileManager.default.createDirectory(
                    at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: file)
            }
            files = try AppFiles.read(at: directory, displayPath: "Project").apps
        } else {
            let bundle = try app.write(in: directory)
            var entitlementsURL: URL?
            if let project {
                let url = directory.appendingPathComponent("Shop.entitlements")
                try PropertyListWriter.write(project, format: .xml, to: url)
                entitlementsURL = url
            }
            files = try AppFiles.read(
                at: bundle, displayPath: "ShopApp.app", entitlements: entitlementsURL,
                entitlementsDisplayPath: "Shop.entitlements"
            ).apps
        }
        guard files.count == 1, let first = files.first else {
            throw AppManifestError("test", "\(files.count) apps read")
        }
        return AppAudit(first, now: Self.now)
    }
}
