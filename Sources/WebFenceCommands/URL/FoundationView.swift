import Foundation
import WebAddress

/// What Foundation's `URL` makes of an input: shown beside the browser's parse, never used to decide.
struct FoundationView {
    let url: URL?

    init(input: String, base: String?) {
        let baseURL = base.flatMap { URL(string: $0) }
        url = base != nil && baseURL == nil ? nil : URL(string: input, relativeTo: baseURL)
    }

    /// The URL API's field names mapped onto Foundation's properties; nil when Foundation has none.
    subscript(field: String) -> String? {
        guard let url else { return nil }
        switch field {
        case "href": return url.absoluteString
        case "protocol": return url.scheme.map { $0 + ":" }
        case "username": return url.user
        case "password": return url.password
        case "hostname": return url.host
        case "port": return url.port.map(String.init)
        case "pathname": return url.path
        case "search": return url.query.map { "?" + $0 }
        case "hash": return url.fragment.map { "#" + $0 }
        default: return nil
        }
    }

    /// Scheme, host and port, normalised for comparison: where a request would go.
    var destination: (scheme: String, host: String, port: Int?)? {
        guard let url, let scheme = url.scheme?.lowercased() else { return nil }
        var host = (url.host ?? "").lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        // The same IPv6 address can be written many ways; compare the canonical form.
        if host.contains(":"), let canonical = try? URLHost("[\(host)]").description {
            host = canonical
        }
        return (scheme, host, url.port ?? WebURL.defaultPort(forScheme: scheme).map(Int.init))
    }
}
