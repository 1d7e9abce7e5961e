import NIOConcurrencyHelpers

/// Runs work with a time limit that holds even when the work ignores cancellation (PostgresNIO's
/// query waits on a future that a cancelled task does not end): the work runs in a task of its own
/// and is cancelled, not awaited, when the limit passes first or the caller is cancelled.
enum TimeLimit {
    /// Why the work gave no answer.
    struct Exceeded: Error {}

    /// `operation`'s result, or ``Exceeded`` after `limit`, or `CancellationError` when the caller is
    /// cancelled first; whichever comes first answers, and the others are dropped.
    static func run<T: Sendable>(_ limit: Duration, _ operation: @escaping @Sendable () async throws -> T)
        async throws -> T
    {
        let answer = Answer<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                // Cancelled already: answered, and no work started.
                guard answer.wait(continuation) else { return }
                let work = Task {
                    do { answer.give(.success(try await operation())) } catch { answer.give(.failure(error)) }
                }
                let timer = Task {
                    try? await Task.sleep(for: limit)
                    answer.give(.failure(Exceeded()))
                    work.cancel()
                }
                answer.onAnswer { timer.cancel() }
            }
        } onCancel: {
            answer.give(.failure(CancellationError()))
        }
    }

    /// The first result given, handed to the waiting continuation once.
    private final class Answer<T: Sendable>: Sendable {
        private struct State {
            var continuation: CheckedContinuation<T, any Error>?
            var early: Result<T, any Error>?
            var given = false
            var whenGiven: [@Sendable () -> Void] = []
        }
        private let state = NIOLockedValueBox(State())

        /// Keeps `continuation` for the answer; false (and resumed at once) when one was given before.
        func wait(_ continuation: CheckedContinuation<T, any Error>) -> Bool {
            let early = state.withLockedValue { state -> Result<T, any Error>? in
                if let early = state.early { return early }
                state.continuation = continuation
                return nil
            }
            guard let early else { return true }
            continuation.resume(with: early)
            return false
        }

        func onAnswer(_ action: @escaping @Sendable () -> Void) {
            let given = state.withLockedValue { state -> Bool in
                if !state.given { state.whenGiven.append(action) }
                return state.given
            }
            if given { action() }
        }

        func give(_ result: Result<T, any Error>) {
            let (continuation, actions) = state.withLockedValue {
                state -> (CheckedContinuation<T, any Error>?, [@Sendable () -> Void]) in
                guard !state.given else { return (nil, []) }
                state.given = true
                defer { (state.continuation, state.whenGiven) = (nil, []) }
                if state.continuation == nil { state.early = result }
                return (state.continuation, state.whenGiven)
            }
            continuation?.resume(with: result)
            for action in actions { action() }
        }
    }
}
