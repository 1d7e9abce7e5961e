import AssociatedDomains
import StrictJSON

extension JSONAPI {
    /// The `400` for a member of `members` not in `allowed`, naming it and the expected `shape`.
    static func unknownMember(_ members: [JSONValue.Member], allowed: [String], shape: String) -> APIResponse? {
        members.first { !allowed.contains($0.key) }.map {
            BodyError.shape("unknown member \"\($0.key)\"; \(shape)").response
        }
    }

    /// `root[key]` as a string, nil when absent; a `400` when present and not a string.
    static func optionalString(_ root: JSONValue, _ key: String) -> Result<String?, APIResponse> {
        guard let value = root[key] else { return .success(nil) }
        guard let text = value.stringValue else {
            return .failure(BodyError.shape("\"\(key)\" must be a string").response)
        }
        return .success(text)
    }

    /// `text` as the domain a file is served from, or `400 fetch.domain`.
    static func domain(_ text: String) -> Result<LinkDomain, APIResponse> {
        guard let domain = LinkDomain(text) else {
            return .failure(
                .error(400, code: "fetch.domain", "\"\(text)\" is not a domain: give a host such as example.com"))
        }
        return .success(domain)
    }
}
