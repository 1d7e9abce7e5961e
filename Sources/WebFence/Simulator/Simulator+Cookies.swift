import AppBound

/// A web view's cookies, in its data store, through App-Bound Domains' cookie filter (§4).
extension Simulator {
    /// `setCookie`: stored only when the filter admits its domain.
    mutating func setCookie(_ cookie: Scenario.CookieSpec, from webView: SimulatedWebView) -> StepOutcome {
        let admission = CookieFilter(app: app.appBound).admits(cookieDomain: cookie.domain)
        if admission.admitted {
            var store = dataStores[webView.dataStore] ?? SimulatedDataStore(cookies: [])
            store.cookies.removeAll { SimulatedDataStore.sameCookie($0, domain: cookie.domain, name: cookie.name) }
            store.cookies.append(cookie)
            dataStores[webView.dataStore] = store
        }
        return .cookieSet(admission)
    }

    /// `getAllCookies` (`host` nil) and `getCookies` for a URL's host: what the filter lets through.
    func cookies(of webView: SimulatedWebView, forHost host: String?) -> StepOutcome {
        let store = dataStores[webView.dataStore]
        let cookies = host.map { store?.cookies(forHost: $0) ?? [] } ?? store?.cookies ?? []
        let filter = CookieFilter(app: app.appBound)
        let visible = cookies.filter { filter.admits(cookieDomain: $0.domain).admitted }
        return .cookies(
            visible: SimulatedDataStore.names(visible), hidden: cookies.count - visible.count,
            filtering: filter.isActive)
    }

    /// `deleteCookie`: deletion is not filtered.
    mutating func deleteCookie(domain: String, name: String, from webView: SimulatedWebView) -> StepOutcome {
        let before = dataStores[webView.dataStore]?.cookies.count ?? 0
        dataStores[webView.dataStore]?.cookies.removeAll {
            SimulatedDataStore.sameCookie($0, domain: domain, name: name)
        }
        return .cookieDeleted((dataStores[webView.dataStore]?.cookies.count ?? 0) < before)
    }
}
