import Audit
import Hummingbird
import WebFenceCommandLine

/// App audits: an uploaded app audited as `webfence audit` does (`/v1/audit`, JSON or SARIF), the
/// app page, and the page's SARIF download.
struct AuditArea: ServerArea {
    let auditing: AppAuditing

    var routes: [Route] {
        [
            Route(method: .post, path: "/v1/audit", audience: .api) { [auditing] request, context in
                let sarif = request.uri.queryParameters["format"] == "sarif"
                return await auditing.answer(request, context: context) {
                    JSONAPI.auditAnswer($0, sarif: sarif).response
                }
            },
            .page(AppPage.path) { [auditing] _ in Page(AppPage.get(limits: auditing.limits)) },
            .page(.post, AppPage.path) { [auditing] request, context in
                await auditing.answer(request, context: context) { outcome in
                    let status: HTTPResponse.Status =
                        switch outcome {
                        case .success: .ok
                        case .failure(let refusal): HTTPResponse.Status(code: refusal.status)
                        }
                    return Page(AppPage.post(outcome, limits: auditing.limits), status: status).response
                }
            },
            .page(.post, AppPage.sarifPath) { [auditing] request, context in
                await auditing.answer(request, context: context) { outcome in
                    switch outcome {
                    case .success(let outcome):
                        var response = Response.text(
                            SARIFLog.render(outcome.audits, unusable: outcome.unusable, tool: WebFenceVersion.sarifTool)
                                .serialized(),
                            type: "application/sarif+json")
                        response.headers[.contentDisposition] = "attachment; filename=\"webfence-audit.sarif\""
                        return response
                    case .failure(let refusal):
                        return Page(
                            AppPage.post(.failure(refusal), limits: auditing.limits),
                            status: HTTPResponse.Status(code: refusal.status)
                        ).response
                    }
                }
            },
        ]
    }
}
