import ManagedWebViews
import Testing
import WebAddress

@Suite("the rules")
struct RuleTests {
    @Test("every rule has a section of the spec, a sentence, and a description ending in [code, section]")
    func descriptions() {
        for rule in ManagedWebViewRule.allCases {
            #expect(rule.section.hasPrefix("§"), "\(rule.code)")
            #expect(!rule.summary.isEmpty && rule.code == rule.rawValue)
            #expect(rule.description.hasSuffix("[\(rule.code), \(rule.section)]"))
        }
    }

    /// Every combination of account, flag, clipboard setting, browser setting and installation.
    static var apps: [ManagedApp] {
        let browsers: [TenantPolicy.ManagedBrowser?] = [
            nil, .any, .edge, .unmanaged(protocol: "p"), .unmanaged(protocol: ""),
        ]
        var apps: [ManagedApp] = []
        for account in [nil, Fixture.account] {
            for flag in [true, false] {
                for setting in TenantPolicy.Clipboard.allCases {
                    for browser in browsers {
                        for installed in [true, false] {
                            apps.append(
                                Fixture.app(
                                    account: account, flag: flag, clipboard: setting, characterLimit: 5,
                                    browser: browser, installed: installed))
                        }
                    }
                }
            }
        }
        return apps
    }

    /// The rules of every decision `app` takes about `webView`.
    static func rules(_ app: ManagedApp, _ webView: String, in tree: WebViewerTree) throws -> Set<ManagedWebViewRule> {
        var rules: Set<ManagedWebViewRule> = [
            app.copy(from: webView, in: tree).rule, app.upload(from: webView, in: tree).rule,
        ]
        for data in [DataIdentity.managed, .unmanaged] {
            for characters in [nil, 3, 50] {
                rules.insert(app.paste(data, characters: characters, into: webView, in: tree).rule)
            }
        }
        for url in [try WebURL("https://x/"), try WebURL("about:blank")] {
            for answer in [nil, true, false] {
                let delegate: ((WebURL) -> Bool)? = answer.map { value in { _ in value } }
                rules.insert(app.externalNavigation(to: url, webView: webView, in: tree, isExternalURL: delegate).rule)
            }
        }
        return rules
    }

    @Test("every rule is reached: a sweep over accounts, flags, policies, settings and browsers produces each one")
    func everyRuleReached() throws {
        var tree = Fixture.tree
        tree.addWebView("free", parent: "window")
        tree.addWebView("external", parent: "window")
        tree.setShowsExternalPage(true, webView: "external")
        var seen: Set<ManagedWebViewRule> = []
        for app in Self.apps {
            for webView in ["managed", "unmanaged", "locked", "free", "external"] {
                seen.formUnion(try Self.rules(app, webView, in: tree))
            }
        }
        let missing = Set(ManagedWebViewRule.allCases).subtracting(seen)
        #expect(missing.isEmpty, "never reached: \(missing.map(\.code).sorted())")
    }
}
