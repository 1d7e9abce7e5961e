import AsyncHTTPClient
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOSSL
import NetworkTestSupport
import Testing
import WebFenceServer

/// Who may use `webfence serve` (issue 31, item 1 and 2), over real sockets: a foreign `Host` is
/// refused on every route, a state-changing request from another site too, the token is asked on
/// every route but `/health`, HTTPS answers with a certificate made here, and a method a path does
/// not answer gets 405 with `Allow`.
@Suite("webfence serve: who may reach it", .timeLimit(.minutes(2)))
struct AccessTests {
    static let token = "test-token-0123456789abcdef"

    /// The status line and headers (lowercased names) of `request` sent raw to the server. An
    /// answer of an API route is recorded for the OpenAPI check (`WEBFENCE_API_RESPONSES`).
    static func exchange(port: Int, _ request: String) async throws -> (status: Int, headers: [String: String]) {
        let connection = try HostileClientTests.RawConnection(port: port)
        #expect(connection.send(request))
        _ = try await connection.closes(within: .seconds(10))
        let text = String(decoding: connection.received, as: UTF8.self)
        defer {
            let requestLine = request.split(separator: " ", maxSplits: 2)
            // A 405 answers a method the document has no operation for: nothing to check it against.
            if requestLine.count >= 2, requestLine[1].hasPrefix("/v1/") || requestLine[1] == "/health",
                !text.hasPrefix("HTTP/1.1 405"),
                let split = text.range(of: "\r\n\r\n")
            {
                ResponseLog.record(
                    method: requestLine[0].lowercased(), path: String(requestLine[1]),
                    status: Int(text.split(separator: " ").dropFirst().first ?? "") ?? 0,
                    body: String(text[split.upperBound...]))
            }
        }
        let lines = text.components(separatedBy: "\r\n")
        let status = lines.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst().prefix(while: { !$0.isEmpty }) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        return (status, headers)
    }

    static func request(
        _ method: String, _ path: String, host: String?, headers: [String] = [], body: String = ""
    ) -> String {
        var lines = ["\(method) \(path) HTTP/1.1"]
        if let host { lines.append("Host: \(host)") }
        lines += headers + ["Content-Length: \(body.utf8.count)", "Connection: close", "", body]
        return lines.joined(separator: "\r\n")
    }

    static func server(_ edit: (inout WebFenceServer.Configuration) -> Void = { _ in }) -> WebFenceServer {
        var configuration = WebFenceServer.Configuration(port: 0)
        edit(&configuration)
        return WebFenceServer(configuration)
    }

    @Test("a foreign Host gets 421 on every route, before the route runs; the loopback names are answered")
    func foreignHost() async throws {
        let server = Self.server()
        try await server.application(logger: Logger(label: "test")).test(.live) { client in
            let port = try #require(client.port)
            for (method, path) in server.routes {
                let (status, _) = try await Self.exchange(
                    port: port, Self.request(method, path, host: "evil.attacker.com"))
                #expect(status == 421, "\(method) \(path): \(status)")
            }
            for host in ["localhost:\(port)", "127.0.0.1:\(port)", "[::1]:\(port)", "LocalHost."] {
                let (status, _) = try await Self.exchange(port: port, Self.request("GET", "/health", host: host))
                #expect(status == 200, "\(host): \(status)")
            }
            let (missing, _) = try await Self.exchange(port: port, "GET /health HTTP/1.0\r\n\r\n")
            #expect(missing == 400)
        }
    }

    @Test("--allowed-host: the names given, beside the loopback names, and no other")
    func allowedHost() async throws {
        let server = Self.server { $0.allowedHosts = ["webfence.internal"] }
        try await server.application(logger: Logger(label: "test")).test(.live) { client in
            let port = try #require(client.port)
            for (host, status) in [("webfence.internal", 200), ("localhost", 200), ("other.internal", 421)] {
                let answer = try await Self.exchange(port: port, Self.request("GET", "/health", host: host))
                #expect(answer.status == status, "\(host)")
            }
        }
        #expect(AllowedHosts.listening(on: "0.0.0.0") == nil)
        #expect(AllowedHosts.listening(on: "10.0.0.5")?.names == ["10.0.0.5"])
        #expect(AllowedHosts.listening(on: "fd00::5")?.names == ["[fd00::5]"])
    }

    /// `Host` values and whether they name a server called `localhost`, `127.0.0.1` or `[::1]`.
    static let authorities: [(String, Bool)] = [
        ("localhost", true), ("localhost:8080", true), ("LOCALHOST.", true), ("127.0.0.1:80", true),
        ("[::1]", true), ("[::1]:8080", true), ("localhost:8080@evil.example", false), ("localhost:80:80", false),
        ("[::1]:80@evil", false), ("::1", false), ("", false), ("localhost:８０", false), ("evil.example", false),
        ("localhost.evil.example", false), ("[::1", false), ("local host", false), ("localhost:", true),
    ]

    @Test("which Host values name the server", arguments: authorities.map(\.0))
    func authority(_ authority: String) throws {
        let expected = try #require(Self.authorities.first { $0.0 == authority }).1
        #expect(AllowedHosts(["localhost", "127.0.0.1", "[::1]"]).allows(authority) == expected, "\(authority)")
    }

    @Test("a POST from another site is refused; the server's own pages and non-browser clients are not")
    func crossSite() async throws {
        let server = Self.server()
        try await server.application(logger: Logger(label: "test")).test(.live) { client in
            let port = try #require(client.port)
            let host = "localhost:\(port)"
            let body = #"{"rules": {"allow": ["example.com"]}, "cases": [{"id": "1", "url": "https://example.com/"}]}"#
            for headers in [
                ["Sec-Fetch-Site: cross-site"], ["Sec-Fetch-Site: same-site"], ["Origin: https://evil.example"],
                ["Origin: null"], ["Origin: http://localhost:1"],
            ] {
                let (status, _) = try await Self.exchange(
                    port: port, Self.request("POST", "/v1/rules/check", host: host, headers: headers, body: body))
                #expect(status == 403, "\(headers): \(status)")
                let (form, _) = try await Self.exchange(
                    port: port, Self.request("POST", "/rules/check", host: host, headers: headers, body: "urls=x"))
                #expect(form == 403, "form \(headers): \(form)")
            }
            for headers in [[], ["Sec-Fetch-Site: same-origin"], ["Origin: http://\(host)"], ["Sec-Fetch-Site: none"]] {
                let (status, _) = try await Self.exchange(
                    port: port, Self.request("POST", "/v1/rules/check", host: host, headers: headers, body: body))
                #expect(status == 200, "\(headers): \(status)")
            }
        }
    }

    @Test("--token-file: 401 without a token or with a wrong one on every route but /health; Bearer and Basic pass")
    func tokens() async throws {
        let tokens = try AccessTokens(text: "# the team's tokens\n\n\(Self.token)\nanother-token-abcdefghijklmnop\r\n")
        let server = Self.server { $0.tokens = tokens }
        try await server.application(logger: Logger(label: "test")).test(.live) { client in
            let port = try #require(client.port)
            let host = "localhost:\(port)"
            for (method, path) in server.routes where path != "/health" {
                for headers in [
                    [], ["Authorization: Bearer wrong-token-0123456789abcdef"], ["Authorization: Basic Og=="],
                ] {
                    let (status, answer) = try await Self.exchange(
                        port: port, Self.request(method, path, host: host, headers: headers))
                    #expect(status == 401, "\(method) \(path) \(headers): \(status)")
                    #expect(answer["www-authenticate"]?.contains("realm=\"webfence\"") == true)
                }
            }
            #expect(try await Self.exchange(port: port, Self.request("GET", "/health", host: host)).status == 200)
            let bearer = try await Self.exchange(
                port: port,
                Self.request("GET", "/v1/watch", host: host, headers: ["Authorization: Bearer \(Self.token)"]))
            #expect(bearer.status != 401)
            let basic = Data("anyone:\(Self.token)".utf8).base64EncodedString()
            let page = try await Self.exchange(
                port: port, Self.request("GET", "/", host: host, headers: ["Authorization: Basic \(basic)"]))
            #expect(page.status == 200)
            let challenge = try await Self.exchange(port: port, Self.request("GET", "/", host: host))
            #expect(challenge.headers["www-authenticate"]?.hasPrefix("Basic") == true)
        }
    }

    @Test("a token file: short tokens, spaces and an empty file are refused")
    func tokenFile() {
        #expect(throws: AccessTokens.Failure.self) { try AccessTokens(text: "short\n") }
        #expect(throws: AccessTokens.Failure.self) { try AccessTokens(text: "# only a comment\n\n") }
        #expect(throws: AccessTokens.Failure.self) { try AccessTokens(text: "a token with spaces in it\n") }
    }

    @Test("a method a path does not answer: 405 with Allow; an unknown path stays 404")
    func methodNotAllowed() async throws {
        let server = Self.server()
        try await server.application(logger: Logger(label: "test")).test(.live) { client in
            let port = try #require(client.port)
            let host = "localhost:\(port)"
            let (status, headers) = try await Self.exchange(
                port: port, Self.request("GET", "/v1/rules/check", host: host))
            #expect(status == 405 && headers["allow"] == "POST")
            let health = try await Self.exchange(port: port, Self.request("DELETE", "/health", host: host))
            #expect(health.status == 405 && health.headers["allow"] == "GET, HEAD")
            let page = try await Self.exchange(port: port, Self.request("PUT", "/rules/check", host: host))
            #expect(page.status == 405 && page.headers["allow"] == "GET, HEAD, POST")
            #expect(try await Self.exchange(port: port, Self.request("GET", "/nowhere", host: host)).status == 404)
        }
    }

    @Test("--tls-certificate and --tls-key: HTTPS with a certificate made here")
    func https() async throws {
        let ca = try TestCA(name: "WebFence serve test CA")
        let leaf = try ca.issueLeaf(dnsName: "localhost")
        let tls = TLSConfiguration.makeServerConfiguration(
            certificateChain: [.certificate(leaf.certificate)], privateKey: .privateKey(leaf.key))
        let server = try WebFenceServer(.init(port: 0), tls: tls)
        try await server.application(logger: Logger(label: "test")).test(.live) { client in
            let port = try #require(client.port)
            var clientTLS = TLSConfiguration.makeClientConfiguration()
            clientTLS.trustRoots = .file(try ca.writePEMFile())
            let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(tlsConfiguration: clientTLS))
            do {
                let response = try await http.execute(
                    HTTPClientRequest(url: "https://localhost:\(port)/health"), timeout: .seconds(10))
                #expect(response.status.code == 200)
                // Plain HTTP to the HTTPS port gets no answer.
                let plain = try? await http.execute(
                    HTTPClientRequest(url: "http://localhost:\(port)/health"), timeout: .seconds(5))
                #expect(plain?.status.code != 200)
            } catch {
                Issue.record("HTTPS request failed: \(error)")
            }
            // TLS 1.1 and older are refused, whatever the configuration given allows.
            var oldTLS = clientTLS
            oldTLS.maximumTLSVersion = .tlsv11
            let old = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(tlsConfiguration: oldTLS))
            let refused = try? await old.execute(
                HTTPClientRequest(url: "https://localhost:\(port)/health"), timeout: .seconds(5))
            #expect(refused == nil)
            try await old.shutdown()
            try await http.shutdown()
        }
    }
}

/// JSON nested to the parser's limit on every JSON route: 512 levels read (and answered for what
/// they are), 513 refused as JSON, never a crash or a 5xx.
@Suite("webfence serve: JSON at the nesting limit on every route")
struct NestingLimitTests {
    @Test("512 levels are read, 513 are refused, on every POST route that reads JSON")
    func nesting() async throws {
        let server = WebFenceServer(.init())
        let routes = server.apiRoutes.filter { $0.method == "post" && $0.path != "/v1/audit" }
        #expect(routes.count >= 6)
        let nested: @Sendable (Int) -> String = { depth in
            String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        }
        try await server.application(logger: Logger(label: "test")).test(.router) { client in
            for (_, path) in routes {
                let atLimit = try await client.execute(uri: path, method: .post, body: ByteBuffer(string: nested(512)))
                {
                    (Int($0.status.code), String(buffer: $0.body))
                }
                #expect(atLimit.0 < 500 && !atLimit.1.contains("nested deeper"), "\(path) 512: \(atLimit)")
                let past = try await client.execute(uri: path, method: .post, body: ByteBuffer(string: nested(513))) {
                    (Int($0.status.code), String(buffer: $0.body))
                }
                #expect(past.0 == 400 && past.1.contains("nested deeper than 512"), "\(path) 513: \(past)")
            }
        }
    }
}
