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
    /// empty or not a host (`user@host`, spaces, a bracket left open, anything not ASCII). Read as
    /// bytes: it runs for every request.
    static func name(ofAuthority authority: String) -> String? {
        var host = Array(authority.utf8)[...]
        func isDigits(_ bytes: ArraySlice<UInt8>) -> Bool { bytes.allSatisfy { (0x30...0x39).contains($0) } }
        if host.first == UInt8(ascii: "[") {
            guard let close = host.firstIndex(of: UInt8(ascii: "]")) else { return nil }
            let rest = host[(close + 1)...]
            guard rest.isEmpty || (rest.first == UInt8(ascii: ":") && isDigits(rest.dropFirst())) else { return nil }
            host = host[...close]
        } else if let colon = host.lastIndex(of: UInt8(ascii: ":")) {
            // An IPv6 address without brackets is not a Host header's form.
            guard isDigits(host[(colon + 1)...]), !host[..<colon].contains(UInt8(ascii: ":")) else { return nil }
            host = host[..<colon]
        }
        if host.last == UInt8(ascii: ".") { host = host.dropLast() }
        var name: [UInt8] = []
        name.reserveCapacity(host.count)
        for byte in host {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): name.append(byte + 0x20)
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): name.append(byte)
            case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ":"),
                UInt8(ascii: "_"):
                name.append(byte)
            default: return nil
            }
        }
        return name.isEmpty ? nil : String(decoding: name, as: UTF8.self)
    }
}
