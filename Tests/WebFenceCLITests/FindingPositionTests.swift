import Foundation
import StrictJSON
import Testing

/// Issue 28: every finding the examples produce from a text file (JSON, an XML property list,
/// `config.xml`, `Settings.swift`) has a line and a column; one from a binary property list, an
/// executable or an archive's entry points at its file alone.
@Suite("Findings at their line: every example's finding from a text file is placed")
struct FindingPositionTests {
    /// Whether the file is text WebFence places findings in: UTF-8, not a binary property list,
    /// not a Mach-O file.
    static func isText(_ path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: PackageFiles.url(path).path),
            String(data: data, encoding: .utf8) != nil
        else { return false }
        return !data.starts(with: Array("bplist".utf8))
    }

    /// The command's findings from its JSON document: (file, member, line, column, code).
    static func findings(_ arguments: [String]) throws -> [(String, String?, JSONValue?, JSONValue?, String)] {
        let result = try WebFenceBinary.run(arguments + ["--format", "json"], in: PackageFiles.root)
        let document = try JSONParser.parse(result.stdout)
        var documents: [JSONValue] = []
        if case .array(let several) = document { documents = several } else { documents = [document] }
        var found: [(String, String?, JSONValue?, JSONValue?, String)] = []
        for document in documents {
            if case .array(let apps)? = document["apps"] {
                for app in apps {
                    guard case .array(let findings)? = app["findings"] else { continue }
                    for finding in findings {
                        found.append(
                            (
                                finding["file"]?["path"]?.stringValue ?? "", finding["file"]?["member"]?.stringValue,
                                finding["line"], finding["column"], finding["code"]?.stringValue ?? ""
                            ))
                    }
                }
            } else if case .array(let findings)? = document["findings"] {
                for finding in findings {
                    found.append(
                        (
                            finding["source"]?.stringValue ?? "", nil, finding["line"], finding["column"],
                            finding["code"]?.stringValue ?? ""
                        ))
                }
            }
        }
        return found
    }

    @Test(
        "placed when the file is text, and only then",
        arguments: ReportFormatGoldenTests.commands.map(\.arguments))
    func placed(_ arguments: [String]) throws {
        let found = try Self.findings(arguments)
        #expect(!found.isEmpty)
        var placed = 0
        for (path, member, line, column, code) in found {
            let text = member == nil && Self.isText(path)
            if text {
                guard case .int(let number)? = line, case .int(let at)? = column, number >= 1, at >= 1 else {
                    Issue.record("\(code) in \(path) has no line and column")
                    continue
                }
                placed += 1
            } else {
                #expect(line == .null && column == .null, "\(code) in \(path) \(member ?? ""): a line in a binary file")
            }
        }
        #expect(placed > 0, "no finding of \(arguments) is in a text file")
    }

    @Test("the line is where the key is: a dropped WKAppBoundDomains entry, a Cordova entry, a Swift literal")
    func lines() throws {
        let xcode = try WebFenceBinary.run(
            [
                "framework", "lint", "Examples/frameworks/config.xml", "Examples/frameworks/Settings.swift",
                "--format", "xcode",
            ], in: PackageFiles.root)
        for line in xcode.stdout.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 3)
            guard parts.count == 4, let number = Int(parts[1]) else {
                Issue.record("not path:line:column: \(line)")
                continue
            }
            let file = String(parts[0])
            let source = try String(contentsOfFile: file, encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false)
            let written = String(source[number - 1])
            // The line names what the finding is about (the entry, the constant), or it is the
            // file's first line for a finding about the file's code as a whole.
            if line.contains("[cordova.allowNavigation.anyHost]") {
                #expect(written.contains("<allow-navigation") && written.contains("*youtube.com"), "\(written)")
            }
            if line.contains("[pwabuilder.origin.neverMatches]") {
                #expect(written.contains("pay.example.net/checkout"), "\(written)")
            }
            if line.contains("[pwabuilder.origin.substring]") {
                #expect(written.contains("Origins"), "\(written)")
            }
        }
    }
}
