// A first look at WebFence under WebKitGTK (issue 7, begun): a real web view loads a page whose
// script navigates to a backslash-and-userinfo URL; every navigation policy decision is printed
// with the host WebFence's parser reads, and non-loopback hosts are refused. Run:
//   xvfb-run -a swift run webkitgtk-probe

import CWebKitGTK
import CWebKitShim
import Foundation
import WebAddress

nonisolated(unsafe) var decisions: [String] = []
nonisolated(unsafe) var loop: OpaquePointer?

gtk_init()
guard let view = webkit_web_view_new() else { fatalError("webkit_web_view_new returned nil") }
let webView = UnsafeMutableRawPointer(view).assumingMemoryBound(to: WebKitWebView.self)

wf_connect_decide_policy(webView, { uri, isMainFrame, type, _ in
    let text = uri.map { String(cString: $0) } ?? ""
    let host = (try? WebURL(text))?.host?.description ?? "(none)"
    let allow = text.hasPrefix("data:") || host == "127.0.0.1"
    decisions.append("\(allow ? "allow " : "ignore") main=\(isMainFrame) type=\(type) host=\(host) \(text)")
    return allow ? 1 : 0
}, nil)

wf_connect_load_changed(webView, { event, uri, _ in
    if event == 3 {  // WEBKIT_LOAD_FINISHED
        // Give the page's script time to try its navigation, then stop.
        g_timeout_add(1500, { _ in g_main_loop_quit(loop); return 0 }, nil)
    }
}, nil)

// A page given as the first argument replaces the default one (for trying iframes, window.open...).
let page = CommandLine.arguments.dropFirst().first
    ?? #"<script>location.href = "https://evil.example\\@127.0.0.1/";</script>"#
webkit_web_view_load_html(webView, page, "data:text/html,base")
loop = g_main_loop_new(nil, 0)
g_timeout_add(10_000, { _ in g_main_loop_quit(loop); return 0 }, nil)
g_main_loop_run(loop)
for line in decisions { print(line) }
