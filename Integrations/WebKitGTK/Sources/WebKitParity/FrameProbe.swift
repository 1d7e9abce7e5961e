import Foundation

/// What the runner knows of one web view's frames: the tree the scenario built (frame ids, their
/// parents) and the documents the engine really loaded in them, as the runner's own script
/// reports them from every frame, in a content world of its own that the page cannot reach.
@MainActor
final class FrameProbe {
    static let world = "webfence-runner"
    static let handler = "webfenceRunnerFrames"
    /// Runs in every frame once the document-end scripts of every world have run (WebKit does not
    /// order scripts across worlds): where it is, its name (the scenario's frame id) and the marks
    /// the app's user scripts left.
    static let script = """
        setTimeout(function () {
          const marks = [...document.documentElement.attributes]
            .map((a) => a.name).filter((n) => n.startsWith("data-webfence-script-"));
          window.webkit.messageHandlers.\(handler).postMessage(
            { top: window === window.top, name: window.name, href: location.href, marks: marks });
        }, 0);
        """

    /// One document's report.
    struct Report: Decodable {
        let top: Bool
        let name: String
        let href: String
        let marks: [String]

        var frameID: String { top ? "main" : name }
    }

    private(set) var reports: [Report] = []
    /// Frame id → parent id, and the ids in creation order ("main" first).
    private var parents: [String: String] = [:]
    private(set) var order = ["main"]

    func receive(_ json: String) {
        guard let report = try? JSONDecoder().decode(Report.self, from: Data(json.utf8)) else { return }
        reports.append(report)
    }

    /// A new main-frame document: the frames of the old one are gone.
    func mainFrameCommitted() {
        parents.removeAll()
        order = ["main"]
    }

    func add(_ id: String, parent: String) {
        parents[id] = parent
        order.append(id)
    }

    /// The frame ids from the main frame's child down to `id` (empty for the main frame), or nil
    /// for a frame the scenario did not make.
    func path(to id: String) -> [String]? {
        var path: [String] = []
        var current = id
        while current != "main" {
            guard let parent = parents[current] else { return nil }
            path.insert(current, at: 0)
            current = parent
        }
        return path
    }

    /// The frame's latest document, if it loaded one.
    func latest(_ id: String) -> Report? {
        reports.last { $0.frameID == id }
    }
}
