// The platform's socket calls for HostileClientTests, in one guarded place: the rest of the test
// calls these and reads the same on Linux (glibc or musl) and Darwin.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

enum RawSocket {
    /// A blocking TCP socket, or -1. On Darwin, SIGPIPE is turned off on the socket itself.
    static func stream() -> Int32 {
        #if canImport(Glibc)
            return socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #elseif canImport(Musl)
            return socket(AF_INET, SOCK_STREAM, 0)
        #elseif canImport(Darwin)
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
            var on: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
            return descriptor
        #endif
    }

    /// Sends `count` bytes without raising SIGPIPE on a closed connection; the count sent, or -1.
    static func send(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
            return Glibc.send(descriptor, bytes, count, Int32(MSG_NOSIGNAL))
        #elseif canImport(Musl)
            return Musl.send(descriptor, bytes, count, MSG_NOSIGNAL)
        #elseif canImport(Darwin)
            return Darwin.send(descriptor, bytes, count, 0)
        #endif
    }
}
