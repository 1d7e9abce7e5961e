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

/// The script that keeps an all-frames user script out of restricted subframes under limits
/// (spec §4: a frame is restricted when it or an ancestor is not app-bound; the main frame under
/// limits always is). It reads the frame's own origin and `location.ancestorOrigins`, which pages
/// cannot redefine (Location's members are unforgeable), and takes a host as app-bound when it is a
/// listed domain or a subdomain of one. That is the engine's registrable-domain equality except
/// where the Public Suffix List has a suffix below a listed domain (a known difference).
enum SubframeGuard {
    static func wrap(_ source: String, domains: [String], schemes: [String]) -> String {
        let domainList = domains.map { "\"\($0)\"" }.joined(separator: ",")
        let schemeList = schemes.map { "\"\($0):\"" }.joined(separator: ",")
        return """
            (function () {
              if (window !== window.top) {
                const domains = [\(domainList)], schemes = [\(schemeList)];
                const appBound = (origin) => {
                  if (origin === "null") return true;  // judged by the origin it inherits
                  const url = new URL(origin);
                  if (schemes.includes(url.protocol)) return true;
                  const host = url.hostname;
                  return domains.some((d) => host === d || host.endsWith("." + d));
                };
                const origins = [location.origin];
                const ancestors = location.ancestorOrigins;
                for (let i = 0; i < ancestors.length - 1; i++) origins.push(ancestors[i]);
                if (!origins.every(appBound)) return;
              }
            \(source)
            })();
            """
    }
}
