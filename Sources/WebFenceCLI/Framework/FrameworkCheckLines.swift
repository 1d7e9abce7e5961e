import ArgumentParser
import WebFence

/// `framework check --jsonl`: one answer per line of stdin, in order, in constant memory. The last
/// configuration read is kept, so a stream of one app's URLs builds its policy once.
enum FrameworkCheckLines {
    static func run() throws {
        var cache: (key: JSONValue, policy: FrameworkPolicy)?
        let failures = JSONLinesStream.forEachLine { line, lineNumber in
            let answer = answer(to: line, cache: &cache)
            print(answer.serialized())
            guard answer["failure"] != nil else { return true }
            Terminal.standardError.write(
                "webfence: stdin:line \(lineNumber): \(answer["reason"]?.stringValue ?? "")\n")
            return false
        }
        if failures > 0 { throw ExitCode(ExitStatus.unusableInput) }
    }

    static func answer(to line: String, cache: inout (key: JSONValue, policy: FrameworkPolicy)?) -> JSONValue {
        let input: JSONValue
        do throws(JSONParser.Error) { input = try JSONParser.parse(line) } catch {
            return failure(.null, "invalid JSON at column \(error.column): \(error.message)")
        }
        let id = input["id"] ?? .null
        guard case .object = input else { return failure(id, "expected a JSON object") }
        guard let name = input["framework"]?.stringValue, let framework = HybridFramework(rawValue: name) else {
            let names = HybridFramework.allCases.map(\.rawValue).joined(separator: ", ")
            return failure(id, "\"framework\" must be one of: \(names)")
        }
        guard let urlText = input["url"]?.stringValue else { return failure(id, "\"url\" must be a string") }
        guard case .success(let url) = WebURL.parse(urlText) else {
            return failure(id, "\"url\" is not a URL: WebKit never hands it to the framework")
        }
        let target: FrameworkNavigationAction.TargetFrame
        switch (input["frame"], input["newWindow"]) {
        case (_, .bool(true)?): target = .newWindow
        case (nil, _), (.string("main")?, _): target = .main
        case (.string("sub")?, _): target = .sub
        default: return failure(id, "\"frame\" must be \"main\" or \"sub\"")
        }
        var type = FrameworkNavigationAction.NavigationType.link
        if let value = input["navigationType"] {
            guard let name = value.stringValue, let named = FrameworkNavigationAction.NavigationType(rawValue: name)
            else {
                let names = FrameworkNavigationAction.NavigationType.allCases.map(\.rawValue).joined(separator: ", ")
                return failure(id, "\"navigationType\" must be one of: \(names)")
            }
            type = named
        }
        let config = input["config"] ?? .object([:])
        let key = JSONValue.array([.string(framework.rawValue), config])
        let policy: FrameworkPolicy
        if let cache, cache.key == key {
            policy = cache.policy
        } else {
            do {
                policy = try FrameworkConfigurationReader.policy(framework, configuration: config, at: "/config").0
            } catch {
                return failure(id, "\(error.pointer): \(error.message)")
            }
            cache = (key, policy)
        }
        return FrameworkCheckOutput.line(id: id, policy.decide(.init(url: url, target: target, navigationType: type)))
    }

    static func failure(_ id: JSONValue, _ reason: String) -> JSONValue {
        .object(["id": id, "failure": .bool(true), "reason": .string(reason)])
    }
}
