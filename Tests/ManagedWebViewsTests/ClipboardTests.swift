import ManagedWebViews
import Testing

@Suite("§3 clipboard")
struct ClipboardTests {
    /// One row of §3's table: a tenant setting and a direction between identities.
    struct Row: Sendable, CustomTestStringConvertible {
        let setting: TenantPolicy.Clipboard
        let data: DataIdentity
        let allowed: Bool
        let rule: ManagedWebViewRule

        var destination: DataIdentity { data == .managed ? .unmanaged : .managed }
        var testDescription: String {
            "\(data) data into an \(destination) web view under \(setting.settingName): \(allowed ? "allowed" : "refused")"
        }
    }

    static let table: [Row] = [
        Row(setting: .blocked, data: .managed, allowed: false, rule: .pasteManagedIntoUnmanagedBlocked),
        Row(setting: .blocked, data: .unmanaged, allowed: false, rule: .pasteUnmanagedIntoManagedBlocked),
        Row(
            setting: .policyManagedApps, data: .managed, allowed: false,
            rule: .pasteManagedIntoUnmanagedPolicyManagedApps),
        Row(
            setting: .policyManagedApps, data: .unmanaged, allowed: false,
            rule: .pasteUnmanagedIntoManagedPolicyManagedApps),
        Row(
            setting: .policyManagedAppsWithPasteIn, data: .managed, allowed: false,
            rule: .pasteManagedIntoUnmanagedPolicyManagedAppsWithPasteIn),
        Row(
            setting: .policyManagedAppsWithPasteIn, data: .unmanaged, allowed: true,
            rule: .pasteUnmanagedIntoManagedPolicyManagedAppsWithPasteIn),
        Row(setting: .anyApp, data: .managed, allowed: true, rule: .pasteManagedIntoUnmanagedAnyApp),
        Row(setting: .anyApp, data: .unmanaged, allowed: true, rule: .pasteUnmanagedIntoManagedAnyApp),
    ]

    @Test("§3: the table of paste between identities, one case per setting and direction", arguments: table)
    func pasteTable(_ row: Row) {
        let app = Fixture.app(clipboard: row.setting)
        let decision = app.paste(row.data, characters: 5, into: Fixture.webView(row.destination), in: Fixture.tree)
        #expect(decision.allowed == row.allowed)
        #expect(decision.rule == row.rule)
        #expect(decision.destination.identity == row.destination)
        #expect(decision.reason.contains(row.setting.settingName))
        #expect(decision.reason.contains(row.allowed ? "is allowed" : "is refused"))
    }

    @Test("§3: managed data pasted into an unmanaged web view is refused under policyManagedApps")
    func managedIntoUnmanagedPolicyManagedApps() {
        let decision = Fixture.app().paste(.managed, characters: nil, into: "unmanaged", in: Fixture.tree)
        #expect(!decision.allowed)
        #expect(decision.rule.code == "paste.managedToUnmanaged.policyManagedApps")
        #expect(
            decision.reason.hasPrefix("pasting managed data into web view unmanaged, which is unmanaged, is refused"))
    }

    @Test(
        "§3: data pasted into a web view of its own identity is allowed under every setting",
        arguments: TenantPolicy.Clipboard.allCases, [DataIdentity.managed, .unmanaged])
    func sameIdentity(_ setting: TenantPolicy.Clipboard, _ identity: DataIdentity) {
        let decision = Fixture.app(clipboard: setting).paste(
            identity, characters: 1_000, into: Fixture.webView(identity), in: Fixture.tree)
        #expect(decision.allowed && decision.rule == .pasteSameIdentity)
    }

    @Test(
        "§3: managed data at or below the character limit may be pasted into an unmanaged web view under any setting",
        arguments: [TenantPolicy.Clipboard.blocked, .policyManagedApps, .policyManagedAppsWithPasteIn], [0, 9, 10])
    func withinLimit(_ setting: TenantPolicy.Clipboard, _ characters: Int) {
        let app = Fixture.app(clipboard: setting, characterLimit: 10)
        let decision = app.paste(.managed, characters: characters, into: "unmanaged", in: Fixture.tree)
        #expect(decision.allowed)
        #expect(decision.rule == .pasteManagedWithinCharacterLimit)
        #expect(decision.reason.contains("limit 10"))
    }

    @Test("§3: managed data above the character limit is refused, and the reason says by how much")
    func aboveLimit() {
        let decision = Fixture.app(characterLimit: 10).paste(
            .managed, characters: 11, into: "unmanaged", in: Fixture.tree)
        #expect(!decision.allowed && decision.rule == .pasteManagedIntoUnmanagedPolicyManagedApps)
        #expect(decision.reason.contains("11 characters exceed the cut and copy character limit of 10"))
    }

    @Test("§3: managed data of unknown length is refused: the character limit cannot apply")
    func unknownLength() {
        let decision = Fixture.app(characterLimit: 10).paste(
            .managed, characters: nil, into: "unmanaged", in: Fixture.tree)
        #expect(!decision.allowed && decision.rule == .pasteManagedIntoUnmanagedPolicyManagedApps)
        #expect(decision.reason.contains("the length is unknown"))
    }

    @Test("§3: the character limit lets only managed data out; unmanaged data into a managed web view is still refused")
    func limitIsForManagedData() {
        let decision = Fixture.app(characterLimit: 10).paste(
            .unmanaged, characters: 3, into: "managed", in: Fixture.tree)
        #expect(!decision.allowed && decision.rule == .pasteUnmanagedIntoManagedPolicyManagedApps)
    }

    @Test("§3: under any app the setting, not the character limit, is the reason a short paste is allowed")
    func anyAppWithLimit() {
        let decision = Fixture.app(clipboard: .anyApp, characterLimit: 10).paste(
            .managed, characters: 3, into: "unmanaged", in: Fixture.tree)
        #expect(decision.allowed && decision.rule == .pasteManagedIntoUnmanagedAnyApp)
    }

    @Test(
        "§3: a currentIdentityBlockUpload web view refuses every paste, even of managed data, under every setting",
        arguments: TenantPolicy.Clipboard.allCases, [DataIdentity.managed, .unmanaged])
    func blockUploadRefusesPaste(_ setting: TenantPolicy.Clipboard, _ data: DataIdentity) {
        let app = Fixture.app(clipboard: setting, characterLimit: 100)
        let decision = app.paste(data, characters: 1, into: "locked", in: Fixture.tree)
        #expect(!decision.allowed && decision.rule == .pasteBlockedByWebViewPolicy)
    }

    @Test("§3: a currentIdentityBlockUpload policy set on a viewer blocks pastes into every web view below it")
    func blockUploadInherited() {
        var tree = WebViewerTree()
        tree.addViewer("editor", parent: nil)
        tree.setPolicy(.currentIdentityBlockUpload, forWebViewer: "editor")
        tree.addWebView("preview", parent: "editor")
        let decision = Fixture.app().paste(.managed, characters: 1, into: "preview", in: tree)
        #expect(!decision.allowed && decision.destination.setOn == "editor")
    }

    @Test("§3: cut or copy tags the data with the web view's identity", arguments: ["managed", "unmanaged", "locked"])
    func copyTags(_ webView: String) {
        let app = Fixture.app()
        let copy = app.copy(from: webView, in: Fixture.tree)
        #expect(copy.identity == app.identity(of: webView, in: Fixture.tree).identity)
        #expect(copy.rule == copy.source.rule)
    }

    @Test("§3: data copied from a managed web view never reaches an unmanaged one unless the tenant allows it")
    func copyThenPaste() {
        for setting in TenantPolicy.Clipboard.allCases {
            let app = Fixture.app(clipboard: setting)
            let copied = app.copy(from: "managed", in: Fixture.tree).identity
            let pasted = app.paste(copied, characters: 20, into: "unmanaged", in: Fixture.tree)
            #expect(pasted.allowed == (setting == .anyApp), "\(setting)")
        }
    }
}
