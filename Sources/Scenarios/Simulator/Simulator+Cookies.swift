import AppBound

/// A web view's cookies, in its data store, through App-Bound Domains' cookie filter (§4).
extension Simulator {
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
}
