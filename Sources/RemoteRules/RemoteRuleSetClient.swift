import AssociationFetchCore
import Foundation
import NavigationRules

/// Remote navigation rules that never fail open (spec/navigation-rules.md §3): a signed config
/// fetched from one URL, the last known good kept on disk, and the app's bundled default behind it.
///
/// ``current`` is synchronous and cheap, for a navigation delegate on the main thread; ``update()``
/// runs from any task. A failed, late, malformed, replayed or expired fetch changes nothing.
///
///     let client = RemoteRuleSetClient(
///         configURL: "https://config.example.com/rules.signed.json", trustedKeys: [shippedKey],
///         bundledJSON: bundledRules, store: RuleStore(directory: applicationSupport + "/rules"))
///     let decision = client.current.ruleSet.decide(url)       // in the navigation delegate
///     let result = await client.update()                      // in a background task
///     result.code                                             // "remote.updated", "signed.badSignature", …
public final class RemoteRuleSetClient: Sendable {
    /// The HTTPS URL of the signed config.
    public let configURL: String
    /// The keys whose signatures are accepted, on the stored copy and on every update.
    public let trustedKeys: [RuleVerifyingKey]
    /// Where the last known good lives.
    public let store: RuleStore

    private let bundled: Result<NavigationRuleSet, RuleSetError>
    private let now: @Sendable () -> Date
    private let fetcher: RuleFetcher
    private let state: Locked<State>
    /// Held from verifying an update to swapping it in, so that two updates never interleave
    /// their version check and their save. Readers never take it.
    private let commitLock = NSLock()

    private struct State: Sendable {
        var inForce: RulesInForce
        /// The highest version trusted so far: the bundled default's, the stored copy's (once its
        /// signature held, even if it has since expired) and every accepted update's. An update
        /// must be above it, so that an old, looser config cannot be replayed after the newer one
        /// expires.
        var floor: Int
    }

    /// A client with the rules in force at launch already chosen: the stored last known good if
    /// its signature verifies again, it has not expired and its version is at least the bundled
    /// default's; otherwise the bundled default; and when that is expired or does not load, a
    /// rule set that cancels everything. ``current`` says which, and why.
    ///
    /// - Parameters:
    ///   - configURL: The HTTPS URL of the signed config.
    ///   - trustedKeys: The keys whose signatures are accepted.
    ///   - bundledJSON: The default rule set that ships inside the app (unsigned: it is trusted as
    ///     the app's code is).
    ///   - store: Where the last known good is kept.
    ///   - now: The clock that expiries are judged by.
    ///   - fetcher: How the config is fetched; by default `BoundedHTTPClient` with a 10 s limit
    ///     and a 1 MiB body limit.
    public init(
        configURL: String,
        trustedKeys: [RuleVerifyingKey],
        bundledJSON: String,
        store: RuleStore,
        now: @escaping @Sendable () -> Date = { Date() },
        fetcher: RuleFetcher = .bounded()
    ) {
        self.configURL = configURL
        self.trustedKeys = trustedKeys
        self.store = store
        self.now = now
        self.fetcher = fetcher
        let bundled: Result<NavigationRuleSet, RuleSetError>
        do { bundled = .success(try NavigationRuleSet(json: bundledJSON)) } catch { bundled = .failure(error) }
        self.bundled = bundled
        state = Locked(
            Self.launchState(
                stored: store.load(), remembered: store.loadHighestVersion() ?? 0, path: store.path, bundled: bundled,
                keys: trustedKeys, now: now()))
    }

    /// The rules in force now, and why. Each read checks the expiry against the clock: rules that
    /// have expired give way to the bundled default, and to cancelling everything when that has
    /// expired too.
    public var current: RulesInForce {
        let now = self.now()
        return state.withLock { state in
            let inForce = state.inForce
            if inForce.ruleSet.isExpired(at: now), let expires = inForce.ruleSet.expires {
                let which = inForce.source == .bundled ? "bundled default" : "signed rule set"
                let why = "the \(which) in force (version \(inForce.version)) expired at \(stamp(expires))"
                state.inForce = Self.fallback(why, .storedExpired, bundled: bundled, now: now)
            }
            return state.inForce
        }
    }

    /// Fetches the config, verifies it, and when it is newer than every version trusted so far,
    /// stores it and puts it in force. Any failure leaves everything as it was; the result says why.
    public func update() async -> RuleUpdateResult {
        let fetched = await fetcher.fetch(configURL)
        if let failure = fetched.failure { return .fetchFailed(failure) }
        guard let response = fetched.response, let body = fetched.body else {
            return .fetchFailed(.other(detail: "the fetch ended without a complete response"))
        }
        guard response.status == 200 else { return .status(response.status) }
        // Decoding and re-encoding must give back the very bytes: what is stored is what was signed.
        let text = String(decoding: body, as: UTF8.self)
        guard text.utf8.elementsEqual(body) else { return .refused(.malformed("the body is not UTF-8")) }
        return accept(text)
    }

    /// Verifies `envelopeText`, checks its version, stores it and swaps it in, as one step.
    func accept(_ envelopeText: String) -> RuleUpdateResult {
        commitLock.lock()
        defer { commitLock.unlock() }
        let opened: SignedRuleSet.Opened
        do { opened = try SignedRuleSet.open(envelopeText, trustedKeys: trustedKeys, now: now()) } catch {
            return .refused(error)
        }
        let version = opened.ruleSet.version
        let floor = state.withLock { max($0.floor, $0.inForce.version) }
        guard version > floor else { return .notNewer(version: version, floor: floor) }
        // Stored before it is used: rules that could not be kept would be lost at the next launch,
        // which would then start from an older copy.
        do { try store.save(envelopeText) } catch { return .storeFailed(error) }
        // Best effort: the stored copy carries the version too; this file only matters once the
        // copy is lost, and failing here must not refuse rules that are already on disk.
        try? store.saveHighestVersion(version)
        let why =
            "version \(version), signed by key \(opened.keyID), was fetched from \(configURL), verified and stored"
        let inForce = RulesInForce(opened.ruleSet, .updated, why, keyID: opened.keyID)
        state.withLock {
            $0.inForce = inForce
            $0.floor = version
        }
        return .updated(version: version, keyID: opened.keyID)
    }

    // MARK: - Choosing

    /// The rules in force at launch, and the version floor.
    private static func launchState(
        stored: String?, remembered: Int, path: String, bundled: Result<NavigationRuleSet, RuleSetError>,
        keys: [RuleVerifyingKey], now: Date
    ) -> State {
        // The highest version ever accepted counts even when the copy is gone (no replay after a loss).
        let bundledVersion = try? bundled.get().version
        let baseFloor = max(bundledVersion ?? 0, remembered)
        guard let stored else {
            let why = "nothing is stored at \(path)"
            return State(inForce: fallback(why, .nothingStored, bundled: bundled, now: now), floor: baseFloor)
        }
        let opened: SignedRuleSet.Opened
        do {
            // The expiry is judged below, against the clock: an expired copy whose signature holds
            // still sets the version floor.
            opened = try SignedRuleSet.open(stored, trustedKeys: keys, now: .distantPast)
        } catch {
            let why = "the stored copy at \(path) is refused (\(error.code): \(error))"
            return State(inForce: fallback(why, .storedRefused, bundled: bundled, now: now), floor: baseFloor)
        }
        let set = opened.ruleSet
        let floor = max(set.version, baseFloor)
        if set.isExpired(at: now), let expires = set.expires {
            let why = "the stored rule set (version \(set.version)) expired at \(stamp(expires))"
            return State(inForce: fallback(why, .storedExpired, bundled: bundled, now: now), floor: floor)
        }
        if let bundledVersion, bundledVersion > set.version {
            let why =
                "the bundled default (version \(bundledVersion)) is newer than the stored copy "
                + "(version \(set.version)): the app was updated"
            return State(inForce: fallback(why, .bundledNewer, bundled: bundled, now: now), floor: floor)
        }
        // A bundled default that does not load has no version to compare with; the signed copy
        // is still better than cancelling everything.
        let comparison =
            bundledVersion.map { "is not older than the bundled default (version \($0))" }
            ?? "is used since the bundled default does not load"
        let why =
            "the stored rule set (version \(set.version), key \(opened.keyID)) verifies, has not expired "
            + "and \(comparison)"
        return State(inForce: RulesInForce(set, .stored, why, keyID: opened.keyID), floor: floor)
    }

    /// The bundled default, chosen for `reason`; or, when it does not load or has expired, the
    /// rule set that cancels everything.
    private static func fallback(
        _ why: String, _ reason: RulesInForce.Reason, bundled: Result<NavigationRuleSet, RuleSetError>, now: Date
    ) -> RulesInForce {
        switch bundled {
        case .failure(let error):
            return RulesInForce(
                cancelEverything, .bundledInvalid,
                "\(why); the bundled default does not load (\(error)): every navigation is cancelled")
        case .success(let set) where set.isExpired(at: now):
            let when = set.expires.map(stamp) ?? "an unknown time"
            return RulesInForce(
                cancelEverything, .bundledExpired,
                "\(why); the bundled default expired at \(when): every navigation is cancelled")
        case .success(let set):
            return RulesInForce(set, reason, "\(why): the bundled default (version \(set.version)) is in force")
        }
    }

    /// `{"allow": [], "otherwise": "cancel"}`: matches nothing and cancels what matches nothing.
    static let cancelEverything: NavigationRuleSet = {
        do {
            return try NavigationRuleSet(json: #"{"allow": [], "otherwise": "cancel"}"#)
        } catch {
            // A constant of this file, not input: a test loads it, so this cannot be reached.
            preconditionFailure("the cancel-everything rule set does not load: \(error)")
        }
    }()
}

/// A time as RFC 3339, as rule sets write it.
private func stamp(_ date: Date) -> String { date.formatted(.iso8601) }
