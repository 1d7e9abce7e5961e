import AssociationFetchCore
import NIOPosix

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns a host name into the addresses a connection to it could reach.
public protocol HostResolver: Sendable {
    /// Every address `host` resolves to (IPv4 and IPv6), or the reason there are none.
    func addresses(of host: String) async -> Result<[IPAddress], HTTPFetchFailure>
}

/// The system's resolver (`getaddrinfo`, so `/etc/hosts` and the configured DNS servers count, as
/// they do for the connection), run on NIO's blocking-work threads. A lookup that takes longer
/// than the time limit is abandoned: its thread finishes in the background, its answer unused.
public struct SystemHostResolver: HostResolver {
    /// The longest a lookup may take.
    public var timeLimit: Duration

    /// A resolver that gives up after `timeLimit`.
    public init(timeLimit: Duration = .seconds(5)) {
        self.timeLimit = timeLimit
    }

    /// Every address `getaddrinfo` gives for `host`, or a `nameResolution` or `timeout` failure.
    public func addresses(of host: String) async -> Result<[IPAddress], HTTPFetchFailure> {
        let limit = timeLimit
        return await withTaskGroup(of: Result<[IPAddress], HTTPFetchFailure>?.self) { group in
            group.addTask {
                do {
                    return try await NIOThreadPool.singleton.runIfActive { Self.lookUp(host) }
                } catch {
                    return .failure(.nameResolution(host: host, detail: "the lookup could not start: \(error)"))
                }
            }
            group.addTask {
                try? await Task.sleep(for: limit)
                return Task.isCancelled ? nil : .failure(.timeout(limit: limit, phase: .beforeResponse))
            }
            defer { group.cancelAll() }
            while let answer = await group.next() {
                if let answer { return answer }
            }
            return .failure(.cancelled)
        }
    }

    /// `getaddrinfo` for TCP, both families; the addresses in its order, each once.
    static func lookUp(_ host: String) -> Result<[IPAddress], HTTPFetchFailure> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, nil, &hints, &list)
        guard status == 0 else {
            let detail = String(cString: gai_strerror(status))
            return .failure(.nameResolution(host: host, detail: detail))
        }
        defer { freeaddrinfo(list) }
        var addresses: [IPAddress] = []
        var entry = list
        while let current = entry {
            if let address = address(of: current.pointee), !addresses.contains(address) {
                addresses.append(address)
            }
            entry = current.pointee.ai_next
        }
        if addresses.isEmpty { return .failure(.nameResolution(host: host, detail: "no IPv4 or IPv6 address")) }
        return .success(addresses)
    }

    private static func address(of entry: addrinfo) -> IPAddress? {
        guard let socketAddress = entry.ai_addr else { return nil }
        switch entry.ai_family {
        case AF_INET:
            return socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                var raw = v4.pointee.sin_addr
                return IPAddress(bytes: withUnsafeBytes(of: &raw) { Array($0) })
            }
        case AF_INET6:
            return socketAddress.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                var raw = v6.pointee.sin6_addr
                return IPAddress(bytes: withUnsafeBytes(of: &raw) { Array($0) })
            }
        default:
            return nil
        }
    }
}

/// A resolver that answers from a fixed table: a test's names, resolving where the test says.
public struct FixedHostResolver: HostResolver {
    /// Each name (lowercase) and its addresses.
    public var table: [String: [IPAddress]]

    /// A resolver that knows the names of `table` and no other.
    public init(_ table: [String: [IPAddress]]) {
        self.table = table
    }

    /// The table's addresses for `host`, or a `nameResolution` failure for a name it lacks.
    public func addresses(of host: String) async -> Result<[IPAddress], HTTPFetchFailure> {
        guard let addresses = table[host.lowercased()], !addresses.isEmpty else {
            return .failure(.nameResolution(host: host, detail: "not in the resolver's table"))
        }
        return .success(addresses)
    }
}
