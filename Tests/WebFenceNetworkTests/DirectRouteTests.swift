import AssociationFetchCore
import Foundation
import NIOHTTP1
import NetworkTestSupport
import Testing
import WebFenceNetwork

/// spec/associated-domains.md §4, the direct route:
/// `GET https://<host>[:port]/.well-known/apple-app-site-association`.
@Suite("Direct route", .timeLimit(.minutes(1)))
struct DirectRouteTests {
    static let validFile =
        #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/*"}]}]}}"#

    @Test("200 with JSON: the file is received, with every passing check as a note")
    func okWithJSON() async throws {
        let (report, log) = try await fetchDirect(.json(Self.validFile))
        #expect(report.outcome == .received)
        #expect(report.status == 200)
        #expect(report.body == Array(Self.validFile.utf8))
        #expect(report.hasBody)
        #expect(!report.hasErrors)
        #expect(report.codes(.note) == ["fetch.tls", "fetch.status", "fetch.contentType", "fetch.size", "fetch.body"])
        #expect(report.selectedHeaders.contains(HTTPHeaderField(name: "Content-Type", value: "application/json")))
        #expect(report.url?.hasSuffix("/.well-known/apple-app-site-association") == true)

        // What the device sends: the well-known path, its user agent, no cookies, no cache validators.
        let request = try #require(log.requests.first)
        #expect(log.requests.count == 1)
        #expect(request.method == .GET)
        #expect(request.uri == "/.well-known/apple-app-site-association")
        #expect(request.headers["User-Agent"] == ["AASA-Bot/1.0.0"])
        #expect(request.headers["Cookie"].isEmpty)
        #expect(request.headers["If-None-Match"].isEmpty && request.headers["If-Modified-Since"].isEmpty)
    }

    @Test("A redirect is reported with its target and never followed", arguments: [301, 302, 307, 308], [true, false])
    func redirectIsReportedNotFollowed(status: Int, toHTTPS: Bool) async throws {
        let setup = try TrustedSetup()
        defer { setup.removeFiles() }
        let (report, requests, origin) = try await withTestServer(
            leaf: setup.leaf,
            route: { head in
                // Were the redirect followed, this second path would be asked (on this same server) and answered 200.
                if head.uri == "/moved" { return .json(Self.validFile) }
                let authority = head.headers["Host"].first ?? "localhost"
                return .full(
                    status: status, headers: [("Location", "\(toHTTPS ? "https" : "http")://\(authority)/moved")])
            }
        ) { server, group in
            let report = await setup.fetcher(group: group).fetch("localhost:\(server.port)", route: .direct)
            return (report, server.log.requests.map(\.uri), "localhost:\(server.port)")
        }
        #expect(requests == ["/.well-known/apple-app-site-association"])
        #expect(report.outcome == .redirected)
        #expect(report.status == status)
        #expect(report.codes(.error) == ["fetch.redirect"])
        let redirect = try #require(report.redirect)
        #expect(redirect.location == "\(toHTTPS ? "https" : "http")://\(origin)/moved")
        #expect(redirect.kind == (toHTTPS ? .https : .http))
        #expect(redirect.staysOnHTTPS == toHTTPS)
        let message = try #require(report.checks(withCode: "fetch.redirect").first?.message)
        #expect(message.contains(toHTTPS ? "https: URL" : "refuses a redirect to a non-https URL"))
    }

    @Test("Status 400–499 is a denied association", arguments: [404, 410])
    func clientErrorIsDenied(status: Int) async throws {
        let (report, _) = try await fetchDirect(
            .full(status: status, headers: [("Content-Type", "text/html")], body: Array("<h1>gone</h1>".utf8)))
        #expect(report.outcome == .denied)
        #expect(report.status == status)
        #expect(report.codes(.error) == ["fetch.status.denied"])
        // The Content-Type of an error page is not judged.
        #expect(report.checks(withCode: "fetch.contentType").isEmpty)
    }

    @Test("Status 500–599 is temporarily unavailable", arguments: [500, 503])
    func serverErrorIsTemporarilyUnavailable(status: Int) async throws {
        let (report, _) = try await fetchDirect(.full(status: status))
        #expect(report.outcome == .temporarilyUnavailable)
        #expect(report.codes(.error) == ["fetch.status.unavailable"])
        #expect(report.checks(withCode: "fetch.status.unavailable").first?.message.contains("retries") == true)
    }

    @Test("A body over 131,072 bytes is aborted at the limit, and memory stays bounded")
    func bodyOverTheCapIsAborted() async throws {
        let setup = try TrustedSetup()
        defer { setup.removeFiles() }
        // No Content-Length and no end: only the count kept while streaming can stop this.
        let endless = Reply.endless(status: 200, headers: [("Content-Type", "application/json")], chunkSize: 16_384)
        let (report, closed, written) = try await withTestServer(leaf: setup.leaf, route: { _ in endless }) {
            server, group in
            let report = await setup.fetcher(group: group).fetch("localhost:\(server.port)", route: .direct)
            let closed = await server.log.wait(upTo: .seconds(1)) { $0.connectionsEnded == 1 }
            return (report, closed, server.log.bodyBytesWritten)
        }
        #expect(report.outcome == .failed)
        #expect(report.body == nil)
        #expect(report.codes(.error) == ["fetch.size"])
        // Memory: the client held at most the limit; it saw one read's worth past it, no more.
        #expect(report.bodyBytesReceived > AssociationFileRequest.maximumFileSize)
        #expect(report.bodyBytesReceived <= AssociationFileRequest.maximumFileSize + 65_536)
        // The transfer was stopped, not abandoned: the fetch closed the connection, so the server's
        // endless writes failed at once.
        #expect(closed, "the server was still writing (\(written) bytes so far)")
    }

    @Test("A declared Content-Length over the limit is refused without reading the body")
    func declaredLengthOverTheCap() async throws {
        let body = [UInt8](repeating: UInt8(ascii: " "), count: AssociationFileRequest.maximumFileSize + 1)
        let (report, _) = try await fetchDirect(
            .full(status: 200, headers: [("Content-Type", "application/json")], body: body))
        #expect(report.outcome == .failed)
        #expect(report.body == nil)
        #expect(report.bodyBytesReceived == 0)
        #expect(report.codes(.error) == ["fetch.size"])
        #expect(report.checks(withCode: "fetch.size").first?.message.contains("131,073") == true)
    }

    @Test("A body of exactly 131,072 bytes is accepted")
    func bodyAtTheCapIsAccepted() async throws {
        // A JSON string padded with spaces: the size is the point, not the content.
        let padding = String(repeating: " ", count: AssociationFileRequest.maximumFileSize - 2)
        let (report, _) = try await fetchDirect(.json("{}" + padding))
        #expect(report.outcome == .received)
        #expect(report.body?.count == AssociationFileRequest.maximumFileSize)
        #expect(!report.hasErrors)
    }

    @Test("A body that never ends is stopped by the time limit")
    func bodyThatNeverEndsTimesOut() async throws {
        // A byte every 100 ms: never idle for long, so only a limit on the whole exchange stops it.
        // 3 s, not 1: on a loaded 2-core machine the TLS handshake of a debug build alone once took
        // over a second, and the limit then struck before the head (a different check).
        let (report, _) = try await fetchDirect(
            .trickle(status: 200, headers: [("Content-Type", "application/json")], interval: .milliseconds(100)),
            timeout: .seconds(3))
        #expect(report.outcome == .failed)
        #expect(report.status == 200)
        #expect(report.body == nil)
        #expect(report.codes(.error) == ["fetch.timeout"])
        #expect(
            report.checks(withCode: "fetch.timeout").first?.message.contains("did not finish arriving within 3 s")
                == true)
        // The limit is on the whole exchange, so the fetch ends after 3 s, not when the trickle ends.
        #expect(report.elapsed >= .seconds(3))
    }

    @Test("A server that never answers is stopped by the time limit")
    func silentServerTimesOut() async throws {
        let (report, _) = try await fetchDirect(.silence, timeout: .seconds(1))
        #expect(report.outcome == .failed)
        #expect(report.response == nil)
        #expect(report.codes(.error) == ["fetch.timeout"])
        #expect(report.checks(withCode: "fetch.timeout").first?.message == "No response arrived within 1 s.")
        #expect(report.elapsed >= .seconds(1))
    }

    @Test("An invalid JSON body is still a successful fetch: the caller judges the body")
    func invalidJSONIsReturned() async throws {
        let text = #"{"applinks": {"details": [}"#
        let (report, _) = try await fetchDirect(.json(text))
        #expect(report.outcome == .received)
        #expect(report.body == Array(text.utf8))
        #expect(!report.hasErrors)
    }

    @Test(
        "A Content-Type other than application/json is a warning",
        arguments: ["text/html", "application/pkcs7-mime", nil])
    func wrongContentTypeIsAWarning(contentType: String?) async throws {
        let headers = contentType.map { [("Content-Type", $0)] } ?? []
        let (report, _) = try await fetchDirect(.full(status: 200, headers: headers, body: Array(Self.validFile.utf8)))
        #expect(report.outcome == .received)
        #expect(report.hasBody)
        #expect(report.codes(.warning) == ["fetch.contentType"])
        #expect(!report.hasErrors)
    }

    @Test("application/json with parameters is accepted")
    func contentTypeWithCharset() async throws {
        let (report, _) = try await fetchDirect(.json(Self.validFile, contentType: "Application/JSON; charset=utf-8"))
        #expect(report.codes(.warning).isEmpty)
    }

    @Test("A certificate from a CA the client does not trust is a TLS error")
    func untrustedCertificate() async throws {
        let trusted = try TrustedSetup()
        defer { trusted.removeFiles() }
        let stranger = try TestCA(name: "Unknown CA")
        let (report, requests) = try await withTestServer(
            leaf: try stranger.issueLeaf(dnsName: "localhost"), route: { _ in .json(Self.validFile) }
        ) { server, group in
            (
                await trusted.fetcher(group: group).fetch("localhost:\(server.port)", route: .direct),
                server.log.requests.count
            )
        }
        #expect(requests == 0)
        #expect(report.outcome == .failed)
        #expect(report.response == nil)
        #expect(report.codes(.error) == ["fetch.tls"])
        #expect(report.checks.first?.message.contains("does not chain to a trusted root") == true)
    }

    @Test("A trusted certificate for another name is a hostname mismatch")
    func hostnameMismatch() async throws {
        let setup = try TrustedSetup(leafName: "other.example")
        defer { setup.removeFiles() }
        let (report, requests) = try await withTestServer(leaf: setup.leaf, route: { _ in .json(Self.validFile) }) {
            server, group in
            (
                await setup.fetcher(group: group).fetch("localhost:\(server.port)", route: .direct),
                server.log.requests.count
            )
        }
        #expect(requests == 0)
        #expect(report.outcome == .failed)
        #expect(report.codes(.error) == ["fetch.tls"])
        #expect(report.checks.first?.message.contains("not valid for the name localhost") == true)
    }
}
