import NIOPosix

/// Where the server's decisions run (D112): off the event loops that run the server's tasks (D127),
/// whose few threads (one a core) also read requests and answer `/health`, on threads of their own,
/// so that costly requests cannot stall cheap ones. At most `threads` requests decide at once, at
/// most `waiting` more wait their turn; one more is answered at once with `503 server.busy`, never
/// queued without bound.
///
/// A body of at most `inlineBodySize` bytes is decided where it arrives: whatever it holds, its
/// patterns and URLs together are that small, so its cases cost at most about 512 × 512 steps
/// (about 0.1 ms at the rate of `WorkBudget.standard`), and an ordinary request (the verify story's
/// is 400 bytes) does not wait for a thread behind costly ones.
final class DecisionPool: Sendable {
    /// Bodies this size or smaller are decided on the thread that read them.
    static let inlineBodySize = 1_024

    /// What each request decided here may cost.
    let budget: WorkBudget
    private let pool: NIOThreadPool
    private let admission: ConcurrencyBound

    /// A pool of `threads` threads, started now, with room for `waiting` more requests, each given
    /// `budget`.
    init(threads: Int, waiting: Int, budget: WorkBudget = .standard) {
        self.budget = budget
        pool = NIOThreadPool(numberOfThreads: max(1, threads))
        pool.start()
        admission = ConcurrencyBound(maximum: max(1, threads) + max(0, waiting))
    }

    deinit { pool.shutdownGracefully { _ in } }

    /// Stops the threads once the work given them is done; a request after is `503 server.stopping`.
    func shutdown() async {
        try? await pool.shutdownGracefully()
    }

    /// `decide`'s answer for a body of `bodySize` bytes, made on the pool unless the body is small,
    /// or the `503` of a full pool.
    func decide<Answer: Sendable>(bodySize: Int, _ decide: @escaping @Sendable () -> Answer) async -> Result<
        Answer, APIResponse
    > {
        if bodySize <= Self.inlineBodySize { return .success(decide()) }
        let answer = await admission.withPlace { [pool] () -> Result<Answer, APIResponse> in
            do {
                return .success(try await pool.runIfActive(decide))
            } catch {
                // NIO's pool ends the wait with a cancellation both when it has been shut down and
                // when the request is cancelled; only the first has anyone to read the answer.
                return .failure(.error(503, code: "server.stopping", "the server is stopping"))
            }
        }
        return answer
            ?? .failure(
                .error(
                    503, code: "server.busy", "every place for deciding is taken; try again after Retry-After seconds"))
    }
}
