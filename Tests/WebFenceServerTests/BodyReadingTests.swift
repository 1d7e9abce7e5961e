import Hummingbird
import NIOCore
import Testing

@testable import WebFenceServer

/// A body is read within its size and its time, or refused with the reason.
@Suite("webfence serve: reading a body within its bounds")
struct BodyReadingTests {
    @Test("a body within both bounds is read whole")
    func read() async {
        let result = await BodyReading.read(
            RequestBody(buffer: ByteBuffer(string: "[1, 2]")), limit: 64, timeLimit: .seconds(5))
        #expect(result == .success(Array("[1, 2]".utf8)))
    }

    @Test("a body over the size cap is refused as too large")
    func tooLarge() async {
        let result = await BodyReading.read(
            RequestBody(buffer: ByteBuffer(repeating: 0x20, count: 65)), limit: 64, timeLimit: .seconds(5))
        #expect(result == .failure(.tooLarge))
    }

    @Test("a body that arrives slowly is refused once its time is up")
    func tooSlow() async {
        let (body, source) = RequestBody.makeStream()
        let sender = Task {
            for _ in 0..<20 {
                await source.yield(ByteBuffer(string: " "))
                try? await Task.sleep(for: .milliseconds(50))
            }
            source.finish()
        }
        let result = await BodyReading.read(body, limit: 64, timeLimit: .milliseconds(200))
        #expect(result == .failure(.tooSlow))
        sender.cancel()
    }
}
