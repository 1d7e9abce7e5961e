import AssociatedDomains
import Testing

/// Issue 19: app IDs whose prefix is not a Team ID, one rule (`AppID.problem`) for the reader, the
/// linter, the audit and the command line; each class triggered, and absent from its fixed twin.
@Suite("app IDs that are not <Team ID>.<bundle ID>")
struct AppIDTests {
    /// The finding codes the reader gives an `appIDs` list, one list per call.
    func codes(_ ids: [String]) throws -> [String] {
        let list = ids.map { "\"\($0)\"" }.joined(separator: ",")
        let (_, findings) = try read(##"{"applinks":{"details":[{"appIDs":[\##(list)],"components":[]}]}}"##)
        return findings.map(\.code).filter { $0.hasPrefix("aasa.appID.") }
    }

    static let classes: [(id: String, code: String, fixed: String)] = [
        ("APPLE_TEAM_ID.com.example.app", "aasa.appID.placeholder", "ABCDE12345.com.example.app"),
        ("TEAM_ID.com.example.app", "aasa.appID.placeholder", "ABCDE12345.com.example.app"),
        ("$(AppIdentifierPrefix)com.example.app", "aasa.appID.placeholder", "ABCDE12345.com.example.app"),
        ("<YOUR_TEAM_ID>.com.example.app", "aasa.appID.placeholder", "ABCDE12345.com.example.app"),
        ("XXXXXXXXXX.com.example.app", "aasa.appID.placeholder", "ABCDE12345.com.example.app"),
        ("1234567890.com.example.app", "aasa.appID.appStoreID", "9JA89QQLNQ.com.example.app"),
        ("284882215.com.example.app", "aasa.appID.appStoreID", "9JA89QQLNQ.com.example.app"),
        ("com.example.app", "aasa.appID.noTeamID", "ABCDE12345.com.example.app"),
        ("abcde12345.com.example.app", "aasa.appID.format", "ABCDE12345.com.example.app"),
        ("ABCDE1234.com.example.app", "aasa.appID.format", "ABCDE12345.com.example.app"),
        ("ABCDE12345.", "aasa.appID.format", "ABCDE12345.com.example.app"),
        ("ABCDE12345.org.reactjs.native.example.Shop", "aasa.appID.templateBundleID", "ABCDE12345.com.example.shop"),
        ("ABCDE12345.io.ionic.starter", "aasa.appID.templateBundleID", "ABCDE12345.io.example.shop"),
        ("ABCDE12345.io.cordova.hellocordova", "aasa.appID.templateBundleID", "ABCDE12345.io.example.shop"),
    ]

    @Test("each class has its code, at the ID, a warning; the fixed twin has none", arguments: classes)
    func eachClass(_ example: (id: String, code: String, fixed: String)) throws {
        #expect(try codes([example.id]) == [example.code])
        let problem = try #require(AppID.problem(example.id))
        #expect(problem.code == example.code)
        let parts = example.id.split(separator: ".", maxSplits: 1).map(String.init)
        #expect(parts.contains { problem.message(for: example.id).contains($0) })
        #expect(AppID.problem(example.fixed) == nil)
        #expect(try codes([example.fixed]) == [])
    }

    @Test("the rule is the same for appID, a details key and a service's apps")
    func everyPlace() throws {
        let (_, single) = try read(##"{"applinks":{"details":[{"appID":"TEAM_ID.com.example.app","paths":["*"]}]}}"##)
        #expect(single.contains { $0.code == "aasa.appID.placeholder" && $0.pointer == "/applinks/details/0" })
        let (_, keyed) = try read(##"{"applinks":{"apps":[],"details":{"com.example.app":{"paths":["*"]}}}}"##)
        #expect(keyed.contains { $0.code == "aasa.appID.noTeamID" })
        let (_, apps) = try read(
            ##"{"webcredentials":{"apps":["1234567890.com.example.app","ABCDE12345.com.example.app"]}}"##)
        #expect(apps.filter { $0.code.hasPrefix("aasa.appID.") }.map(\.pointer) == ["/webcredentials/apps/0"])
    }

    @Test("an entry whose IDs all name no app is dead; a template's bundle ID or a 10-digit prefix may be real")
    func namesNoApp() throws {
        let linter = AssociationFileLinter()
        func dead(_ id: String) throws -> Bool {
            let (file, findings) = try read(##"{"applinks":{"details":[{"appIDs":["\##(id)"],"components":[]}]}}"##)
            return linter.lint(file, readFindings: findings).contains { $0.code == "aasa.details.noApps" }
        }
        #expect(try dead("TEAM_ID.com.example.app"))
        #expect(try dead("com.example.app"))
        #expect(try dead("284882215.com.example.app"))
        #expect(try !dead("1234567890.com.example.app"))
        #expect(try !dead("ABCDE12345.org.reactjs.native.example.Shop"))
        #expect(try !dead("ABCDE12345.com.example.app"))
    }

    @Test("the messages say what to write instead")
    func messages() {
        #expect(AppID.Problem.noTeamID.message(for: "com.example.app").contains("<Team ID>.com.example.app"))
        #expect(AppID.Problem.appStoreID("284882215").message(for: "").contains("apps.apple.com/app/id284882215"))
        #expect(AppID.template(ofBundleID: "org.reactjs.native.example.Shop") == "React Native's template")
        #expect(AppID.template(ofBundleID: "com.example.shop") == nil)
    }
}
