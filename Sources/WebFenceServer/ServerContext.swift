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

    /// `request`'s body written part by part to `sink`, within its bounds, ending the connection's
    /// input as ``readBody(of:limit:timeLimit:)`` does when one is broken.
    func streamBody(
        of request: Request, limit: Int, timeLimit: Duration, into sink: (ByteBuffer) throws -> Void
    ) async -> Result<Int, BodyReading.Failure> {
        let read = await BodyReading.stream(request.body, limit: limit, timeLimit: timeLimit, into: sink)
        if case .failure = read { channel.close(mode: .input, promise: nil) }
        return read
    }
}
