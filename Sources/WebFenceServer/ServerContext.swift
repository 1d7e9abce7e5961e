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

    /// `request`'s body within its bounds (`BodyReading`); a body that breaks one ends the
    /// connection's input: the answer being written still goes out, then the connection closes.
    func readBody(of request: Request, limit: Int, timeLimit: Duration) async -> Result<[UInt8], BodyReading.Failure> {
        let read = await BodyReading.read(request.body, limit: limit, timeLimit: timeLimit)
        if case .failure = read { channel.close(mode: .input, promise: nil) }
        return read
    }
}
