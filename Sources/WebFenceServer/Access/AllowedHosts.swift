/// The names a client may send in `Host`: those of the address the server listens on, or those
/// given with `--allowed-host`. A page on another site that gets a browser to resolve its own name
/// to this server (DNS rebinding) sends its own name, and is refused before any route runs.
public struct AllowedHosts: Sendable, Hashable {
    /// The names, lowercased, without port; IPv6 addresses in brackets.
    public let names: Set<String>

    /// The names given (`app.internal`, `10.0.0.5`, `[::1]`), each lowercased, a port dropped.
    public init(_ names: [String]) {
        self.names = Set(names.compactMap(Self.name(ofAuthority:)))
    }

    /// The names a client uses for `address`: the loopback names for a loopback address, the
    /// address itself otherwise; nil for an address that stands for every interface (`0.0.0.0`,
    /// `::`), whose names only the person running the server knows.
    public static func listening(on address: String) -> AllowedHosts? {
        let host = address.lowercased()
        if isLoopback(host) { return AllowedHosts(["127.0.0.1", "localhost", "[::1]", host]) }
        if ["0.0.0.0", "::", "[::]", ""].contains(host) { return nil }
        return AllowedHosts([host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host])
    }

    /// Whether `address` (what `--host` names) is this machine only: `127.x.y.z`, `localhost`, `::1`.
    public static func isLoopback(_ address: String) -> Bool {
        let host = address.lowercased()
        return ["localhost", "::1", "[::1]"].contains(host) || host.hasPrefix("127.")
    }

    /// Whether `authority` (a `Host` header: a name or address and an optional port) names this
    /// server.
    public func allows(_ authority: String) -> Bool {
        Self.name(ofAuthority: authority).map(names.contains) ?? false
    }

    /// The host of `authority`, lowercased, without its port and one trailing dot; nil when it is
    /// empty or not a host (`user@host`, spaces, a bracket left open).
    static func name(ofAuthority authority: String) -> String? {
        var host = Substring(authority.lowercased())
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return nil }
            let rest = host[host.index(after: close)...]
            guard rest.isEmpty || (rest.first == ":" && rest.dropFirst().allSatisfy({ ("0"..."9").contains($0) }))
            else { return nil }
            host = host[...close]
        } else if let colon = host.lastIndex(of: ":") {
            guard host[host.index(after: colon)...].allSatisfy({ ("0"..."9").contains($0) }),
                !host[..<colon].contains(":")
            else {
                // An IPv6 address without brackets: not a Host header's form.
                return nil
            }
            host = host[..<colon]
        }
        if host.hasSuffix(".") { host = host.dropLast() }
        guard !host.isEmpty,
            host.unicodeScalars.allSatisfy({ scalar in
                ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || "-.[]:_".unicodeScalars.contains(scalar)
            })
        else { return nil }
        return String(host)
    }
}
