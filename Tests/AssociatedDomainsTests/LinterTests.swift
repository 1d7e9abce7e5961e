import AssociatedDomains
import Testing

/// Spec §2–4: what a validator must flag that a device silently tolerates.
@Suite("linting association files")
struct LinterTests {
    func lint(_ json: String, appID: String? = nil) throws -> [Finding] {
        let (file, findings) = try read(json)
        return AssociationFileLinter(appID: appID).lint(file, readFindings: findings)
    }

    func file(components: String) -> String {
        ##"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":\##(components)}]}}"##
    }

    @Test("the traps example: every trap is reported at its rule")
    func trapsExample() throws {
        let (file, readFindings) = try read(bytes: Examples.bytes("traps.json"))
        let findings = AssociationFileLinter(appID: appID).lint(file, readFindings: readFindings)
        let found = Set(findings.map { "\($0.code) \($0.pointer)" })
        let expected: Set<String> = [
            "aasa.region.uk /applinks/substitutionVariables/country",
            "aasa.rule.queryInPath /applinks/details/0/components/1/~1",
            "aasa.key.unknown /applinks/details/0/components/2/casesensitive",
            "aasa.rule.queryNotString /applinks/details/0/components/3/?/page",
            "aasa.rule.fragmentTrap /applinks/details/0/components/4",
            "aasa.rule.unreachable /applinks/details/0/components/5",
            "aasa.appID.shadowed /applinks/details/1",
            "aasa.appID.missing /applinks",
        ]
        #expect(expected.subtracting(found).isEmpty, "missing: \(expected.subtracting(found))")
        let missing = try #require(findings.first { $0.code == "aasa.appID.missing" })
        #expect(missing.severity == .error && missing.message.contains("ABCDE12345.com.example.App"))
    }

    @Test("an entry with no app ID, or none usable, applies to no app (issue 19); its fixed twin does not warn")
    func entryWithoutApps() throws {
        for ids in ["[]", #"["not-an-app-id"]"#] {
            let json = ##"{"applinks":{"details":[{"appIDs":\##(ids),"components":[{"/":"/shop/*"}]}]}}"##
            let finding = try #require(try lint(json).first { $0.code == "aasa.details.noApps" }, "\(ids)")
            #expect(finding.severity == .warning && finding.pointer == "/applinks/details/0")
            #expect(finding.message.contains("1 rule can never open one"))
        }
        let fixed = try lint(file(components: ##"[{"/":"/shop/*"}]"##))
        #expect(!fixed.contains { $0.code == "aasa.details.noApps" })
    }

    @Test("a path pattern with # never matches: the route after # is the fragment (issue 19); fixed twins do not warn")
    func hashInPath() throws {
        let legacy =
            ##"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"paths":["/#/settings","NOT /#/admin/*","/help/*"]}]}}"##
        let found = try lint(legacy).filter { $0.code == "aasa.rule.hashInPath" }
        #expect(found.map(\.pointer) == ["/applinks/details/0/paths/0", "/applinks/details/0/paths/1"], "\(found)")
        let component = try lint(file(components: ##"[{"/":"/#/settings"}]"##))
        #expect(component.contains { $0.code == "aasa.rule.hashInPath" && $0.pointer.hasSuffix("/components/0/~1") })
        // Fixed: the route matched as the fragment; or a decoded comparison, where %23 in a path is a #.
        let fixed = try lint(file(components: ##"[{"/":"/","#":"/settings"}]"##))
        #expect(!fixed.contains { $0.code == "aasa.rule.hashInPath" })
        let decoded = try lint(file(components: ##"[{"/":"/a#b","percentEncoded":false}]"##))
        #expect(!decoded.contains { $0.code == "aasa.rule.hashInPath" })
    }

    @Test(
        "unreachable rules after a catch-all, whatever form the catch-all takes",
        arguments: [
            "{}", ##"{"/": "*"}"##, ##"{"/": "/*"}"##, ##"{"/": "*", "?": "*", "#": "*"}"##, ##"{"?": {}}"##,
        ])
    func unreachable(_ catchAll: String) throws {
        let findings = try lint(file(components: "[\(catchAll), {\"/\": \"/a\"}, {\"/\": \"/b\"}]"))
        #expect(findings.filter { $0.code == "aasa.rule.unreachable" }.count == 2)
    }

    @Test(
        "a rule that is not a catch-all leaves later rules reachable",
        arguments: [
            ##"{"/": "/a/*"}"##, ##"{"#": "?*"}"##, ##"{"?": "?*"}"##, ##"{"/": "/*/"}"##, ##"{"?": {"a": "1"}}"##,
        ])
    func reachable(_ rule: String) throws {
        let findings = try lint(file(components: "[\(rule), {\"/\": \"/b\"}]"))
        #expect(!codes(findings).contains("aasa.rule.unreachable"))
    }

    @Test("{\"#\":\"*\",\"exclude\":true} and its query twin are traps; a plain exclude-all is reported too")
    func traps() throws {
        #expect(codes(try lint(file(components: ##"[{"#": "*", "exclude": true}]"##))) == ["aasa.rule.fragmentTrap"])
        #expect(codes(try lint(file(components: ##"[{"?": "*", "exclude": true}]"##))) == ["aasa.rule.queryTrap"])
        #expect(codes(try lint(file(components: ##"[{"exclude": true}]"##))) == ["aasa.rule.excludesEverything"])
        #expect(codes(try lint(file(components: ##"[{"#": "?*", "exclude": true}]"##))).isEmpty)
    }

    @Test("an undefined variable makes a rule that never matches")
    func undefinedVariable() throws {
        let findings = try lint(file(components: ##"[{"/": "/$(food)/*"}]"##))
        #expect(codes(findings) == ["aasa.variable.undefined"])
    }

    @Test("non-ASCII patterns compared percent-encoded never match")
    func nonASCII() throws {
        #expect(codes(try lint(file(components: ##"[{"/": "/哈哈/*"}]"##))) == ["aasa.rule.nonASCII"])
        #expect(codes(try lint(file(components: ##"[{"/": "/哈哈/*", "percentEncoded": false}]"##))).isEmpty)
    }

    @Test("UK where a region is meant", arguments: ["/en_UK/*", "/UK/*", "/shop-UK"])
    func uk(_ pattern: String) throws {
        #expect(codes(try lint(file(components: "[{\"/\": \"\(pattern)\"}]"))) == ["aasa.region.uk"])
    }

    @Test("UK inside a word is not a region", arguments: ["/UKULELE/*", "/DUKE"])
    func notUK(_ pattern: String) throws {
        #expect(codes(try lint(file(components: "[{\"/\": \"\(pattern)\"}]"))).isEmpty)
    }

    @Test("a # or ? pattern that starts with its own delimiter")
    func delimiters() throws {
        #expect(codes(try lint(file(components: ##"[{"#": "#top"}]"##))) == ["aasa.rule.fragmentHash"])
        #expect(codes(try lint(file(components: ##"[{"?": "?a=1"}]"##))) == ["aasa.rule.queryQuestionMark"])
    }

    @Test("non-string query values, misspelled keys and coerced booleans come from the reader")
    func readerFindings() throws {
        let findings = try lint(file(components: ##"[{"?": {"a": 1}, "Exclude": true, "caseSensitive": "false"}]"##))
        #expect(Set(codes(findings)) == ["aasa.rule.queryNotString", "aasa.key.unknown", "aasa.rule.boolCoerced"])
    }

    @Test("the app's ID must be in every service the entitlement names for the domain")
    func appIDAgainstEntitlement() throws {
        let (file, readFindings) = try read(bytes: Examples.bytes("seed-004-components.json"))
        let entitlement = AssociatedDomainsEntitlement(values: [
            "applinks:example.com", "webcredentials:example.com", "appclips:example.com",
        ])
        let linter = AssociationFileLinter(domain: LinkDomain("example.com"), entitlement: entitlement, appID: appID)
        let findings = linter.lint(file, readFindings: readFindings)
        #expect(findings.filter { $0.code == "aasa.appID.missing" }.map(\.pointer) == ["/appclips"])
        let other = AssociationFileLinter(
            domain: LinkDomain("example.com"), entitlement: entitlement, appID: "ABCDE12345.com.example.app2")
        #expect(
            other.lint(file).filter { $0.code == "aasa.appID.missing" }.map(\.pointer) == [
                "/appclips", "/webcredentials",
            ])
    }

    @Test("a clean file has no findings")
    func clean() throws {
        let (file, readFindings) = try read(bytes: Examples.bytes("seed-004-components.json"))
        #expect(AssociationFileLinter(appID: appID).lint(file, readFindings: readFindings).isEmpty)
    }
}
