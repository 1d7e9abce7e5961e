import ArgumentParser

/// `webfence aasa`: association files (spec/interfaces.md §2).
struct AASACommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "aasa",
        abstract:
            "Answer \"why did this link open the browser?\": verify, lint, match and fetch apple-app-site-association files.",
        discussion: """
            The matcher reproduces a device's: the first details entry listing the app ID, its rules \
            in order, the first rule that matches decides (exclude blocks), path normalisation, \
            query and fragment traps, substitution variables, caseSensitive and percentEncoded.

            Examples:
              webfence aasa verify --file Examples/aasa/seed-004-components.json --domain example.com \\
                  --url 'https://example.com/help/website/faq' --explain
              webfence aasa lint Examples/aasa/traps.json --domain example.com --entitlements Examples/aasa/entitlements.plist
              webfence aasa match --jsonl < Examples/aasa/links.jsonl
              webfence aasa fetch example.com --route direct
            """,
        subcommands: [AASAVerifyCommand.self, AASALintCommand.self, AASAMatchCommand.self, AASAFetchCommand.self]
    )
}
