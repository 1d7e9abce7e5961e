import AppManifest
import StrictJSON
import Testing

/// One reader of Info.plist and entitlements: the facts as the platforms read them, and every value
/// of the wrong type as a problem with its file and place.
@Suite("App declarations: one reader for the simulator, the audit and aasa lint")
struct AppDeclarationsTests {
    static func members(_ json: String) throws -> [JSONValue.Member] {
        guard case .object(let members) = try JSONParser.parse(json) else { return [] }
        return members
    }

    @Test("the facts of a well-formed app")
    func facts() throws {
        let declarations = AppDeclarations(
            infoPlist: try Self.members(
                #"{"WKAppBoundDomains": ["shop.example", "app:"], "NSHomeKitUsageDescription": "x", "NSCrossWebsiteTrackingUsageDescription": "y", "IntuneMAMSettings": {"TreatAllWebViewsAsUnmanaged": true}}"#
            ),
            entitlements: try Self.members(
                #"{"application-identifier": "ABCDE12345.com.example.shop", "com.apple.developer.WebKit.ServiceWorkers": true, "com.apple.developer.associated-domains": ["applinks:shop.example"]}"#
            ))
        #expect(declarations.problems.isEmpty)
        #expect(declarations.declaresAppBoundDomains)
        #expect(declarations.appBound.domains?.domains == ["shop.example"])
        #expect(declarations.appBound.domains?.schemes == ["app"])
        #expect(declarations.appBound.hasServiceWorkersEntitlement)
        #expect(declarations.appBound.declaresCrossWebsiteTracking)
        // Prohibited usage keys matter only to a browser.
        #expect(declarations.appBound.prohibitedUsageDescriptions.isEmpty)
        #expect(declarations.treatAllWebViewsAsUnmanaged)
        #expect(declarations.appID == "ABCDE12345.com.example.shop")
        #expect(declarations.associatedDomains?.domains.count == 1)
    }

    @Test("a browser keeps its prohibited usage keys")
    func browser() throws {
        let declarations = AppDeclarations(
            infoPlist: try Self.members(#"{"NSHomeKitUsageDescription": "x"}"#),
            entitlements: try Self.members(#"{"com.apple.developer.web-browser": true}"#))
        #expect(declarations.appBound.isBrowser)
        #expect(declarations.appBound.prohibitedUsageDescriptions == ["NSHomeKitUsageDescription"])
    }

    @Test(
        "each value of the wrong type is a problem, read as the platform reads it",
        arguments: [
            (#"{"WKAppBoundDomains": "a.com"}"#, "{}", "/WKAppBoundDomains", AppDeclarationProblem.File.infoPlist),
            (#"{"WKAppBoundDomains": ["a.com", 3]}"#, "{}", "/WKAppBoundDomains/1", .infoPlist),
            (#"{"IntuneMAMSettings": true}"#, "{}", "/IntuneMAMSettings", .infoPlist),
            (
                #"{"IntuneMAMSettings": {"TreatAllWebViewsAsUnmanaged": "YES"}}"#, "{}",
                "/IntuneMAMSettings/TreatAllWebViewsAsUnmanaged", .infoPlist
            ),
            (
                "{}", #"{"com.apple.developer.associated-domains": "applinks:a.com"}"#,
                "/com.apple.developer.associated-domains", .entitlements
            ),
            (
                "{}", #"{"com.apple.developer.associated-domains": [1, "applinks:a.com"]}"#,
                "/com.apple.developer.associated-domains/0", .entitlements
            ),
        ])
    func problems(_ info: String, _ entitlements: String, _ pointer: String, _ file: AppDeclarationProblem.File)
        throws
    {
        let declarations = AppDeclarations(
            infoPlist: try Self.members(info), entitlements: try Self.members(entitlements))
        #expect(declarations.problems.map(\.pointer) == [pointer])
        #expect(declarations.problems.first?.file == file)
        // What the platform does with it: the list unreadable, NO, the strings kept.
        #expect(declarations.appBound.domains == nil)
        #expect(!declarations.treatAllWebViewsAsUnmanaged)
        if pointer.hasSuffix("/0") {
            #expect(declarations.associatedDomains?.domains.count == 1)
            #expect(declarations.associatedDomainsIndices == [1])
        }
    }
}
