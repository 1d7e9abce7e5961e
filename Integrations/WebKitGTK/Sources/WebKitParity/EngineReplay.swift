import AppBound
import Foundation
import LoopbackSites
import WebFence
import WebFenceGTK

/// One scenario replayed in real WebKitGTK web views through `FencedWebView`. Each step's outcome
/// is read from what the engine did: the committed URL, a script's result, a style's computed
/// value, a message that arrived, the cookie jar.
@MainActor
final class EngineReplay {
    /// A step's engine outcome, or why a real engine cannot express it here.
    enum StepResult {
        case observed([String: JSONValue])
        case notExpressible(String)
    }

    private let scenario: Scenario
    private let sites: SiteTable
    private var webViews: [String: FencedWebView] = [:]
    private var sessions: [String: FencedSession] = [:]
    private var events: [String: [NavigationEvent]] = [:]
    private var messages: [String: Int] = [:]
    private static let styleMarker = "--webfence-sheet"

    init(scenario: Scenario, sites: SiteTable, configure: (FencedSession) -> Void) throws {
        self.scenario = scenario
        self.sites = sites
        let app = try SimulatedApp(scenario.app).appBound
        for spec in scenario.webViews {
            let session = sessions[spec.dataStore] ?? {
                let made = FencedSession()
                configure(made)
                for cookie in scenario.dataStores.first(where: { $0.id == spec.dataStore })?.cookies ?? [] {
                    var done = false
                    made.addCookie(domain: cookie.domain, name: cookie.name, value: cookie.value) { done = true }
                    MainLoop.run { done }
                }
                sessions[spec.dataStore] = made
                return made
            }()
            let webView = FencedWebView(
                policy: WebFencePolicy(app: app, rules: spec.navigationRules), session: session,
                limitsNavigationsToAppBoundDomains: spec.limitsNavigationsToAppBoundDomains,
                userStyleSheets: Array(repeating: "html { \(Self.styleMarker): applied; }", count: spec.userStyleSheets))
            for (index, script) in spec.userScripts.enumerated() { webView.addUserScript(Self.userScript(script, index: index)) }
            let id = spec.id
            webView.onNavigation = { [weak self] event in self?.events[id, default: []].append(event) }
            webViews[id] = webView
        }
    }

    /// A user script that leaves a mark on the document it ran in.
    private static func userScript(_ spec: Scenario.UserScriptSpec, index: Int) -> UserScript {
        UserScript(
            source: "document.documentElement.setAttribute('data-webfence-script-\(index)', 'ran');",
            forMainFrameOnly: spec.forMainFrameOnly,
            injectionTime: spec.injectionTime == .atDocumentStart ? .atDocumentStart : .atDocumentEnd)
    }

    /// Web views whose engine state left the simulator's: a step that changes state could not run.
    private var diverged: [String: Int] = [:]

    func perform(_ step: Scenario.Step) -> StepResult {
        guard let id = step.webView, let webView = webViews[id] else {
            return .notExpressible("app-wide action, not a web view's")
        }
        if let earlier = diverged[id] {
            return .notExpressible("follows step \(earlier), which the engine could not run")
        }
        let result = performOnWebView(step, id: id, webView: webView)
        if case .notExpressible = result, step.action.changesWebViewState { diverged[id] = step.index }
        return result
    }

    private func performOnWebView(_ step: Scenario.Step, id: String, webView: FencedWebView) -> StepResult {
        if step.frame != "main" { return .notExpressible("a subframe's API: WebKitGTK's UI-process API reaches the main frame only") }
        if scenario.app.managedAccount != nil, step.action.isNavigation {
            return .notExpressible("managed-web-view routing (isExternalURL, managed browser) is the SDK's, not in the wrapper")
        }
        switch step.action {
        case .load(let url, _, _) where !["http", "https", "about", "data"].contains(url.scheme):
            return .notExpressible("a custom scheme: the runner registers no scheme handler")
        case .load(let url, let redirects, let delegate):
            route(url.href, redirects.map(\.href))
            webView.navigationDelegate = { _ in
                switch delegate {
                case .allow: .allow
                case .cancel: .cancel
                case .download: .download
                }
            }
            defer { webView.navigationDelegate = nil }
            return navigate(id, webView) { webView.load(url.href) }
        case .loadHTMLString(let baseURL):
            return navigate(id, webView) {
                webView.loadHTMLString("<!doctype html><p>loadHTMLString</p>", baseURL: baseURL?.href)
            }
        case .setConfiguration:
            // Changing the configuration of an existing web view has no effect (§3): nothing to do.
            return .observed([:])
        case .evaluateJavaScript:
            var result: Result<String, FenceError>?
            webView.evaluateJavaScript("1 + 1") { result = $0 }
            MainLoop.run { result != nil }
            switch result {
            case .success?: return .observed(["result": .string("ok"), "error": .null])
            case .failure(.appBound(let error, _))?: return .observed(["result": .string("failed"), "error": .int(error.code)])
            case .failure(.engine(let error))?: return .observed(["result": .string("failed"), "error": .string(error.message)])
            case nil: return .observed(["result": .string("timedOut")])
            }
        case .addUserScript(let spec):
            webView.addUserScript(Self.userScript(spec, index: 100 + step.index))
            return .observed([:])
        case .addUserStyleSheet(let forMainFrameOnly):
            webView.addUserStyleSheet("html { \(Self.styleMarker): applied; }", forMainFrameOnly: forMainFrameOnly)
            return .observed([:])
        case .styleSheetApplied:
            // A sheet reaches documents loaded after it; reload to see the current answer.
            let value = pageValue(webView, "getComputedStyle(document.documentElement).getPropertyValue('\(Self.styleMarker)').trim()")
            return .observed(["applied": .bool(value == "\"applied\"")])
        case .userScriptFrames where scenario.steps.contains { if case .addFrame = $0.action { true } else { false } }:
            return .notExpressible("user scripts in subframes: the runner does not drive frames yet")
        case .userScriptFrames:
            let value = pageValue(webView, "[...document.documentElement.attributes].some(a => a.name.startsWith('data-webfence-script-'))")
            return .observed(["frames": .array(value == "true" ? [.string("main")] : [])])
        case .postMessage(let handler):
            if messages[handler] == nil {
                messages[handler] = 0
                webView.addMessageHandler(handler) { [weak self] _ in self?.messages[handler, default: 0] += 1 }
            }
            let before = messages[handler] ?? 0
            _ = pageValue(webView, "(window.webkit && window.webkit.messageHandlers && window.webkit.messageHandlers['\(handler)']) ? (window.webkit.messageHandlers['\(handler)'].postMessage('hello'), true) : false")
            MainLoop.run(for: .milliseconds(500)) { (messages[handler] ?? 0) > before }
            return .observed(["delivered": .bool((messages[handler] ?? 0) > before)])
        case .setCookie(let cookie):
            var stored: Bool?
            webView.setCookie(domain: cookie.domain, name: cookie.name, value: cookie.value) { stored = $0 }
            MainLoop.run { stored != nil }
            return .observed(["stored": .bool(stored ?? false)])
        case .getAllCookies:
            return .observed(["cookies": cookies(webView, url: nil)])
        case .getCookies(let url):
            return .observed(["cookies": cookies(webView, url: url.href)])
        case .deleteCookie(let domain, let name):
            var deleted: Bool?
            webView.deleteCookie(domain: domain, name: name) { deleted = $0 }
            MainLoop.run { deleted != nil }
            return .observed(["deleted": .bool(deleted ?? false)])
        case .state:
            return .observed([
                "url": Self.url(webView), "appBound": Simulator.json(webView.mainFrameState),
                "forcedAppBoundMode": .bool(webView.state.forcedAppBoundMode), "limits": .bool(webView.state.limits),
                "usedRestrictedAPIBeforeNavigation": .bool(webView.state.usedRestrictedAPIBeforeNavigation),
            ])
        case .addFrame, .navigateFrame, .openWindow:
            return .notExpressible("frames and windows: the runner does not drive them yet")
        case .registerServiceWorker:
            return .notExpressible("service workers: not gated by the wrapper yet")
        case .loadData:
            return .notExpressible("loadData: not driven yet")
        case .copy, .paste, .upload, .setPolicyDelegate, .setWebViewPolicy:
            return .notExpressible("managed-web-view identity: an SDK's behaviour, not the engine's")
        case .itp, .appBoundDomains, .openUniversalLink, .addWebView:
            return .notExpressible("not an engine action")
        }
    }

    /// Routes the redirect chain: `url` answers 302 to the first hop, each hop to the next.
    private func route(_ url: String, _ redirects: [String]) {
        sites.removeRoutes()
        var from = url
        for hop in redirects {
            sites.route(from, to: .redirect(to: hop))
            from = hop
        }
    }

    /// Starts a navigation and waits for its outcome: a main-frame commit and load, or a refusal.
    private func navigate(_ id: String, _ webView: FencedWebView, _ start: () -> Void) -> StepResult {
        let before = events[id]?.count ?? 0
        var finished = false
        webView.onLoadFinished = { _ in finished = true }
        start()
        MainLoop.run(for: .seconds(10)) {
            let new = (events[id] ?? []).dropFirst(before)
            return finished || new.contains { if case .committed = $0.outcome { false } else { true } }
        }
        MainLoop.settle(.milliseconds(50))
        webView.onLoadFinished = nil
        let new = Array((events[id] ?? []).dropFirst(before))
        // The last refusal, or the commit.
        guard let last = new.last else { return .observed(["result": .string("nothing happened"), "url": Self.url(webView)]) }
        var fields: [String: JSONValue] = ["url": Self.url(webView), "forcedAppBoundMode": .bool(webView.state.forcedAppBoundMode)]
        switch last.outcome {
        case .committed(let state):
            fields["result"] = .string("committed")
            fields["error"] = .null
            fields["appBound"] = Simulator.json(state)
        case .failed(let error, _):
            fields["result"] = .string("failed")
            fields["error"] = .int(error.code)
            fields["appBound"] = .null
        case .cancelled:
            fields["result"] = .string("cancelled")
            fields["error"] = .null
            fields["appBound"] = .null
        case .openedExternally:
            fields["result"] = .string("openedExternally")
        case .download:
            fields["result"] = .string("download")
            fields["appBound"] = .null
        }
        return .observed(fields)
    }

    /// A value the page computes, as JSON text, read by the runner (not the app: not gated).
    private func pageValue(_ webView: FencedWebView, _ expression: String) -> String? {
        var value: String??
        webView.runnerEvaluate(expression) { value = .some($0) }
        MainLoop.run { value != nil }
        return value ?? nil
    }

    private func cookies(_ webView: FencedWebView, url: String?) -> JSONValue {
        var list: [String]?
        webView.cookies(for: url) { list = $0 }
        MainLoop.run { list != nil }
        return .array((list ?? []).map { .string($0) })
    }

    /// The engine's URL for the main frame; none before the first load (WebKitGTK says "").
    static func url(_ webView: FencedWebView) -> JSONValue {
        guard let url = webView.committedURL, !url.isEmpty else { return .null }
        return .string(url)
    }
}

extension Scenario.Action {
    /// The URLs the action names, whose hosts the loopback sites must serve.
    var urls: [WebURL] {
        switch self {
        case .load(let url, let redirects, _): [url] + redirects
        case .loadHTMLString(let baseURL), .loadData(_, let baseURL): baseURL.map { [$0] } ?? []
        case .addFrame(_, _, let url), .navigateFrame(let url), .openWindow(_, let url), .getCookies(let url),
            .registerServiceWorker(let url), .openUniversalLink(let url, _):
            [url]
        case .setPolicyDelegate(let internalURLs, _): internalURLs
        default: []
        }
    }

    /// Whether the action navigates (its outcome has the navigation fields).
    var isNavigation: Bool {
        switch self {
        case .load, .loadHTMLString, .loadData, .addFrame, .navigateFrame, .openWindow: true
        default: false
        }
    }

    /// Whether the step changes what later steps of the web view see (navigations, frames,
    /// configuration); queries do not.
    var changesWebViewState: Bool {
        switch self {
        case .load, .loadHTMLString, .loadData, .addFrame, .navigateFrame, .openWindow, .evaluateJavaScript,
            .addUserScript, .addUserStyleSheet, .registerServiceWorker:
            true
        default:
            false
        }
    }
}
