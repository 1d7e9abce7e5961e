import Foundation
import StrictJSON
import WebFenceWatch

extension JSONAPI {
    /// The answer of `GET /v1/watch`: each watched domain's routes, what they answer now, when they
    /// last changed and how many versions there are; `{"domains": []}` when nothing is watched.
    static func watchAnswer(_ watch: AssociationWatch?) async -> APIResponse {
        guard let watch else { return .ok(.object(["watching": .bool(false), "domains": .array([])])) }
        let states: [AssociationWatch.DomainSummary]
        do throws(WatchStoreError) { states = try await watch.overview() } catch {
            return .error(500, code: "watch.store", error.description)
        }
        func time(_ date: Date?) -> JSONValue { date.map { .string(AssociationWatch.timestamp($0)) } ?? .null }
        return .ok(
            .object([
                "watching": .bool(true),
                "domains": .array(
                    states.map { state in
                        .object([
                            "domain": .string(state.domain.description),
                            "cdnMatchesServer": state.cdnMatchesServer.map(JSONValue.bool) ?? .null,
                            "routes": .array(
                                state.routes.map { route, summary in
                                    .object([
                                        "route": .string(route.rawValue),
                                        "status": summary.map { .int($0.status) } ?? .null,
                                        "outcome": .string(summary?.outcome),
                                        "contentHash": .string(summary?.contentHash),
                                        "lastChanged": time(summary?.lastChanged),
                                        "lastChecked": time(summary?.lastSeen),
                                        "versions": .int(summary?.versionCount ?? 0),
                                    ])
                                }),
                        ])
                    }),
            ]))
    }
}
