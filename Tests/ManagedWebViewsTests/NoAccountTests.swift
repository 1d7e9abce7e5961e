import ManagedWebViews
import Testing

@Suite("§1 no managed account")
struct NoAccountTests {
    @Test(
        "§1: with no managed account nothing is restricted: every paste is allowed, whatever the setting",
        arguments: [nil, ""], TenantPolicy.Clipboard.allCases)
    func everyPasteAllowed(_ account: String?, _ setting: TenantPolicy.Clipboard) {
        let app = Fixture.app(account: account, clipboard: setting, characterLimit: 0)
        for data in [DataIdentity.managed, .unmanaged] {
            for webView in ["managed", "unmanaged", "locked"] {
                let decision = app.paste(data, characters: 500, into: webView, in: Fixture.tree)
                #expect(decision.allowed && decision.rule == .noManagedAccount, "\(data) into \(webView)")
                #expect(decision.reason.contains("no managed account is signed in"))
            }
        }
    }

    @Test("§1: with no managed account copy from any web view is unmanaged")
    func copyUnmanaged() {
        let app = Fixture.app(account: nil, flag: false)
        for webView in ["managed", "unmanaged", "locked"] {
            #expect(app.copy(from: webView, in: Fixture.tree).identity == .unmanaged)
        }
    }

    @Test("§1: a managed account is any non-empty current identity")
    func hasManagedAccount() {
        #expect(Fixture.app(account: "bob@fabrikam.example").hasManagedAccount)
        #expect(!Fixture.app(account: "").hasManagedAccount && !Fixture.app(account: nil).hasManagedAccount)
    }
}
