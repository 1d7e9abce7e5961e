import ArgumentParser
import Foundation
import StrictJSON
import WebAddress
import WebFenceCommandLine

/// `webfence url parse`: the WHATWG parse of each input (spec/interfaces.md §4).
struct URLParseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse",
        abstract: "Show where each URL really goes: the browser's parse, next to Foundation's URL.",
        discussion: """
            Each input is parsed as a browser engine parses it (the URL Standard's basic URL parser, \
            IDNA by UTS #46, the registrable domain by the Public Suffix List). Text output puts \
            Foundation's URL beside it and marks where the two disagree on the scheme, host or port, \
            which is where an allowlist built on Foundation's URL lets the wrong site through.

            JSON fields, exactly as the URL Standard's API names them: input, base, href, origin, \
            protocol, username, password, host, hostname, port, pathname, search, hash, \
            registrableDomain; or input, base, failure: true and reason.

            Examples:
              webfence url parse 'https://evil.com\\@trusted.com/'
              webfence url parse --base https://example.com/a/b '../c?d#e'
              webfence url parse --file Examples/urls/tricky-urls.jsonl
              echo '{"input": "HTTPS://0x7f.1/", "base": null}' | webfence url parse --jsonl
            """
    )

    @Argument(help: "URLs to parse. Quote them: a shell eats backslashes and spaces.")
    var urls: [String] = []

    @Option(help: "Resolve inputs against this base URL (inputs of --file and --jsonl without their own base too).")
    var base: String?

    @Option(
        help: ArgumentHelp(
            "Read inputs from a JSON-lines file, one {\"input\", \"base\", \"note\"} object per line.",
            valueName: "path"))
    var file: String?

    @Flag(help: "Stream: read {\"input\", \"base\"} JSON lines from stdin, write one JSON result line per input.")
    var jsonl = false

    @OptionGroup var output: FormatOption

    func validate() throws {
        if jsonl, !urls.isEmpty || file != nil {
            throw ValidationError("--jsonl reads its inputs from stdin: drop the URL arguments and --file.")
        }
        if let base {
            do { _ = try WebURL(base) } catch {
                throw ValidationError("--base \(base) is not a URL: \(error.code): \(error)")
            }
        }
        if !jsonl, urls.isEmpty, file == nil {
            throw ValidationError(
                "Nothing to parse. Give URLs, --file PATH or --jsonl, e.g. webfence url parse 'https://evil.com\\@trusted.com/'"
            )
        }
    }

    func run() async throws {
        if jsonl {
            try streamJSONLines()
            return
        }
        var inputs = urls.map { URLParseInput(input: $0, base: base) }
        if let file { inputs += try Self.readInputs(fromFile: file, defaultBase: base) }
        let results = inputs.map { ($0, Self.parse($0)) }
        switch output.format {
        case .json:
            let array = results.map { Self.json(for: $0.0, result: $0.1).serialized() }
            print("[\n" + array.joined(separator: ",\n") + "\n]")
        case .text:
            print(URLParseReport(results: results, terminal: .standardOutput).render(), terminator: "")
        }
    }

    // MARK: - Parsing

    static func parse(_ input: URLParseInput) -> Result<WebURL, URLParseFailure> {
        guard let baseText = input.base else {
            return WebURL.parse(input.input).mapError { URLParseFailure(error: $0, inBase: false) }
        }
        switch WebURL.parse(baseText) {
        case .failure(let error): return .failure(URLParseFailure(error: error, inBase: true))
        case .success(let base):
            return Result { () throws(URLParseError) in try WebURL(input.input, base: base) }
                .mapError { URLParseFailure(error: $0, inBase: false) }
        }
    }

    /// One result as spec/interfaces.md §4 lists it.
    static func json(for input: URLParseInput, result: Result<WebURL, URLParseFailure>) -> JSONValue {
        var members = [JSONValue.Member("input", .string(input.input)), JSONValue.Member("base", .string(input.base))]
        switch result {
        case .success(let url):
            let fields = url.apiFields
            for name in URLAPIFields.names { members.append(JSONValue.Member(name, .string(fields[name] ?? ""))) }
            let registrableDomain = url.host.flatMap(PublicSuffixList.bundled.registrableDomain)
            members.append(JSONValue.Member("registrableDomain", .string(registrableDomain)))
        case .failure(let error):
            members.append(JSONValue.Member("failure", .bool(true)))
            members.append(JSONValue.Member("reason", .string(error.description)))
        }
        return .object(members)
    }

    // MARK: - Inputs

    static func readInputs(fromFile path: String, defaultBase: String?) throws -> [URLParseInput] {
        let text: String
        do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
            throw InputError(path, "cannot read the file: \(error.localizedDescription)")
        }
        var inputs: [URLParseInput] = []
        // Lines end at LF; a CRLF file's CR is whitespace after the JSON value. (Splitting the
        // String on "\n" would not work: "\r\n" is a single Character.)
        let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            let lineText = String(decoding: line, as: UTF8.self)
            if lineText.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            do {
                var input = try URLParseInput(jsonLine: lineText)
                if input.inheritsBase { input.base = defaultBase }
                inputs.append(input)
            } catch {
                throw InputError(path, at: "line \(index + 1)", error.description)
            }
        }
        return inputs
    }

    /// Streams stdin to stdout line by line, in constant memory. A malformed line yields an
    /// `{"line", "error"}` result and the stream goes on; the exit status is then 2.
    private func streamJSONLines() throws {
        let malformed = JSONLinesStream.forEachLine { line, lineNumber in
            do throws(InputLineError) {
                var input = try URLParseInput(jsonLine: line)
                if input.inheritsBase { input.base = base }
                print(Self.json(for: input, result: Self.parse(input)).serialized())
                return true
            } catch {
                print(JSONValue.object(["line": .int(lineNumber), "error": .string(error.description)]).serialized())
                Terminal.standardError.write("webfence: stdin:line \(lineNumber): \(error.description)\n")
                return false
            }
        }
        if malformed > 0 { throw ExitCode(ExitStatus.unusableInput) }
    }
}

/// Why an input is not a URL, and whether it was the base that failed.
struct URLParseFailure: Error, CustomStringConvertible {
    let error: URLParseError
    let inBase: Bool

    /// `host-missing: the URL needs a host and has none`, or the same prefixed with `base `.
    var description: String { (inBase ? "base " : "") + "\(error.code): \(error)" }
}
