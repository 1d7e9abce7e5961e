import AssociationFetchCore
import WebAddress

/// A host that names a development machine or a local network rather than a site: what a
/// development server's address looks like when it is left in a configuration. A public address
/// or a domain name is none.
struct DevelopmentAddress: Sendable, Hashable {
    /// The address in words, with its article: "a private-network address".
    let phrase: String

    /// The kind of address `host` is (as written in a configuration: `localhost`, `10.0.2.2`,
    /// `[::1]`, `mac.local`, `devbox`); nil for a public address, a domain name of several labels or
    /// a pattern with `*`. Every scope but a public one counts: loopback, private, link-local,
    /// unique-local, a metadata service, unspecified, multicast, reserved.
    init?(host: String) {
        let name = host.lowercased().trimmingSuffix(".")
        guard !name.isEmpty, !name.contains("*") else { return nil }
        if name == "localhost" || name.hasSuffix(".localhost") {
            phrase = "localhost, the device itself"
            return
        }
        if name.hasSuffix(".local") {
            phrase = "a .local name, resolved by multicast DNS on whatever network the device is on"
            return
        }
        guard case .success(let url) = WebURL.parse("http://\(name)/"), let parsed = url.host else { return nil }
        guard let address = IPAddress(parsed.description) else {
            // A name of one label (`devbox`) resolves only through a local network's search domains.
            guard case .domain(let domain) = parsed, !domain.contains(".") else { return nil }
            phrase = "a single-label name, which only a local network's DNS resolves"
            return
        }
        if Self.emulatorAliases.contains(address.description) {
            phrase = "the Android emulator's alias for the developer's machine, a private-network address on a device"
            return
        }
        let scope = AddressScope(address)
        guard scope != .global else { return nil }
        phrase = scope.phrase
    }

    /// The addresses Android emulators give the host machine (the SDK emulator's `10.0.2.2`,
    /// Genymotion's `10.0.3.2`): development addresses copied into an iOS configuration.
    static let emulatorAliases: Set<String> = ["10.0.2.2", "10.0.3.2"]
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
