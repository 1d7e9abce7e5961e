import Hummingbird
import NIOCore

/// Reading a request's body within both of its bounds: a size (`413`) and a time (`408`), so that a
/// client sending a large body, or a small one slowly, holds the server no longer than the limits.
///
/// The time is checked as each part of the body arrives (a clock read, no timer per request); a
/// client that stops sending altogether is the connection's idle timeout's to close. A body that
/// breaks a bound also ends the connection's input (`ServerContext.stopReading`), so the client
/// cannot go on sending into a drain: a request holds the server at most the time limit plus the
/// idle timeout.
enum BodyReading {
    /// Why a body was not read.
    enum Failure: Error, Equatable {
        /// More bytes than the cap.
        case tooLarge
        /// Not all of it within the time limit.
        case tooSlow
        /// The connection failed while reading.
        case unreadable
    }

    /// The whole body, or why not.
    static func read(_ body: RequestBody, limit: Int, timeLimit: Duration) async -> Result<[UInt8], Failure> {
        var bytes: [UInt8] = []
        return await stream(body, limit: limit, timeLimit: timeLimit) { bytes.append(contentsOf: $0.readableBytesView) }
            .map { _ in bytes }
    }

    /// The body handed to `sink` part by part as it arrives (an upload written to a file, never
    /// held whole), within the same bounds; the number of bytes, or why not. A sink that throws
    /// makes the body unreadable.
    static func stream(
        _ body: RequestBody, limit: Int, timeLimit: Duration, into sink: (ByteBuffer) throws -> Void
    ) async -> Result<Int, Failure> {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeLimit)
        var count = 0
        do {
            for try await part in body {
                guard count + part.readableBytes <= limit else { return .failure(.tooLarge) }
                count += part.readableBytes
                try sink(part)
                if clock.now > deadline { return .failure(.tooSlow) }
            }
        } catch {
            return .failure(.unreadable)
        }
        return .success(count)
    }
}
