import NavigationRules
import WebAddress

/// A scenario's `IntuneMAMWebViewPolicyDelegate` (`setPolicyDelegate`): the URLs and hosts it calls
/// internal; `isExternalURL` answers YES for everything else.
struct PolicyDelegate: Sendable {
    /// Internal URLs, compared without their fragment: a link to `#section` of the document is
    /// the document (D46).
    let internalURLs: Set<String>
    /// Internal hosts, in the navigation rules' host syntax (`example.com`, `=host`, `*.host`).
    let internalHosts: [HostPattern]

    init(internalURLs: [WebURL], internalHosts: [HostPattern]) {
        self.internalURLs = Set(internalURLs.map { $0.serialized(excludingFragment: true) })
        self.internalHosts = internalHosts
    }

    /// `isExternalURL:`.
    func isExternal(_ url: WebURL) -> Bool {
        if internalURLs.contains(url.serialized(excludingFragment: true)) { return false }
        guard let host = url.host else { return true }
        return !internalHosts.contains { $0.matches(host) }
    }
}
