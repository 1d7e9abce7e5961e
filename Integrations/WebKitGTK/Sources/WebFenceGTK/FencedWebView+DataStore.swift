import AppBound
import CWebKitShim

/// Cookies through `WKHTTPCookieStore`'s rules (§4): per data store, filtered by the cookie's
/// domain when the app lists at least one domain and is not a browser; deletion is not filtered.
extension FencedWebView {
    /// `setCookie`: a cookie whose domain is not app-bound is dropped; `completion` says whether it was stored.
    public func setCookie(domain: String, name: String, value: String, completion: @escaping (Bool) -> Void) {
        let filter = CookieFilter(app: policy.app)
        guard !filter.isActive || filter.admits(cookieDomain: domain).admitted else {
            completion(false)
            return
        }
        let handler: ResultHandler = { result in completion((try? result.get()) != nil) }
        wf_add_cookie(session.session, domain, name, value, resultTrampoline, retainedContext(handler))
    }

    /// `getAllCookies` (url nil) or the cookies for `url`, as `domain/name`, sorted, filtered.
    public func cookies(for url: String?, completion: @escaping ([String]) -> Void) {
        let filter = CookieFilter(app: policy.app)
        let handler: ResultHandler = { result in
            let lines = ((try? result.get()) ?? "").split(separator: "\n")
            let names = lines.compactMap { line -> String? in
                let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
                guard parts.count >= 2 else { return nil }
                let domain = String(parts[0])
                guard !filter.isActive || filter.admits(cookieDomain: domain).admitted else { return nil }
                return "\(domain)/\(parts[1])"
            }
            completion(names.sorted())
        }
        wf_get_cookies(session.session, url, resultTrampoline, retainedContext(handler))
    }

    /// `deleteCookie`: not filtered; `completion` says whether a cookie went.
    public func deleteCookie(domain: String, name: String, completion: @escaping (Bool) -> Void) {
        let handler: ResultHandler = { result in completion((Int((try? result.get()) ?? "0") ?? 0) > 0) }
        wf_delete_cookie(session.session, domain, name, resultTrampoline, retainedContext(handler))
    }
}
