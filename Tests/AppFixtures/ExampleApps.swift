import Foundation
import StrictJSON

/// The five apps of seed 000 (spec/app-bound-domains.md §9) as real `.app` folders: the code that
/// made Examples/apps.
///
/// `ExampleAppsTests` checks the committed folders against it; run the tests
/// with `WEBFENCE_WRITE_EXAMPLES=1` to write them again.
public enum ExampleApps {
    /// The team of every example app: in its signature, its entitlements and its profile.
    public static let teamIdentifier = "ABCDE12345"

    /// The package's root, found from this source file (Tests/AppFixtures/ExampleApps.swift).
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The folder the apps are committed in: Examples/apps.
    public static let directory = packageRoot.appendingPathComponent("Examples/apps")

    /// The five apps, in this order: UnchangedApp, ShopApp, SocialApp, BrowserApp, HybridApp.
    public static var all: [AppFolderBuilder] {
        [
            app(
                "UnchangedApp", bundleID: "com.example.unchanged", format: .xml,
                info: [.init("CFBundleDisplayName", .string("Unchanged"))]),
            app(
                "ShopApp", bundleID: "com.example.shop", format: .binary,
                info: [
                    .init("WKAppBoundDomains", .array([.string("shop.example"), .string("shop-cdn.example")]))
                ],
                entitlements: [
                    .init(
                        "com.apple.developer.associated-domains",
                        .array([.string("applinks:shop.example"), .string("webcredentials:shop.example")]))
                ],
                grants: ["com.apple.developer.associated-domains": "*"], universal: true),
            app(
                "SocialApp", bundleID: "com.example.social", format: .xml,
                info: [.init("WKAppBoundDomains", .array([]))]),
            app(
                "BrowserApp", bundleID: "com.example.browser", format: .binary,
                info: [
                    .init("NSLocationWhenInUseUsageDescription", .string("Shows nearby results for your searches."))
                ],
                entitlements: [.init("com.apple.developer.web-browser", .bool(true))],
                grants: ["com.apple.developer.web-browser": true]),
            app(
                "HybridApp", bundleID: "com.example.hybrid", format: .xml,
                info: [.init("WKAppBoundDomains", .array([.string("hybrid.example")]))],
                entitlements: [
                    .init("com.apple.developer.associated-domains", .array([.string("applinks:hybrid.example")]))
                ],
                grants: ["com.apple.developer.associated-domains": "*"]),
        ]
    }

    /// Writes every app into `directory` (Examples/apps).
    public static func write(to directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for app in all + frameworkApps { try app.write(in: directory) }
    }

    /// One app as Xcode would build and sign it: Info.plist, an arm64 executable (or arm64 and
    /// x86_64) signed with XML and DER entitlements, and a development profile granting them.
    public static func app(
        _ name: String, bundleID: String, format: PropertyListWriter.Format, info: [JSONValue.Member],
        entitlements: [JSONValue.Member] = [], grants: [String: Any] = [:], universal: Bool = false
    ) -> AppFolderBuilder {
        let appID = "\(teamIdentifier).\(bundleID)"
        let signed = JSONValue.object(
            ([
                JSONValue.Member("application-identifier", .string(appID)),
                .init("com.apple.developer.team-identifier", .string(teamIdentifier)),
                .init("get-task-allow", .bool(true)),
            ] + entitlements).sorted { $0.key < $1.key })
        let signature = CodeSignatureBuilder(identifier: bundleID, teamIdentifier: teamIdentifier, entitlements: signed)
        let executable: AppFolderBuilder.Executable =
            universal
            ? .fat([MachOBuilder(.arm64, signature: signature), MachOBuilder(.x86_64, signature: signature)], .fat32)
            : .thin(MachOBuilder(.arm64, signature: signature))
        var profile = ProvisioningProfileBuilder()
        profile.name = "\(name) Development"
        profile.appIDName = name
        profile.teamIdentifier = teamIdentifier
        profile.teamName = "Example Corp"
        profile.bundleIdentifier = bundleID
        profile.entitlements = grants.merging(["get-task-allow": true]) { first, _ in first }
        // Far ahead, so that the examples do not expire (a real development profile lasts a year).
        profile.expirationDate = Date(timeIntervalSince1970: 4_070_908_800)  // 2099-01-01
        profile.key = .rsa
        profile.encoding = .appleBER
        return AppFolderBuilder(
            name: name,
            info: [
                .init("CFBundleIdentifier", .string(bundleID)), .init("CFBundleName", .string(name)),
                .init("CFBundlePackageType", .string("APPL")), .init("CFBundleShortVersionString", .string("1.0")),
                .init("CFBundleVersion", .string("1")), .init("MinimumOSVersion", .string("17.0")),
            ] + info,
            infoFormat: format, executable: executable, profile: .signed(profile))
    }
}
