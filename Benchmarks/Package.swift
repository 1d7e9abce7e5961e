// swift-tools-version: 6.1
// WebFence benchmarks: a package of its own, so that the main package builds without the
// benchmark dependency. Run from this folder: `swift package benchmark` (see ../docs/performance.md).

import Foundation
import PackageDescription

/// The main package's identity: SwiftPM names a path dependency after its directory, which is the
/// clone's (`main` here, anything in CI), so it is read from where this manifest is.
let main = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent.lowercased()

let package = Package(
    name: "WebFenceBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // What the benchmarks share: the inputs, the peers (ada and libpsl, loaded with dlopen from
        // what Peers/build.sh builds) and the naive baseline.
        .target(
            name: "BenchmarkSupport",
            dependencies: [
                .product(name: "WebAddress", package: main), .product(name: "HybridFrameworks", package: main),
                .product(name: "StrictJSON", package: main),
            ],
            path: "Benchmarks/Support"
        ),
        // One workload at a time, for callgrind (instructions.sh): no benchmark library around it.
        .executableTarget(
            name: "InstructionCounts",
            dependencies: [
                "BenchmarkSupport", .product(name: "WebAddress", package: main),
                .product(name: "HybridFrameworks", package: main), .product(name: "StrictJSON", package: main),
            ],
            path: "Benchmarks/InstructionCounts"
        ),
        // Each hot path is measured beside its baseline, in the same target.
        .executableTarget(
            name: "URLParse",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "WebAddress", package: main),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/URLParse",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "RegistrableDomain",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "WebAddress", package: main),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/RegistrableDomain",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "AppBoundDecision",
            dependencies: [
                .product(name: "WebAddress", package: main),
                .product(name: "AppBound", package: main),
                .product(name: "Scenarios", package: main),
                .product(name: "StrictJSON", package: main),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/AppBoundDecision",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "AssociationMatch",
            dependencies: [
                .product(name: "WebAddress", package: main),
                .product(name: "AssociatedDomains", package: main),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/AssociationMatch",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "NavigationRuleCheck",
            dependencies: [
                .product(name: "WebAddress", package: main),
                .product(name: "NavigationRules", package: main),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/NavigationRuleCheck",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "FrameworkDecision",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "WebAddress", package: main),
                .product(name: "HybridFrameworks", package: main),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/FrameworkDecision",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "FrameworkBridge",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "WebAddress", package: main),
                .product(name: "HybridFrameworks", package: main),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/FrameworkBridge",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "AppAudit",
            dependencies: [
                .product(name: "Audit", package: main),
                .product(name: "AppManifest", package: main),
                .product(name: "AppFixtures", package: main),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/AppAudit",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
