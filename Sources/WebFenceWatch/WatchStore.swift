import AssociationFetchCore
import Crypto
import Foundation
import WebFenceNetwork

/// Where the watch keeps every distinct answer each watched route has given, and who fetches
/// which domain when: a **version** is one (status, outcome, content hash) of a domain's route, with
/// its headers and body as first seen and the times it was first and last seen; a **change** is the
/// moment a route's answer became a version other than the one before (so a file that goes back to
/// an earlier copy is a change too); a **lease** is one watcher's claim on a domain until a time,
/// so that replicas sharing a store fetch each domain once an interval between them.
///
/// Two stores: ``SQLiteWatchStore`` (one file, the embedded default) and ``PostgresWatchStore``
/// (one database for several replicas). Both keep the same tables, answer the same questions the
/// same way (`WatchStoreTests` runs one suite on each), and write each record in one transaction.
public protocol WatchStore: Sendable {
    /// Where the store is, for messages and the watch page: a file's path, or a database's URL
    /// without its password.
    var location: String { get }

    /// Records that `domain`'s `route` answered `observation` at `time`, if `holder` (when given)
    /// still holds the domain's lease (no other watcher has claimed it since, even if its time ran
    /// out); whether that is a change.
    func record(
        _ observation: WatchObservation, domain: String, route: AssociationFileRequest.Route, at time: Date,
        holder: String?
    ) async throws(WatchStoreError) -> WatchRecording

    /// Every version of `domain`'s `route`, the newest first.
    func versions(domain: String, route: AssociationFileRequest.Route) async throws(WatchStoreError)
        -> [WatchedVersion]

    /// Every change of `domain`'s `route`, the newest first: when, and to which version.
    func changes(domain: String, route: AssociationFileRequest.Route) async throws(WatchStoreError)
        -> [WatchChange]

    /// Each route's summary, for every route recorded at least once: one row a route, without its
    /// body, whatever the history's length.
    func summaries() async throws(WatchStoreError) -> [WatchRouteSummary]

    /// Adds `domains` to the schedule, due at `time`; a domain already scheduled keeps its time.
    func schedule(_ domains: [String], dueAt time: Date) async throws(WatchStoreError)

    /// Gives `holder` the lease of one of `domains` that is due at `time` and not leased to another
    /// watcher then (the longest due first), until `time + length`; nil when none is.
    func claim(among domains: [String], holder: String, at time: Date, for length: Duration)
        async throws(WatchStoreError) -> String?

    /// Ends `holder`'s lease of `domain` and makes the domain due again at `nextDue`; nothing when
    /// the lease has passed to another watcher.
    func release(_ domain: String, holder: String, nextDue: Date) async throws(WatchStoreError)

    /// The earliest time one of `domains` may be claimed (due and its lease over); nil when none is
    /// scheduled.
    func nextClaim(among domains: [String]) async throws(WatchStoreError) -> Date?
}

extension WatchStore {
    /// Records `observation` without a lease (one watcher alone, a test, an import).
    @discardableResult
    public func record(
        _ observation: WatchObservation, domain: String, route: AssociationFileRequest.Route, at time: Date
    ) async throws(WatchStoreError) -> WatchRecording {
        try await record(observation, domain: domain, route: route, at: time, holder: nil)
    }
}

/// What recording an observation came to.
public enum WatchRecording: Sendable, Hashable {
    /// The route answers what it answered before (its version's last-seen time moved on).
    case unchanged
    /// The route's answer became another version (a change was recorded).
    case changed
    /// Nothing was recorded: the watcher's lease had passed to another (its fetch outlasted the
    /// lease, and another replica claimed the domain meanwhile).
    case leaseLost
}

/// What one fetch of a route answered.
public struct WatchObservation: Sendable, Hashable {
    /// The HTTP status; 0 when no response arrived.
    public let status: Int
    /// What the fetch came to (`received`, `denied`, ..., `failed`).
    public let outcome: String
    /// The headers that matter (the fetch report's `selectedHeaders`).
    public let headers: [HTTPHeaderField]
    /// The body, when one arrived whole.
    public let body: [UInt8]?

    /// An observation of `status`, `outcome`, `headers` and `body`.
    public init(status: Int, outcome: String, headers: [HTTPHeaderField], body: [UInt8]?) {
        (self.status, self.outcome, self.headers, self.body) = (status, outcome, headers, body)
    }

    /// What `report` answered.
    public init(_ report: AssociationFetchReport) {
        self.init(
            status: report.status ?? 0, outcome: report.outcome.rawValue, headers: report.selectedHeaders,
            body: report.body)
    }

    /// SHA-256 of the body (of no bytes when there is none), in hex.
    public var contentHash: String {
        SHA256.hash(data: body ?? []).map { String(format: "%02x", $0) }.joined()
    }

    /// The headers as stored: one `Name: value` a line.
    var headerText: String { headers.map { "\($0.name): \($0.value)" }.joined(separator: "\n") }
}

/// One change of a route: when, and to which version.
public struct WatchChange: Sendable, Hashable {
    /// When the route's answer became the version.
    public let at: Date
    /// The version's number in the store.
    public let versionID: Int64
}

/// What a route answers now, without any body: the overview's row (`/watch`, `/v1/watch`).
public struct WatchRouteSummary: Sendable, Hashable {
    /// The domain, `host` or `host:port`.
    public let domain: String
    /// `cdn` or `direct`.
    public let route: String
    /// The current version's number.
    public let versionID: Int64
    /// The HTTP status of the answer now; 0 when no response arrived.
    public let status: Int
    /// What the fetch came to now.
    public let outcome: String
    /// SHA-256 of the current body, in hex.
    public let contentHash: String
    /// The current body's length in bytes; 0 when none arrived.
    public let bodySize: Int
    /// When the route last answered so.
    public let lastSeen: Date
    /// When its answer last became what it is now.
    public let lastChanged: Date
    /// How many distinct answers it has given.
    public let versionCount: Int
}

/// One distinct answer of a watched route.
public struct WatchedVersion: Sendable, Hashable, Identifiable {
    /// The version's number in the store.
    public let id: Int64
    /// The domain, `host` or `host:port`.
    public let domain: String
    /// `cdn` or `direct`.
    public let route: String
    /// SHA-256 of the body, in hex.
    public let contentHash: String
    /// The HTTP status; 0 when no response arrived.
    public let status: Int
    /// What the fetch came to.
    public let outcome: String
    /// The headers that matter, one `Name: value` a line, as first seen.
    public let headers: String
    /// The body, when one arrived.
    public let body: [UInt8]?
    /// When this answer was first seen.
    public let firstSeen: Date
    /// When it was last seen.
    public let lastSeen: Date
}

/// Why the watch's store cannot be used. A file is never silently replaced: it is left as it is.
public enum WatchStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file is not a database, or SQLite's check found it damaged.
    case damaged(path: String, reason: String)
    /// A write failed (the disk is full, the file became read-only, ...).
    case unwritable(path: String, reason: String)
    /// The database server could not be reached, refused the login, or answered with an error.
    case unavailable(location: String, reason: String)
    /// The location is neither a file's path nor a `postgres://` URL the store can use.
    case badLocation(String, reason: String)

    /// The problem in words, with the file or the database.
    public var description: String {
        switch self {
        case .damaged(let path, let reason):
            "\(path): the watch's database is damaged or not a database (\(reason)); it was left as it is: move it aside to start afresh"
        case .unwritable(let path, let reason): "\(path): the watch's database cannot be written (\(reason))"
        case .unavailable(let location, let reason): "\(location): the watch's database is unavailable (\(reason))"
        case .badLocation(let location, let reason): "\(location): not a watch database (\(reason))"
        }
    }
}
