import ManagedWebViews
import Testing

@Suite("§2–§3 file uploads")
struct UploadTests {
    @Test("§2: a currentIdentityBlockUpload web view refuses file uploads while a managed account is signed in")
    func blocked() {
        let decision = Fixture.app().upload(from: "locked", in: Fixture.tree)
        #expect(!decision.allowed && decision.rule == .uploadBlocked)
    }

    @Test(
        "§2: every other policy allows file uploads, whatever the flag",
        arguments: ["managed", "unmanaged", "free"], [true, false])
    func allowed(_ webView: String, _ flag: Bool) {
        var tree = Fixture.tree
        tree.addWebView("free", parent: nil)
        let decision = Fixture.app(flag: flag, clipboard: .blocked).upload(from: webView, in: tree)
        #expect(decision.allowed && decision.rule == .uploadAllowed)
    }

    @Test("§1: with no managed account a currentIdentityBlockUpload web view allows uploads")
    func noAccount() {
        let decision = Fixture.app(account: nil).upload(from: "locked", in: Fixture.tree)
        #expect(decision.allowed && decision.rule == .noManagedAccount)
    }
}
