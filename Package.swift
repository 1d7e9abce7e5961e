// swift-tools-version: 6.1
// WebFence: decides what in-app web content may do, exactly as the platforms decide it.
// The layout mirrors ../shared/DESIGN.md: one target per concern, dependencies pointing down only.

import PackageDescription

let package = Package(
    name: "WebFence",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "WebFence", targets: ["WebFence"]),
        .library(name: "WebAddress", targets: ["WebAddress"]),
        .library(name: "AppBound", targets: ["AppBound"]),
        .executable(name: "webfence", targets: ["WebFenceCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
    ],
    targets: [
        // The foundation every decision stands on: WHATWG URL parsing, hosts, IDNA, the Public Suffix List.
        .target(
            name: "WebAddress",
            linkerSettings: [.linkedLibrary("_FoundationICU", .when(platforms: [.linux]))]
        ),

        // The four policy systems. They know nothing of each other, of files or of the network.
        .target(name: "AppBound", dependencies: ["WebAddress"]),
        .target(name: "ManagedWebViews", dependencies: ["WebAddress"]),
        .target(name: "NavigationRules", dependencies: ["WebAddress"]),
        .target(name: "AssociatedDomains", dependencies: ["WebAddress"]),

        // Reading real app files: Info.plist, entitlements, .app folders, .ipa archives.
        .target(name: "AppManifest"),

        // The only target that does I/O over HTTP.
        .target(name: "Network"),

        // The app model: composes every policy into one web view simulator.
        .target(
            name: "WebFence",
            dependencies: [
                "WebAddress", "AppBound", "ManagedWebViews", "NavigationRules", "AssociatedDomains", "AppManifest",
            ]
        ),

        // The `webfence` command line: the only place that prints.
        .executableTarget(
            name: "WebFenceCLI",
            dependencies: [
                "WebFence", "WebAddress", "Network",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        .testTarget(name: "WebAddressTests", dependencies: ["WebAddress"]),
        .testTarget(name: "AppBoundTests", dependencies: ["AppBound", "WebAddress"]),
        .testTarget(name: "WebFenceTests", dependencies: ["WebFence", "AppBound"]),
        // Fixtures are read from the source tree by path, not bundled as resources.
        .testTarget(name: "WebFenceCLITests", dependencies: ["WebFenceCLI", "WebAddress"], exclude: ["Fixtures"]),
    ]
)
