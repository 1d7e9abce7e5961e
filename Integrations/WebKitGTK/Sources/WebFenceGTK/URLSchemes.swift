import CWebKitShim
import Foundation

/// `setURLSchemeHandler`: an app's own scheme (the `test:` of `WKAppBoundDomains`' schemes),
/// served by the app. WebKitGTK registers schemes on the web context, so a scheme is served for
/// every web view of the process, and once: the first handler stays. Navigations to it are still
/// judged by each web view's policy like any other.
@MainActor
public enum URLSchemes {
    private static var served: Set<String> = []

    /// Serves `scheme`: `page` returns the HTML document for a URL. Says whether this call
    /// registered it (false: the scheme was served already).
    @discardableResult
    public static func serve(_ scheme: String, page: @escaping (String) -> String) -> Bool {
        guard served.insert(scheme.lowercased()).inserted else { return false }
        let box: (String) -> String = page
        // Kept for the process's life, as the registration is.
        wf_register_scheme(
            scheme,
            { uri, context in
                let page = borrowed(context, as: ((String) -> String).self)
                return strdup(page(uri.map { String(cString: $0) } ?? ""))
            }, retainedContext(box))
        return true
    }
}
