import ArgumentParser

/// `--format`: text for people, json for programs.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

/// The `--format` option of every command whose output is text or JSON (`audit` adds SARIF,
/// `aasa verify` its explanation, each with an option of its own).
struct FormatOption: ParsableArguments {
    @Option(help: "text (for people) or json.")
    var format: OutputFormat = .text
}
