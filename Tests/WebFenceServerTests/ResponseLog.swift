import Foundation

/// The answers the tests receive, one JSON line each (`{"method", "path", "status", "body"}`),
/// appended to the file `WEBFENCE_API_RESPONSES` names, so that CI checks every one against the
/// OpenAPI document (Scripts/check-openapi.py). Nothing is written when the variable is not set.
enum ResponseLog {
    static let path = ProcessInfo.processInfo.environment["WEBFENCE_API_RESPONSES"]

    static func record(method: String, path route: String, status: Int, body: String) {
        guard let path else { return }
        let entry: [String: Any] = ["method": method, "path": route, "status": status, "body": body]
        guard var line = try? JSONSerialization.data(withJSONObject: entry, options: [.sortedKeys]) else { return }
        line.append(UInt8(ascii: "\n"))
        // One write per line with O_APPEND: tests running at once never interleave their lines.
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}
