import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
import WebFenceServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Clients that try to hold the server, over real sockets: a slow-loris trickling its request head,
/// a body trickling past its limit, an upload over its cap. Each is cut off within its bound while
/// the server keeps answering others.
@Suite("webfence serve: hostile clients", .timeLimit(.minutes(1)))
struct HostileClientTests {
    /// A blocking TCP connection to 127.0.0.1, for sending bytes as slowly as a test likes.
    final class RawConnection {
        let descriptor: Int32

        init(port: Int) throws {
            descriptor = RawSocket.stream()
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
            var timeout = timeval(tv_sec: 0, tv_usec: 100_000)
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        }

        deinit { close(descriptor) }

        /// Sends `text`; false once the server has closed the connection.
        func send(_ text: String) -> Bool {
            let bytes = Array(text.utf8)
            return bytes.withUnsafeBytes { RawSocket.send(descriptor, $0.baseAddress, $0.count) } >= 0
        }

        /// Whether the server has closed its side: a read returns end of file (after any answer).
        func isClosed() -> Bool {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = recv(descriptor, &buffer, buffer.count, 0)
                if count == 0 { return true }
                if count < 0 { return errno == ECONNRESET }
                received += buffer[0..<count]
            }
        }

        var received: [UInt8] = []

        /// Whether the server closes its side within `limit` (reading what it sends meanwhile).
        func closes(within limit: Duration) async throws -> Bool {
            let clock = ContinuousClock()
            let start = clock.now
            while clock.now - start < limit {
                if isClosed() { return true }
                try await Task.sleep(for: .milliseconds(50))
            }
            return false
        }
    }

    /// Sends `trickle` one byte every `interval` until the server closes the connection or
    /// `giveUp` passes; the time the server took to close it, or nil if it never did.
    static func trickle(
        port: Int, head: String, trickle: String, interval: Duration, giveUp: Duration
    ) async throws -> (Duration?, String) {
        let connection = try RawConnection(port: port)
        let clock = ContinuousClock()
        let start = clock.now
        guard connection.send(head) else { return (clock.now - start, "") }
        var bytes = Array(trickle)
        while clock.now - start < giveUp {
            if connection.isClosed() {
                return (clock.now - start, String(decoding: connection.received, as: UTF8.self))
            }
            if !bytes.isEmpty, !connection.send(String(bytes.removeFirst())) {
                return (clock.now - start, String(decoding: connection.received, as: UTF8.self))
            }
            try await Task.sleep(for: interval)
        }
        return (nil, String(decoding: connection.received, as: UTF8.self))
    }

    static func application(_ configuration: WebFenceServer.Configuration) -> some ApplicationProtocol {
        var configuration = configuration
        configuration.port = 0
        return WebFenceServer(configuration).application(logger: Logger(label: "test"))
    }

    @Test("A slow-loris trickling its request head is cut off at the head's time limit; others are answered")
    func slowLoris() async throws {
        // Only the head's limit can close the connection before the 25 s the attack gives up at (the idle
        // timeout is 30 s), so a close at all is the limit at work, on a machine however busy.
        let app = Self.application(.init(idleTimeout: .seconds(30), requestHeadTimeLimit: .seconds(1)))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            async let attack = Self.trickle(
                port: port, head: "GET /health HTTP/1.1\r\nHost: localhost\r\n",
                trickle: String(repeating: "X-Slow: a\r\n", count: 100), interval: .milliseconds(100),
                giveUp: .seconds(25))
            try await Task.sleep(for: .milliseconds(300))
            // Another client, on a connection of its own, is answered meanwhile. (Not the test
            // client's: its connection, idle since the test began, is itself closed by the deadline
            // when the machine is slow.)
            let other = try RawConnection(port: port)
            #expect(other.send("GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"))
            #expect(try await other.closes(within: .seconds(20)))
            #expect(String(decoding: other.received, as: UTF8.self).hasPrefix("HTTP/1.1 200"))
            let (closedAfter, _) = try await attack
            let seconds = try #require(closedAfter, "the trickling connection was never closed")
            #expect(seconds >= .milliseconds(900), "closed after \(seconds)")
        }
    }

    @Test("A connection that asks one question and then trickles the next head is cut off too")
    func slowLorisAfterAnAnswer() async throws {
        let app = Self.application(.init(idleTimeout: .seconds(30), requestHeadTimeLimit: .seconds(1)))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let (closedAfter, received) = try await Self.trickle(
                port: port, head: "GET /health HTTP/1.1\r\nHost: localhost\r\n\r\nGET /health HTTP/1.1\r\n",
                trickle: String(repeating: "X", count: 100), interval: .milliseconds(100), giveUp: .seconds(25))
            #expect(received.hasPrefix("HTTP/1.1 200"))
            #expect(closedAfter != nil, "never closed")
        }
    }

    @Test("A body trickling past the body's time limit is a 408 and the connection ends")
    func slowBody() async throws {
        let app = Self.application(.init(bodyTimeLimit: .seconds(1), idleTimeout: .seconds(30)))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let (closedAfter, received) = try await Self.trickle(
                port: port,
                head: "POST /v1/rules/check HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1000\r\n\r\n",
                trickle: String(repeating: " ", count: 1000), interval: .milliseconds(100), giveUp: .seconds(25))
            #expect(received.hasPrefix("HTTP/1.1 408"), "\(received)")
            #expect(closedAfter != nil, "never closed")
        }
    }

    @Test("An upload over its cap is a 413 before it is all sent, and the connection ends")
    func oversizedUpload() async throws {
        let app = Self.application(.init(maximumUploadSize: 64 << 10))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let connection = try RawConnection(port: port)
            let body = String(repeating: "x", count: 1 << 20)
            #expect(
                connection.send(
                    "POST /v1/audit HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
                ))
            var sent = 0
            while sent < body.utf8.count, connection.send(String(repeating: "x", count: 16_384)) { sent += 16_384 }
            #expect(try await connection.closes(within: .seconds(20)))
            #expect(String(decoding: connection.received, as: UTF8.self).hasPrefix("HTTP/1.1 413"))
            let health = try await client.execute(uri: "/health", method: .get) { $0.status }
            #expect(health == .ok)
        }
    }
}
