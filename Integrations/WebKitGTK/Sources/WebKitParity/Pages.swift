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
            // What each command did, told to the top frame, which keeps it for the runner.
            window.webfenceAcks = [];
            const ack = (what) => window.top.postMessage({ webfenceAck: what }, "*");
            addEventListener("message", (event) => {
              if (window === window.top && event.data && event.data.webfenceAck) window.webfenceAcks.push(event.data.webfenceAck);
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
                ack({ added: command.addFrame.id });
              }
              // How the page navigates decides the navigation type WebKit reports: a clicked link
              // (link), a submitted form (formSubmitted), or a script setting location (other).
              if (command.navigate && command.how === "link") {
                const link = Object.assign(document.createElement("a"), { href: command.navigate });
                document.body.appendChild(link);
                link.click();
              } else if (command.navigate && command.how === "formSubmitted") {
                const form = Object.assign(document.createElement("form"), { method: "post", action: command.navigate });
                document.body.appendChild(form);
                form.submit();
              } else if (command.navigate) {
                location.href = command.navigate;
              }
              if (command.post) {
                const handlers = window.webkit && window.webkit.messageHandlers;
                const present = !!(handlers && handlers[command.post]);
                if (present) handlers[command.post].postMessage("hello");
                ack({ posted: command.post, present: present });
              }
            });
            </script></body></html>
            """
    }
}
