import ArgumentParser
import HybridFrameworks
import WebFenceCommandLine

/// `framework check --jsonl`: one answer per line of stdin, in order, in constant memory
/// (`FrameworkCheckAnswers`, shared with `webfence serve`).
enum FrameworkCheckLines {
    static func run() throws {
        let answers = FrameworkCheckAnswers(policies: CompiledCache(capacity: 8))
        let failures = JSONLinesStream.forEachLine { line, lineNumber in
            let answer = answers.answer(toLine: line)
            print(answer.serialized())
            guard answer["failure"] != nil else { return true }
            Terminal.standardError.write(
                "webfence: stdin:line \(lineNumber): \(answer["reason"]?.stringValue ?? "")\n")
            return false
        }
        if failures > 0 { throw ExitCode(ExitStatus.unusableInput) }
    }
}
