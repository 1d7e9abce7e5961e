import Foundation
import Testing

@testable import LoopbackSites

/// The loopback sites: routes, the default page, the request log, and the proxy answering a
/// plain-HTTP request for any host (the TLS tunnel is exercised by the engine runners).
@Suite struct LoopbackProxyTests {
    @Test func routesAnswerAndEveryRequestIsLogged() {
        let sites = SiteTable { url in .html("page " + url) }
        sites.route("https://a.example/go", to: .redirect(to: "https://b.example/"))
        #expect(sites.respond(to: "https://a.example/go").status == 302)
        #expect(
            String(decoding: sites.respond(to: "https://c.example/").body, as: UTF8.self) == "page https://c.example/")
        sites.removeRoutes()
        #expect(sites.respond(to: "https://a.example/go").status == 200)
        #expect(sites.requests == ["https://a.example/go", "https://c.example/", "https://a.example/go"])
    }

    @Test func theCertificateNamesEveryHost() throws {
        let ca = try RunTimeCA(hosts: ["shop.example", "evil.com"])
        #expect(ca.leafPEM.hasPrefix("-----BEGIN CERTIFICATE-----"))
        #expect(ca.caPEM.hasPrefix("-----BEGIN CERTIFICATE-----"))
        #expect(ca.leafPEM != ca.caPEM)
    }

    @Test func theProxyServesAnyHostOverPlainHTTP() throws {
        let sites = SiteTable { url in .html("page " + url) }
        let proxy = try LoopbackProxy(sites: sites, ca: try RunTimeCA(hosts: ["shop.example"]))
        defer { proxy.stop() }
        let response = try Self.exchange(
            port: proxy.port, "GET http://shop.example/x HTTP/1.1\r\nHost: shop.example\r\nConnection: close\r\n\r\n")
        #expect(response.hasPrefix("HTTP/1.1 200"))
        #expect(response.hasSuffix("page http://shop.example/x"))
        #expect(sites.requests == ["http://shop.example/x"])
    }

    @Test func aConnectIsLoggedAndAnswered() throws {
        let sites = SiteTable { _ in .html("") }
        let proxy = try LoopbackProxy(sites: sites, ca: try RunTimeCA(hosts: ["shop.example"]))
        defer { proxy.stop() }
        let response = try Self.exchange(
            port: proxy.port, "CONNECT shop.example:443 HTTP/1.1\r\nHost: shop.example:443\r\n\r\n",
            readUntil: "\r\n\r\n")
        #expect(response.hasPrefix("HTTP/1.1 200"))
        #expect(sites.tunnels == ["shop.example:443"])
    }

    /// Sends `request` to 127.0.0.1:`port` and reads the answer (until close, or `readUntil`).
    static func exchange(port: Int, _ request: String, readUntil end: String? = nil) throws -> String {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.EIO) }
        defer { close(socket) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        _ = request.withCString { send(socket, $0, strlen($0), 0) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received += buffer[0..<count]
            if let end, String(decoding: received, as: UTF8.self).contains(end) { break }
        }
        return String(decoding: received, as: UTF8.self)
    }
}
