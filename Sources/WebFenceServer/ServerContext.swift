import Hummingbird
import NIOCore

/// A request's context, with the connection it came on: a request whose body breaks a bound stops
/// the connection's input, so that the client cannot go on sending what the server would otherwise
/// read and throw away (Hummingbird drains a body the handler did not read, and each part read
/// resets the idle timeout).
struct ServerContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }

    /// Reads nothing more from this connection: the answer being written still goes out, then the
    /// connection closes.
    func stopReading() {
        channel.close(mode: .input, promise: nil)
    }
}
