import ArgumentParser
import AssociatedDomains
import Foundation
import WebFence

/// `webfence aasa match --jsonl`: the decision for each JSON line of stdin, streamed.
struct AASAMatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Stream universal-link decisions: one JSON line in, one JSON line out, in order.",
        discussion: """
            Each input line: {"id": "...", "aasa": <the file as an object, or its JSON text>, \
            "domain": "example.com", "appId": "ABCDE12345.com.example.app", "url": "https://..."}.
            Each output line: {"id": "...", "decision": "match" | "exclude" | "no_match", \
            "reason": "...", "rule": "<JSON pointer of the deciding rule>" | null}.

            A malformed line yields {"id": ..., "error": "..."} and processing goes on; the exit \
            status is then 2. Memory stays constant: lines are read one at a time, and up to eight \
            compiled files are kept for lines that repeat them. A repeated key is read as a device \
            reads it: the last one wins.

            Example:
              webfence aasa match --jsonl < Examples/aasa/links.jsonl
            """
    )

    @Flag(help: "Read JSON lines from stdin, write one JSON line per input (required).")
    var jsonl = false

    func validate() throws {
        if !jsonl {
            throw ValidationError(
                "match reads JSON lines from stdin: webfence aasa match --jsonl < links.jsonl (for one URL use aasa verify)"
            )
        }
    }

    func run() async throws {
        var cache = MatcherCache()
        let malformed = JSONLinesStream.forEachLine { line, lineNumber in
            let result = Self.decide(line, cache: &cache)
            print(result.serialized())
            guard let error = result["error"] else { return true }
            Terminal.standardError.write("webfence: stdin:line \(lineNumber): \(error.stringValue ?? "")\n")
            return false
        }
        if malformed > 0 { throw ExitCode(ExitStatus.unusableInput) }
    }

    /// The output object for one input line.
    static func decide(_ line: String, cache: inout MatcherCache) -> JSONValue {
        let input: JSONValue
        // A repeated key inside "aasa" is what a device tolerates (the last one wins), so the line
        // is read as a device reads the file rather than refused.
        do { input = try JSONParser.parse(line, duplicateKeys: .keepLast).value } catch {
            return .object(["id": .null, "error": .string("invalid JSON at column \(error.column): \(error.message)")])
        }
        let id = input["id"] ?? .null
        func failure(_ message: String) -> JSONValue { .object(["id": id, "error": .string(message)]) }
        guard case .object = input else { return failure("expected a JSON object, found \(input.typeName)") }
        guard let aasa = input["aasa"] else { return failure("missing \"aasa\"") }
        guard let domainText = input["domain"]?.stringValue else { return failure("\"domain\" must be a string") }
        guard let domain = LinkDomain(domainText) else {
            return failure("\"domain\": \"\(domainText)\" is not a domain")
        }
        guard let appID = input["appId"]?.stringValue else { return failure("\"appId\" must be a string") }
        guard let urlText = input["url"]?.stringValue else { return failure("\"url\" must be a string") }
        let url: WebURL
        do { url = try WebURL(urlText) } catch { return failure("\"url\": \"\(urlText)\" is not a URL: \(error.code)") }
        let matcher: UniversalLinkMatcher
        switch cache.matcher(for: aasa) {
        case .success(let compiled): matcher = compiled
        case .failure(let problem): return failure("\"aasa\": \(problem.message)")
        }
        let decision = matcher.decide(url, domain: domain, appID: appID)
        return .object([
            "id": id, "decision": .string(decision.outcome.rawValue), "reason": .string(decision.reason.rawValue),
            "rule": .string(decision.rule?.pointer),
        ])
    }
}

/// The last few files compiled, for input that repeats them; bounded, so memory stays constant.
struct MatcherCache {
    private var matchers: [JSONValue: UniversalLinkMatcher] = [:]
    static let capacity = 8

    struct Failure: Error {
        let message: String
    }

    mutating func matcher(for aasa: JSONValue) -> Result<UniversalLinkMatcher, Failure> {
        if let cached = matchers[aasa] { return .success(cached) }
        let read: Result<(file: AssociationFile, findings: [Finding]), AssociationFile.ReadError>
        switch aasa {
        case .string(let text): read = AssociationFile.read(Array(text.utf8))
        case .object: read = AssociationFile.read(value: aasa)
        default: return .failure(Failure(message: "expected an object or its JSON text, found \(aasa.typeName)"))
        }
        switch read {
        case .failure(let error): return .failure(Failure(message: "\(error.code): \(error)"))
        case .success(let (file, _)):
            let matcher = UniversalLinkMatcher(file)
            if matchers.count >= Self.capacity { matchers.removeAll(keepingCapacity: true) }
            matchers[aasa] = matcher
            return .success(matcher)
        }
    }
}
