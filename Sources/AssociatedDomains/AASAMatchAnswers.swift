import Findings
import StrictJSON
import WebAddress

/// `aasa match --jsonl` and `POST /v1/aasa/match` (interfaces §3, §7): the answer to one input
/// object, `{"id", "decision", "reason", "rule"}`, or `{"id", "error"}` for input that cannot be used.
///
/// Compiled association files are kept in the cache it is given (the command line and the server
/// give a bounded `CompiledCache`), so input that repeats a file compiles it once.
public struct AASAMatchAnswers: Sendable {
    private let matchers: any JSONInputCache<UniversalLinkMatcher>

    /// Answers that keep their compiled files in `matchers` (shared between requests by the server).
    public init(matchers: any JSONInputCache<UniversalLinkMatcher> = CompileEveryTime()) {
        self.matchers = matchers
    }

    /// The answer to one line of text. A repeated key is read as a device reads the file (the last
    /// one wins), not refused.
    public func answer(toLine line: String) -> JSONValue {
        do { return answer(to: try JSONParser.parse(line, duplicateKeys: .keepLast).value) } catch {
            return .object(["id": .null, "error": .string("invalid JSON at column \(error.column): \(error.message)")])
        }
    }

    /// The answer to one input object: `{"id", "aasa", "domain", "appId", "url"}`, where `aasa` is
    /// the file's object or its JSON text.
    public func answer(to input: JSONValue) -> JSONValue {
        switch answer(to: input, costLimit: .max) {
        case .answered(let answer): answer
        case .overCost: preconditionFailure("no case costs more than Int.max steps")
        }
    }

    /// The answer to one input object, unless deciding it could cost more than `costLimit` steps
    /// (`UniversalLinkMatcher.patternLength` × the link's length in bytes): a server's budget for
    /// one case, known before the decision is made. `aasa`, when given, is the input's `aasa`
    /// member as a document read it (`JSONDocument.member(_:ofElement:)`): its value, the file
    /// decided with, and its text exactly as sent, which the compiled file is kept by (on a hit,
    /// no compact text of the value is written).
    public func answer(
        to input: JSONValue, aasa member: (value: JSONValue, text: ArraySlice<UInt8>)? = nil, costLimit: Int
    ) -> CostedAnswer {
        let id = input["id"] ?? .null
        func failure(_ message: String) -> CostedAnswer { .answered(.object(["id": id, "error": .string(message)])) }
        guard case .object = input else { return failure("expected a JSON object, found \(input.typeName)") }
        guard let aasa = member?.value ?? input["aasa"] else { return failure("missing \"aasa\"") }
        guard let domainText = input["domain"]?.stringValue else { return failure("\"domain\" must be a string") }
        guard let domain = LinkDomain(domainText) else {
            return failure("\"domain\": \"\(domainText)\" is not a domain")
        }
        guard let appID = input["appId"]?.stringValue else { return failure("\"appId\" must be a string") }
        guard let urlText = input["url"]?.stringValue else { return failure("\"url\" must be a string") }
        let url: WebURL
        do { url = try WebURL(urlText) } catch { return failure("\"url\": \"\(urlText)\" is not a URL: \(error.code)") }
        let compiled: UniversalLinkMatcher
        switch matcher(for: aasa, text: member?.text) {
        case .success(let matcher): compiled = matcher
        case .failure(let problem): return failure("\"aasa\": \(problem.message)")
        }
        let cost = CostedAnswer.cost(size: compiled.patternLength, length: url.href.utf8.count)
        if cost > costLimit { return .overCost(cost) }
        let decision = compiled.decide(url, domain: domain, appID: appID)
        return .answered(
            .object([
                "id": id, "decision": .string(decision.outcome.rawValue), "reason": .string(decision.reason.rawValue),
                "rule": .string(decision.rule?.pointer),
            ]))
    }

    private struct Failure: Error {
        let message: String
    }

    private func matcher(for aasa: JSONValue, text: ArraySlice<UInt8>?) -> Result<UniversalLinkMatcher, Failure> {
        guard let text else { return matchers.value(for: aasa) { compile(aasa) } }
        return matchers.value(forText: text) { compile(aasa) }
    }

    private func compile(_ aasa: JSONValue) -> Result<UniversalLinkMatcher, Failure> {
        let read: Result<(file: AssociationFile, findings: [Finding]), AssociationFile.ReadError>
        switch aasa {
        case .string(let text): read = AssociationFile.read(Array(text.utf8))
        case .object:
            // A device reads at most 131,072 bytes; an object is held to it by its shortest text.
            let size = aasa.serialized().utf8.count
            guard size <= AssociationFile.maximumSize else {
                let error = AssociationFile.ReadError.tooLarge(bytes: size)
                return .failure(Failure(message: "\(error.code): \(error) (as compact JSON)"))
            }
            read = AssociationFile.read(value: aasa)
        default: return .failure(Failure(message: "expected an object or its JSON text, found \(aasa.typeName)"))
        }
        return read.map { UniversalLinkMatcher($0.file) }.mapError { Failure(message: "\($0.code): \($0)") }
    }
}
