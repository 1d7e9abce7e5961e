import ArgumentParser
import StrictJSON
import WebFenceCommandLine

/// `framework check --jsonl` and `framework bridge --jsonl`: one answer per line of stdin, in order,
/// in constant memory (`FrameworkCheckAnswers` and `FrameworkBridgeAnswers`, shared with `webfence
/// serve`); a failure's reason also goes to stderr, and any failure makes the exit status 2.
enum FrameworkLines {
    static func run(answering answer: (String) -> JSONValue) throws {
        let failures = JSONLinesStream.forEachLine { line, lineNumber in
            let answer = answer(line)
            print(answer.serialized())
            guard answer["failure"] != nil else { return true }
            Terminal.standardError.write(
                "webfence: stdin:line \(lineNumber): \(answer["reason"]?.stringValue ?? "")\n")
            return false
        }
        if failures > 0 { throw ExitCode(ExitStatus.unusableInput) }
    }
}
