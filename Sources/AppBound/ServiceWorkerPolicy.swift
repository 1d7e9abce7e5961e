import WebAddress

/// Service worker registration under App-Bound Domains (§4).
public struct ServiceWorkerPolicy: Sendable {
    /// Registrations on listed domains allowed without an entitlement.
    public static let listedDomainLimit = 3

    /// The app whose web views register service workers.
    public let app: AppBoundApp

    /// The policy of `app`.
    public init(app: AppBoundApp) {
        self.app = app
    }

    /// What a registration attempt comes to, as the page sees it.
    public enum Result: String, Sendable, Hashable {
        /// `ok`: registered (or already registered); `refused`: rejected; `disabled`: service workers are off.
        case ok, refused, disabled
    }

    /// A registration already in the data store.
    public struct Registration: Sendable, Hashable {
        /// The registration's scope URL, serialized.
        public let scope: String
        /// It counts towards the limit: made on a listed domain, not on loopback, without an entitlement.
        public let countsTowardLimit: Bool

        /// A registration of `scope` that counts toward the limit or not.
        public init(scope: String, countsTowardLimit: Bool) {
            self.scope = scope
            self.countsTowardLimit = countsTowardLimit
        }
    }

    /// What a registration attempt comes to.
    public struct Decision: Sendable, Hashable {
        /// Whether the registration succeeds.
        public let result: Result
        /// The rule that decided.
        public let rule: AppBoundRule
        /// The registration the data store adds; nil when refused, disabled, or already registered.
        public let newRegistration: Registration?
    }

    /// The decision on registering `scope` from a page whose top frame is at `topURL`, in a web view
    /// whose limits are `limits`; `registered` is what the data store holds. A new registration
    /// to add is returned when the result is ok.
    public func register(scope: WebURL, topURL: WebURL?, limits: Bool, registered: [Registration]) -> Decision {
        let entitled = app.hasServiceWorkersEntitlement || app.isBrowser
        guard entitled || limits else {
            return Decision(result: .disabled, rule: .serviceWorkersDisabled, newRegistration: nil)
        }
        // The web platform's own check, before any App-Bound rule: a custom scheme never qualifies.
        guard scope.scheme == "http" || scope.scheme == "https" else {
            return Decision(result: .refused, rule: .serviceWorkerNotHTTP, newRegistration: nil)
        }
        if registered.contains(where: { $0.scope == scope.href }) {
            return Decision(
                result: .ok, rule: entitled ? .serviceWorkerEntitled : .serviceWorkerScopeRegistered,
                newRegistration: nil)
        }
        if entitled {
            return Decision(
                result: .ok, rule: .serviceWorkerEntitled,
                newRegistration: Registration(scope: scope.href, countsTowardLimit: false))
        }
        if topURL?.host?.isLoopback == true {
            return Decision(
                result: .ok, rule: .serviceWorkerLoopback,
                newRegistration: Registration(scope: scope.href, countsTowardLimit: false))
        }
        guard let host = topURL?.host, host != .empty, let domains = app.domains,
            domains.containsDomain(AppBoundDomains.registrableDomain(of: host))
        else { return Decision(result: .refused, rule: .serviceWorkerNotListed, newRegistration: nil) }
        guard registered.count(where: \.countsTowardLimit) < Self.listedDomainLimit else {
            return Decision(result: .refused, rule: .serviceWorkerLimit, newRegistration: nil)
        }
        return Decision(
            result: .ok, rule: .serviceWorkerListedDomain,
            newRegistration: Registration(scope: scope.href, countsTowardLimit: true))
    }
}
