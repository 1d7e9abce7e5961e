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
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeLimit)
        var bytes: [UInt8] = []
        do {
            for try await part in body {
                guard bytes.count + part.readableBytes <= limit else { return .failure(.tooLarge) }
                bytes.append(contentsOf: part.readableBytesView)
                if clock.now > deadline { return .failure(.tooSlow) }
            }
        } catch {
            return .failure(.unreadable)
        }
        return .success(bytes)
    }
}
