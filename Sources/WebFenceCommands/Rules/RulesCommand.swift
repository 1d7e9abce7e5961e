import ArgumentParser

/// `webfence rules`: navigation rules in code (spec/interfaces.md §3).
struct RulesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "Check URLs against a navigation rule set, lint it, and sign it for remote delivery.",
        discussion: """
            A rule set is JSON: {"version": 7, "allow": ["example.com", "=login.example.org", \
            "*.cdn.example.net", {"host": "api.example.com", "ports": [443, 8443], "paths": ["/v1/"]}], \
            "deny": ["ads.example.com"], "allowSchemes": ["about:blank"], "otherwise": "cancel"}. \
            Every URL is judged on the host a browser engine loads (WHATWG URL, UTS #46), never on \
            Foundation's parse. See docs/navigation-rules.md.

            Examples:
              webfence rules check --rules Examples/rules/shop.json 'https://evil.com\\@shop.example/'
              webfence rules lint Examples/rules/refused.json
              webfence rules keygen --out signing-key.pem
              webfence rules sign Examples/rules/shop.json --key signing-key.pem --out shop.signed.json
              webfence rules verify shop.signed.json --public-key signing-key.pub.pem
            """,
        subcommands: [
            RulesCheckCommand.self, RulesLintCommand.self, RulesKeygenCommand.self, RulesSignCommand.self,
            RulesVerifyCommand.self,
        ]
    )
}
