import AppFixtures
import Audit
import HybridFrameworks
import StrictJSON
import Testing

/// How the audit tells a PWABuilder shell's code (D90): the template's constructs in a project's
/// files, the template's literals in a built executable, or nothing (the template assumed); and a
/// built app's settings inferred from `WKAppBoundDomains`.
struct PWABuilderShellTests {
    static let configuration = PWABuilderConfiguration(rootURL: "https://a.example", allowedOrigins: ["a.example"])

    /// Lines in the template's manner (not the template's text): what the audit looks for.
    static let templateLikeWebView = """
        let matching = allowedOrigins.first(where: { requestHost.range(of: $0) != nil })
        if navigationAction.navigationType == .other && navigationAction.value(forKey: "syntheticClickType") as! Int == 0 {}
        webView.load(navigationAction.request)
        """
    static let templateLikeSceneDelegate = #"webView.evaluateJavaScript("location.href = '\(link)'")"#

    @Test("a project's files: each construct read on its own")
    func sources() {
        let template = PWABuilderShell(
            Self.configuration, source: .settings,
            code: .sources(webView: Self.templateLikeWebView, sceneDelegate: Self.templateLikeSceneDelegate))
        #expect(template.matchesBySubstring && template.allowsPageInitiated && template.loadsNewWindowsInPlace)
        #expect(template.universalLinkUnescaped && template.webViewBasis == "WebView.swift, read")
        let fixed = PWABuilderShell(
            Self.configuration, source: .settings,
            code: .sources(
                webView: ExampleApps.pwabuilderFixedCode["WebView.swift"],
                sceneDelegate: ExampleApps.pwabuilderFixedCode["SceneDelegate.swift"]))
        #expect(!fixed.matchesBySubstring && !fixed.allowsPageInitiated && !fixed.loadsNewWindowsInPlace)
        #expect(!fixed.universalLinkUnescaped)
        let onlyPopupsFixed = PWABuilderShell(
            Self.configuration, source: .settings,
            code: .sources(
                webView: Self.templateLikeWebView.replacingOccurrences(
                    of: "webView.load(navigationAction.request)", with: "return popup"),
                sceneDelegate: nil))
        #expect(onlyPopupsFixed.allowsPageInitiated && !onlyPopupsFixed.loadsNewWindowsInPlace)
        #expect(onlyPopupsFixed.universalLinkUnescaped && onlyPopupsFixed.sceneDelegateBasis.contains("not beside"))
    }

    @Test("the code is read as tokens: commented out or inside another literal it does not count; spacing does")
    func tokens() {
        let commentedOut = """
            // let matching = allowedOrigins.first(where: { requestHost.range(of: $0) != nil })
            /* navigationAction.value(forKey: "syntheticClickType") */
            let note = "webView.load(navigationAction.request)"
            let matching = allowedOrigins.first(where: { isSameOrSubdomain(requestHost, $0) })
            """
        let shell = PWABuilderShell(
            Self.configuration, source: .settings,
            code: .sources(
                webView: commentedOut,
                sceneDelegate: #"// webView.evaluateJavaScript("location.href = '\(link)'")"#))
        #expect(!shell.matchesBySubstring && !shell.allowsPageInitiated && !shell.loadsNewWindowsInPlace)
        #expect(!shell.universalLinkUnescaped)
        let spaced = PWABuilderShell(
            Self.configuration, source: .settings,
            code: .sources(
                webView:
                    "if requestHost . range ( of : origin ) != nil {}\nwebView.load(\n    navigationAction.request)",
                sceneDelegate: #"let script = "location.href = '\(url)'""#))
        #expect(spaced.matchesBySubstring && spaced.loadsNewWindowsInPlace && !spaced.allowsPageInitiated)
        #expect(spaced.universalLinkUnescaped)
        let unreadable = PWABuilderShell(
            Self.configuration, source: .settings,
            code: .sources(webView: "let s = \"never closed", sceneDelegate: "/* never closed"))
        #expect(unreadable.matchesBySubstring && unreadable.allowsPageInitiated && unreadable.universalLinkUnescaped)
        #expect(unreadable.webViewBasis.contains("WebView.swift could not be read as Swift (line 1"))
        #expect(unreadable.sceneDelegateBasis.contains("SceneDelegate.swift could not be read as Swift"))
    }

    @Test("a built executable: the template's literals, each for its own file")
    func executable() {
        let both = PWABuilderShell(
            Self.configuration, source: .inferredFromAppBoundDomains,
            code: .executable(["syntheticClickType", "location.href = '"]))
        #expect(both.allowsPageInitiated && both.universalLinkUnescaped)
        let sceneOnly = PWABuilderShell(
            Self.configuration, source: .inferredFromAppBoundDomains, code: .executable(["location.href = '"]))
        #expect(!sceneOnly.matchesBySubstring && sceneOnly.universalLinkUnescaped)
        #expect(sceneOnly.webViewBasis.contains("lacks") && sceneOnly.sceneDelegateBasis.contains("holds"))
    }

    @Test("a built app's settings: the first WKAppBoundDomains entry is the start URL, the rest permitted URLs")
    func inferred() throws {
        let configuration = try #require(
            PWABuilderShell.inferred(fromAppBoundDomains: ["news.example/app?x=1", "accounts.google.com"]))
        #expect(configuration.rootURL == "https://news.example/app?x=1")
        #expect(configuration.allowedOrigins == ["news.example"])
        #expect(configuration.authOrigins == ["accounts.google.com"])
        #expect(PWABuilderShell.inferred(fromAppBoundDomains: []) == nil)
        let shell = PWABuilderShell(configuration, source: .inferredFromAppBoundDomains, code: .unknown)
        #expect(shell.key(authOrigin: true, 0) == "/WKAppBoundDomains/1")
        #expect(shell.key(authOrigin: false, 0) == "/WKAppBoundDomains/0")
    }

    @Test("only a Settings.swift that declares allowedOrigins is a shell's")
    func recognised() {
        #expect(PWABuilderShell.isSettings(#"let allowedOrigins: [String] = ["a.example"]"#))
        #expect(PWABuilderShell.isSettings(#"let allowedOrigin = "a.example""#))
        #expect(!PWABuilderShell.isSettings("struct Settings { var theme = \"dark\" }"))
    }

    @Test("a built shell: known by PWAShell, inferred from the list; with no list, said and not audited")
    func builtShell() throws {
        let built = AuditSketch.shop.with("a built PWAShell") { $0.app.executableName = "PWAShell" }
        let audit = try built.audit()
        #expect(audit.framework?.framework == .pwabuilder)
        #expect(audit.framework?.pwabuilderShell?.configuration.allowedOrigins == ["shop.example"])
        #expect(audit.framework?.pwabuilderShell?.configuration.authOrigins == ["shop-cdn.example"])
        let noList = try built.with("no WKAppBoundDomains") { $0.setInfo("WKAppBoundDomains", nil) }.audit()
        #expect(noList.framework?.policy == nil)
        #expect(
            noList.findings.contains {
                $0.code == "framework.configuration.missing" && $0.message.contains("PWABuilder")
            })
        let other = try AuditSketch.shop.with("another app's Settings.swift") {
            $0.app.resources["Settings.swift"] = Array("let theme = \"dark\"\n".utf8)
        }.audit()
        #expect(other.framework == nil)
    }
}
