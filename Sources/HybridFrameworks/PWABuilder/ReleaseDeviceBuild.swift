/// What a release build of PWABuilder's shell for an iPhone defines, for its `#if` conditions:
/// the template's project (`pwa-shell.xcodeproj`: `SWIFT_VERSION = 5.0`, `DEBUG` only in the Debug
/// configuration, no package dependency) built by Xcode 26's Swift 6.2 for arm64 (D100).
enum ReleaseDeviceBuild {
    /// The Swift language version `swift(…)` compares with: Swift 5 mode on a Swift 6 compiler is
    /// 5.10.
    static let languageVersion = [5, 10]
    /// The compiler version `compiler(…)` compares with.
    static let compilerVersion = [6, 2]

    /// The modules of the iOS SDK `canImport(…)` is true for; the project imports no other.
    static let sdkModules: Set<String> = [
        "Swift", "Foundation", "UIKit", "WebKit", "SwiftUI", "Combine", "SafariServices", "StoreKit",
        "AuthenticationServices", "UserNotifications", "CoreFoundation", "CoreGraphics", "CoreLocation",
        "CoreData", "CoreImage", "CoreText", "CoreMedia", "CoreMotion", "CoreBluetooth", "CoreNFC",
        "AVFoundation", "AVKit", "Photos", "PhotosUI", "QuartzCore", "Security", "LocalAuthentication",
        "Network", "Darwin", "Dispatch", "ObjectiveC", "os", "OSLog", "MapKit", "MessageUI", "Contacts",
        "ContactsUI", "EventKit", "EventKitUI", "HealthKit", "GameKit", "PassKit", "PDFKit", "QuickLook",
        "VisionKit", "Vision", "ARKit", "SceneKit", "SpriteKit", "Metal", "MetalKit", "AppTrackingTransparency",
        "AdSupport", "LinkPresentation", "UniformTypeIdentifiers", "WidgetKit", "ActivityKit", "BackgroundTasks",
        "CallKit", "PushKit", "Intents", "IntentsUI", "AppIntents", "CryptoKit", "CloudKit", "Speech",
        "NaturalLanguage", "CoreML", "CoreHaptics", "GameController", "ReplayKit", "MultipeerConnectivity",
        "NetworkExtension", "SystemConfiguration", "MobileCoreServices", "Accelerate", "ImageIO",
        "CoreServices", "CoreTelephony", "ExternalAccessory", "JavaScriptCore", "Observation", "SwiftData",
        "Charts", "TipKit", "_Concurrency", "_StringProcessing", "Synchronization", "RegexBuilder", "XCTest",
    ]

    /// The value of the condition `name` or `name(argument)`, as the compiler gives it for this build.
    static func answer(_ name: String, _ argument: String?) -> Bool {
        switch (name, argument) {
        case ("true", nil): return true
        case ("false", nil): return false
        case ("os", let os?): return os == "iOS"
        case ("arch", let arch?): return arch == "arm64"
        case ("targetEnvironment", _): return false  // neither simulator nor macCatalyst
        case ("canImport", let module?):
            let name = module.split(separator: ",").first.map(String.init) ?? module
            return sdkModules.contains(name)
        case ("swift", let comparison?): return compare(languageVersion, comparison)
        case ("compiler", let comparison?): return compare(compilerVersion, comparison)
        case ("_endian", let order?): return order == "little"
        case ("_pointerBitWidth", let width?): return width == "_64"
        case ("_runtime", let runtime?): return runtime == "_ObjC"
        case ("_hasAtomicBitWidth", let width?): return ["_8", "_16", "_32", "_64", "_128"].contains(width)
        default: return false  // DEBUG (Debug only), hasFeature, hasAttribute, and flags nobody defined
        }
    }

    /// `>=5.9` or `<6` against `version`; anything else is false.
    static func compare(_ version: [Int], _ comparison: String) -> Bool {
        let atLeast: Bool
        let number: Substring
        if comparison.hasPrefix(">=") {
            (atLeast, number) = (true, comparison.dropFirst(2))
        } else if comparison.hasPrefix("<") {
            (atLeast, number) = (false, comparison.dropFirst(1))
        } else {
            return false
        }
        let parts = number.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard !parts.isEmpty, parts.count <= 5, !parts.contains(nil) else { return false }
        let wanted = parts.compactMap { $0 }
        // Compare component by component, a missing one counting as 0.
        for position in 0..<max(version.count, wanted.count) {
            let have = position < version.count ? version[position] : 0
            let want = position < wanted.count ? wanted[position] : 0
            if have != want { return atLeast ? have > want : have < want }
        }
        return atLeast
    }
}
