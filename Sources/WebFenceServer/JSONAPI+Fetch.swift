import AssociatedDomains
import AssociationFetchCore
import StrictJSON
import WebFenceNetwork

extension JSONAPI {
    /// What `POST /v1/aasa/fetch` asks: `{"domain", "route"?, "appId"?}`.
    struct FetchRequest: Sendable, Hashable {
        let domain: LinkDomain
        let routes: [AssociationFileRequest.Route]
        let appID: String?
    }

    /// The routes a request names: `cdn` (the default, what a device without a mode asks),
    /// `direct`, or `both`.
    static let fetchRoutes: [String: [AssociationFileRequest.Route]] = [
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
        if let unknown = unknownMember(members, allowed: ["domain", "route", "appId"], shape: shape) {
            return .failure(unknown)
        }
        guard let domainText = root["domain"]?.stringValue else {
            return .failure(BodyError.shape("\"domain\" must be a string; \(shape)").response)
        }
        let routeName = root["route"].map { $0.stringValue } ?? "cdn"
        guard let routeName, let routes = fetchRoutes[routeName] else {
            return .failure(BodyError.shape("\"route\" must be \"cdn\", \"direct\" or \"both\"").response)
        }
        return domain(domainText).flatMap { domain in
            optionalString(root, "appId").map { FetchRequest(domain: domain, routes: routes, appID: $0) }
        }
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
