import WebAddress

/// Service worker registration under App-Bound Domains (§4).
public struct ServiceWorkerPolicy: Sendable {
    /// Registrations on listed domains allowed without an entitlement.
    public static let listedDomainLimit = 3

    public let app: AppBoundApp

    public init(app: AppBoundApp) {
        self.app = app
    }

    public enum Result: String, Sendable, Hashable {
        case ok, refused, disabled
    }

    /// A registration already in the data store.
    public struct Registration: Sendable, Hashable {
        public let scope: String
        /// It counts towards the limit: made on a listed domain, not on loopback, without an entitlement.
        public let countsTowardLimit: Bool

        public init(scope: String, countsTowardLimit: Bool) {
            self.scope = scope
            self.countsTowardLimit = countsTowardLimit
        }
    }

    /// The decision on registering `scope` from a page whose top frame is at `topURL`, in a web view
    /// whose limits are `limits`; `registered` is what the data store holds. A new registration
    /// to add is returned when the result is ok.
    public func register(scope: WebURL, topURL: WebURL?, limits: Bool, registered: [Registration])
        -> (result: Result, rule: AppBoundRule, newRegistration: Registration?)
    {
        let entitled = app.hasServiceWorkersEntitlement || app.isBrowser
        guard entitled || limits else { return (.disabled, .serviceWorkersDisabled, nil) }
        if registered.contains(where: { $0.scope == scope.href }) {
            return (.ok, entitled ? .serviceWorkerEntitled : .serviceWorkerScopeRegistered, nil)
        }
        if entitled { return (.ok, .serviceWorkerEntitled, Registration(scope: scope.href, countsTowardLimit: false)) }
        if topURL?.host?.isLoopback == true {
            return (.ok, .serviceWorkerLoopback, Registration(scope: scope.href, countsTowardLimit: false))
        }
        guard let host = topURL?.host, host != .empty, let domains = app.domains,
            domains.containsDomain(AppBoundDomains.registrableDomain(of: host))
        else { return (.refused, .serviceWorkerNotListed, nil) }
        guard registered.count(where: \.countsTowardLimit) < Self.listedDomainLimit else {
            return (.refused, .serviceWorkerLimit, nil)
        }
        return (.ok, .serviceWorkerListedDomain, Registration(scope: scope.href, countsTowardLimit: true))
    }
}
