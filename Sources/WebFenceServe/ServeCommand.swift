import ArgumentParser
import AssociatedDomains
import Foundation
import Logging
import NIOSSL
import WebFenceCommandLine
import WebFenceServer
import WebFenceWatch

/// `webfence-serve`, and `webfence serve` in the release's `webfence`: the pages, the JSON API of
/// interfaces §7 and the watch over HTTP.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: Entry.invokedAsServer ? ServeExecutable.serverName : "serve",
        abstract: "Serve WebFence over HTTP: pages and a JSON API for association files, rules and frameworks.",
        discussion: """
            Pages: / (universal links: a pasted file, or a domain fetched on both routes), /app (an \
            uploaded .ipa, zipped .app, or Info.plist with entitlements, audited, with the SARIF log to \
            download), /rules (rules and frameworks), /scenario. Routes (interfaces §7): GET /health and \
            /openapi.json; POST /v1/aasa/match, /v1/rules/check and /v1/framework/check, whose answers \
            are exactly those of the matching --jsonl command; POST /v1/aasa/fetch (aasa fetch --format \
            json) and POST /v1/audit (multipart upload; audit --format json, or ?format=sarif). \
            Logs go to stderr, one line per request. SIGINT or SIGTERM stops the server after the \
            requests in flight.

            Fetches connect only to public addresses: a domain that is an IP address, or that resolves \
            to a loopback, private, link-local, unique-local or cloud metadata address, is refused \
            (422 fetch.address.private) and the connection goes to the address that was checked. \
            --allow-private-networks lifts this for a staging host on your own network; --ca-file \
            trusts its CA.

            --watch FILE (one domain a line, # for comments) fetches each domain's association file \
            from Apple's CDN and from the server every --watch-interval seconds (default 3600) and \
            keeps every distinct version in the SQLite database --watch-database names (default \
            webfence-watch.sqlite): /watch shows when each route last changed, whether the CDN serves \
            the server's file, and the differences. A database that is damaged is reported (exit 2) \
            and left as it is. Replicas behind one load balancer share a PostgreSQL database instead \
            (--watch-database postgres://user@host:5432/name?sslmode=require, the password in \
            PGPASSWORD): they fetch each domain once an interval between them, and a replica that \
            dies mid-fetch leaves its domain to the next after its lease runs out.

            Who may use it: a request whose Host is not one of the server's names is refused with \
            421 before any route runs (by default the names of the address listened on: 127.0.0.1, \
            localhost and [::1] on loopback; --allowed-host NAME adds others, and is required with \
            --host 0.0.0.0), so a web page cannot reach it through DNS rebinding. A POST from another site \
            (Sec-Fetch-Site or Origin) is refused with 403. --token-file FILE (one token a line, at \
            least 16 characters) makes every route but /health need Authorization: Bearer TOKEN (401 \
            otherwise); a browser is asked for it as a password. --tls-certificate and --tls-key \
            serve HTTPS (TLS 1.2 at least). A method a path does not answer gets 405 with Allow.

            Uploads are written to a private temporary folder as they arrive and removed when the \
            answer is sent; an archive may list at most 65,535 entries and extract at most 512 MiB.

            Example:
              webfence serve --port 8080
              curl -s localhost:8080/v1/framework/check -d @Examples/frameworks/check.json
              curl -s localhost:8080/v1/aasa/fetch -d '{"domain": "example.com", "route": "both"}'
            """,
        version: WebFenceVersion.description
    )

    @Option(help: "The address to listen on. The default, loopback, serves this machine only.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on.")
    var port = 8080

    @Option(help: ArgumentHelp("The largest request body accepted, in bytes.", valueName: "bytes"))
    var maximumBodySize = 1 << 20

    @Flag(help: "Let fetches reach private, loopback and link-local addresses and IP literals (staging hosts).")
    var allowPrivateNetworks = false

    @Option(help: ArgumentHelp("At most this many association-file fetches at once.", valueName: "count"))
    var maximumConcurrentFetches = 8

    @Option(help: ArgumentHelp("The largest app upload accepted, in bytes (default 256 MiB).", valueName: "bytes"))
    var maximumUploadSize = 256 << 20

    @Option(help: ArgumentHelp("At most this many uploaded apps audited at once.", valueName: "count"))
    var maximumConcurrentAudits = 2

    @Option(
        help: ArgumentHelp("Watch the association files of the domains in this file (one a line).", valueName: "file"))
    var watch: String?

    @Option(
        help: ArgumentHelp(
            "The watch's SQLite database, or postgres://user@host:port/database for replicas that share one.",
            valueName: "path-or-url"))
    var watchDatabase = "webfence-watch.sqlite"

    @Option(help: ArgumentHelp("Seconds between the watch's rounds.", valueName: "seconds"))
    var watchInterval = 3600

    @Option(
        name: .customLong("allowed-host"),
        help: ArgumentHelp(
            "A name clients use for this server (repeatable), beside the names of --host's address.",
            valueName: "name"))
    var allowedHosts: [String] = []

    @Option(help: ArgumentHelp("Tokens, one a line: every route but /health then needs one.", valueName: "file"))
    var tokenFile: String?

    @Option(help: ArgumentHelp("Serve HTTPS with this PEM certificate chain (with --tls-key).", valueName: "pem"))
    var tlsCertificate: String?

    @Option(help: ArgumentHelp("The PEM private key of --tls-certificate.", valueName: "pem"))
    var tlsKey: String?

    @OptionGroup var fetching: FetchOptions

    @Option(help: "The least severe log messages written: info writes a line per request; warning only problems.")
    var logLevel: LogLevel = .info

    @Option(help: "How log messages are written to stderr: text (a line for people) or json (an object a line).")
    var logFormat: LogFormat = .text

    func validate() throws {
        guard (1...65535).contains(port) else { throw ValidationError("--port must be from 1 to 65535") }
        guard (1...(64 << 20)).contains(maximumBodySize) else {
            throw ValidationError("--maximum-body-size must be from 1 byte to 64 MiB")
        }
        guard (1...(4 << 30)).contains(maximumUploadSize) else {
            throw ValidationError("--maximum-upload-size must be from 1 byte to 4 GiB")
        }
        guard (1...64).contains(maximumConcurrentAudits) else {
            throw ValidationError("--maximum-concurrent-audits must be from 1 to 64")
        }
        guard (10...(7 * 86_400)).contains(watchInterval) else {
            throw ValidationError("--watch-interval must be from 10 seconds to 7 days")
        }
        guard (1...256).contains(maximumConcurrentFetches) else {
            throw ValidationError("--maximum-concurrent-fetches must be from 1 to 256")
        }
        if allowedHosts.isEmpty, AllowedHosts.listening(on: host) == nil {
            throw ValidationError(
                "--host \(host) listens on every address: name the hosts clients use with --allowed-host (repeatable)")
        }
        if let bad = allowedHosts.first(where: { AllowedHosts([$0]).names.isEmpty }) {
            throw ValidationError("--allowed-host \(bad) is not a host name or address")
        }
        guard (tlsCertificate == nil) == (tlsKey == nil) else {
            throw ValidationError("--tls-certificate and --tls-key go together")
        }
    }

    func run() async throws {
        var logger =
            switch logFormat {
            case .text: Logger(label: "webfence.serve") { TextLogHandler(label: $0) }
            case .json: Logger(label: "webfence.serve") { JSONLogHandler(label: $0) }
            }
        logger.logLevel = logLevel.level
        var configuration = WebFenceServer.Configuration(
            host: host, port: port, maximumBodySize: maximumBodySize, allowPrivateNetworks: allowPrivateNetworks,
            maximumConcurrentFetches: maximumConcurrentFetches, maximumUploadSize: maximumUploadSize,
            maximumConcurrentAudits: maximumConcurrentAudits)
        configuration.allowedHosts = allowedHosts
        if let tokenFile {
            do throws(AccessTokens.Failure) { configuration.tokens = try AccessTokens(file: tokenFile) } catch {
                throw InputError(tokenFile, error.description)
            }
        }
        let fetcher = try fetching.checked().httpFetcher()
        let watching = try await watching(logger: logger)
        defer { (watching?.store as? PostgresWatchStore)?.close() }
        let tls = try serverTLS()
        if configuration.tokens != nil, tls == nil,
            !AllowedHosts.isLoopback(host)
        {
            logger.warning(
                "tokens are sent in cleartext: --host \(host) is reachable from other machines and the server has no --tls-certificate; serve HTTPS, or stay on loopback behind a proxy that does"
            )
        }
        let server =
            if let tls {
                try WebFenceServer(configuration, fetcher: fetcher, watching: watching, tls: tls)
            } else {
                WebFenceServer(configuration, fetcher: fetcher, watching: watching)
            }
        try await server.run(logger: logger)
    }

    /// The TLS of `--tls-certificate` and `--tls-key`, read before the server starts; nil without them.
    func serverTLS() throws -> TLSConfiguration? {
        guard let tlsCertificate, let tlsKey else { return nil }
        let chain: [NIOSSLCertificate]
        do { chain = try NIOSSLCertificate.fromPEMFile(tlsCertificate) } catch {
            throw InputError(tlsCertificate, "not a PEM certificate chain: \(error)")
        }
        guard !chain.isEmpty else { throw InputError(tlsCertificate, "no certificate in the file") }
        let key: NIOSSLPrivateKey
        do { key = try NIOSSLPrivateKey(file: tlsKey, format: .pem) } catch {
            throw InputError(tlsKey, "not a PEM private key: \(error)")
        }
        return .makeServerConfiguration(certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
    }
}

extension ServeCommand {
    /// The watch `--watch` asks for: its domains and its database, each checked before the server
    /// starts (a bad line, or a damaged database, is unusable input: exit 2, nothing replaced).
    func watching(logger: Logger) async throws -> WebFenceServer.Watching? {
        guard let watch else { return nil }
        let text: String
        do { text = try String(contentsOfFile: watch, encoding: .utf8) } catch {
            throw InputError(watch, "cannot read the watch file: \(error.localizedDescription)")
        }
        let domains: [LinkDomain]
        do throws(WatchList.Problem) { domains = try WatchList.parse(text) } catch {
            throw InputError(watch, error.description)
        }
        let store: any WatchStore
        do throws(WatchStoreError) {
            // Any URL is a database's (a mistyped scheme is refused, not taken for a file's name).
            store =
                watchDatabase.contains("://")
                ? try await PostgresWatchStore.open(watchDatabase, logger: logger)
                : try SQLiteWatchStore(path: watchDatabase)
        } catch {
            // Not the option's value: a database URL may hold the password; the error names the
            // place without it.
            throw InputError("--watch-database", error.description)
        }
        var watchLogger = logger
        watchLogger[metadataKey: "watch"] = "\(domains.count) domains"
        return .init(domains: domains, store: store, interval: .seconds(watchInterval), logger: watchLogger)
    }
}

/// How log messages are written.
enum LogFormat: String, CaseIterable, ExpressibleByArgument {
    case text, json
}

/// swift-log's levels, by their names.
enum LogLevel: String, CaseIterable, ExpressibleByArgument {
    case trace, debug, info, notice, warning, error, critical

    var level: Logger.Level { Logger.Level(rawValue: rawValue) ?? .info }
}
