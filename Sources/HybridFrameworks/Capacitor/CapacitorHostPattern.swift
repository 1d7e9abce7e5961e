/// One `server.allowNavigation` entry as `CAPInstanceConfiguration.doesHost(_:match:)` applies it:
/// labels compared case-insensitively, `*` standing for exactly one whole label, `*` alone for every
/// host. No scheme, port or path: `https://example.com/` is compared as labels and never matches.
struct CapacitorHostPattern: Sendable, Hashable {
    let text: String

    func matches(_ host: String) -> Bool {
        if text == "*" { return true }
        let hostLabels = host.lowercased().split(separator: ".")
        let patternLabels = text.lowercased().split(separator: ".")
        guard hostLabels.count == patternLabels.count else { return false }
        return zip(hostLabels, patternLabels).allSatisfy { host, pattern in pattern == "*" || host == pattern }
    }
}
