// swift-tools-version: 6.1
// A package as a WebFence user writes one: WebFence's plugins by path, with the artifact bundle
// Scripts/release.sh makes. Scripts/check-plugins.sh builds it and checks every diagnostic's place
// (expected-diagnostics.txt) and that nothing of WebFence is compiled here.
import PackageDescription

let package = Package(
    name: "PluginFixture",
    dependencies: [.package(path: "..")],
    targets: [
        // Warnings and notes: the build passes and shows them at their lines.
        .target(
            name: "App",
            exclude: ["Info.plist", "App.entitlements", "capacitor.config.json", "apple-app-site-association", "Web"],
            plugins: [.plugin(name: "WebFenceBuildToolPlugin", package: "Plugins")]
        ),
        // An error: the build fails, at the error's line.
        .target(
            name: "Broken",
            exclude: ["apple-app-site-association"],
            plugins: [.plugin(name: "WebFenceBuildToolPlugin", package: "Plugins")]
        ),
    ]
)
