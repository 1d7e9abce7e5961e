import ArgumentParser

/// `webfence url`: the browser-exact URL layer every decision stands on.
struct URLCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "url",
        abstract: "Parse URLs exactly as a browser engine does (WHATWG URL Standard, UTS #46, Public Suffix List).",
        subcommands: [URLParseCommand.self]
    )
}
