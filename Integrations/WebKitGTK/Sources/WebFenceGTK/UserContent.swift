import AppBound
import Foundation
import WebAddress

/// A user script as the app gives it (`WKUserScript`).
public struct UserScript: Sendable, Hashable {
    public enum InjectionTime: Sendable, Hashable {
        case atDocumentStart, atDocumentEnd
    }

    public var source: String
    public var forMainFrameOnly: Bool
    public var injectionTime: InjectionTime

    public init(source: String, forMainFrameOnly: Bool, injectionTime: InjectionTime) {
        self.source = source
        self.forMainFrameOnly = forMainFrameOnly
        self.injectionTime = injectionTime
    }
}

/// What keeps restricted APIs out of restricted frames under limits (spec §4: a frame is
/// restricted when it or an ancestor is not app-bound). Under limits the main frame commits only
/// app-bound URLs, but an about:blank window a restricted frame opens is a main frame with that
/// frame's origin: it counts as that origin here (D58).
/// WebKitGTK injects and exposes per web view, not per frame, so the frame decides for itself at
/// document start, before any of the page's own scripts run in it. It reads its own origin and
/// `location.ancestorOrigins`, which pages cannot redefine (Location's members are unforgeable),
/// and takes a host as app-bound when its registrable domain is listed (`AppBoundLists`).
enum FrameGuard {
    /// An all-frames user script that runs only where it may.
    static func wrap(_ source: String, _ lists: AppBoundLists) -> String {
        """
        (function () {
          if (!\(mayReach(lists))) return;
        \(source)
        })();
        """
    }

    /// A JavaScript expression: whether this frame is not restricted.
    static func mayReach(_ lists: AppBoundLists) -> String {
        let quoted = { (texts: [String]) in texts.map(jsonString).joined(separator: ",") }
        return """
            (function () {
              const domains = [\(quoted(lists.domains))], schemes = [\(quoted(lists.schemes.map { $0 + ":" }))];
              const suffixes = [\(quoted(lists.rulesBelow))];
              const under = (host, name) => host === name || host.endsWith("." + name);
              // At or below a public suffix under a listed domain: another registrable domain.
              const elsewhere = (host) => suffixes.some((rule) =>
                rule.startsWith("*.") ? host.endsWith("." + rule.slice(2)) : under(host, rule));
              // §2's local hosts, app-bound listed or not (AppBoundApp.isAlwaysAppBound): a
              // custom scheme's page on localhost (capacitor://localhost) keeps its handlers.
              const local = (host) => {
                const parts = host.split(".");
                return host === "localhost" || host.endsWith(".localhost") || host === "[::1]"
                  || (parts.length === 4 && parts[0] === "127" && parts.every((p) => p !== "" && [...p].every((c) => c >= "0" && c <= "9")));
              };
              const appBound = (origin) => {
                if (origin === "null") return true;  // judged by the origin it inherits
                const url = new URL(origin);
                if (schemes.includes(url.protocol)) return true;
                const host = url.hostname;
                if (local(host.toLowerCase())) return true;
                return domains.some((d) => under(host, d)) && !elsewhere(host);
              };
              // The main frame too: it commits only app-bound URLs under limits, but a window a
              // restricted frame opens on about:blank is a main frame with that frame's origin.
              let origins = [location.origin, ...location.ancestorOrigins];
              if (location.origin === "null" && origins.length === 1 && window.opener) {
                // A new window's first document is judged as the frame that opened it; an opener
                // this document cannot read (another origin, a sandboxed frame's) is restricted.
                try {
                  origins = [window.opener.location.origin, ...window.opener.location.ancestorOrigins];
                } catch (e) { return false; }
              }
              return origins.every(appBound);
            })()
            """
    }
}

/// What the page guards compare a frame's host with: the app's listed domains and schemes, and
/// the Public Suffix List's rules below each listed domain. A host at or below one of those rules
/// has a registrable domain of its own, so it is not app-bound though it ends with a listed
/// domain (`bucket.s3.amazonaws.com` when `amazonaws.com` is listed). Exception rules add nothing:
/// each sits below a wildcard that already excludes its host.
struct AppBoundLists: Sendable, Hashable {
    let domains: [String]
    let schemes: [String]
    let rulesBelow: [String]

    init(domains: [String], schemes: [String], publicSuffixes: PublicSuffixList = .bundled) {
        self.domains = domains
        self.schemes = schemes
        rulesBelow = domains.flatMap { publicSuffixes.rules(below: $0) }.filter { !$0.hasPrefix("!") }
    }

    init(_ app: AppBoundApp) {
        self.init(
            domains: app.domains?.domains.map(\.description) ?? [],
            schemes: app.domains?.schemes.map(\.description) ?? [])
    }
}
