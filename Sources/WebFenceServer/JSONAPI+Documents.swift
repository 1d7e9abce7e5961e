import AssociatedDomains
import FindingReports
import Scenarios
import StrictJSON

extension JSONAPI {
    /// `POST /v1/simulate`: one scenario file (spec interfaces §1) → the document of `simulate
    /// --format json` for it. A scenario that does not load is `400 scenario.invalid` (the place and
    /// the reason); one that names plist files is refused so (no request names a path on the
    /// server); over 500 steps, `413 scenario.steps`.
    public static func simulate(_ body: [UInt8]) -> APIResponse {
        guard let text = String(validUTF8: body) else { return BodyError.notUTF8.response }
        switch BoundedScenarioRun.run(text, maximumSteps: maximumScenarioSteps) {
        case .success(let result): return .ok(ScenarioJSON.render([result]))
        case .failure(let refusal):
            let error = refusal.error
            let place = error.pointer.isEmpty ? "/" : error.pointer
            if case .tooManySteps = refusal {
                return .error(413, code: "scenario.steps", "at \(place): \(error.message)")
            }
            return .error(400, code: "scenario.invalid", "at \(place): \(error.message)")
        }
    }

    /// `POST /v1/aasa/lint`: `{"file": <the file's object or JSON text>, "domain"?, "appId"?}` → the
    /// document of `aasa lint --format json`. A file a device cannot read at all is `400
    /// aasa.invalid` (as `aasa lint` gives exit 2).
    public static func aasaLint(_ body: [UInt8]) -> APIResponse {
        let root: JSONValue
        switch parse(body, duplicateKeys: .reject) {
        case .failure(let error): return error.response
        case .success(let value): root = value
        }
        let shape = #"expected {"file": <object or JSON text>, "domain": "example.com", "appId": "..."}"#
        guard case .object(let members) = root, let file = root["file"] else { return BodyError.shape(shape).response }
        if let unknown = unknownMember(members, allowed: ["file", "domain", "appId"], shape: shape) { return unknown }
        var domain: LinkDomain?
        switch optionalString(root, "domain") {
        case .failure(let refusal): return refusal
        case .success(nil): domain = nil
        case .success(let text?):
            switch Self.domain(text) {
            case .failure(let refusal): return refusal
            case .success(let parsed): domain = parsed
            }
        }
        let appID: String?
        switch optionalString(root, "appId") {
        case .failure(let refusal): return refusal
        case .success(let text): appID = text
        }
        let bytes: [UInt8]
        switch file {
        case .string(let text): bytes = Array(text.utf8)
        case .object: bytes = Array(file.serialized().utf8)
        default: return BodyError.shape("\"file\" must be the file's object or its JSON text").response
        }
        switch AssociationFile.read(bytes) {
        case .failure(.invalidJSON(let error)):
            return .error(
                400, code: "aasa.invalid",
                "invalid JSON at line \(error.line), column \(error.column): \(error.message); a device denies the association"
            )
        case .failure(let error):
            return .error(400, code: "aasa.invalid", "\(error.code): \(error); a device denies the association")
        case .success(let (parsed, readFindings)):
            let findings = AssociationFileLinter(domain: domain, appID: appID).lint(parsed, readFindings: readFindings)
            // Each finding at its line in the text sent (an object sent is placed in its serialization).
            let locator = SourceLocator.locator(path: "file", bytes: bytes)
            return .ok(
                FindingsJSON.render(
                    file: "file",
                    findings.map { finding in
                        var finding = finding
                        finding.position = locator?.position(of: finding.pointer)
                        return ("file", finding)
                    }))
        }
    }
}
