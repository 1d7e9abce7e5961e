import ArgumentParser
import AssociatedDomains
import Foundation
import WebFenceCommandLine

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
        let answers = AASAMatchAnswers(matchers: CompiledCache(capacity: 8))
        let malformed = JSONLinesStream.forEachLine { line, lineNumber in
            let result = answers.answer(toLine: line)
            print(result.serialized())
            guard let error = result["error"] else { return true }
            Terminal.standardError.write("webfence: stdin:line \(lineNumber): \(error.stringValue ?? "")\n")
            return false
        }
        if malformed > 0 { throw ExitCode(ExitStatus.unusableInput) }
    }
}
