import Foundation
import HybridFrameworks
import Testing

/// Every framework's facts, held by one list: a framework whose folder misses a fact fails to
/// compile (`FrameworkDefinition`'s requirements, the two exhaustive lists); one that misses its
/// place in the lists, an example or its docs fails here.
struct FrameworkDefinitionTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Each framework's example configuration in `Examples/frameworks`, in the framework's own format.
    static let examples: [HybridFramework: String] = [
        .capacitor: "capacitor.config.json", .cordovaIOS: "config.xml",
        .reactNativeWebView: "react-native-webview.json", .hotwireNative: "hotwire-native.json",
        .pwabuilder: "Settings.swift",
    ]

    @Test("each framework's definition names the framework back", arguments: HybridFramework.allCases)
    func namesBack(_ framework: HybridFramework) {
        #expect(framework.definition.framework == framework)
        #expect(HybridFramework(rawValue: framework.rawValue) == framework)
    }

    @Test("names and versions: one display name a framework, at least one version each, no repeats")
    func namesAndVersions() {
        let names = HybridFramework.allCases.map(\.displayName)
        #expect(Set(names).count == names.count)
        for framework in HybridFramework.allCases {
            let versions = framework.definition.versions
            #expect(!versions.isEmpty, "\(framework.rawValue) names no version")
            #expect(Set(versions).count == versions.count)
        }
    }

    @Test("every place the audit points at is a JSON pointer", arguments: HybridFramework.allCases)
    func places(_ framework: HybridFramework) {
        let places = framework.definition.places
        for pointer in [places.appBoundFlag, places.startPage, places.allowedHosts] {
            #expect(pointer.hasPrefix("/"), "\(framework.rawValue): \(pointer)")
        }
    }

    @Test("every type declared a FrameworkDefinition in Sources/HybridFrameworks is a framework of the list")
    func everyDeclaredDefinitionIsListed() throws {
        let sources = Self.packageRoot.appendingPathComponent("Sources/HybridFrameworks")
        var declared: [String] = []
        let declaration = try Regex(#"extension\s+(\w+)\s*:[^{]*\bFrameworkDefinition\b"#)
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: declaration) {
                if let name = match.output[1].substring { declared.append(String(name)) }
            }
        }
        let listed = HybridFramework.allCases.map { String(describing: $0.definition) }
        #expect(declared.sorted() == listed.sorted())
    }

    @Test("the example table covers every framework")
    func examplesComplete() {
        #expect(Set(Self.examples.keys) == Set(HybridFramework.allCases))
    }

    @Test(
        "each framework's example reads, decides and says its rules, bridge and meaning",
        arguments: HybridFramework.allCases)
    func example(_ framework: HybridFramework) throws {
        let name = try #require(Self.examples[framework])
        let bytes = try [UInt8](
            Data(
                contentsOf: Self.packageRoot.appendingPathComponent("Examples/frameworks").appendingPathComponent(name))
        )
        let (policy, _) = try FrameworkConfigurationText.policy(framework, bytes)
        #expect(policy.framework == framework)
        #expect(type(of: policy.definition) == framework.definition)
        #expect(!policy.rules.isEmpty)
        #expect(!policy.bridge.messageHandlers.isEmpty)
        let meant = MeantNavigation(policy)
        #expect(!meant.rules.isEmpty || !meant.notes.isEmpty)
    }

    @Test("docs/frameworks.md has a section for each framework", arguments: HybridFramework.allCases)
    func documented(_ framework: HybridFramework) throws {
        let docs = try String(
            contentsOf: Self.packageRoot.appendingPathComponent("docs/frameworks.md"), encoding: .utf8)
        let headings = docs.split(separator: "\n").filter { $0.hasPrefix("## ") }
        #expect(
            headings.contains { $0.contains(framework.displayName) }, "no ## section names \(framework.displayName)")
    }
}
