#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An IPv4 or IPv6 address as its bytes (4 or 16, network order), read from text with `inet_pton`
/// and written with `inet_ntop`, so it reads and writes exactly what the socket layer connects to.
public struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    /// The address's bytes in network order: 4 for IPv4, 16 for IPv6.
    public let bytes: [UInt8]

    /// The address of 4 or 16 bytes; nil for any other count.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    /// The address written in `text` (`192.0.2.1`, `2001:db8::1`, or bracketed `[2001:db8::1]`);
    /// nil unless the whole text is an address. A host name is never an address here.
    public init?(_ text: String) {
        var inner = Substring(text)
        if inner.first == "[", inner.last == "]" { inner = inner.dropFirst().dropLast() }
        var v4 = in_addr()
        if inet_pton(AF_INET, String(inner), &v4) == 1 {
            self.bytes = withUnsafeBytes(of: &v4) { Array($0) }
            return
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, String(inner), &v6) == 1 {
            self.bytes = withUnsafeBytes(of: &v6) { Array($0) }
            return
        }
        return nil
    }

    /// Whether this is an IPv4 address.
    public var isIPv4: Bool { bytes.count == 4 }

    /// The address as `inet_ntop` writes it (`192.0.2.1`, `2001:db8::1`).
    public var description: String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        let family = isIPv4 ? AF_INET : AF_INET6
        let written = bytes.withUnsafeBytes { source in
            inet_ntop(family, source.baseAddress, &buffer, socklen_t(buffer.count))
        }
        guard written != nil else { return bytes.map { String($0) }.joined(separator: ".") }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The IPv4 address carried inside an IPv6 one: IPv4-mapped (`::ffff:a.b.c.d`), NAT64's
    /// well-known prefix (`64:ff9b::/96`) and 6to4 (`2002:aabb:ccdd::/48`). A connection to such an
    /// address reaches the IPv4 address (through the kernel, a NAT64 gateway or a 6to4 relay), so it
    /// is judged as that address.
    public var embeddedIPv4: IPAddress? {
        guard bytes.count == 16 else { return nil }
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
            return IPAddress(bytes: Array(bytes[12..<16]))
        }
        if bytes[0..<12] == [0x00, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0] {
            return IPAddress(bytes: Array(bytes[12..<16]))
        }
        if bytes[0] == 0x20 && bytes[1] == 0x02 {
            return IPAddress(bytes: Array(bytes[2..<6]))
        }
        return nil
    }

    /// Whether the address's first `length` bits are those of `prefix` (same family).
    func isIn(_ prefix: [UInt8], length: Int) -> Bool {
        guard prefix.count == bytes.count else { return false }
        var remaining = length
        for index in bytes.indices where remaining > 0 {
            let bits = min(8, remaining)
            let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - bits))
            if bytes[index] & mask != prefix[index] & mask { return false }
            remaining -= bits
        }
        return true
    }
}
