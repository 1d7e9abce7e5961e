import StrictJSON
import WebAddress

/// What an app's own navigation callback answers, as data: WebFence does not run the app's Dart or
/// Rust code, so a scenario states its answers (D123). Either one answer for every navigation, or
/// `{"hosts": {"HOST": answer, ...}, "otherwise": answer}`: the answer for the URL's host, as the URL
/// Standard serialises it (lower case, IDNs in ASCII, IPv6 in brackets; the host of a custom scheme
/// such as `myapp://App/` as written, compared in lower case), else `otherwise`.
public struct CallbackAnswers<Answer: Sendable & Hashable>: Sendable, Hashable {
    /// The answers for named hosts.
    public let hosts: [String: Answer]
    /// The answer for every other URL, host-less ones (`about:blank`, `data:`) included.
    public let otherwise: Answer

    /// One answer for every navigation, or answers by host.
    public init(hosts: [String: Answer] = [:], otherwise: Answer) {
        self.hosts = hosts
        self.otherwise = otherwise
    }

    /// The callback's answer for a navigation to `url`.
    public func answer(for url: WebURL) -> Answer {
        guard !hosts.isEmpty, let host = url.host else { return otherwise }
        let key = url.isSpecial ? host.description : host.description.lowercased()
        return hosts[key] ?? otherwise
    }

    /// The answers in `value` (at `pointer`), each read by `answer`.
    static func read(
        _ value: JSONValue, at pointer: String,
        answer: (JSONValue, String) throws(FrameworkConfigurationError) -> Answer
    ) throws(FrameworkConfigurationError) -> Self {
        guard case .object = value else { return Self(otherwise: try answer(value, pointer)) }
        var reader = try JSONObjectReader<FrameworkConfigurationError>(value, at: pointer)
        guard let otherwiseValue = reader.value("otherwise") else {
            throw FrameworkConfigurationError(reader.path("otherwise"), "missing (the answer for every other URL)")
        }
        let otherwise = try answer(otherwiseValue, reader.path("otherwise"))
        var hosts: [String: Answer] = [:]
        if let hostsValue = reader.value("hosts") {
            var hostReader = try JSONObjectReader<FrameworkConfigurationError>(hostsValue, at: reader.path("hosts"))
            for host in hostReader.keys {
                let place = hostReader.path(host)
                let special = (try? WebURL("https://\(host)/"))?.host?.description
                let opaque = (try? WebURL("x://\(host)/"))?.host?.description
                guard special == host || (opaque == host && host == host.lowercased()) else {
                    throw FrameworkConfigurationError(
                        place,
                        special.map { "write the host as the URL Standard serialises it: \"\($0)\"" }
                            ?? "\"\(host)\" is not a host")
                }
                hosts[host] = try answer(hostReader.value(host) ?? .null, place)
            }
            try hostReader.finish(expected: hostReader.keys)
        }
        try reader.finish(expected: ["hosts", "otherwise"])
        return Self(hosts: hosts, otherwise: otherwise)
    }

    /// An answer named by a string: one of `Names`' raw values.
    static func named<Names: RawRepresentable & CaseIterable>(_ value: JSONValue, at pointer: String)
        throws(FrameworkConfigurationError) -> Names where Names.RawValue == String
    {
        let names = Names.allCases.map(\.rawValue)
        guard case .string(let text) = value, let answer = Names(rawValue: text) else {
            let found = if case .string(let text) = value { "\"\(text)\"" } else { value.typeName }
            throw FrameworkConfigurationError(
                pointer, "expected one of \(names.joined(separator: ", ")), found \(found)")
        }
        return answer
    }
}
