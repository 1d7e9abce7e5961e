import ManagedWebViews
import Testing
import WebAddress

@Suite("§4 the managed browser setting and its rewrite")
struct ManagedBrowserTests {
    @Test(
        "§4: the rewrite to Microsoft Edge prefixes the serialized URL with microsoft-edge-",
        arguments: [
            ("http://x/p?q#f", "microsoft-edge-http://x/p?q#f"), ("https://x", "microsoft-edge-https://x/"),
            ("HTTPS://Docs.Example.COM:443/a", "microsoft-edge-https://docs.example.com/a"),
            ("http://x:8080/", "microsoft-edge-http://x:8080/"),
        ])
    func edge(_ input: String, _ expected: String) throws {
        #expect(TenantPolicy.ManagedBrowser.edge.rewrite(try WebURL(input)) == expected)
    }

    @Test(
        "§4: the rewrite to an unmanaged browser replaces http with its protocol P and https with Ps",
        arguments: [
            ("http://x/", "googlechrome://x/"), ("https://x/", "googlechromes://x/"),
            ("https://x/p?q=1#f", "googlechromes://x/p?q=1#f"), ("http://u:p@x:81/", "googlechrome://u:p@x:81/"),
        ])
    func unmanagedBrowser(_ input: String, _ expected: String) throws {
        #expect(TenantPolicy.ManagedBrowser.unmanaged(protocol: "googlechrome").rewrite(try WebURL(input)) == expected)
    }

    @Test(
        "§4: nothing is rewritten for a URL that is not http or https, or for any app",
        arguments: [
            "about:blank", "data:text/plain,x", "mailto:a@b.example", "ftp://x/", "file:///tmp/x", "myapp://x/",
        ])
    func noRewrite(_ input: String) throws {
        let url = try WebURL(input)
        #expect(TenantPolicy.ManagedBrowser.edge.rewrite(url) == nil)
        #expect(TenantPolicy.ManagedBrowser.unmanaged(protocol: "googlechrome").rewrite(url) == nil)
        #expect(TenantPolicy.ManagedBrowser.any.rewrite(try WebURL("https://x/")) == nil)
    }

    @Test(
        "§4: the setting reads edge, any and unmanaged:<protocol>, and writes itself back the same way",
        arguments: [
            ("edge", TenantPolicy.ManagedBrowser.edge), ("any", .any),
            ("unmanaged:googlechrome", .unmanaged(protocol: "googlechrome")),
            ("unmanaged:x-web+search.v2", .unmanaged(protocol: "x-web+search.v2")),
        ])
    func settings(_ setting: String, _ browser: TenantPolicy.ManagedBrowser) {
        #expect(TenantPolicy.ManagedBrowser(setting: setting) == browser)
        #expect(browser.setting == setting)
    }

    @Test(
        "§4: any other setting is refused, so that a typo never means any app",
        arguments: [
            "", "Edge", "anyApp", "unmanaged", "unmanaged:", "unmanaged:1chrome", "unmanaged:google chrome",
            "unmanaged:googlechrome:", "unmanaged:googlechrome://", "unmanaged:chrôme", "unmanaged:-x",
        ])
    func invalidSettings(_ setting: String) {
        #expect(TenantPolicy.ManagedBrowser(setting: setting) == nil)
    }

    @Test("§4: an unmanaged browser built with a protocol that is not a URL scheme rewrites nothing")
    func invalidProtocol() throws {
        #expect(TenantPolicy.ManagedBrowser.unmanaged(protocol: "").rewrite(try WebURL("https://x/")) == nil)
        #expect(TenantPolicy.ManagedBrowser.unmanaged(protocol: "a b").rewrite(try WebURL("https://x/")) == nil)
    }
}
