/// The schemes `WKWebView.handlesURLScheme` reports as WebKit's own: a framework cannot serve its
/// files on them, so Capacitor and Cordova fall back to a scheme of their own.
enum WebKitSchemes {
    static let handled: Set<String> = [
        "about", "applewebdata", "blob", "data", "file", "ftp", "http", "https", "javascript", "ws", "wss",
    ]
}
