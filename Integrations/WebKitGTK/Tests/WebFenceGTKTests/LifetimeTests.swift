import AppBound
import CWebKitGTK
import CWebKitShim
import Glibc
import Testing

@testable import WebFenceGTK

/// Who owns the engine's objects. A `FencedWebView` holds its view and content manager for its
/// whole life and releases them with itself; a view that outlives it refuses every navigation the
/// engine asks about.
/// These tests make real web views, so they need a display: `xvfb-run -a swift test`.
@MainActor
@Suite(.serialized) struct LifetimeTests {
    let policy = WebFencePolicy(app: AppBoundApp(domains: AppBoundDomains(entries: ["shop.example"])))

    init() throws {
        try #require(gtk_init_check() != 0, "no display: run these tests under xvfb-run -a swift test")
    }

    @Test func aDroppedWebViewAndItsPopupReleaseTheirViewsAndTheirContentManager() throws {
        let session = FencedSession()
        let watched: [WeakGObject]
        do {
            let webView = FencedWebView(policy: policy, session: session, limitsNavigationsToAppBoundDomains: true)
            webView.addMessageHandler("cart") { _ in }
            let popup = webView.makePopup()
            #expect(popup.manager == webView.manager, "a popup shares its opener's content manager")
            watched = [
                WeakGObject(webView.view), WeakGObject(popup.view),
                WeakGObject(UnsafeMutableRawPointer(webView.manager)),
            ]
            #expect(watched.allSatisfy { $0.isAlive })
        }
        let released = MainLoop.run(for: .seconds(5)) { watched.allSatisfy { !$0.isAlive } }
        #expect(released, "still alive: \(watched.filter(\.isAlive).map(\.name))")
    }

    @Test func theViewOutlivesItsWindow() throws {
        let session = FencedSession()
        let webView = FencedWebView(policy: policy, session: session, limitsNavigationsToAppBoundDomains: true)
        // Watched before the window exists: a freed view could not be watched afterwards.
        let watched = WeakGObject(webView.view)
        let widget = UnsafeMutableRawPointer(webView.view).assumingMemoryBound(to: GtkWidget.self)
        let window = try #require(wf_window_new("lifetime", 320, 240, widget, nil))
        gtk_window_destroy(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self))
        MainLoop.settle(.milliseconds(100))
        // The window took and dropped its own reference; this object's keeps the view usable.
        #expect(watched.isAlive)
        #expect(webView.committedURL == nil)
    }

    @Test func aPopupTheAppDoesNotKeepLivesWithItsOpener() throws {
        let session = FencedSession()
        let webView = FencedWebView(policy: policy, session: session, limitsNavigationsToAppBoundDomains: true)
        webkit_settings_set_javascript_can_open_windows_automatically(webkit_web_view_get_settings(webView.view), 1)
        webView.onNewWindow = { $0.makePopup() }
        webView.loadHTMLString("<script>window.open('about:blank')</script>", baseURL: "https://shop.example/")
        #expect(MainLoop.run(for: .seconds(10)) { !webView.openedWindows.isEmpty }, "no window was opened")
        let popup = try #require(webView.openedWindows.first)
        let watched = WeakGObject(popup.view)
        MainLoop.settle(.milliseconds(300))
        #expect(watched.isAlive, "the engine was handed a view that is gone")
    }

    @Test func aViewWhoseWrapperIsGoneLoadsNothing() throws {
        let server = try #require(LoopbackListener())
        let session = FencedSession()
        let url = "http://127.0.0.1:\(server.port)/"
        var orphan: UnsafeMutablePointer<WebKitWebView>?
        do {
            let webView = FencedWebView(policy: policy, session: session, limitsNavigationsToAppBoundDomains: false)
            orphan = webView.view
            wf_object_ref(orphan)
        }
        defer { wf_object_unref(orphan) }
        let kept = FencedWebView(policy: policy, session: session, limitsNavigationsToAppBoundDomains: false)
        // First a load that must arrive, so the engine's processes are running when the orphan asks.
        kept.load(url + "before")
        #expect(MainLoop.run(for: .seconds(10)) { server.paths.contains("/before") }, "the kept view sent no request")
        // The orphan's decide-policy handler finds no one to ask, so it refuses; a later load of the
        // kept view arriving shows the orphan had its time.
        webkit_web_view_load_uri(orphan, url + "orphan")
        MainLoop.settle(.seconds(1))
        kept.load(url + "after")
        #expect(MainLoop.run(for: .seconds(10)) { server.paths.contains("/after") }, "the kept view sent no request")
        MainLoop.settle(.seconds(1))
        #expect(!server.paths.contains("/orphan"), "the orphaned view sent a request: \(server.paths)")
    }
}

/// A TCP socket listening on 127.0.0.1 that records the requests made to it (never answering). A
/// connection alone is not a request: WebKit preconnects to a URL given to `load_uri` before it
/// asks whether to load it.
final class LoopbackListener {
    let port: Int
    private let socket: Int32
    private var clients: [Int32] = []
    private var requestLines: [Int32: String] = [:]

    init?() {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 && listen(socket, 16) == 0 && getsockname(socket, $0, &length) == 0
            }
        }
        guard socket >= 0, bound, fcntl(socket, F_SETFL, O_NONBLOCK) == 0 else {
            close(socket)
            return nil
        }
        self.socket = socket
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit {
        for client in clients { close(client) }
        close(socket)
    }

    /// The paths of the requests made so far (each connection's first request line).
    var paths: [String] {
        while case let client = accept(socket, nil, nil), client >= 0 {
            _ = fcntl(client, F_SETFL, O_NONBLOCK)
            clients.append(client)
        }
        for client in clients where requestLines[client] == nil {
            var buffer = [UInt8](repeating: 0, count: 512)
            let count = recv(client, &buffer, buffer.count, Int32(MSG_PEEK))
            guard count > 0, let end = buffer[..<count].firstIndex(of: UInt8(ascii: "\r")) else { continue }
            requestLines[client] = String(decoding: buffer[..<end], as: UTF8.self)
        }
        // "GET /path HTTP/1.1"
        return requestLines.values.compactMap { $0.split(separator: " ").dropFirst().first.map(String.init) }
    }
}

/// A GObject watched without being kept: GLib clears the pointer when the object is finalized.
@MainActor
final class WeakGObject {
    let name: String
    /// Never freed: GLib writes it whenever the object goes, which may be after this wrapper.
    private let slot = UnsafeMutablePointer<gpointer?>.allocate(capacity: 1)

    convenience init(_ view: UnsafeMutablePointer<WebKitWebView>) { self.init(UnsafeMutableRawPointer(view)) }

    init(_ raw: UnsafeMutableRawPointer) {
        name = String(cString: g_type_name_from_instance(raw.assumingMemoryBound(to: GTypeInstance.self)))
        slot.initialize(to: raw)
        g_object_add_weak_pointer(raw.assumingMemoryBound(to: GObject.self), slot)
    }

    var isAlive: Bool { slot.pointee != nil }
}
