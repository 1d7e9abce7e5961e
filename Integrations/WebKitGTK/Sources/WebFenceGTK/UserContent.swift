import AppBound

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

/// Scripts that keep restricted APIs out of restricted frames under limits (spec §4: a frame is
/// restricted when it or an ancestor is not app-bound). Under limits the main frame commits only
/// app-bound URLs, but an about:blank window a restricted frame opens is a main frame with that
/// frame's origin: it counts as that origin here (D58).
/// WebKitGTK injects and exposes per web view, not per frame, so the frame decides for itself at
/// document start, before any of the page's own scripts run in it. It reads its own origin and
/// `location.ancestorOrigins`, which pages cannot redefine (Location's members are unforgeable),
/// and takes a host as app-bound when it is a listed domain or a subdomain of one. That is the
/// engine's registrable-domain equality except where the Public Suffix List has a suffix below a
/// listed domain (a known difference, docs/conformance.md).
enum SubframeGuard {
    /// An all-frames user script that runs only where it may.
    static func wrap(_ source: String, domains: [String], schemes: [String]) -> String {
        """
        (function () {
          if (!\(mayReach(domains: domains, schemes: schemes))) return;
        \(source)
        })();
        """
    }

    /// A document-start script for every frame that takes `window.webkit.messageHandlers` away
    /// from a restricted frame, as WebKit does there (§4), and from the windows it opens.
    static func hideMessageHandlers(domains: [String], schemes: [String]) -> String {
        """
        (function () {
          if (\(mayReach(domains: domains, schemes: schemes))) return;
          // The namespace's own property is non-configurable; the getter on its prototype is not.
          // Made non-configurable here, the page cannot put it back.
          const hide = (w) => {
            const namespace = w.webkit;
            if (!namespace) return;
            Object.defineProperty(Object.getPrototypeOf(namespace), "messageHandlers",
              { get: function () { return undefined; }, configurable: false });
          };
          hide(window);
          // A window this frame opens starts on about:blank with this frame's origin, before any
          // user script runs in it: its handlers go too (a cross-origin one guards itself).
          const open = window.open;
          Object.defineProperty(window, "open", {
            configurable: false, writable: false,
            value: function () {
              const opened = open.apply(this, arguments);
              try { hide(opened); } catch (e) {}
              return opened;
            },
          });
        })();
        """
    }

    /// A JavaScript expression: whether this frame is not restricted.
    static func mayReach(domains: [String], schemes: [String]) -> String {
        let domainList = domains.map { "\"\($0)\"" }.joined(separator: ",")
        let schemeList = schemes.map { "\"\($0):\"" }.joined(separator: ",")
        return """
            (function () {
              const domains = [\(domainList)], schemes = [\(schemeList)];
              const appBound = (origin) => {
                if (origin === "null") return true;  // judged by the origin it inherits
                const url = new URL(origin);
                if (schemes.includes(url.protocol)) return true;
                const host = url.hostname;
                return domains.some((d) => host === d || host.endsWith("." + d));
              };
              // The main frame too: it commits only app-bound URLs under limits, but a window a
              // restricted frame opens on about:blank is a main frame with that frame's origin.
              const origins = [location.origin, ...location.ancestorOrigins];
              return origins.every(appBound);
            })()
            """
    }
}
