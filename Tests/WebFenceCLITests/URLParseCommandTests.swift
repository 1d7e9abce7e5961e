import Foundation
import Testing

/// `webfence url parse` as spec/interfaces.md §4 fixes it: fields, order, streaming, exit statuses.
@Suite("webfence url parse")
struct URLParseCommandTests {
    static let fieldOrder = [
        "input", "base", "href", "origin", "protocol", "username", "password", "host", "hostname",
        "port", "pathname", "search", "hash", "registrableDomain",
    ]

    /// The keys of a JSON object line, in the order they appear.
    private func keys(of line: String) -> [String] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return [] }
        return object.keys.sorted {
            line.range(of: "\"\($0)\":")!.lowerBound < line.range(of: "\"\($1)\":")!.lowerBound
        }
    }

    private func object(_ line: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test("--jsonl reproduces every expected field of urltestdata.json")
    func jsonlMatchesURLTestData() throws {
        let url = PackageFiles.corpora.appendingPathComponent("wpt/urltestdata.json")
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [Any])
            .compactMap { $0 as? [String: Any] }
        let stdin = try entries.map { entry in
            let line: [String: Any] = ["input": entry["input"] as Any, "base": entry["base"] ?? NSNull()]
            return String(decoding: try JSONSerialization.data(withJSONObject: line), as: UTF8.self)
        }.joined(separator: "\n")
        let result = try WebFenceBinary.run(["url", "parse", "--jsonl"], stdin: stdin)
        #expect(result.status == 0)
        let lines = result.stdoutLines
        try #require(lines.count == entries.count)
        var mismatches: [String] = []
        for (entry, line) in zip(entries, lines) {
            let output = try object(line)
            if entry["failure"] as? Bool == true {
                if output["failure"] as? Bool != true { mismatches.append(line) }
                continue
            }
            for name in Self.fieldOrder.dropFirst(2).dropLast() {
                if let expected = entry[name] as? String, output[name] as? String != expected {
                    mismatches.append("\(name): expected \(expected) in \(line)")
                }
            }
        }
        print(
            "webfence url parse --jsonl on urltestdata: \(entries.count) lines, \(mismatches.count) mismatched fields")
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    @Test("a result has exactly the fields of spec/interfaces.md §4, in that order")
    func fieldsAndOrder() throws {
        let result = try WebFenceBinary.run(["url", "parse", "--format", "json", "https://evil.com\\@trusted.com/"])
        #expect(result.status == 0)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let output = try #require(array.first)
        #expect(output["hostname"] as? String == "evil.com")
        #expect(output["registrableDomain"] as? String == "evil.com")
        let line = try #require(result.stdoutLines.first { $0.hasPrefix("{") })
        #expect(keys(of: line) == Self.fieldOrder)
    }

    @Test("a failure is {input, base, failure: true} plus the reason")
    func failureShape() throws {
        let result = try WebFenceBinary.run(
            ["url", "parse", "--jsonl"], stdin: #"{"input": "https://", "base": null}"#)
        #expect(result.status == 0)
        let line = try #require(result.stdoutLines.first)
        #expect(keys(of: line) == ["input", "base", "failure", "reason"])
        #expect(try object(line)["reason"] as? String == "host-missing: the URL needs a host and has none")
    }

    @Test("registrableDomain is null for IP addresses and opaque hosts")
    func registrableDomainNull() throws {
        let stdin = [#"{"input": "http://0x7f.1/", "base": null}"#, #"{"input": "sc://apple.com/", "base": null}"#]
            .joined(separator: "\n")
        let result = try WebFenceBinary.run(["url", "parse", "--jsonl"], stdin: stdin)
        for line in result.stdoutLines { #expect(try object(line)["registrableDomain"] is NSNull) }
    }

    @Test("--jsonl: a malformed line yields an error line, the stream goes on, and the exit status is 2")
    func malformedLines() throws {
        let stdin = [
            #"{"input": "https://a.example/", "base": null}"#, "not json", #"{"input": 3}"#,
            #"{"input": "x", "bsae": null}"#, "", #"{"input": "https://b.example/"}"#,
        ].joined(separator: "\n")
        let result = try WebFenceBinary.run(["url", "parse", "--jsonl"], stdin: stdin)
        #expect(result.status == 2)
        let lines = result.stdoutLines
        try #require(lines.count == 5)
        #expect(try object(lines[0])["hostname"] as? String == "a.example")
        #expect(try object(lines[1])["line"] as? Int == 2)
        #expect((try object(lines[2])["error"] as? String)?.contains("\"input\" must be a string") == true)
        #expect((try object(lines[3])["error"] as? String)?.contains("unknown key \"bsae\"") == true)
        #expect(try object(lines[4])["hostname"] as? String == "b.example")
        #expect(result.stderr.contains("stdin:line 2:"))
    }

    @Test("--base resolves inputs; a base in a JSON line wins over it")
    func bases() throws {
        let arguments = try WebFenceBinary.run([
            "url", "parse", "--format", "json", "--base", "https://a.example/x/y", "../z",
        ])
        #expect(arguments.stdout.contains(#""href":"https://a.example/z""#))
        let stream = try WebFenceBinary.run(
            ["url", "parse", "--jsonl", "--base", "https://a.example/"],
            stdin: #"{"input": "q", "base": "https://b.example/p/"}"# + "\n" + #"{"input": "q"}"#)
        #expect(stream.stdoutLines.count == 2)
        #expect(stream.stdoutLines[0].contains(#""href":"https://b.example/p/q""#))
        #expect(stream.stdoutLines[1].contains(#""href":"https://a.example/q""#))
    }

    @Test("unusable input exits 2 with one line naming the problem")
    func unusableInput() throws {
        let badBase = try WebFenceBinary.run(["url", "parse", "--base", "not a url", "x"])
        #expect(badBase.status == 2)
        #expect(badBase.stderr.contains("--base not a url is not a URL"))

        let missing = try WebFenceBinary.run(["url", "parse", "--file", "/nonexistent/urls.jsonl"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("/nonexistent/urls.jsonl: cannot read the file"))

        let nothing = try WebFenceBinary.run(["url", "parse"])
        #expect(nothing.status == 2)
        #expect(nothing.stderr.contains("Nothing to parse"))

        let unknownOption = try WebFenceBinary.run(["url", "parse", "--nope", "x"])
        #expect(unknownOption.status == 2)

        let badFormat = try WebFenceBinary.run(["url", "parse", "--format", "yaml", "x"])
        #expect(badFormat.status == 2)
    }

    @Test("--file reads CRLF files")
    func crlfFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("webfence-\(UUID()).jsonl")
        try Data("{\"input\": \"http://a.example/\"}\r\n{\"input\": \"http://b.example/\"}\r\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try WebFenceBinary.run(["url", "parse", "--format", "json", "--file", file.path])
        #expect(result.status == 0)
        #expect(result.stdout.contains("a.example") && result.stdout.contains("b.example"))
    }

    @Test("\"base\": null means no base even with --base; a base that does not parse is named as the cause")
    func baseNullAndBadBase() throws {
        let result = try WebFenceBinary.run(
            ["url", "parse", "--jsonl", "--base", "https://a.example/"],
            stdin: #"{"input": "q", "base": null}"# + "\n" + #"{"input": "https://ok.example/", "base": "nope"}"#)
        let lines = result.stdoutLines
        try #require(lines.count == 2)
        #expect(try object(lines[0])["failure"] as? Bool == true)
        #expect((try object(lines[1])["reason"] as? String)?.hasPrefix("base missing-scheme-non-relative-URL") == true)
    }

    @Test("--file: a bad line is reported with the file and line number, exit 2")
    func badFileLine() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("webfence-\(UUID()).jsonl")
        try Data("{\"input\": \"https://ok.example/\"}\n{\"input\": }\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try WebFenceBinary.run(["url", "parse", "--file", file.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("\(file.path):line 2: invalid JSON"))
    }

    @Test("text output puts Foundation's URL beside the browser and marks where it goes elsewhere")
    func textOutput() throws {
        let result = try WebFenceBinary.run(["url", "parse", "https://evil.com\\@trusted.com/", "https://example.com/"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("✗ https://evil.com\\@trusted.com/"))
        #expect(result.stdout.contains("✓ https://example.com/"))
        #expect(result.stdout.contains("← differs"))
        #expect(
            result.stdout.contains(
                "2 inputs: Foundation's URL disagrees with the browser on the scheme, host or port of 1."))
    }

    @Test("the bundled example list runs and shows each note")
    func bundledExamples() throws {
        let result = try WebFenceBinary.run([
            "url", "parse", "--file", PackageFiles.url("Examples/urls/tricky-urls.jsonl").path,
        ])
        #expect(result.status == 0)
        #expect(result.stdout.contains("evil.com"))
        #expect(result.stdout.contains("Foundation's URL disagrees with the browser on the scheme, host or port of"))
    }
}

@Suite("webfence")
struct WebFenceCommandTests {
    @Test("--version prints the version, then the Unicode version and the Public Suffix List's date")
    func version() throws {
        let result = try WebFenceBinary.run(["--version"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first?.split(separator: ".").count == 3)
        #expect(lines.contains("Unicode 16.0.0 (UTS #46 tables)"))
        #expect(lines.contains { $0.hasPrefix("Public Suffix List 20") })
    }

    @Test("--help names the commands and the exit statuses")
    func help() throws {
        let result = try WebFenceBinary.run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("url"))
        #expect(result.stdout.contains("Exit status"))
        let parse = try WebFenceBinary.run(["url", "parse", "--help"])
        #expect(parse.stdout.contains("--jsonl"))
        #expect(parse.stdout.contains("Examples:"))
    }

    @Test("an unknown command exits 2")
    func unknownCommand() throws {
        #expect(try WebFenceBinary.run(["frobnicate"]).status == 2)
    }
}
