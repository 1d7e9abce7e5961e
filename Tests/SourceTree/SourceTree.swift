import Foundation

/// The package's files, read from the source tree at test time.
public enum SourceTree {
    /// The package's root: two folders above this file.
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The text of the file at `path`, from the root.
    public static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The `.swift` files under `folder`, as paths from the root.
    public static func swiftFiles(in folder: String) throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: root.appendingPathComponent(folder).path)
            .filter { $0.hasSuffix(".swift") }.sorted().map { "\(folder)/\($0)" }
    }

    /// The string literals of `source` that are codes of `families`: `"rules.host.missing"`,
    /// `"aasa.rule.unreachable"`.
    public static func codeLiterals(in source: String, families: [String]) throws -> Set<String> {
        let regex = try Regex(#""((?:\#(families.joined(separator: "|")))\.[A-Za-z.]+)""#)
        return Set(source.matches(of: regex).compactMap { $0.output[1].substring.map(String.init) })
    }

    /// The rows of the table in `page`'s `## Finding codes` section, with the backticks of code
    /// spans removed.
    public static func findingCodesTable(_ page: String) throws -> [(
        code: String, severity: String, title: String, fix: String
    )] {
        let doc = try text(page)
        guard let start = doc.range(of: "\n## Finding codes\n") else { return [] }
        let rest = doc[start.upperBound...]
        let section = rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)]
        return section.split(separator: "\n").filter { $0.hasPrefix("| `") }.compactMap { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "`", with: "")
            }
            guard cells.count == 6 else { return nil }
            return (cells[1], cells[2], cells[3], cells[4])
        }
    }
}
