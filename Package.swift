// swift-tools-version: 6.1
// WebFence: decides what in-app web content may do, exactly as the platforms decide it.
// The layout mirrors ../shared/DESIGN.md: one target per concern, dependencies pointing down only.

import PackageDescription

let package = Package(
    name: "WebFence",
    // macOS 14: Hummingbird 2's own floor (the server). iOS 16: the policy targets an app links use
    // parameterized existentials and the standard library's string searching, both iOS 16 (docs/platforms.md).
    platforms: [.macOS(.v14), .iOS(.v16)],
    products: [
        .library(name: "WebFence", targets: ["WebFence"]),
        .library(name: "Scenarios", targets: ["Scenarios"]),
        .library(name: "WebAddress", targets: ["WebAddress"]),
        .library(name: "AppBound", targets: ["AppBound"]),
        .library(name: "AssociatedDomains", targets: ["AssociatedDomains"]),
        .library(name: "NavigationRules", targets: ["NavigationRules"]),
        .library(name: "ManagedWebViews", targets: ["ManagedWebViews"]),
        .library(name: "WebFenceNavigation", targets: ["WebFenceNavigation"]),
        .library(name: "HybridFrameworks", targets: ["HybridFrameworks"]),
        .library(name: "RemoteRules", targets: ["RemoteRules"]),
        .library(name: "AppManifest", targets: ["AppManifest"]),
        .library(name: "Audit", targets: ["Audit"]),
        .library(name: "AssociationFetchCore", targets: ["AssociationFetchCore"]),
        .library(name: "StrictJSON", targets: ["StrictJSON"]),
        .library(name: "StrictXML", targets: ["StrictXML"]),
        .library(name: "Findings", targets: ["Findings"]),
        .library(name: "FindingReports", targets: ["FindingReports"]),
        // Builders of app files (Mach-O, profiles, .ipa, .app) for tests and benchmarks.
        .library(name: "AppFixtures", targets: ["AppFixtures"]),
        .executable(name: "webfence", targets: ["WebFenceCLI"]),
        .executable(name: "webfence-serve", targets: ["WebFenceServe"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Network: real TLS with custom trust roots and no redirect following (docs/decisions.md D11).
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        // Tests make a CA and certificates at run time; issue 5 signs rule sets with Ed25519.
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        // Issue 6: `.ipa` archives (DESIGN.md's choice; needs zlib, which Swift on Linux requires too),
        // and DER for code-signature entitlements and provisioning profiles (CMS).
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        // Tauri's capability files written in TOML (D122).
        .package(url: "https://github.com/LebJe/TOMLKit", exact: "0.6.0"),
        // webfence serve: Hummingbird 2 (on SwiftNIO), swift-log for its structured logs.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        // webfence serve --watch: every version of each watched association file, in SQLite
        // (DESIGN.md's choice), and the watch as a service beside the server's.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // webfence serve --watch-database postgres://: the watch shared by replicas (issue 31).
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // webfence serve's /metrics: swift-metrics' API, Prometheus' text format (issue 31).
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // `swift package generate-documentation`: the DocC catalogs of the library products.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The foundation every decision stands on: WHATWG URL parsing, hosts, IDNA, the Public Suffix List.
        // It imports only the Swift standard library (UTS #46 has its own tables), so it gives the
        // same answers on every platform.
        .target(name: "WebAddress"),

        // A strict JSON reader that keeps member order and says where input is wrong (D7).
        .target(name: "StrictJSON"),
        // A strict XML reader (no DOCTYPE, no entity expansion, bounded depth) for Cordova's config.xml.
        .target(name: "StrictXML"),

        // Findings of the linters and loaders: a stable code, a severity, a JSON pointer, a message.
        .target(name: "Findings"),
        // Findings as reports show them: located at their line and column, left out by a baseline,
        // written for Xcode, GitHub Actions, GitLab Code Quality and SARIF.
        .target(
            name: "FindingReports",
            dependencies: ["Findings", "StrictJSON", "StrictXML", .product(name: "Crypto", package: "swift-crypto")]
        ),

        // The four policy systems. They know nothing of each other, of files or of the network.
        .target(name: "AppBound", dependencies: ["WebAddress"]),
        .target(name: "ManagedWebViews", dependencies: ["WebAddress"]),
        // Rule sets are data; a signed one is checked here (Ed25519), fetched and stored by RemoteRules.
        .target(
            name: "NavigationRules",
            dependencies: ["WebAddress", "StrictJSON", "Findings", .product(name: "Crypto", package: "swift-crypto")]
        ),
        .target(name: "AssociatedDomains", dependencies: ["WebAddress", "StrictJSON", "Findings"]),
        // What hybrid frameworks' own navigation code decides (Capacitor, Cordova iOS,
        // react-native-webview, Hotwire Native), from the URL as WebKit canonicalises it.
        // Their configuration readers (capacitor.config.json, config.xml, Settings.swift, the props
        // of frameworks configured in code) and the rule set that says what a configuration meant.
        .target(
            name: "HybridFrameworks",
            dependencies: ["WebAddress", "StrictJSON", "StrictXML", "Findings", "NavigationRules"]
        ),

        // Reading real app files: Info.plist, entitlements, .app folders, .ipa archives, Mach-O code
        // signatures and provisioning profiles.
        .target(
            name: "AppManifest",
            dependencies: [
                "StrictJSON", "AppBound", "AssociatedDomains",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),

        // Fetching an association file without I/O (D99): the request a device makes, the checks of
        // spec/associated-domains.md §4 on the answer, the report, and the protocol a fetcher meets.
        .target(name: "AssociationFetchCore", dependencies: ["StrictJSON", "AssociatedDomains"]),

        // The only target that does I/O over HTTP. Not named `Network`: that is Apple's framework,
        // and AsyncHTTPClient's `#if canImport(Network)` would find this module instead (D26).
        .target(
            name: "WebFenceNetwork",
            dependencies: [
                "AssociationFetchCore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),

        // Remote navigation rules: fetched with the bounded client, the last known good kept on disk.
        .target(
            name: "RemoteRules",
            dependencies: ["NavigationRules", "AssociationFetchCore", "WebFenceNetwork"]
        ),

        // The navigation pipeline: the app's delegate, navigation rules, managed web views and the
        // App-Bound gate as one decision, for an app's decidePolicyFor, the simulator and WebKitGTK.
        .target(
            name: "WebFenceNavigation",
            dependencies: ["WebAddress", "AppBound", "NavigationRules", "ManagedWebViews", "HybridFrameworks"]
        ),

        // The audit of a real app: its findings (every code typed with its severity, title and fix),
        // the reports of them (JSON, SARIF), and the association files fetched for it.
        .target(
            name: "Audit",
            dependencies: [
                "AppManifest", "AppBound", "AssociatedDomains", "AssociationFetchCore", "HybridFrameworks",
                "TauriProjects",
                "WebFenceNavigation", "Findings", "FindingReports", "StrictJSON", "StrictXML", "WebAddress",
            ]
        ),

        // A Tauri project's files read into its configuration, TOML capability files included.
        .target(
            name: "TauriProjects",
            dependencies: ["AppManifest", "HybridFrameworks", .product(name: "TOMLKit", package: "TOMLKit")]
        ),

        // The web view simulator and scenario files: every policy composed, step by step.
        .target(
            name: "Scenarios",
            dependencies: [
                "WebAddress", "StrictJSON", "AppBound", "ManagedWebViews", "NavigationRules", "AssociatedDomains",
                "AppManifest", "WebFenceNavigation", "HybridFrameworks",
            ]
        ),

        // The umbrella: every library module in one import, for a program that wants them all. No
        // target of this package imports it; the HTTP client is a product of its own.
        .target(
            name: "WebFence",
            dependencies: [
                "AppBound", "AppManifest", "AssociatedDomains", "AssociationFetchCore", "Audit", "FindingReports",
                "Findings", "HybridFrameworks", "ManagedWebViews", "NavigationRules", "Scenarios", "StrictJSON",
                "StrictXML", "TauriProjects", "WebAddress", "WebFenceNavigation",
            ]
        ),

        // webfence serve --watch: each watched domain's association file fetched on both routes on a
        // schedule, every distinct version stored (GRDB), and the differences between them.
        .target(
            name: "WebFenceWatch",
            dependencies: [
                "StrictJSON", "AssociationFetchCore", "WebFenceNetwork", "AssociatedDomains",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),

        // webfence serve: the JSON API, the pages and the watch over HTTP, from the same library
        // code as the command line.
        .target(
            name: "WebFenceServer",
            dependencies: [
                "HybridFrameworks", "NavigationRules", "Scenarios", "StrictJSON", "WebAddress", "WebFenceCommandLine",
                "Audit", "AssociatedDomains", "AssociationFetchCore", "WebFenceNetwork",
                "AppManifest", "WebFenceWatch",
                "FindingReports",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            // The OpenAPI document, compiled into the binary: the one copy there is (D101).
            resources: [.embedInCode("openapi.json")]
        ),

        // What both executables share: the exit statuses, input errors, the terminal, fetch options.
        .target(
            name: "WebFenceCommandLine",
            dependencies: [
                "AssociationFetchCore", "Findings", "FindingReports", "StrictJSON", "WebAddress",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // The `webfence` command line: its commands, printing and formats (the only place that
        // prints), for both executables below.
        .target(
            name: "WebFenceCommands",
            dependencies: [
                "HybridFrameworks", "Scenarios", "StrictJSON", "Audit", "WebFenceCommandLine", "WebAddress", "Findings",
                "FindingReports",
                "AssociatedDomains", "AssociationFetchCore", "NavigationRules", "AppManifest", "TauriProjects",
                "AppBound", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // `webfence` from a clone: the commands without the server and the HTTP client, so that it
        // builds without Hummingbird, SQLite, SwiftNIO and a second BoringSSL. `serve` runs
        // `webfence-serve` (D91); a command that fetches runs it under the name `webfence` (D99).
        .executableTarget(
            name: "WebFenceCLI",
            dependencies: [
                "WebFenceCommands", "WebFenceCommandLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // `webfence-serve`: the server and the watch. Run under the name `webfence` (the release
        // installs it so, D98) it is the whole command line, serving in process.
        .executableTarget(
            name: "WebFenceServe",
            dependencies: [
                "WebFenceCommands", "WebFenceServer", "WebFenceWatch", "WebFenceCommandLine",
                "WebFenceNetwork", "AssociatedDomains", .product(name: "Logging", package: "swift-log"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),

        // Every conformance corpus of WebAddress, with nothing but the standard library: shared by
        // WebAddressTests (one Swift test per case) and webaddress-conformance, whose binary CI
        // checks links neither Foundation nor ICU.
        .target(
            name: "WebAddressConformance", dependencies: ["WebAddress", "StrictJSON"],
            path: "Tests/WebAddressConformance"),
        .executableTarget(
            name: "webaddress-conformance", dependencies: ["WebAddress", "WebAddressConformance"],
            path: "Tests/WebAddressConformanceRunner"),
        .testTarget(name: "WebAddressTests", dependencies: ["WebAddress", "WebAddressConformance"]),
        .testTarget(name: "AppBoundTests", dependencies: ["AppBound", "WebAddress"]),
        // The package's own files read at test time: code literals in sources, tables in docs.
        .target(name: "SourceTree", dependencies: ["Findings"], path: "Tests/SourceTree"),
        .testTarget(
            name: "AssociatedDomainsTests",
            dependencies: ["AssociatedDomains", "WebAddress", "Findings", "SourceTree"]),
        // The local HTTPS server and test CA that the network tests share.
        .target(
            name: "NetworkTestSupport",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Tests/NetworkTestSupport"
        ),
        .testTarget(
            name: "WebFenceNetworkTests",
            dependencies: [
                "WebFenceNetwork", "AssociationFetchCore", "NetworkTestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "NavigationRulesTests", dependencies: ["NavigationRules", "WebAddress", "Findings", "SourceTree"]),
        .testTarget(name: "ManagedWebViewsTests", dependencies: ["ManagedWebViews", "WebAddress"]),
        .testTarget(
            name: "HybridFrameworksTests",
            dependencies: ["HybridFrameworks", "WebAddress", "NavigationRules", "StrictJSON"]
        ),
        .testTarget(name: "StrictJSONTests", dependencies: ["StrictJSON"]),
        .testTarget(name: "StrictXMLTests", dependencies: ["StrictXML"]),
        .testTarget(
            name: "FindingReportsTests", dependencies: ["FindingReports", "Findings", "StrictJSON"]),
        .testTarget(
            name: "WebFenceNavigationTests",
            dependencies: [
                "HybridFrameworks", "WebFenceNavigation", "AppBound", "ManagedWebViews", "NavigationRules",
                "WebAddress",
            ]
        ),
        .testTarget(
            name: "RemoteRulesTests",
            dependencies: [
                "RemoteRules", "NavigationRules", "AssociationFetchCore", "WebFenceNetwork", "NetworkTestSupport",
                "WebAddress",
            ]
        ),
        // Builders of app files at test time: Mach-O executables with code signatures, provisioning
        // profiles, .ipa archives, .app folders. No binary fixture is committed without them.
        .target(
            name: "AppFixtures",
            dependencies: [
                "StrictJSON",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Tests/AppFixtures"
        ),
        .testTarget(name: "AppManifestTests", dependencies: ["AppManifest", "AppFixtures", "StrictJSON"]),
        .testTarget(
            name: "ScenariosTests",
            dependencies: [
                "AppBound", "NavigationRules", "StrictJSON", "WebAddress", "WebFenceNavigation", "Scenarios",
                "AppFixtures",
            ]),
        .testTarget(
            name: "AuditTests",
            dependencies: ["Audit", "AppManifest", "AppFixtures", "HybridFrameworks", "StrictJSON"]),
        .testTarget(
            name: "WebFenceServerTests",
            dependencies: [
                "HybridFrameworks", "NavigationRules", "Scenarios", "StrictJSON", "WebFenceCommandLine",
                "WebFenceServer", "AssociationFetchCore", "WebFenceNetwork", "NetworkTestSupport", "WebFenceWatch",
                "AssociatedDomains", "AppFixtures", "AppManifest", "Audit",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // Fixtures are read from the source tree by path, not bundled as resources.
        .testTarget(
            name: "WebFenceCLITests",
            dependencies: [
                "WebFenceCLI", "WebFenceServe", "StrictJSON", "AppFixtures", "NetworkTestSupport",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            exclude: ["Fixtures", "Golden"]
        ),
    ]
)
