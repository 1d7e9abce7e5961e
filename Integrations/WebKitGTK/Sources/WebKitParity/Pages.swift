import LoopbackSites

/// The pages every loopback site serves: a document that says where it is and carries the page's
/// own script, which adds iframes and navigates when asked by `postMessage` (as a real page's
/// script would), so that the runner can drive frames of any origin: add a frame, navigate one,
/// post to a message handler.
enum Pages {
    static func page(for url: String) -> SiteTable.Response {
        .html(html(for: url))
    }

    static func html(for url: String) -> String {
        let escaped = url.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        return """
            <!doctype html><html><head><meta charset="utf-8"><title>\(escaped)</title></head>
            <body><p id="where">\(escaped)</p>
            <script>
            addEventListener("message", (event) => {
              const command = event.data && event.data.webfence;
              if (!command) return;
              if (command.path.length > 0) {
                const [next, ...rest] = command.path;
                const child = window.frames[next];
                if (child) child.postMessage({ webfence: { ...command, path: rest } }, "*");
                return;
              }
              if (command.addFrame) {
                const frame = document.createElement("iframe");
                frame.name = command.addFrame.id;
                frame.src = command.addFrame.url;
                document.body.appendChild(frame);
              }
              if (command.navigate) location.href = command.navigate;
              if (command.post) {
                const handlers = window.webkit && window.webkit.messageHandlers;
                if (handlers && handlers[command.post]) handlers[command.post].postMessage("hello");
              }
            });
            </script></body></html>
            """
    }
}
