// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// (The members that implement `StepAction` take its documentation: DocC shows the protocol's.)

import AppBound
import WebAddress

/// A web view's cookies, in its data store, through App-Bound Domains' cookie filter (§4), and the
/// web view's state.
extension Scenario.Action {
    /// `setCookie`: stored only when the filter admits its domain.
    public struct SetCookie: StepAction {
        public static let name = "setCookie"
        public static let target = StepTarget.webView
        public static let outcomeFields = ["stored", "rule"]
        /// The cookie the page sets.
        public let cookie: Scenario.CookieSpec

        public init(_ reader: inout ActionReader) throws(ScenarioError) {
            cookie = try Scenario.parseCookie(try reader.value(), at: reader.at)
        }

        public func run(in simulator: inout Simulator, step: Scenario.Step) throws(ScenarioError) -> StepOutcome {
            let webView = try simulator.webView(step)
            let admission = CookieFilter(app: simulator.app.appBound).admits(cookieDomain: cookie.domain)
            if admission.admitted {
                var store = simulator.dataStores[webView.dataStore] ?? SimulatedDataStore(cookies: [])
                store.cookies.removeAll { SimulatedDataStore.sameCookie($0, domain: cookie.domain, name: cookie.name) }
                store.cookies.append(cookie)
                simulator.dataStores[webView.dataStore] = store
            }
            return .cookieSet(admission)
        }

        public var summary: String { "setCookie \(cookie.domain)/\(cookie.name)" }
    }

    /// `getAllCookies`: every cookie of the data store the filter lets through.
    public struct GetAllCookies: StepAction {
        public static let name = "getAllCookies"
        public static let target = StepTarget.webView
        public static let outcomeFields = ["cookies"]

        public init(_ reader: inout ActionReader) throws(ScenarioError) { try reader.emptyObject() }

        public func run(in simulator: inout Simulator, step: Scenario.Step) throws(ScenarioError) -> StepOutcome {
            simulator.cookies(of: try simulator.webView(step), forHost: nil)
        }
    }

    /// `getCookies`: the cookies a request to the URL's host carries, through the filter.
    public struct GetCookies: StepAction {
        public static let name = "getCookies"
        public static let target = StepTarget.webView
        public static let outcomeFields = ["cookies"]
        /// The URL whose host the request goes to.
        public let url: WebURL

        public init(_ reader: inout ActionReader) throws(ScenarioError) { url = try reader.urlObject("url") }

        public func run(in simulator: inout Simulator, step: Scenario.Step) throws(ScenarioError) -> StepOutcome {
            let host = url.host.map { $0.description.lowercased() } ?? ""
            return simulator.cookies(of: try simulator.webView(step), forHost: host)
        }

        public var summary: String { "getCookies for \(url.href)" }
    }

    /// `deleteCookie`: deletion is not filtered.
    public struct DeleteCookie: StepAction {
        public static let name = "deleteCookie"
        public static let target = StepTarget.webView
        public static let outcomeFields = ["deleted"]
        /// The cookie's domain.
        public let domain: String
        /// The cookie's name (`name` in the file).
        public let cookieName: String

        public init(_ reader: inout ActionReader) throws(ScenarioError) {
            var object = try reader.object()
            domain = try object.requiredString("domain")
            cookieName = try object.requiredString("name")
            try object.finish(expected: ["domain", "name"])
        }

        public func run(in simulator: inout Simulator, step: Scenario.Step) throws(ScenarioError) -> StepOutcome {
            let store = try simulator.webView(step).dataStore
            let before = simulator.dataStores[store]?.cookies.count ?? 0
            simulator.dataStores[store]?.cookies.removeAll {
                SimulatedDataStore.sameCookie($0, domain: domain, name: cookieName)
            }
            return .cookieDeleted((simulator.dataStores[store]?.cookies.count ?? 0) < before)
        }

        public var summary: String { "deleteCookie \(domain)/\(cookieName)" }
    }

    /// `state`: the web view's main frame and what it remembers.
    public struct State: StepAction {
        public static let name = "state"
        public static let target = StepTarget.webView
        public static let outcomeFields = [
            "url", "appBound", "forcedAppBoundMode", "limits", "usedRestrictedAPIBeforeNavigation",
        ]

        public init(_ reader: inout ActionReader) throws(ScenarioError) { try reader.emptyObject() }

        public func run(in simulator: inout Simulator, step: Scenario.Step) throws(ScenarioError) -> StepOutcome {
            let webView = try simulator.webView(step)
            return .webViewState(
                url: webView.mainFrame.url, mainFrame: webView.mainFrame.state, state: webView.appBound)
        }
    }
}
