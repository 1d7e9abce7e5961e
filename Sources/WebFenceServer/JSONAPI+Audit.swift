import Audit
import WebFenceCommandLine

extension JSONAPI {
    /// The answer of `POST /v1/audit`: the document of `audit --format json` (or, with
    /// `?format=sarif`, the SARIF log), or the refusal's status and code.
    static func auditAnswer(_ outcome: Result<AppAuditing.Outcome, AppAuditing.Refusal>, sarif: Bool) -> APIResponse {
        switch outcome {
        case .success(let outcome):
            let fetches = Array(repeating: [AuditFetch.Result](), count: outcome.audits.count)
            return .ok(
                sarif
                    ? SARIFLog.render(outcome.audits, unusable: outcome.unusable, tool: WebFenceVersion.sarifTool)
                    : AuditJSON.render(outcome.audits, fetches: fetches, unusable: outcome.unusable))
        case .failure(let refusal):
            return .error(refusal.status, code: refusal.code, refusal.message)
        }
    }
}
