import HybridFrameworks
import Testing

/// Reading a PWABuilder shell's `Settings.swift` (spec §12a): the three literals among the file's
/// other settings and comments, the older `allowedOrigin`, and a file it cannot read as an error
/// with its line and column, never a crash.
struct PWABuilderSettingsTests {
    /// A settings file of the shape PWABuilder's generator writes: a struct, other constants,
    /// comments, the three values filled in.
    static let generated = """
        import WebKit

        struct Cookie {
            var name: String
            var value: String
        }

        let gcmMessageIDKey = "00000000000" // Firebase sender

        // The page the app opens on.
        let rootUrl = URL(string: "https://shop.example/start?source=pwa")!

        // The web app's own host.
        let allowedOrigins: [String] = ["shop.example"]

        /* Permitted URLs: sign-in and payment,
           shown with a Done button. */
        let authOrigins: [String] = ["accounts.google.com","pay.example.net/checkout"]
        // at most ten sites in all

        let platformCookie = Cookie(name: "app-platform", value: "iOS App Store")
        let displayMode = "standalone"
        let pullToRefresh = true
        """

    @Test("the generator's file: rootUrl, allowedOrigins and authOrigins, the rest ignored")
    func generatedFile() throws {
        let configuration = try PWABuilderSettingsReader.read(Self.generated)
        #expect(configuration.rootURL == "https://shop.example/start?source=pwa")
        #expect(configuration.allowedOrigins == ["shop.example"])
        #expect(configuration.authOrigins == ["accounts.google.com", "pay.example.net/checkout"])
    }

    @Test("no permitted URLs: the generator writes an empty array")
    func emptyAuthOrigins() throws {
        let text = Self.generated.replacingOccurrences(
            of: #"["accounts.google.com","pay.example.net/checkout"]"#, with: "[]")
        #expect(try PWABuilderSettingsReader.read(text).authOrigins == [])
    }

    @Test("the older template: a single allowedOrigin string, no authOrigins")
    func olderTemplate() throws {
        let text = """
            let rootUrl = URL(string: "https://old.example/?pwashell")!
            let allowedOrigin = "old.example"
            """
        let configuration = try PWABuilderSettingsReader.read(text)
        #expect(configuration.allowedOrigins == ["old.example"] && configuration.authOrigins == [])
    }

    @Test("hand edits Swift allows: var, no type, trailing commas, several lines, escapes, nested comments")
    func handEdited() throws {
        let text = """
            /* an /* inner */ comment */
            var allowedOrigins = [
                "shop.example", // the app
                "cdn.shop.example",
            ]
            let authOrigins: Array<String> = ["login.example\\u{2E}com", "a\\"b"]
            let rootUrl: URL = URL(string: "https://shop.example")!
            let banner = "not \\(read) here"
            let raw = #"raw "quoted""#
            let poem = \"\"\"
                many lines
                \"\"\"
            """
        let configuration = try PWABuilderSettingsReader.read(text)
        #expect(configuration.allowedOrigins == ["shop.example", "cdn.shop.example"])
        #expect(configuration.authOrigins == ["login.example.com", "a\"b"])
        #expect(configuration.rootURL == "https://shop.example")
    }

    @Test("a debug-only value under #if DEBUG is skipped: the release build's is read")
    func debugBranch() throws {
        let text = """
            #if DEBUG
            let rootUrl = URL(string: "http://localhost:8080")!
            let allowedOrigins: [String] = ["localhost"]
            #else
            let rootUrl = URL(string: "https://shop.example")!
            let allowedOrigins: [String] = ["shop.example"]
            #endif
            #if os(iOS)
            let authOrigins: [String] = ["login.example.com"]
            #endif
            """
        let configuration = try PWABuilderSettingsReader.read(text)
        #expect(configuration.rootURL == "https://shop.example" && configuration.allowedOrigins == ["shop.example"])
        #expect(configuration.authOrigins == ["login.example.com"])
    }

    @Test("#if branches as a release build for a device compiles them")
    func conditions() throws {
        let text = """
            #if targetEnvironment(simulator)
            let rootUrl = URL(string: "http://localhost:8080")!
            #elseif os(iOS) && !DEBUG
            let rootUrl = URL(string: "https://shop.example")!
            #else
            let rootUrl = URL(string: "https://mac.shop.example")!
            #endif
            #if !DEBUG
            let allowedOrigins: [String] = ["shop.example"]
            #else
            let allowedOrigins: [String] = ["localhost"]
            #endif
            #if STAGING || (canImport(UIKit) && false)
            let authOrigins: [String] = ["staging.example"]
            #endif
            """
        let configuration = try PWABuilderSettingsReader.read(text)
        #expect(configuration.rootURL == "https://shop.example")
        #expect(configuration.allowedOrigins == ["shop.example"] && configuration.authOrigins == [])
    }

    /// Each form of `#if` condition, with what a release build of the template's project for an
    /// iPhone makes of it (Swift 5 mode, Xcode 26's Swift 6.2, arm64, no package dependency: D100).
    static let conditionForms: [(condition: String, compiled: Bool)] = [
        ("true", true), ("false", false), ("DEBUG", false), ("RELEASE", false), ("!DEBUG", true),
        ("os(iOS)", true), ("os(macOS)", false), ("os(visionOS)", false), ("os(Linux)", false),
        ("arch(arm64)", true), ("arch(x86_64)", false), ("arch(arm)", false),
        ("targetEnvironment(simulator)", false), ("targetEnvironment(macCatalyst)", false),
        ("canImport(UIKit)", true), ("canImport(WebKit)", true), ("canImport(SwiftUI)", true),
        ("canImport(AppKit)", false), ("canImport(Cocoa)", false), ("canImport(FirebaseMessaging)", false),
        ("swift(>=5)", true), ("swift(>=5.9)", true), ("swift(>=5.10)", true), ("swift(>=6)", false),
        ("swift(<5)", false), ("swift(<6)", true), ("swift(<5.9)", false),
        ("compiler(>=5.9)", true), ("compiler(>=6)", true), ("compiler(>=6.2)", true), ("compiler(>=6.3)", false),
        ("compiler(<6)", false), ("compiler(<7)", true),
        ("_endian(little)", true), ("_endian(big)", false), ("_pointerBitWidth(_64)", true),
        ("_pointerBitWidth(_32)", false), ("_runtime(_ObjC)", true), ("_runtime(_Native)", false),
        ("hasFeature(StrictConcurrency)", false),
        ("os(iOS) && !targetEnvironment(simulator)", true), ("os(macOS) || canImport(UIKit)", true),
        ("!(os(iOS) && arch(arm64))", false), ("DEBUG || (swift(>=5) && !canImport(AppKit))", true),
    ]

    @Test("each #if condition form, true and false, as a release device build evaluates it", arguments: conditionForms)
    func conditionForm(_ form: (condition: String, compiled: Bool)) throws {
        let text = """
            #if \(form.condition)
            let rootUrl = URL(string: "https://compiled.example")!
            #else
            let rootUrl = URL(string: "https://not-compiled.example")!
            #endif
            let allowedOrigins: [String] = ["shop.example"]
            """
        let configuration = try PWABuilderSettingsReader.read(text)
        #expect(configuration.rootURL == (form.compiled ? "https://compiled.example" : "https://not-compiled.example"))
    }

    @Test("a condition nested past 32 levels is refused at its line, not recursed into")
    func deepCondition() throws {
        for condition in [String(repeating: "!", count: 100_000) + "DEBUG", String(repeating: "(", count: 40) + "true"]
        {
            let text = "let allowedOrigins: [String] = []\n#if \(condition)\n#endif\n"
            #expect(throws: PWABuilderSettingsReader.Failure.self) { try PWABuilderSettingsReader.read(text) }
            do {
                _ = try PWABuilderSettingsReader.read(text)
            } catch {
                #expect(error.line == 2 && error.message.contains("deeper than 32"), "\(error)")
            }
        }
        let atTheBound =
            "let allowedOrigins: [String] = []\n#if " + String(repeating: "!", count: 31) + "DEBUG\n#endif\n"
        #expect(throws: Never.self) { try PWABuilderSettingsReader.read(atTheBound) }
    }

    @Test("[String]() is an empty array; a regex literal's quote is no string")
    func otherLiterals() throws {
        let text = """
            let pattern = #/[a-z]+"/#
            let allowedOrigins = ["shop.example"]
            let authOrigins = [String]()
            """
        let configuration = try PWABuilderSettingsReader.read(text)
        #expect(configuration.allowedOrigins == ["shop.example"] && configuration.authOrigins == [])
    }

    @Test("constants inside a type or function are not the settings")
    func topLevelOnly() throws {
        let text = """
            struct Other { let allowedOrigins = ["inside.example"] }
            let allowedOrigins: [String] = ["outside.example"]
            """
        #expect(try PWABuilderSettingsReader.read(text).allowedOrigins == ["outside.example"])
    }

    @Test(
        "a file it cannot read: the line and column, and what is wrong",
        arguments: [
            ("let rootUrl = URL(string: \"https://a.example\")!\n", 1, "no allowedOrigins"),
            ("let allowedOrigins: [String] = [host]\n", 1, "not a string literal"),
            ("let x = 1\nlet allowedOrigins: [String] = [\"a.example\" \"b\"]\n", 2, "expected \",\" or \"]\""),
            ("let allowedOrigins = [\"a.example\"]\nlet allowedOrigins = [\"b.example\"]\n", 2, "declared twice"),
            ("let allowedOrigins = [\"a.example\n", 1, "never ends"),
            ("/* open\nlet allowedOrigins = [\"a\"]\n", 1, "never ends"),
            ("let allowedOrigins = [\"\\(host)\"]\n", 1, "interpolated"),
            ("let allowedOrigins = \"a.example\"\n", 1, "array of strings"),
            ("let allowedOrigins = [\"a\\q\"]\n", 1, "invalid escape"),
            ("let x = 1\nlet allowedOrigins = [\"a\\\r2\"]\n", 2, "end of a line"),
            ("let allowedOrigins: [String] =", 1, "the file ends"),
            ("let allowedOrigins: [String] = [\"a.com\"] + [\"b.com\"]\n", 1, "followed by \"+\""),
            (
                "let authOrigins = [\"a\", \"b\"]\n    .filter { $0 != \"b\" }\nlet allowedOrigins = [\"c\"]\n", 2,
                "followed by \".\""
            ),
            ("let rootUrl = URL(fileURLWithPath: \"/x\")!\nlet allowedOrigins = []\n", 1, "URL(string:"),
        ])
    func unreadable(_ text: String, _ line: Int, _ message: String) {
        #expect(throws: PWABuilderSettingsReader.Failure.self) { try PWABuilderSettingsReader.read(text) }
        do {
            _ = try PWABuilderSettingsReader.read(text)
        } catch {
            #expect(error.line == line, "\(error)")
            #expect(error.column >= 1, "\(error)")
            #expect(error.description.contains(message), "\(error)")
        }
    }

    @Test("interpolations nested past the bound are refused, not recursed into")
    func deepNesting() {
        let text = "let allowedOrigins = [" + String(repeating: "\"\\(", count: 5000) + "\n"
        #expect(throws: PWABuilderSettingsReader.Failure.self) { try PWABuilderSettingsReader.read(text) }
    }
}
