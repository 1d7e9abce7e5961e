import AssociatedDomains
import HybridFrameworks
import NavigationRules
import StrictJSON
import WebFenceCommandLine

/// The `/v1/` routes of interfaces §7 as pure functions of the request body: each answers with
/// exactly the objects the matching `--jsonl` command prints (the capability's own answer type:
/// `AASAMatchAnswers`, `RulesCheckAnswers`, `FrameworkCheckAnswers`), or an error object. A
/// body that is not what the route takes is a `400`, never a `500`.
public enum JSONAPI {
    /// At most this many input objects in one request (each answered in turn).
    public static let maximumCases = 10_000
    /// At most this many steps are run for one scenario (`POST /v1/simulate` and the scenario page).
    public static let maximumScenarioSteps = 500

    /// Association files, framework configurations and rule sets compiled for earlier requests, kept
    /// for the requests that send them again (a team's CI posts the same file many times).
    static let matchers = CompiledCache<UniversalLinkMatcher>(capacity: 32)
    static let policies = CompiledCache<FrameworkPolicy>(capacity: 32)
    static let ruleSets = CompiledCache<NavigationRuleSet>(capacity: 32)
    static let bridgePolicies = CompiledCache<BridgePolicy>(capacity: 32)

    /// Each cache's hits and misses, by name, for `/metrics`.
    static var cacheCounts: [(name: String, counts: (hits: Int, misses: Int))] {
        [
            ("aasa", matchers.counts), ("framework", policies.counts), ("bridge", bridgePolicies.counts),
            ("rules", ruleSets.counts),
        ]
    }

    /// `POST /v1/aasa/match`: an array of `aasa match --jsonl` input objects. A repeated key is read
    /// as a device reads an association file (the last one wins).
    public static func aasaMatch(_ body: [UInt8]) -> APIResponse { aasaMatch(body, within: .standard) }

    /// `POST /v1/aasa/match` within `budget`: each case's cost is its file's pattern characters ×
    /// its link's length.
    static func aasaMatch(_ body: [UInt8], within budget: WorkBudget) -> APIResponse {
        switch caseDocument(body, duplicateKeys: .keepLast) {
        case .failure(let error): return error.response
        case .success(let (document, inputs)):
            let answers = AASAMatchAnswers(matchers: matchers)
            // A case's file is kept by its text as sent (D126), found by the case's index.
            return budget.answers(inputs.indices) { index, costLimit in
                answers.answer(to: inputs[index], aasa: document.member("aasa", ofElement: index), costLimit: costLimit)
            }
        }
    }

    /// `POST /v1/framework/check`: an array of `framework check --jsonl` input objects.
    public static func frameworkCheck(_ body: [UInt8]) -> APIResponse { frameworkCheck(body, within: .standard) }

    /// `POST /v1/framework/check` within `budget`: each case's cost is its configuration's size × its
    /// URL's length.
    static func frameworkCheck(_ body: [UInt8], within budget: WorkBudget) -> APIResponse {
        switch cases(body, duplicateKeys: .reject) {
        case .failure(let error): return error.response
        case .success(let inputs):
            let answers = FrameworkCheckAnswers(policies: policies)
            return budget.answers(inputs) { input, costLimit in
                // A configuration's entries are each matched against the URL at most once a character
                // of the entry (Cordova's globs mark each position once a star).
                let size = input["config"]?.approximateTextSize ?? 0
                let cost = CostedAnswer.cost(size: size, length: input["url"]?.stringValue?.utf8.count ?? 0)
                guard cost <= costLimit else { return .overCost(cost) }
                return .answered(answers.answer(to: input))
            }
        }
    }

    /// `POST /v1/framework/bridge`: an array of `framework bridge --jsonl` input objects.
    public static func frameworkBridge(_ body: [UInt8]) -> APIResponse { frameworkBridge(body, within: .standard) }

    /// `POST /v1/framework/bridge` within `budget`: each case's cost is the larger of its
    /// configuration's size and its compiled allow lists' states × its URL's length.
    static func frameworkBridge(_ body: [UInt8], within budget: WorkBudget) -> APIResponse {
        switch cases(body, duplicateKeys: .reject) {
        case .failure(let error): return error.response
        case .success(let inputs):
            let answers = FrameworkBridgeAnswers(policies: bridgePolicies)
            return budget.answers(inputs) { input, costLimit in
                let size = input["config"]?.approximateTextSize ?? 0
                let steps = (try? answers.policy(for: input).get())?.stepsPerCharacter ?? 1
                let cost = WorkBudget.bridgeCost(
                    configurationSize: size, stepsPerCharacter: steps,
                    urlLength: input["url"]?.stringValue?.utf8.count ?? 0)
                guard cost <= costLimit else { return .overCost(cost) }
                return .answered(answers.answer(to: input))
            }
        }
    }

    /// `POST /v1/rules/check`: `{"rules": <rule set object>, "cases": [{"id", "url", "frame"}]}`.
    public static func rulesCheck(_ body: [UInt8]) -> APIResponse { rulesCheck(body, within: .standard) }

    /// `POST /v1/rules/check` within `budget`: each case's cost is the rule set's rules and path
    /// prefixes × its URL's length.
    static func rulesCheck(_ body: [UInt8], within budget: WorkBudget) -> APIResponse {
        let document: JSONDocument
        switch parseDocument(body) {
        case .failure(let error): return error.response
        case .success(let parsed): document = parsed
        }
        guard let (rules, rulesText) = document.member("rules"), case .array(let cases)? = document.value["cases"]
        else {
            return BodyError.shape("expected {\"rules\": <rule set object>, \"cases\": [...]}").response
        }
        guard cases.count <= maximumCases else { return BodyError.tooManyCases(cases.count).response }
        // Kept by the rule set's text as sent: a client checking URLs against its team's rules
        // sends the same bytes each time, and hashing them costs less than walking the parsed set.
        let compiled = ruleSets.value(forText: rulesText) { () -> Result<NavigationRuleSet, RuleSetError> in
            do throws(RuleSetError) { return .success(try NavigationRuleSet(rules)) } catch { return .failure(error) }
        }
        let ruleSet: NavigationRuleSet
        switch compiled {
        case .success(let made): ruleSet = made
        case .failure(let error): return .error(400, code: "rules.invalid", "\"rules\": \(error)")
        }
        // Each rule is compared with the URL once, and each of its path prefixes with the URL's path.
        let size = ruleSet.rules.reduce(0) { $0 + 1 + ($1.paths?.count ?? 0) }
        return budget.answers(cases) { input, costLimit in
            let cost = CostedAnswer.cost(size: size, length: input["url"]?.stringValue?.utf8.count ?? 0)
            guard cost <= costLimit else { return .overCost(cost) }
            return .answered(RulesCheckAnswers.answer(to: input, ruleSet: ruleSet))
        }
    }

    /// Why a body cannot be used.
    enum BodyError: Error {
        case notUTF8
        case notJSON(JSONParser.Error)
        case shape(String)
        case tooManyCases(Int)

        var response: APIResponse {
            switch self {
            case .notUTF8: .error(400, code: "body.encoding", "the body is not UTF-8")
            case .notJSON(let error):
                .error(400, code: "body.json", "invalid JSON at column \(error.column): \(error.message)")
            case .shape(let message): .error(400, code: "body.shape", message)
            case .tooManyCases(let count):
                .error(413, code: "body.cases", "\(count) cases; at most \(maximumCases) in one request")
            }
        }
    }

    static func parse(_ body: [UInt8], duplicateKeys: JSONParser.DuplicateKeys) -> Result<JSONValue, BodyError> {
        parseDocument(body, duplicateKeys: duplicateKeys).map(\.value)
    }

    /// The body parsed, keeping where its root object's members are written, or those of each
    /// object in its root array (a request's cases). (A document: no route reports repeated keys,
    /// and keeping their pointers is a large share of parsing a body.)
    static func parseDocument(_ body: [UInt8], duplicateKeys: JSONParser.DuplicateKeys = .reject) -> Result<
        JSONDocument, BodyError
    > {
        guard let text = String(validUTF8: body) else { return .failure(.notUTF8) }
        do throws(JSONParser.Error) {
            return .success(try JSONParser.document(text, duplicateKeys: duplicateKeys))
        } catch {
            return .failure(.notJSON(error))
        }
    }

    /// The body as an array of input objects (each checked by its answer, so one bad object does
    /// not refuse the others). The body is one JSON text, so what makes it invalid JSON (a repeated
    /// key, for the routes that refuse them) refuses the whole request with `body.json`, where the
    /// `--jsonl` command would refuse one line.
    static func cases(_ body: [UInt8], duplicateKeys: JSONParser.DuplicateKeys) -> Result<[JSONValue], BodyError> {
        caseDocument(body, duplicateKeys: duplicateKeys).map(\.cases)
    }

    /// ``cases(_:duplicateKeys:)`` and the document they were read from, which knows where each
    /// case's members are written.
    static func caseDocument(_ body: [UInt8], duplicateKeys: JSONParser.DuplicateKeys) -> Result<
        (document: JSONDocument, cases: [JSONValue]), BodyError
    > {
        parseDocument(body, duplicateKeys: duplicateKeys).flatMap { document in
            guard case .array(let items) = document.value else {
                return .failure(.shape("expected a JSON array of input objects, found \(document.value.typeName)"))
            }
            guard items.count <= maximumCases else { return .failure(.tooManyCases(items.count)) }
            return .success((document, items))
        }
    }
}
