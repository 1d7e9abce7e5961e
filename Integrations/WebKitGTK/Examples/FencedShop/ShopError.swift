/// Why the example stopped, said so that the person reading CI's log knows what to look at.
enum ShopError: Error, CustomStringConvertible {
    /// The app could not be set up (the loopback sites, the certificate).
    case setup(String)
    /// Something awaited did not happen within its limit.
    case timedOut(String, Duration)
    /// The page is not the one the demo knows how to drive.
    case page(String)

    var description: String {
        switch self {
        case .setup(let what): "could not start: \(what)"
        case .timedOut(let what, let limit): "timed out after \(limit.components.seconds) s waiting for \(what)"
        case .page(let what): "unexpected page: \(what)"
        }
    }
}
