import AppManifest
import Audit
import Foundation
import Hummingbird
import NIOCore
import NIOPosix

/// The server's audits of uploaded apps (`POST /v1/audit`, the app page): an `.ipa`, a zipped
/// `.app`, or an Info.plist with its entitlements, received into a private temporary folder (never
/// held whole in memory), read within the archive limits on a thread meant for blocking work,
/// audited as `webfence audit` does, and the folder removed, whatever happened.
struct AppAuditing: Sendable {
    /// What an upload may cost.
    struct Limits: Sendable, Hashable {
        /// The largest upload, the whole form, in bytes.
        var maximumUploadSize: Int
        /// The longest an upload may take to arrive.
        var uploadTimeLimit: Duration
        /// Entries listed and bytes extracted from an archive.
        var archive: ArchiveLimits
    }

    /// The apps audited, and those in the upload that could not be read.
    struct Outcome: Sendable {
        let audits: [AppAudit]
        let unusable: [AppManifestError]
    }

    /// Why no audit was made: the status and code of the JSON answer, and the sentence.
    struct Refusal: Error, Sendable, Hashable {
        let status: Int
        let code: String
        let message: String
    }

    let limits: Limits
    let bound: ConcurrencyBound

    /// `render`'s answer to `request`'s upload: audited, and its answer written, on NIO's threads
    /// for blocking work, off the event loop this task runs on (D127): an audit's findings may
    /// number millions (an Info.plist of up to 8 MiB, each of its entries a finding), and so may
    /// the JSON or page that shows them. A refusal (a few lines) is written where it is.
    func answer(
        _ request: Request, context: ServerContext, render: @escaping @Sendable (Result<Outcome, Refusal>) -> Response
    ) async -> Response {
        let outcome = await audit(request, context: context)
        guard case .success = outcome else { return render(outcome) }
        switch await Self.onBlockingThreads({ .success(render(outcome)) }) {
        case .success(let response): return response
        case .failure(let refusal): return render(.failure(refusal))
        }
    }

    /// Receives `request`'s upload and audits it.
    private func audit(_ request: Request, context: ServerContext) async -> Result<Outcome, Refusal> {
        let answer = await bound.withPlace { () -> Result<Outcome, Refusal> in
            let folder: PrivateFolder
            do throws(AppManifestError) { folder = try PrivateFolder(prefix: "webfence-upload-\(getpid())") } catch {
                return .failure(Refusal(status: 500, code: "upload.storage", message: error.message))
            }
            defer { folder.remove() }
            switch await receive(request, context: context, into: folder) {
            case .failure(let refusal): return .failure(refusal)
            case .success(let upload): return await read(upload)
            }
        }
        return answer
            ?? .failure(
                Refusal(
                    status: 503, code: "upload.busy",
                    message: "\(bound.maximum) uploads are being audited, the most at once; try again shortly"))
    }

    /// The form's files, written into `folder` under fixed names, and the names the browser gave.
    struct Upload: Sendable {
        /// The app archive, or the Info.plist.
        let main: URL
        let mainName: String
        let entitlements: URL?
        let entitlementsName: String?
        let appID: String?

        /// A path as a message shows it: the names the browser gave instead of the server's private
        /// folder, which no answer names.
        func shown(_ path: String) -> String {
            if let entitlements, let entitlementsName, path.hasPrefix(entitlements.path) {
                return entitlementsName + path.dropFirst(entitlements.path.count)
            }
            if path.hasPrefix(main.path) { return mainName + path.dropFirst(main.path.count) }
            // Another file in the folder (the stored body, say): its name alone.
            return path.replacingOccurrences(of: main.deletingLastPathComponent().path + "/", with: "")
        }
    }

    private func receive(
        _ request: Request, context: ServerContext, into folder: PrivateFolder
    ) async -> Result<Upload, Refusal> {
        guard let type = request.headers[.contentType], let boundary = MultipartFormData.boundary(contentType: type)
        else {
            return .failure(
                Refusal(status: 400, code: "upload.type", message: "send the files as multipart/form-data"))
        }
        let bodyURL = folder.url.appendingPathComponent("body")
        guard FileManager.default.createFile(atPath: bodyURL.path, contents: nil),
            let handle = try? FileHandle(forWritingTo: bodyURL)
        else {
            return .failure(Refusal(status: 500, code: "upload.storage", message: "cannot store the upload"))
        }
        let received = await context.streamBody(
            of: request, limit: limits.maximumUploadSize, timeLimit: limits.uploadTimeLimit
        ) { part in try handle.write(contentsOf: part.readableBytesView) }
        try? handle.close()
        switch received {
        case .failure(.tooLarge):
            return .failure(
                Refusal(
                    status: 413, code: "body.tooLarge", message: "the upload is over \(limits.maximumUploadSize) bytes")
            )
        case .failure(.tooSlow):
            return .failure(
                Refusal(
                    status: 408, code: "body.slow",
                    message: "the upload did not arrive within \(limits.uploadTimeLimit)"
                ))
        case .failure(.unreadable):
            return .failure(Refusal(status: 400, code: "body.unreadable", message: "the upload could not be read"))
        case .success: break
        }
        // Unpacked on NIO's blocking-work threads: a form of up to the upload limit is copied and
        // written out, which must not hold the event loop this task runs on (D127).
        return await Self.onBlockingThreads { Self.files(in: bodyURL, boundary: boundary, folder: folder) }
    }

    /// The form's parts written out as files: `app` (an archive) or `infoPlist` with an optional
    /// `entitlements`, and an optional `appId`.
    static func files(in bodyURL: URL, boundary: String, folder: PrivateFolder) -> Result<Upload, Refusal> {
        let body: Data
        do { body = try Data(contentsOf: bodyURL, options: .alwaysMapped) } catch {
            return .failure(Refusal(status: 500, code: "upload.storage", message: "cannot read the stored upload"))
        }
        return body.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Result<Upload, Refusal> in
            let form: MultipartFormData
            do throws(MultipartFormData.Failure) { form = try MultipartFormData(bytes, boundary: boundary) } catch {
                return .failure(Refusal(status: 400, code: "upload.multipart", message: error.message))
            }
            func write(_ part: MultipartFormData.Part, as name: String) -> URL? {
                let url = folder.url.appendingPathComponent(name)
                let content = Data(UnsafeRawBufferPointer(rebasing: bytes[part.content]))
                return (try? content.write(to: url, options: .withoutOverwriting)) == nil ? nil : url
            }
            let given = { (name: String) in form[name].flatMap { $0.content.isEmpty ? nil : $0 } }
            let appID = given("appId").map {
                String(decoding: UnsafeRawBufferPointer(rebasing: bytes[$0.content]), as: UTF8.self)
            }
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
            if let app = given("app") {
                guard let url = write(app, as: "upload.ipa") else {
                    return .failure(Refusal(status: 500, code: "upload.storage", message: "cannot store the app"))
                }
                return .success(
                    Upload(
                        main: url, mainName: displayName(app.filename, default: "app.ipa"), entitlements: nil,
                        entitlementsName: nil, appID: appID))
            }
            guard let info = given("infoPlist") else {
                return .failure(
                    Refusal(
                        status: 400, code: "upload.empty",
                        message: "send an app (.ipa or zipped .app) as \"app\", or an Info.plist as \"infoPlist\""))
            }
            guard let infoURL = write(info, as: "Info.plist") else {
                return .failure(Refusal(status: 500, code: "upload.storage", message: "cannot store the Info.plist"))
            }
            let entitlements = given("entitlements")
            let entitlementsURL = entitlements.flatMap { write($0, as: "App.entitlements") }
            return .success(
                Upload(
                    main: infoURL, mainName: displayName(info.filename, default: "Info.plist"),
                    entitlements: entitlementsURL,
                    entitlementsName: entitlements.map { displayName($0.filename, default: "App.entitlements") },
                    appID: appID))
        }
    }

    /// The name a report gives an uploaded file: the browser's file name without any folder (no
    /// request names a path on the server), controls removed, at most 100 characters.
    static func displayName(_ filename: String?, default fallback: String) -> String {
        let last = (filename ?? "").split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        let clean = String(
            last.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.prefix(100).map(Character.init))
        return clean.isEmpty || clean == "." || clean == ".." ? fallback : clean
    }

    /// Reads and audits the upload on NIO's blocking-work threads.
    private func read(_ upload: Upload) async -> Result<Outcome, Refusal> {
        let archive = limits.archive
        return await Self.onBlockingThreads { () -> Result<Outcome, Refusal> in
            do throws(AppManifestError) {
                let read = try AppFiles.read(
                    at: upload.main, displayPath: upload.mainName, entitlements: upload.entitlements,
                    entitlementsDisplayPath: upload.entitlementsName, limits: archive)
                return .success(
                    Outcome(audits: read.apps.map { AppAudit($0, appID: upload.appID) }, unusable: read.unusable))
            } catch {
                return .failure(
                    Refusal(
                        status: 422, code: "upload.unusable", message: "\(upload.shown(error.path)): \(error.message)"))
            }
        }
    }

    /// `work`'s result, made on NIO's threads for blocking work: never on the event loop this task
    /// runs on (D127), where it would hold every connection of that loop.
    static func onBlockingThreads<T: Sendable>(_ work: @escaping @Sendable () -> Result<T, Refusal>) async -> Result<
        T, Refusal
    > {
        do {
            return try await NIOThreadPool.singleton.runIfActive(work)
        } catch {
            // NIO's shared pool never stops: what ends the wait is the request's cancellation.
            return .failure(Refusal(status: 503, code: "upload.busy", message: "the request was cancelled"))
        }
    }
}
