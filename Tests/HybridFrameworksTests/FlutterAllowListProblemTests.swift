import HybridFrameworks
import Testing

/// flutter_inappwebview's allow-list entries that do not do what they look like (spec §13c–§13d,
/// D125): each class found on the list whose check reads it so, and none on a well-written entry.
@Suite("flutter_inappwebview allow-list problems")
struct FlutterAllowListProblemTests {
    private func kinds(page: [String] = [], handlers: [String] = []) -> [FlutterAllowListProblem.Kind?] {
        var settings = FlutterInAppWebViewSettings()
        settings.javaScriptBridgeOriginAllowList = page
        settings.javaScriptHandlersOriginAllowList = handlers
        let problems = settings.allowListProblems
        let page = page.indices.map { index in
            problems.first { $0.setting == "javaScriptBridgeOriginAllowList" && $0.index == index }?.kind
        }
        let native = handlers.indices.map { index in
            problems.first { $0.setting == "javaScriptHandlersOriginAllowList" && $0.index == index }?.kind
        }
        return page + native
    }

    @Test("the page-side lists: a syntax error, an Android rule, a lost escape, no anchors; anchored entries are fine")
    func pageSide() {
        #expect(
            kinds(page: [
                "*.example.com", #"https://a.example.com\"#, "https://*.example.com", #"^https://app\.example\.com$"#,
                "https://example.com", ".*", #"^https://app\\.example\\.com$"#, #"^https://x\/y\\.com$"#,
            ]) == [.pageSyntaxError, .pageSyntaxError, .androidWildcard, .escapeLost, .unanchored, nil, nil, nil])
    }

    @Test("a page-side list with \"*\" is injected unchecked: none of its entries is judged")
    func starList() {
        #expect(kinds(page: ["*", "*.example.com", "https://example.com"]) == [nil, nil, nil])
    }

    @Test("the handler list: * and an empty entry match nothing; a single backslash works natively")
    func handlerList() {
        #expect(
            kinds(handlers: ["*", "", #"^https://app\.example\.com$"#, "https://app.example.com", "*.example.com"])
                == [.handlerNeverMatches, .handlerNeverMatches, nil, .unanchored, .handlerNeverMatches])
    }

    @Test("anchors per alternative, a scheme as the start, and a dot that is any character")
    func anchorsAndDots() {
        #expect(
            kinds(handlers: [
                #"^https://www|app\.example\.com$"#, #"(^https://a\.com$)|(^https://b\.com$)"#,
                #"https://example\.com$"#, #"^https://(www|app)\.example\.com$"#, "^https://app.example.com$",
                #"^https://[a-z.]+\.example\.com$"#, #"^https://(.*\.)?example\.com$"#,
            ]) == [.unanchored, nil, nil, nil, .dotAnyCharacter, nil, nil])
    }

    @Test("an entry outside the evaluated syntax is not judged (framework bridge says why)")
    func outsideSubset() {
        #expect(kinds(handlers: ["(?<=x)a"]) == [nil])
    }
}
