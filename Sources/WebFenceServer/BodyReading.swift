import Hummingbird
import NIOCore

/// Reading a request's body within both of its bounds: a size (`413`) and a time (`408`), so that a
/// client sending a large body, or a small one slowly, holds the server no longer than the limits.
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
        await withTaskGroup(of: Result<[UInt8], Failure>.self) { group in
            group.addTask {
                do {
                    return .success(Array(try await body.collect(upTo: limit).readableBytesView))
                } catch is NIOTooManyBytesError {
                    return .failure(.tooLarge)
                } catch {
                    return .failure(.unreadable)
                }
            }
            group.addTask {
                try? await Task.sleep(for: timeLimit)
                return .failure(.tooSlow)
            }
            let first = await group.next() ?? .failure(.unreadable)
            group.cancelAll()
            return first
        }
    }
}
