import CWebKitGTK
import CWebKitShim

/// The app's window: the web view above a status bar in which the app, not the page, says what its
/// message handler received and what WebFence refused.
@MainActor
final class ShopWindow {
    private let window: UnsafeMutablePointer<GtkWidget>
    private let status: UnsafeMutablePointer<GtkWidget>

    init(title: String, showing webView: UnsafeMutablePointer<WebKitWebView>) {
        status = wf_label_new()
        let content = UnsafeMutableRawPointer(webView).assumingMemoryBound(to: GtkWidget.self)
        window = wf_window_new(title, 1120, 740, content, status)
    }

    func present() {
        wf_window_present(window)
    }

    /// Replaces the status bar's lines; each is Pango markup (escape text with `ShopWindow.escaped`).
    func setStatus(_ lines: [String]) {
        wf_label_set_markup(status, lines.joined(separator: "\n"))
    }

    /// Saves the whole window, header bar and status bar included, as it is drawn now.
    func savePNG(to path: String) -> Bool {
        wf_widget_save_png(window, path) == 1
    }

    /// Whether the user has not closed the window yet.
    static var isOpen: Bool { wf_open_window_count() > 0 }

    /// `text` safe inside Pango markup.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
