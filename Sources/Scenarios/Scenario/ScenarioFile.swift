import Foundation

extension Scenario {
    /// Reads a scenario file; plist files it names are read relative to it.
    public static func load(contentsOf url: URL) throws(ScenarioError) -> Scenario {
        let text: String
        do { text = try String(contentsOf: url, encoding: .utf8) } catch {
            throw ScenarioError("", "cannot read the file: \(error.localizedDescription)")
        }
        let directory = url.deletingLastPathComponent()
        return try parse(text) { (path: String) throws(ScenarioError) in
            try PropertyListFile.read(URL(fileURLWithPath: path, relativeTo: directory))
        }
    }
}
