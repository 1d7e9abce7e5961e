import Foundation

/// Files the benchmarks read, found from this source file so that they run from any folder.
public enum BenchmarkPaths {
    /// The main package's root.
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Where Benchmarks/Peers/build.sh puts the peers (`WEBFENCE_PEERS` overrides).
    public static let peers: URL = {
        if let override = ProcessInfo.processInfo.environment["WEBFENCE_PEERS"] {
            return URL(fileURLWithPath: override)
        }
        return packageRoot.appendingPathComponent("Benchmarks/.build-peers")
    }()

    /// The Public Suffix List of the release WebAddress bundles (Tests/Corpora/psl), for the baselines.
    public static let publicSuffixList = packageRoot.appendingPathComponent("Tests/Corpora/psl/public_suffix_list.dat")

    public static func text(_ url: URL) -> String {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            fatalError("cannot read \(url.path)")
        }
        return text
    }
}
