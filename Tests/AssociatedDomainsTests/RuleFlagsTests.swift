import AssociatedDomains
import Testing
import WebAddress

/// Spec §2–3: defaults, case, percent-encoding and substitution variables.
@Suite("§2–3 defaults, flags and variables")
struct RuleFlagsTests {
    // MARK: - Defaults at three levels

    @Test("§2 defaults: rule > entry defaults > applinks defaults > built-in, key by key")
    func defaultsLevels() throws {
        let url = "https://example.com/BUY/1"
        // Built-in: case-sensitive.
        #expect(try outcome(components: ##"[{"/": "/buy/*"}]"##, url) == .noMatch)
        // applinks.defaults turns it off.
        #expect(
            try outcome(components: ##"[{"/": "/buy/*"}]"##, fileDefaults: ##"{"caseSensitive": false}"##, url)
                == .match)
        // The entry's defaults win over applinks.defaults.
        #expect(
            try outcome(
                components: ##"[{"/": "/buy/*"}]"##, defaults: ##"{"caseSensitive": true}"##,
                fileDefaults: ##"{"caseSensitive": false}"##, url) == .noMatch)
        // The rule wins over both.
        #expect(
            try outcome(
                components: ##"[{"/": "/buy/*", "caseSensitive": false}]"##, defaults: ##"{"caseSensitive": true}"##,
                fileDefaults: ##"{"caseSensitive": true}"##, url) == .match)
    }

    @Test("§2 defaults may carry any rule key, not only the flags")
    func defaultsCarryAnyKey() throws {
        // A default fragment pattern applies to rules that do not give one.
        let rules = ##"[{"/": "/a/*"}, {"/": "/b/*", "#": "*"}]"##
        #expect(try outcome(components: rules, defaults: ##"{"#": "app"}"##, "https://example.com/a/1#web") == .noMatch)
        #expect(try outcome(components: rules, defaults: ##"{"#": "app"}"##, "https://example.com/a/1#app") == .match)
        #expect(try outcome(components: rules, defaults: ##"{"#": "app"}"##, "https://example.com/b/1#web") == .match)
        // A default exclude excludes every rule that does not say otherwise.
        #expect(
            try outcome(
                components: ##"[{"/": "/a/*"}]"##, fileDefaults: ##"{"exclude": true}"##, "https://example.com/a/1")
                == .exclude)
        // A default path and query.
        #expect(
            try outcome(components: "[{}]", fileDefaults: ##"{"/": "/only/*"}"##, "https://example.com/other")
                == .noMatch)
        #expect(
            try outcome(components: "[{}]", defaults: ##"{"?": {"x": "1"}}"##, "https://example.com/p?x=1") == .match)
        #expect(
            try outcome(components: "[{}]", defaults: ##"{"?": {"x": "1"}}"##, "https://example.com/p?x=2") == .noMatch)
    }

    @Test("§2 a non-string / or # counts as unspecified (the defaults apply)")
    func nonStringPattern() throws {
        #expect(try outcome(components: ##"[{"/": 5}]"##, "https://example.com/anything") == .match)
        #expect(
            try outcome(components: ##"[{"#": ["a"]}]"##, defaults: ##"{"#": "a"}"##, "https://example.com/#b")
                == .noMatch)
    }

    // MARK: - Booleans

    @Test(
        "§2 booleans may arrive as numbers or strings; anything else counts as false",
        arguments: [
            ("true", true), ("false", false), ("1", true), ("0", false), ("2.5", true), (##""true""##, true),
            (##""YES""##, true), (##""no""##, false), (##""1""##, true), (##""0""##, false), (##""""##, false),
            ("null", false),
            ("[]", false), ("{}", false),
        ])
    func booleanCoercion(_ json: String, _ flag: Bool) throws {
        let outcome = try outcome(components: ##"[{"/": "/a", "exclude": \##(json)}]"##, "https://example.com/a")
        #expect(outcome == (flag ? .exclude : .match), "exclude: \(json)")
    }

    @Test("§2 a non-boolean caseSensitive counts as false (case folds)")
    func nonBooleanCaseSensitive() throws {
        #expect(try outcome(components: ##"[{"/": "/a", "caseSensitive": null}]"##, "https://example.com/A") == .match)
    }

    // MARK: - Case

    @Test("§3 caseSensitive false folds literals and the built-in letter classes")
    func caseFolding() throws {
        #expect(
            try outcome(components: ##"[{"/": "/Buy/*", "caseSensitive": false}]"##, "https://example.com/bUY/1")
                == .match)
        #expect(
            try outcome(components: ##"[{"/": "/$(upper)", "caseSensitive": false}]"##, "https://example.com/a")
                == .match)
        #expect(try outcome(components: ##"[{"/": "/$(upper)"}]"##, "https://example.com/a") == .noMatch)
        #expect(try outcome(components: ##"[{"/": "/$(lower)"}]"##, "https://example.com/A") == .noMatch)
        #expect(
            try outcome(components: ##"[{"?": {"q": "ABC"}, "caseSensitive": false}]"##, "https://example.com/?q=abc")
                == .match)
        #expect(
            try outcome(components: ##"[{"#": "Top", "caseSensitive": false}]"##, "https://example.com/#TOP") == .match)
    }

    // MARK: - Percent-encoding

    @Test("§3 percentEncoded true: %20 is three characters, hex case matters, %2F is not a separator")
    func percentEncodedTrue() throws {
        #expect(try outcome(components: ##"[{"/": "/a b"}]"##, "https://example.com/a%20b") == .noMatch)
        #expect(try outcome(components: ##"[{"/": "/a%20b"}]"##, "https://example.com/a%20b") == .match)
        #expect(try outcome(components: ##"[{"/": "/a???b"}]"##, "https://example.com/a%20b") == .match)
        #expect(try outcome(components: ##"[{"/": "/a%2fb"}]"##, "https://example.com/a%2Fb") == .noMatch)
        #expect(try outcome(components: ##"[{"/": "/a/b"}]"##, "https://example.com/a%2Fb") == .noMatch)
        #expect(try outcome(components: ##"[{"/": "/caf%C3%A9"}]"##, "https://example.com/café") == .match)
        #expect(try outcome(components: ##"[{"/": "/café"}]"##, "https://example.com/café") == .noMatch)
    }

    @Test("§3 percentEncoded false: the URL is decoded, the pattern used as written")
    func percentEncodedFalse() throws {
        #expect(
            try outcome(components: ##"[{"/": "/a b", "percentEncoded": false}]"##, "https://example.com/a%20b")
                == .match)
        #expect(
            try outcome(components: ##"[{"/": "/café", "percentEncoded": false}]"##, "https://example.com/caf%C3%A9")
                == .match)
        #expect(
            try outcome(components: ##"[{"/": "/哈哈/?*", "percentEncoded": false}]"##, "https://example.com/哈哈/x")
                == .match)
        #expect(
            try outcome(components: ##"[{"/": "/哈哈/?*", "percentEncoded": false}]"##, "https://example.com/哈哈/")
                == .noMatch)
        #expect(
            try outcome(components: ##"[{"/": "/a/b", "percentEncoded": false}]"##, "https://example.com/a%2Fb")
                == .match)
        #expect(
            try outcome(
                components: ##"[{"?": {"q": "a&b"}, "percentEncoded": false}]"##, "https://example.com/?q=a%26b")
                == .match)
        #expect(
            try outcome(components: ##"[{"#": "x y", "percentEncoded": false}]"##, "https://example.com/#x%20y")
                == .match)
        #expect(
            try outcome(components: ##"[{"?": "q=a b", "percentEncoded": false}]"##, "https://example.com/?q=a%20b")
                == .match)
    }

    @Test("§3 percentEncoded false with bytes that are not UTF-8: U+FFFD, matched by ? and *")
    func percentEncodedFalseInvalidUTF8() throws {
        #expect(
            try outcome(components: ##"[{"/": "/?", "percentEncoded": false}]"##, "https://example.com/%FF") == .match)
        #expect(
            try outcome(components: ##"[{"/": "/\u00FF", "percentEncoded": false}]"##, "https://example.com/%FF")
                == .noMatch)
    }

    // MARK: - Substitution variables

    @Test(
        "§3 the spec's example /$(lang)_$(region)/$(food)/",
        arguments: [
            ("/en_GB/taco", true), ("/fr_FR/burrito/", true), ("/en_UK/taco", false), ("/xx_GB/taco", false),
            ("/en_GB/pizza", false), ("/EN_gb/TACO", true), ("/en_GB/taco/extra", false),
        ])
    func specVariableExample(_ path: String, _ matches: Bool) throws {
        let file = try Examples.file("variables.json")
        let decision = try decide(file, "https://example.com\(path)", app: "ABCDE12345.com.example.menu")
        #expect((decision.outcome == .match && decision.rule?.index == 0) == matches, "\(path): \(decision)")
    }

    @Test("§3 GB is a region, UK is not; en is a language, eng is not", arguments: ["GB", "US", "FR", "JP", "AQ"])
    func regionCodes(_ code: String) throws {
        #expect(try outcome(components: ##"[{"/": "/$(region)"}]"##, "https://example.com/\(code)") == .match)
    }

    @Test("§3 not regions: UK, EU, XK, lowercase when case-sensitive", arguments: ["UK", "EU", "XK", "gb", "G", "GBR"])
    func notRegionCodes(_ code: String) throws {
        #expect(try outcome(components: ##"[{"/": "/$(region)"}]"##, "https://example.com/\(code)") == .noMatch)
    }

    @Test("§3 $(lang) is one ISO 639 code")
    func languageCodes() throws {
        for (code, matches) in [("en", true), ("fr", true), ("zh", true), ("eng", false), ("EN", false), ("xx", false)]
        {
            #expect(
                try outcome(components: ##"[{"/": "/$(lang)"}]"##, "https://example.com/\(code)")
                    == (matches ? .match : .noMatch), "\(code)")
        }
    }

    @Test(
        "§3 the character-class variables are exactly one character",
        arguments: [
            ("alpha", "a", true), ("alpha", "Z", true), ("alpha", "1", false), ("alpha", "ab", false),
            ("upper", "A", true), ("upper", "a", false), ("lower", "a", true), ("lower", "A", false),
            ("alnum", "7", true), ("alnum", "q", true), ("alnum", "-", false),
            ("digit", "0", true), ("digit", "9", true), ("digit", "a", false), ("digit", "12", false),
            ("xdigit", "f", true), ("xdigit", "F", true), ("xdigit", "9", true), ("xdigit", "g", false),
        ])
    func characterClasses(_ name: String, _ text: String, _ matches: Bool) throws {
        let outcome = try outcome(components: ##"[{"/": "/$(\##(name))"}]"##, "https://example.com/\(text)")
        #expect(outcome == (matches ? .match : .noMatch), "$(\(name)) against \(text)")
    }

    @Test("§3 variable values are alternatives and may hold * and ?")
    func variableValues() throws {
        let variables = ##"{"v": ["a*", "b?", "c"]}"##
        for (path, matches) in [
            ("/aXYZ", true), ("/a", true), ("/bX", true), ("/b", false), ("/c", true), ("/cc", false),
        ] {
            #expect(
                try outcome(components: ##"[{"/": "/$(v)"}]"##, variables: variables, "https://example.com\(path)")
                    == (matches ? .match : .noMatch), "\(path)")
        }
    }

    @Test("§3 variable names are case-sensitive; an undefined variable matches nothing")
    func undefinedVariable() throws {
        let variables = ##"{"food": ["taco"]}"##
        #expect(
            try outcome(components: ##"[{"/": "/$(food)"}]"##, variables: variables, "https://example.com/taco")
                == .match)
        #expect(
            try outcome(components: ##"[{"/": "/$(Food)"}]"##, variables: variables, "https://example.com/taco")
                == .noMatch)
        #expect(
            try outcome(components: ##"[{"/": "*$(nope)*"}]"##, variables: variables, "https://example.com/x")
                == .noMatch)
    }

    @Test("§3 a value cannot use another variable: $( in a value is literal")
    func noNestedVariables() throws {
        let variables = ##"{"v": ["$(w)"], "w": ["x"]}"##
        #expect(
            try outcome(components: ##"[{"/": "/$(v)"}]"##, variables: variables, "https://example.com/x") == .noMatch)
        #expect(
            try outcome(components: ##"[{"/": "/$(v)"}]"##, variables: variables, "https://example.com/$(w)") == .match)
    }

    @Test("§3 built-in names cannot be redefined; an unclosed $( is literal")
    func builtInNotOverridden() throws {
        let variables = ##"{"digit": ["x"]}"##
        #expect(
            try outcome(components: ##"[{"/": "/$(digit)"}]"##, variables: variables, "https://example.com/x")
                == .noMatch)
        #expect(
            try outcome(components: ##"[{"/": "/$(digit)"}]"##, variables: variables, "https://example.com/4") == .match
        )
        #expect(try outcome(components: ##"[{"/": "/$(digit"}]"##, "https://example.com/$(digit") == .match)
    }

    @Test("§3 a variable in the query and fragment")
    func variablesInQueryAndFragment() throws {
        #expect(
            try outcome(
                components: ##"[{"?": {"lang": "$(lang)"}, "#": "$(digit)*"}]"##, "https://example.com/?lang=de#3x")
                == .match)
        #expect(
            try outcome(components: ##"[{"?": {"lang": "$(lang)"}}]"##, "https://example.com/?lang=deu") == .noMatch)
    }

    // MARK: - Linear time

    @Test("§3 patterns built to make backtracking matchers explode still decide (correctly)")
    func pathological() throws {
        let long = String(repeating: "a", count: 5_000)
        let glob = "/" + String(repeating: "*a", count: 30) + "b"
        #expect(try outcome(components: "[{\"/\": \"\(glob)\"}]", "https://example.com/\(long)") == .noMatch)
        #expect(try outcome(components: "[{\"/\": \"\(glob)\"}]", "https://example.com/\(long)b") == .match)
        let variables = ##"{"a": ["a", "aa", "*"]}"##
        let automaton = "/" + String(repeating: "$(a)", count: 30) + "b"
        #expect(
            try outcome(components: "[{\"/\": \"\(automaton)\"}]", variables: variables, "https://example.com/\(long)")
                == .noMatch)
        #expect(
            try outcome(components: "[{\"/\": \"\(automaton)\"}]", variables: variables, "https://example.com/\(long)b")
                == .match)
    }
}
