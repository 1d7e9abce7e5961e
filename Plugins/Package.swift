// swift-tools-version: 6.1
// WebFence's SwiftPM plugins: a build-tool plugin that checks a target's association files,
// Info.plist, entitlements and framework configuration files during `swift build`, and a command
// plugin, `swift package webfence …`. Both run the release binary from an artifact bundle, so a
// user's build compiles nothing of WebFence and resolves no other package (docs/install.md).
//
// `webfence.artifactbundle.zip` is made by Scripts/release.sh, which copies it here. A published
// copy of this package names the bundle by URL and checksum instead (release.sh --download-url).
import PackageDescription

let package = Package(
    name: "WebFencePlugins",
    products: [
        .plugin(name: "WebFenceBuildToolPlugin", targets: ["WebFenceBuildToolPlugin"]),
        .plugin(name: "WebFenceCommandPlugin", targets: ["WebFenceCommandPlugin"]),
    ],
    targets: [
        .plugin(
            name: "WebFenceBuildToolPlugin", capability: .buildTool(), dependencies: ["WebFenceBinary"],
            path: "BuildTool"),
        .plugin(
            name: "WebFenceCommandPlugin",
            capability: .command(
                intent: .custom(
                    verb: "webfence",
                    description: "Run webfence (audit, aasa lint, framework check, …) on this package's files")),
            dependencies: ["WebFenceBinary"], path: "Command"),
        .binaryTarget(name: "WebFenceBinary", path: "webfence.artifactbundle.zip"),
    ]
)
