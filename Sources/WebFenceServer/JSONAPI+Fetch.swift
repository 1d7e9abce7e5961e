import AssociatedDomains
import Foundation
import WebFence
import WebFenceAPI
import WebFenceNetwork
import WebFenceWatch

extension JSONAPI {
    /// What `POST /v1/aasa/fetch` asks: `{"domain", "route"?, "appId"?}`.
    struct FetchRequest: Sendable, Hashable {
        let domain: LinkDomain
        let routes: [AssociationFileFetcher.Route]
        let appID: String?
    }

    /// The routes a request names: `cdn` (the default, what a device without a mode asks),
    /// `direct`, or `both`.
    static let fetchRoutes: [String: [AssociationFileFetcher.Route]] = [
        "cdn": [.cdn], "direct": [.direct], "both": [.cdn, .direct],
    ]

    /// The request of `POST /v1/aasa/fetch`, or the `400` for a body it cannot be.
    static func fetchRequest(_ body: [UInt8]) -> Result<FetchRequest, APIResponse> {
        let root: JSONValue
        switch parse(body, duplicateKeys: .reject) {
        case .failure(let error): return .failure(error.response)
        case .success(let value): root = value
        }
        let shape = #"expected {"domain": "example.com", "route": "cdn"|"direct"|"both", "appId": "..."}"#
        guard case .object(let members) = root else { return .failure(BodyError.shape(shape).response) }
        if let unknown = members.first(where: { !["domain", "route", "appId"].contains($0.key) }) {
            return .failure(BodyError.shape("unknown member \"\(unknown.key)\"; \(shape)").response)
        }
        guard let domainText = root["domain"]?.stringValue else {
            return .failure(BodyError.shape("\"domain\" must be a string; \(shape)").response)
        }
        guard let domain = LinkDomain(domainText) else {
            return .failure(
                .error(400, code: "fetch.domain", "\"\(domainText)\" is not a domain: give a host such as example.com"))
        }
        let routeName = root["route"].map { $0.stringValue } ?? "cdn"
        guard let routeName, let routes = fetchRoutes[routeName] else {
            return .failure(BodyError.shape("\"route\" must be \"cdn\", \"direct\" or \"both\"").response)
        }
        var appID: String?
        if let value = root["appId"] {
            guard let text = value.stringValue else {
                return .failure(BodyError.shape("\"appId\" must be a string").response)
            }
            appID = text
        }
        return .success(FetchRequest(domain: domain, routes: routes, appID: appID))
    }

    /// The answer of `POST /v1/aasa/fetch`: the report of `aasa fetch --format json` (a fetch that
    /// failed is still a report, with its checks), `422 fetch.address.private` for a domain the
    /// server does not connect to, `503 fetch.busy` when every fetch place is taken.
    static func fetchAnswer(_ fetch: Result<AssociationFetch, AssociationFetching.Refusal>) -> APIResponse {
        switch fetch {
        case .success(let fetched): .ok(fetched.json)
        case .failure(.address(let failure)):
            .error(
                422, code: "fetch.address.private",
                failure.sentence
                    + " The server fetches public domains only unless it runs with --allow-private-networks.")
        case .failure(.busy(let maximum)):
            .error(503, code: "fetch.busy", "\(maximum) fetches are running, the most at once; try again shortly")
        }
    }
}

extension JSONAPI {
    /// The answer of `POST /v1/audit`: the document of `audit --format json` (or, with
    /// `?format=sarif`, the SARIF log), or the refusal's status and code.
    static func auditAnswer(_ outcome: Result<AppAuditing.Outcome, AppAuditing.Refusal>, sarif: Bool) -> APIResponse {
        switch outcome {
        case .success(let outcome):
            let fetches = Array(repeating: [AuditFetch.Result](), count: outcome.audits.count)
            return .ok(
                sarif
                    ? SARIFLog.render(outcome.audits, unusable: outcome.unusable)
                    : AuditJSON.render(outcome.audits, fetches: fetches, unusable: outcome.unusable))
        case .failure(let refusal):
            return .error(refusal.status, code: refusal.code, refusal.message)
        }
    }
}

extension JSONAPI {
    /// The answer of `GET /v1/watch`: each watched domain's routes, what they answer now, when they
    /// last changed and how many versions there are; `{"domains": []}` when nothing is watched.
    static func watchAnswer(_ watch: AssociationWatch?) -> APIResponse {
        guard let watch else { return .ok(.object(["watching": .bool(false), "domains": .array([])])) }
        let states: [AssociationWatch.DomainState]
        do throws(WatchStoreError) { states = try watch.state() } catch {
            return .error(500, code: "watch.store", error.description)
        }
        func time(_ date: Date?) -> JSONValue { date.map { .string(WatchPage.time($0)) } ?? .null }
        return .ok(
            .object([
                "watching": .bool(true),
                "domains": .array(
                    states.map { state in
                        .object([
                            "domain": .string(state.domain.description),
                            "cdnMatchesServer": state.cdnMatchesServer.map(JSONValue.bool) ?? .null,
                            "routes": .array(
                                state.routes.map { route in
                                    .object([
                                        "route": .string(route.route.rawValue),
                                        "status": route.current.map { .int($0.status) } ?? .null,
                                        "outcome": .string(route.current?.outcome),
                                        "contentHash": .string(route.current?.contentHash),
                                        "lastChanged": time(route.lastChanged),
                                        "lastChecked": time(route.current?.lastSeen),
                                        "versions": .int(route.versions.count),
                                    ])
                                }),
                        ])
                    }),
            ]))
    }
}
