import Foundation
import PackagePlugin

/// One run of `webfence` over some of a target's files: its arguments and the files it reads.
struct Check {
    /// A name for the build log and the stamp file.
    let name: String
    /// The arguments after `webfence`, `--format xcode` included.
    let arguments: [String]
    /// Every file the run reads: a change to one runs it again.
    let inputs: [URL]

    /// The association files' names (the file as it is served, and with the extension editors want).
    static let associationFileNames: Set<String> = ["apple-app-site-association", "apple-app-site-association.json"]
    /// The framework configuration files `framework lint` reads by name.
    static let frameworkFileNames: Set<String> = [
        "capacitor.config.json", "config.xml", "Settings.swift", "webfence-framework.json",
    ]

    /// The files under `folder` whose names WebFence reads (hidden folders and `.build` skipped).
    static func files(in folder: URL) -> [URL] {
        let wanted = associationFileNames.union(frameworkFileNames).union(["Info.plist"])
        guard
            let walk = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        var found: [URL] = []
        for case let url as URL in walk {
            if url.lastPathComponent == ".build" {
                walk.skipDescendants()
                continue
            }
            let name = url.lastPathComponent
            guard wanted.contains(name) || url.pathExtension == "entitlements",
                (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
            else { continue }
            found.append(url)
        }
        return found.sorted { $0.path < $1.path }
    }

    /// The runs for a target's files: every association file in one `aasa lint`; each Info.plist in
    /// an `audit`, with the `.entitlements` file and the framework files of its folder; framework
    /// files in a folder without an Info.plist in one `framework lint`.
    static func plan(_ files: [URL]) -> [Check] {
        var checks: [Check] = []
        let association = files.filter { associationFileNames.contains($0.lastPathComponent) }
        if !association.isEmpty {
            checks.append(
                Check(name: "aasa", arguments: ["aasa", "lint"] + association.map(\.path), inputs: association))
        }
        let folders = Dictionary(grouping: files) { $0.deletingLastPathComponent().path }
        var frameworkAlone: [URL] = []
        for (folder, inFolder) in folders.sorted(by: { $0.key < $1.key }) {
            let framework = inFolder.filter { frameworkFileNames.contains($0.lastPathComponent) }
            guard let plist = inFolder.first(where: { $0.lastPathComponent == "Info.plist" }) else {
                frameworkAlone += framework
                continue
            }
            // The audit reads the files beside an Info.plist itself: the entitlements are named,
            // the framework files found (and read as inputs, so a change runs it again).
            let entitlements = inFolder.filter { $0.pathExtension == "entitlements" }.sorted { $0.path < $1.path }
            var arguments = ["audit", plist.path]
            if let first = entitlements.first { arguments += ["--entitlements", first.path] }
            let name = "audit-" + String(folder.split(separator: "/").last ?? "root")
            checks.append(Check(name: name, arguments: arguments, inputs: [plist] + entitlements.prefix(1) + framework))
        }
        if !frameworkAlone.isEmpty {
            checks.append(
                Check(
                    name: "framework", arguments: ["framework", "lint"] + frameworkAlone.map(\.path),
                    inputs: frameworkAlone))
        }
        return checks
    }

    /// The build command: `webfence … --format xcode`, through `/bin/sh`, which writes an empty
    /// Swift file once the run passes. A build command needs an output to be scheduled, and an
    /// output SwiftPM compiles (rather than copies into a resource bundle) leaves the target's
    /// product as it was. After a failing run the file is removed, so the next build runs it again.
    func command(tool: URL, workDirectory: URL) -> Command {
        let stamp = workDirectory.appending(path: "WebFence-\(name)-checked.swift")
        let script = """
            "$0" "$@"; status=$?
            if [ "$status" -eq 0 ]; then printf '// Checked by WebFence.\\n' > "$WEBFENCE_STAMP"; else rm -f "$WEBFENCE_STAMP"; fi
            exit "$status"
            """
        return .buildCommand(
            displayName: "WebFence: \(arguments[0] == "audit" ? "audit" : arguments.prefix(2).joined(separator: " ")) "
                + inputs.map(\.lastPathComponent).joined(separator: ", "),
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", script, tool.path] + arguments + ["--format", "xcode"],
            environment: ["WEBFENCE_STAMP": stamp.path],
            inputFiles: inputs + [tool],
            outputFiles: [stamp])
    }
}
