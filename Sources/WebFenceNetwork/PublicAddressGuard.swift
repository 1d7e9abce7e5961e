import AssociationFetchCore

/// The check a server makes before it connects to a host its user named: the host is resolved,
/// **every** address it resolves to must be `AddressScope.global`, and the connection is then
/// pinned to a checked address (``AssociationFileFetcher/addressOverrides``), so a name that
/// answers differently the second time (DNS rebinding) cannot lead the connection elsewhere.
/// An IP address given as the host is refused outright: association files belong to domain names.
public struct PublicAddressGuard: Sendable {
    /// How names are resolved.
    public var resolver: any HostResolver
    /// The scopes a connection may reach: `AddressScope.global` alone unless a test says otherwise.
    public var allowedScopes: Set<AddressScope>

    /// A guard that resolves with `resolver` and connects only to `allowedScopes`.
    public init(resolver: any HostResolver = SystemHostResolver(), allowedScopes: Set<AddressScope> = [.global]) {
        self.resolver = resolver
        self.allowedScopes = allowedScopes
    }

    /// The host of the request URL `url` and the checked address to connect to for it.
    func pin(_ url: String) async -> Result<(host: String, address: IPAddress), HTTPFetchFailure> {
        switch RequestURL.check(url, allowsPlainHTTP: false) {
        case .failure(let failure):
            return .failure(failure)
        case .success(let request):
            let host =
                request.host.hasPrefix("[") ? String(request.host.dropFirst().dropLast()) : request.host
            return await check(host: host).map { (request.host, $0) }
        }
    }

    /// The address to connect to for `host`, or why no connection may be made: `HTTPFetchFailure.addressRefused`
    /// for an IP literal or a non-global address, `HTTPFetchFailure.nameResolution`
    /// when there is no address (never a fallback to a resolution that was not checked).
    public func check(host: String) async -> Result<IPAddress, HTTPFetchFailure> {
        if let literal = IPAddress(host) {
            return .failure(.addressRefused(host: host, address: literal, scope: nil))
        }
        let addresses: [IPAddress]
        switch await resolver.addresses(of: host) {
        case .success(let found): addresses = found
        case .failure(let failure): return .failure(failure)
        }
        for address in addresses {
            let scope = AddressScope(address)
            if !allowedScopes.contains(scope) {
                return .failure(.addressRefused(host: host, address: address, scope: scope))
            }
        }
        guard let first = addresses.first else {
            return .failure(.nameResolution(host: host, detail: "no address"))
        }
        return .success(first)
    }
}
