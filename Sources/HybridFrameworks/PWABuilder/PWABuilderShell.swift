/// A PWABuilder shell as the audit finds it: its configuration (from `Settings.swift`, or for a
/// built app inferred from `WKAppBoundDomains`) and whether its code still does what the
/// template's does (spec §12b–§12d), read from `WebView.swift` and `SceneDelegate.swift` in a
/// project, from the literals the built executable holds, or else assumed.
public struct PWABuilderShell: Sendable, Hashable {
    /// The three settings.
    public let configuration: PWABuilderConfiguration
    /// Where the settings come from.
    public let source: Source
    /// `WebView.swift` looks the origins up anywhere in the host (`requestHost.range(of:)`).
    public let matchesBySubstring: Bool
    /// `WebView.swift` allows a page-initiated navigation to any host (`syntheticClickType`).
    public let allowsPageInitiated: Bool
    /// `createWebViewWith` loads a new window's request in the one web view and returns nil.
    public let loadsNewWindowsInPlace: Bool
    /// `SceneDelegate.swift` builds `location.href = '<url>'` without escaping the URL.
    public let universalLinkUnescaped: Bool
    /// How the three `WebView.swift` flags were found, as a clause for the findings' messages.
    public let webViewBasis: String
    /// How `universalLinkUnescaped` was found.
    public let sceneDelegateBasis: String

    /// Where the settings come from.
    public enum Source: Sendable, Hashable {
        /// `Settings.swift`, read.
        case settings
        /// A built app: `WKAppBoundDomains`, where the generator writes the start URL and the
        /// permitted URLs in the same form.
        case inferredFromAppBoundDomains
    }

    /// What shows the shell's code.
    public enum Code: Sendable, Hashable {
        /// The project's `WebView.swift` and `SceneDelegate.swift` (nil when absent).
        case sources(webView: String?, sceneDelegate: String?)
        /// The built executable's `ExecutableStrings`.
        case executable(Set<String>)
        /// Nothing: the template's code is assumed.
        case unknown
    }

    /// The built app's executable name the template gives (`PRODUCT_NAME = "PWAShell"`).
    public static let executableName = "PWAShell"

    /// Whether `text` is a PWABuilder shell's `Settings.swift`: it declares `allowedOrigins` (or
    /// the older `allowedOrigin`). Other apps' `Settings.swift` are left alone.
    public static func isSettings(_ text: String) -> Bool {
        text.contains("let allowedOrigins") || text.contains("let allowedOrigin ")
            || text.contains("var allowedOrigins")
    }

    /// A shell of `configuration` read from `source`, its code shown by `code`.
    public init(_ configuration: PWABuilderConfiguration, source: Source, code: Code) {
        self.configuration = configuration
        self.source = source
        switch code {
        case .sources(let webView, let sceneDelegate):
            // Read as tokens: a construct in a comment does not count; a file that cannot be read
            // leaves the template's code assumed, and the basis says why.
            let (webViewCode, webViewRead) = Self.evidence(webView, name: "WebView.swift")
            matchesBySubstring = webViewCode?.contains(code: "requestHost.range(of:") ?? true
            allowsPageInitiated = webViewCode?.contains(stringLiteral: "syntheticClickType") ?? true
            loadsNewWindowsInPlace = webViewCode?.contains(code: "webView.load(navigationAction.request)") ?? true
            webViewBasis = webViewRead
            let (sceneDelegateCode, sceneDelegateRead) = Self.evidence(sceneDelegate, name: "SceneDelegate.swift")
            universalLinkUnescaped = sceneDelegateCode?.contains(interpolationAfter: "location.href = '") ?? true
            sceneDelegateBasis = sceneDelegateRead
        case .executable(let strings):
            // The template's WebView.swift is one file: its "syntheticClickType" literal stands for all of it.
            let templateWebView = strings.contains("syntheticClickType")
            (matchesBySubstring, allowsPageInitiated, loadsNewWindowsInPlace) =
                (templateWebView, templateWebView, templateWebView)
            universalLinkUnescaped = strings.contains("location.href = '")
            webViewBasis =
                "the executable \(templateWebView ? "holds" : "lacks") WebView.swift's \"syntheticClickType\" literal"
            sceneDelegateBasis =
                "the executable \(universalLinkUnescaped ? "holds" : "lacks") SceneDelegate.swift's \"location.href = '\" literal"
        case .unknown:
            (matchesBySubstring, allowsPageInitiated, loadsNewWindowsInPlace) = (true, true, true)
            universalLinkUnescaped = true
            webViewBasis = "as the template's code does"
            sceneDelegateBasis = webViewBasis
        }
    }

    /// `text` read as Swift tokens, with the clause saying how its flags were found; nil when the
    /// file is absent or cannot be read (the template's code is then assumed).
    private static func evidence(_ text: String?, name: String) -> (SwiftEvidence?, String) {
        guard let text else {
            return (nil, "as the template's code does: \(name) was not beside Settings.swift to read")
        }
        do {
            return (try SwiftEvidence(text), "\(name), read")
        } catch {
            return (nil, "as the template's code does: \(name) could not be read as Swift (\(error))")
        }
    }

    /// The key of an entry where it was read: `/authOrigins/1` in `Settings.swift`, or its
    /// position in `WKAppBoundDomains` for a built app (the start URL first, then `authOrigins`).
    public func key(authOrigin: Bool, _ index: Int) -> String {
        switch source {
        case .settings: "/\(authOrigin ? "authOrigins" : "allowedOrigins")/\(index)"
        case .inferredFromAppBoundDomains: "/WKAppBoundDomains/\(authOrigin ? index + 1 : 0)"
        }
    }

    /// The key of a whole list: `/authOrigins`, or `/WKAppBoundDomains` for a built app.
    public func listKey(authOrigin: Bool) -> String {
        switch source {
        case .settings: "/\(authOrigin ? "authOrigins" : "allowedOrigins")"
        case .inferredFromAppBoundDomains: "/WKAppBoundDomains"
        }
    }

    /// The settings PWABuilder's generator wrote, from a built app's `WKAppBoundDomains`: the first
    /// entry is the start URL without its scheme (its host is `allowedOrigins`), the others are
    /// `authOrigins`. Nil when the list is empty.
    public static func inferred(fromAppBoundDomains entries: [String]) -> PWABuilderConfiguration? {
        guard let start = entries.first else { return nil }
        let host = start.prefix { $0 != "/" && $0 != "?" && $0 != "#" && $0 != ":" }
        return PWABuilderConfiguration(
            rootURL: "https://" + start, allowedOrigins: [String(host)], authOrigins: Array(entries.dropFirst()))
    }
}
