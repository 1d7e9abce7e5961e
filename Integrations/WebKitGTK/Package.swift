// swift-tools-version: 6.2
// WebFence under a real web engine: WebKitGTK 6 (issue 7). A package of its own, so that the main
// package keeps building with Swift alone. Needs Debian's libwebkitgtk-6.0-dev; runs under xvfb-run.

import Foundation
import PackageDescription

/// The main package's identity: SwiftPM names a path dependency after its directory, which is the
/// clone's (`main` here, anything in CI), so it is read from where this manifest is.
let main = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .lastPathComponent.lowercased()

let package = Package(
    name: "WebFenceWebKitGTK",
    products: [
        .library(name: "WebFenceGTK", targets: ["WebFenceGTK"]),
        .executable(name: "webfence-webkit", targets: ["webfence-webkit"]),
        // Loaded by WebKitGTK into its web processes (WebProcessExtension.swift finds it).
        .library(name: "WebFenceWebProcess", type: .dynamic, targets: ["WebFenceWebProcess"]),
        .executable(name: "fenced-shop", targets: ["fenced-shop"]),
    ],
    dependencies: [
        .package(path: "../.."),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
    ],
    targets: [
        // WebKitGTK 6 and GTK 4, as pkg-config describes them.
        .systemLibrary(
            name: "CWebKitGTK",
            pkgConfig: "webkitgtk-6.0",
            providers: [.apt(["libwebkitgtk-6.0-dev"])]
        ),
        // The web-process side of WebKitGTK 6 (WebKitFrame, WebKitWebPage), for the extension only.
        .systemLibrary(name: "CWebKitWebProcess", pkgConfig: "webkitgtk-web-process-extension-6.0"),
        // WebFence's web-process extension (C): a subframe's origins and JavaScript for the wrapper.
        .target(name: "WebFenceWebProcess", dependencies: ["CWebKitWebProcess"]),
        // What Swift cannot call directly: g_signal_connect and the GObject casts are macros, and
        // signal handlers need C signatures.
        .target(name: "CWebKitShim", dependencies: ["CWebKitGTK"]),
        // A WebKitGTK web view whose navigations, scripts, style sheets, message handlers and
        // cookies are governed by WebFence (App-Bound Domains and navigation rules).
        .target(
            name: "WebFenceGTK",
            dependencies: [
                "CWebKitGTK", "CWebKitShim",
                .product(name: "AppBound", package: main),
                .product(name: "HybridFrameworks", package: main),
                .product(name: "NavigationRules", package: main),
                .product(name: "WebAddress", package: main),
                .product(name: "WebFenceNavigation", package: main),
            ]
        ),
        // Every host on loopback: an HTTP proxy that terminates TLS with a certificate made at run time.
        .target(
            name: "LoopbackSites",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ]
        ),
        // Scenario files replayed in real web views, and compared with the simulator step by step.
        .target(
            name: "WebKitParity",
            dependencies: [
                "WebFenceGTK", "LoopbackSites", "CWebKitGTK", .product(name: "Scenarios", package: main),
                .product(name: "AppBound", package: main), .product(name: "NavigationRules", package: main),
                .product(name: "HybridFrameworks", package: main), .product(name: "StrictJSON", package: main),
                .product(name: "WebAddress", package: main),
            ]
        ),
        .executableTarget(
            name: "webfence-webkit",
            dependencies: ["WebKitParity", "CWebKitGTK"]
        ),
        // Content rules, verdicts, the page guards (in JavaScriptCore) and the loopback proxy; the
        // engine itself is exercised by `webfence-webkit parity` and `bypass` under a display.
        .testTarget(
            name: "WebFenceGTKTests",
            dependencies: [
                "WebFenceGTK", "CWebKitGTK", "CWebKitShim",
                .product(name: "AppBound", package: main),
                .product(name: "NavigationRules", package: main),
                .product(name: "WebAddress", package: main),
                .product(name: "WebFenceNavigation", package: main),
            ]
        ),
        .testTarget(name: "LoopbackSitesTests", dependencies: ["LoopbackSites"]),
        // The example app: a shop on an app-bound domain, its message handler, a refused navigation.
        .executableTarget(
            name: "fenced-shop",
            dependencies: [
                "CWebKitGTK", "CWebKitShim", "WebFenceGTK", "LoopbackSites",
                .product(name: "AppBound", package: main),
                .product(name: "WebAddress", package: main),
            ],
            path: "Examples/FencedShop"
        ),
    ]
)
