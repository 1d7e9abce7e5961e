/// The viewer tree (§2): views and view controllers ("viewers") and web views, each with an
/// optional parent viewer, and the policy set on any of them with `setWebViewPolicy:forWebViewer:`.
///
/// Policies are looked up when asked, so a web view added after a policy was set on its ancestor
/// inherits it, as the SDK applies a viewer's policy to web views added to it later.
public struct WebViewerTree: Sendable, Hashable {
    private struct Node: Sendable, Hashable {
        var parent: String?
        var isWebView: Bool
    }

    private var nodes: [String: Node] = [:]
    private var policies: [String: WebViewPolicy] = [:]
    /// Web views whose main frame shows an external page loaded as unmanaged (§4).
    private var externalPages: Set<String> = []

    /// An empty tree: no viewer, no web view, no policy.
    public init() {}

    /// Adds a view or view controller under `parent` (nil: at the top). Adding an id again moves it
    /// under the new parent, as `addSubview` does; its policy stays.
    public mutating func addViewer(_ id: String, parent: String?) {
        nodes[id] = Node(parent: parent, isWebView: false)
    }

    /// Adds a web view under `parent` (nil: at the top). Adding an id again moves it under the new
    /// parent; its policy stays.
    public mutating func addWebView(_ id: String, parent: String?) {
        nodes[id] = Node(parent: parent, isWebView: true)
    }

    /// `setWebViewPolicy:forWebViewer:`: sets `policy` on a viewer or a web view. It applies to
    /// every web view at or below `id`, now and later, unless a nearer policy overrides it. Setting
    /// `.unset` removes the policy. The id need not have been added yet.
    public mutating func setPolicy(_ policy: WebViewPolicy, forWebViewer id: String) {
        // An unset policy is skipped by the lookup, so storing it would only be noise.
        policies[id] = policy == .unset ? nil : policy
    }

    /// Records what a web view's main frame committed: a page `isExternalURL` called external that
    /// loaded in the web view as unmanaged (the tenant allows any app), or any other page. While it
    /// shows such a page, a managed web view's data is unmanaged: copy, paste and upload agree.
    public mutating func setShowsExternalPage(_ shows: Bool, webView id: String) {
        if shows { externalPages.insert(id) } else { externalPages.remove(id) }
    }

    /// Whether the web view's main frame shows an external page loaded as unmanaged.
    public func showsExternalPage(_ id: String) -> Bool { externalPages.contains(id) }

    /// Whether a viewer or web view `id` was added.
    public func contains(_ id: String) -> Bool { nodes[id] != nil }

    /// Whether `id` was added as a web view.
    public func isWebView(_ id: String) -> Bool { nodes[id]?.isWebView ?? false }

    /// The parent `id` was added under; nil at the top or when `id` is unknown.
    public func parent(of id: String) -> String? { nodes[id]?.parent }

    /// The policy set on `id` itself; `.unset` when none.
    public func policy(setOn id: String) -> WebViewPolicy { policies[id] ?? .unset }

    /// `id`, its parent, that parent's parent, and so on to the top. A parent that was never
    /// added ends the chain after itself; a cycle ends it before the first repeated id.
    public func ancestry(of id: String) -> [String] {
        var chain: [String] = []
        var seen: Set<String> = []
        var current: String? = id
        // A caller can build a cycle (a under b, b under a); stop rather than loop forever.
        while let node = current, seen.insert(node).inserted {
            chain.append(node)
            current = nodes[node]?.parent
        }
        return chain
    }

    /// The nearest explicit (non-unset) policy from the web view up, and where it was set; nil when none.
    public func nearestPolicy(for webView: String) -> (policy: WebViewPolicy, setOn: String)? {
        for id in ancestry(of: webView) {
            if let policy = policies[id] { return (policy, id) }
        }
        return nil
    }
}
