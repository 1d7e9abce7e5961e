import AppBound
import CWebKitGTK
import Foundation
import HybridFrameworks
import LoopbackSites
import Scenarios
import StrictJSON
import WebAddress
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
    /// The framework the app is built on: its bridge is in every web view.
    let framework: AppFramework?
    let sites: SiteTable
    private var webViews: [String: FencedWebView] = [:]
    private var sessions: [String: FencedSession] = [:]
    var events: [String: [NavigationEvent]] = [:]
    /// Main-frame loads finished, per web view.
    private var loadsFinished: [String: Int] = [:]
    /// Messages received, per web view and handler ("webView/handler").
    var messages: [String: Int] = [:]
    var probes: [String: FrameProbe] = [:]
    /// The step being performed, and the frames judged refused so far: (step, URL, proxy log size).
    var stepIndex = 0
    var refusedFrames: [(index: Int, url: String, requestCount: Int)] = []
    /// The id the scenario gives the window a page is opening.
    private var openingWindow: String?
    private static let styleMarker = "--webfence-sheet"

    init(scenario: Scenario, sites: SiteTable, configure: (FencedSession) -> Void) throws {
        self.scenario = scenario
        self.sites = sites
        let app = SimulatedApp(scenario.app)
        framework = app.framework
        for spec in scenario.webViews {
            let session =
                sessions[spec.dataStore]
                ?? {
                    let made = FencedSession()
                    configure(made)
                    for cookie in scenario.dataStores.first(where: { $0.id == spec.dataStore })?.cookies ?? [] {
                        _ = MainLoop.result { done in
                            made.addCookie(domain: cookie.domain, name: cookie.name, value: cookie.value) { done(()) }
                        }
                    }
                    sessions[spec.dataStore] = made
                    return made
                }()
            let webView = FencedWebView(
                policy: WebFencePolicy(app: app.appBound, framework: app.framework, rules: spec.navigationRules),
                session: session,
                limitsNavigationsToAppBoundDomains: spec.limitsNavigationsToAppBoundDomains,
                userStyleSheets: Array(repeating: "html { \(Self.styleMarker): applied; }", count: spec.userStyleSheets)
            )
            for (index, script) in spec.userScripts.enumerated() {
                webView.addUserScript(Self.userScript(script, index: index))
            }
            for script in Self.bridgeScripts(app.framework) { webView.addUserScript(script) }
            attach(webView, id: spec.id)
        }
    }

    /// Watches a web view: its navigations, its loads, its frames' documents, and the messages
    /// its pages post to the handlers the scenario names (registered up front, as an app
    /// configures its handlers before loading).
    /// A popup (`opener` set) shares its opener's content manager in WebKitGTK, and with it the
    /// probe's and the handlers' messages, which do not say which view sent them.
    private func attach(_ webView: FencedWebView, id: String, opener: String? = nil) {
        webViews[id] = webView
        let probe = opener.flatMap { probes[$0] } ?? FrameProbe()
        probes[id] = probe
        webView.onNavigation = { [weak self] event in
            self?.events[id, default: []].append(event)
            if event.frame == .main, case .committed = event.outcome { probe.mainFrameCommitted() }
        }
        webView.onLoadFinished = { [weak self] _ in self?.loadsFinished[id, default: 0] += 1 }
        // window.open without a user gesture: the runner's page script opens it.
        webkit_settings_set_javascript_can_open_windows_automatically(webkit_web_view_get_settings(webView.view), 1)
        webView.onNewWindow = { [weak self] openerView in
            guard let self, let windowID = openingWindow else { return nil }
            openingWindow = nil
            let popup = openerView.makePopup()
            attach(popup, id: windowID, opener: id)
            return popup
        }
        guard opener == nil else { return }
        webView.addObserver(script: FrameProbe.script, world: FrameProbe.world, handler: FrameProbe.handler) {
            probe.receive($0)
        }
        let handlers = Set(
            scenario.steps.compactMap { step -> String? in
                guard step.webView == id, case .postMessage(let post) = step.action else { return nil }
                return post.handler
            } + (framework?.bridge.messageHandlers ?? []))
        for handler in handlers.sorted() {
            webView.addMessageHandler(handler) { [weak self] _ in self?.messages["\(id)/\(handler)", default: 0] += 1 }
        }
    }

    /// Whether the page's script can start a navigation of `type` (Pages: a link, a form, `location`).
    static func pageStarts(_ type: NavigationType) -> Bool {
        [.link, .formSubmitted, .other].contains(type)
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
        stepIndex = step.index
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
        if step.frame != "main" { return performInSubframe(step, id: id, webView: webView) }
        if scenario.app.managedAccount != nil, step.action.isNavigation {
            return .notExpressible(
                "managed-web-view routing (isExternalURL, managed browser) is the SDK's, not in the wrapper")
        }
        switch step.action {
        case .load(let load) where load.navigationType != .other:
            return .notExpressible("an app's load is of type other in the engine, not \(load.navigationType.rawValue)")
        case .navigateFrame(let navigation) where !Self.pageStarts(navigation.navigationType):
            return .notExpressible(
                "the runner's page starts only link, form and script navigations, not \(navigation.navigationType.rawValue)"
            )
        case .load(let load) where load.url.scheme == "file":
            return .notExpressible("a file: URL names a file on the scenario's machine, not on this one")
        case .load(let load) where !["http", "https", "about", "data", "javascript"].contains(load.url.scheme):
            // The app's own scheme, served by a scheme handler.
            URLSchemes.serve(load.url.scheme) { Pages.html(for: $0) }
            return navigate(id) { webView.load(load.url.href) }
        case .load(let load):
            route(load.url.href, load.redirects.map(\.href))
            webView.navigationDelegate = { _ in load.delegate }
            defer { webView.navigationDelegate = nil }
            return navigate(id) { webView.load(load.url.href) }
        case .loadHTMLString(let load):
            // The app's HTML string is the runner's page, so that its later steps (a link, a
            // script's navigation, a frame) can start from it as from any loaded page.
            return navigate(id) {
                webView.loadHTMLString(
                    Pages.html(for: load.baseURL?.href ?? "about:blank"), baseURL: load.baseURL?.href)
            }
        case .setConfiguration:
            // Changing the configuration of an existing web view has no effect (§3): nothing to do.
            return .observed([:])
        case .evaluateJavaScript:
            return .observed(Self.fields(MainLoop.result { webView.evaluateJavaScript("1 + 1", completion: $0) }))
        case .addUserScript(let add):
            webView.addUserScript(Self.userScript(add.script, index: 100 + step.index))
            return .observed([:])
        case .addUserStyleSheet(let add):
            webView.addUserStyleSheet("html { \(Self.styleMarker): applied; }", forMainFrameOnly: add.forMainFrameOnly)
            return .observed([:])
        case .styleSheetApplied:
            // A sheet reaches documents loaded after it; reload to see the current answer.
            let value = pageValue(
                webView, "getComputedStyle(document.documentElement).getPropertyValue('\(Self.styleMarker)').trim()")
            return .observed(["applied": .bool(value == "\"applied\"")])
        case .userScriptFrames:
            // The frames whose current document carries a user script's mark, as they reported it.
            guard let probe = probes[id] else { return .notExpressible("no frame probe") }
            let frames = probe.order.filter { !(probe.latest($0)?.marks.isEmpty ?? true) }
            return .observed(["frames": .array(frames.map { .string($0) })])
        case .postMessage(let post):
            return self.post(id, webView, to: post.handler) {
                postToHandler(post.handler, webView: webView, path: [])
            }
        case .setCookie(let set):
            let cookie = set.cookie
            let stored = MainLoop.result {
                webView.setCookie(domain: cookie.domain, name: cookie.name, value: cookie.value, completion: $0)
            }
            return .observed(["stored": .bool(stored ?? false)])
        case .getAllCookies:
            return .observed(["cookies": cookies(webView, url: nil)])
        case .getCookies(let get):
            return .observed(["cookies": cookies(webView, url: get.url.href)])
        case .deleteCookie(let delete):
            let deleted = MainLoop.result {
                webView.deleteCookie(domain: delete.domain, name: delete.cookieName, completion: $0)
            }
            return .observed(["deleted": .bool(deleted ?? false)])
        case .state:
            return .observed([
                "url": Self.url(webView), "appBound": Simulator.json(webView.mainFrameState),
                "forcedAppBoundMode": .bool(webView.state.forcedAppBoundMode), "limits": .bool(webView.state.limits),
                "usedRestrictedAPIBeforeNavigation": .bool(webView.state.usedRestrictedAPIBeforeNavigation),
            ])
        case .addFrame(let add):
            let (frameID, parent, url) = (add.id, add.parent, add.url)
            guard let probe = probes[id], let path = probe.path(to: parent) else {
                return .notExpressible("the parent frame is not in the engine")
            }
            probe.add(frameID, parent: parent)
            return loadFrame(id, webView, frameID, url) {
                command(webView, path: path, ["addFrame": ["id": frameID, "url": url.href]])
            }
        case .navigateFrame(let frameNavigation)
        where ["about", "data"].contains(frameNavigation.url.scheme)
            && webView.verdicts(for: frameNavigation.url).dependOnFrame:
            return .notExpressible(
                "a page's navigation to \(frameNavigation.url.scheme): that WebFence allows in one frame and not the other: WebKitGTK's decision names no frame and no content rule can hold a load that makes no request (docs/conformance.md)"
            )
        case .navigateFrame(let frameNavigation):
            let url = frameNavigation.url
            // The main frame's page navigates itself (a page's navigation, not the API's).
            route(url.href, frameNavigation.redirects.map(\.href))
            return navigate(id) {
                command(webView, path: [], ["navigate": url.href, "how": frameNavigation.navigationType.rawValue])
            }
        case .openWindow(let open):
            let (windowID, url) = (open.id, open.url)
            route(url.href, [])
            openingWindow = windowID
            defer { openingWindow = nil }
            let name = String(decoding: try! JSONEncoder().encode([url.href, windowID]), as: UTF8.self)
            return navigate(windowID, openedBy: id) { _ = pageValue(webView, "window.open(...\(name)), true") }
        case .registerServiceWorker(let register):
            return registerServiceWorker(webView, scope: register.scope)
        case .loadData:
            return .notExpressible("loadData: not driven yet")
        case .copy, .paste, .upload, .setPolicyDelegate, .setWebViewPolicy:
            return .notExpressible("managed-web-view identity: an SDK's behaviour, not the engine's")
        case .itp, .appBoundDomains, .openUniversalLink, .addWebView:
            return .notExpressible("not an engine action")
        case .callBridge, .callPage:
            return bridgeStep(step, id: id, webView: webView, path: [])
        }
    }

    /// Routes the redirect chain: `url` answers 302 to the first hop, each hop to the next.
    func route(_ url: String, _ redirects: [String]) {
        sites.removeRoutes()
        var from = url
        for hop in redirects {
            sites.route(from, to: .redirect(to: hop))
            from = hop
        }
    }

    /// Starts a navigation of web view `id` (a window being opened, too) and waits for its outcome:
    /// a main-frame commit and load, or a refusal.
    /// A window's first navigation refused before the window was made is the opener's event.
    func navigate(_ id: String, openedBy opener: String? = nil, _ start: () -> Void) -> StepResult {
        let before = events[id]?.count ?? 0
        let openerBefore = opener.map { events[$0]?.count ?? 0 } ?? 0
        let finishedBefore = loadsFinished[id] ?? 0
        let windowRefused = { () -> NavigationEvent? in
            guard let opener else { return nil }
            return (self.events[opener] ?? []).dropFirst(openerBefore).last { $0.frame == .newWindow }
        }
        start()
        MainLoop.run(for: .seconds(10)) {
            let new = (events[id] ?? []).dropFirst(before)
            return (loadsFinished[id] ?? 0) > finishedBefore || windowRefused() != nil
                || new.contains { if case .committed = $0.outcome { false } else { true } }
        }
        MainLoop.settle(.milliseconds(50))
        if webViews[id] == nil, let refusal = windowRefused() {
            // No window: the web view the simulator made would show no URL and no forced mode.
            return .observed(Self.fields(refusal.outcome, into: ["url": .null, "forcedAppBoundMode": .bool(false)]))
        }
        guard let webView = webViews[id] else { return .observed(["result": .string("nothing happened")]) }
        let new = Array((events[id] ?? []).dropFirst(before))
        // The last refusal, or the commit.
        guard let last = new.last else {
            return .observed(["result": .string("nothing happened"), "url": Self.url(webView)])
        }
        return .observed(
            Self.fields(
                last.outcome,
                into: ["url": Self.url(webView), "forcedAppBoundMode": .bool(webView.state.forcedAppBoundMode)]))
    }

    /// A script's outcome: `2` from "1 + 1", or the error.
    static func fields(_ result: Result<String, FenceError>?) -> [String: JSONValue] {
        switch result {
        case .success("2")?: ["result": .string("ok"), "error": .null]
        case .success(let other)?: ["result": .string("unexpected value \(other)"), "error": .null]
        case .failure(.appBound(let error, _))?: ["result": .string("failed"), "error": .int(error.code)]
        case .failure(.engine(let error))?: ["result": .string("failed"), "error": .string(error.message)]
        case nil: ["result": .string("timedOut")]
        }
    }

    /// A navigation outcome's fields, as the simulator names them.
    static func fields(_ outcome: NavigationEvent.Outcome, into base: [String: JSONValue]) -> [String: JSONValue] {
        var fields = base
        switch outcome {
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
        return fields
    }

    /// A value the page computes, as JSON text, read by the runner (not the app: not gated).
    func pageValue(_ webView: FencedWebView, _ expression: String) -> String? {
        MainLoop.result { webView.runnerEvaluate(expression, completion: $0) } ?? nil
    }

    private func cookies(_ webView: FencedWebView, url: String?) -> JSONValue {
        let list = MainLoop.result { webView.cookies(for: url, completion: $0) }
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
        case .load(let load): [load.url] + load.redirects
        case .loadHTMLString(let load): load.baseURL.map { [$0] } ?? []
        case .loadData(let load): load.baseURL.map { [$0] } ?? []
        case .addFrame(let add): [add.url]
        case .navigateFrame(let navigate): [navigate.url] + navigate.redirects
        case .openWindow(let open): [open.url]
        case .getCookies(let get): [get.url]
        case .registerServiceWorker(let register): [register.scope]
        case .openUniversalLink(let open): [open.url]
        case .setPolicyDelegate(let delegate): delegate.internalURLs
        case .setConfiguration, .evaluateJavaScript, .addUserScript, .addUserStyleSheet, .userScriptFrames,
            .styleSheetApplied, .postMessage, .setCookie, .getAllCookies, .deleteCookie, .state, .itp,
            .appBoundDomains, .setWebViewPolicy, .copy, .paste, .upload, .addWebView, .callBridge, .callPage:
            []
        }
    }

    /// Whether the action navigates (its outcome has the navigation fields).
    var isNavigation: Bool { kind.isNavigation }

    /// Whether the step changes what later steps of the web view see (navigations, frames,
    /// configuration); queries do not.
    var changesWebViewState: Bool {
        switch kind {
        case .load, .loadHTMLString, .loadData, .addFrame, .navigateFrame, .openWindow, .evaluateJavaScript,
            .addUserScript, .addUserStyleSheet, .registerServiceWorker:
            true
        case .setConfiguration, .userScriptFrames, .styleSheetApplied, .postMessage, .setCookie, .getAllCookies,
            .getCookies, .deleteCookie, .state, .itp, .appBoundDomains, .setWebViewPolicy, .setPolicyDelegate, .copy,
            .paste, .upload, .openUniversalLink, .addWebView, .callBridge, .callPage:
            false
        }
    }
}
