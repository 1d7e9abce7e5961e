// swift-tools-version: 6.1
// WebFence under a real web engine: WebKitGTK 6 (issue 7). A package of its own, so that the main
// package keeps building with Swift alone. Needs Debian's libwebkitgtk-6.0-dev; runs under xvfb-run.

import PackageDescription

let package = Package(
    name: "WebFenceWebKitGTK",
    dependencies: [.package(path: "../..")],
    targets: [
        // WebKitGTK 6 and GTK 4, as pkg-config describes them.
        .systemLibrary(
            name: "CWebKitGTK",
            pkgConfig: "webkitgtk-6.0",
            providers: [.apt(["libwebkitgtk-6.0-dev"])]
        ),
        // What Swift cannot call directly: g_signal_connect is a macro, and signal handlers need
        // C signatures.
        .target(name: "CWebKitShim", dependencies: ["CWebKitGTK"]),
        // Loads a page in a real web view and says what its navigation policy decisions were.
        .executableTarget(
            name: "webkitgtk-probe",
            dependencies: ["CWebKitGTK", "CWebKitShim", .product(name: "WebAddress", package: "main")]
        ),
    ]
)
