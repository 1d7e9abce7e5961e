import CWebKitGTK
import Foundation
import Testing

@testable import WebFenceGTK

/// The document-start scripts WebFence puts in every frame (D58), run in JavaScriptCore with a
/// stand-in for the browser objects they read: which frames they take for restricted, and what
/// they take away there. The parity and bypass runners check the same scripts in the engine.
@Suite struct PageGuardTests {
    /// Browser objects the scripts use that JavaScriptCore alone does not have.
    private static let environment = #"""
        var window = globalThis;
        class URL {
          constructor(url, base) {
            url = String(url);
            if (base !== undefined && !/^[a-z][a-z0-9+.-]*:/i.test(url)) {
              const root = String(base.href || base);
              url = url.startsWith("/") ? root.replace(/^([a-z]+:\/\/[^/]*).*$/i, "$1") + url
                : root.slice(0, root.lastIndexOf("/") + 1) + url.replace(/^\.\//, "");
            }
            const match = /^([a-z][a-z0-9+.-]*:)\/\/\[?([^/\]:]*)/i.exec(url);
            if (!match) throw new TypeError("not a URL: " + url);
            this.href = url; this.protocol = match[1].toLowerCase(); this.hostname = match[2].toLowerCase();
          }
        }
        class DOMException extends Error { constructor(message, name) { super(message); this.name = name; } }
        """#

    /// Runs `scripts` one after the other in a fresh context and returns the last one's value as
    /// JSON; an exception fails the test.
    private func run(_ scripts: String...) -> String? {
        let context = jsc_context_new()
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        var last: String?
        for script in [Self.environment] + scripts {
            let value = jsc_context_evaluate(context, script, -1)
            if let exception = jsc_context_get_exception(context) {
                Issue.record("JavaScript threw: \(String(cString: jsc_exception_get_message(exception)))")
                return nil
            }
            last = value.flatMap { jsc_value_to_json($0, 0) }.map { String(cString: $0) }
            if let value { g_object_unref(UnsafeMutableRawPointer(value)) }
        }
        return last
    }

    private func frame(_ origin: String, ancestors: [String]) -> String {
        let list = ancestors.map { "\"\($0)\"" }.joined(separator: ",")
        return
            "var location = { origin: \"\(origin)\", ancestorOrigins: [\(list)] }; window.top = \(ancestors.isEmpty ? "window" : "{}"); void 0;"
    }

    private func mayReach(_ origin: String, ancestors: [String] = [], listed: [String] = ["shop.example"]) -> Bool {
        run(frame(origin, ancestors: ancestors), FrameGuard.mayReach(AppBoundLists(domains: listed, schemes: ["test"])))
            == "true"
    }

    @Test func framesOnListedDomainsUnderListedDomainsAreNotRestricted() {
        #expect(mayReach("https://shop.example"))
        #expect(mayReach("https://img.shop.example", ancestors: ["https://shop.example"]))
        #expect(mayReach("https://SHOP.example:8443", ancestors: ["https://shop.example"]))
        #expect(mayReach("test://host", ancestors: ["https://shop.example"]))
        // An opaque origin (about:blank, data:) is judged by the frame it inherits from.
        #expect(mayReach("null", ancestors: ["https://shop.example"]))
    }

    @Test func aFrameIsRestrictedWhenItOrAnAncestorIsNotAppBound() {
        #expect(!mayReach("https://pay.example", ancestors: ["https://shop.example"]))
        #expect(!mayReach("https://img.shop.example", ancestors: ["https://pay.example", "https://shop.example"]))
        #expect(!mayReach("https://notshop.example", ancestors: ["https://shop.example"]))
        #expect(!mayReach("https://shop.example.evil.com", ancestors: ["https://shop.example"]))
        // A window a restricted frame opened on about:blank: a main frame with that frame's origin.
        #expect(!mayReach("https://evil.com"))
    }

    /// WebKit compares registrable domains: a host below a public suffix under a listed domain
    /// has one of its own.
    @Test func aHostBelowAPublicSuffixUnderAListedDomainIsNotAppBound() {
        let listed = ["amazonaws.com"]
        #expect(mayReach("https://www.amazonaws.com", ancestors: ["https://amazonaws.com"], listed: listed))
        #expect(!mayReach("https://bucket.s3.amazonaws.com", ancestors: ["https://amazonaws.com"], listed: listed))
        #expect(!mayReach("https://s3.amazonaws.com", ancestors: ["https://amazonaws.com"], listed: listed))
        // Below a wildcard rule (*.compute.amazonaws.com): the name itself is still the domain's.
        #expect(AppBoundLists(domains: listed, schemes: []).rulesBelow.contains("*.compute.amazonaws.com"))
        #expect(mayReach("https://compute.amazonaws.com", ancestors: ["https://amazonaws.com"], listed: listed))
        #expect(
            !mayReach("https://x.eu-west-1.compute.amazonaws.com", ancestors: ["https://amazonaws.com"], listed: listed)
        )
    }

    /// A frame's `webkit` namespace, a navigator, and `window.open` returning a fresh realm's window.
    private let browser = """
        class WebKitNamespace { get messageHandlers() { return { app: { postMessage() {} } }; } }
        class Navigator { get serviceWorker() { return {}; } }
        window.webkit = new WebKitNamespace(); window.Navigator = Navigator; window.navigator = new Navigator();
        class OtherNamespace { get messageHandlers() { return {}; } }
        class OtherNavigator { get serviceWorker() { return {}; } }
        var opened = { webkit: new OtherNamespace(), Navigator: OtherNavigator, navigator: new OtherNavigator(), closed: false,
                       close() { this.closed = true; } };
        window.open = function () { return opened; };
        """

    private func guardScript(_ restriction: Restriction, serviceWorkersDisabled: Bool = true) -> String {
        RealmGuard.script(
            AppBoundLists(domains: ["shop.example"], schemes: []), restriction: restriction,
            serviceWorkersDisabled: serviceWorkersDisabled)
    }

    @Test func aRestrictedFrameLosesTheMessageHandlersForGood() {
        let restricted = frame("https://pay.example", ancestors: ["https://shop.example"])
        #expect(
            run(
                restricted, browser, guardScript(.nonAppBoundSubframes),
                "[window.webkit.messageHandlers === undefined, Object.getOwnPropertyDescriptor(WebKitNamespace.prototype, 'messageHandlers').configurable]"
            ) == "[true,false]")
        // The page cannot put the getter back, nor break the guard's own tools, and the windows it
        // opens lose their handlers too.
        #expect(
            run(
                restricted, browser, guardScript(.nonAppBoundSubframes),
                """
                var putBack; try { Object.defineProperty(WebKitNamespace.prototype, 'messageHandlers', { get() { return 1; } }); putBack = true; } catch (e) { putBack = false; }
                Object.defineProperty = function () {}; Reflect.apply = function () { return opened; };
                var w = window.open('about:blank');
                [putBack, w.webkit.messageHandlers === undefined, Object.getOwnPropertyDescriptor(window, 'open').writable]
                """) == "[false,true,false]")
    }

    @Test func aWindowThatCannotBeGuardedIsClosed() {
        // The opened realm's getter was locked by someone else: the window goes, open says null.
        #expect(
            run(
                frame("https://pay.example", ancestors: ["https://shop.example"]), browser,
                """
                Object.defineProperty(OtherNamespace.prototype, 'messageHandlers', { get() { return {}; }, configurable: false });
                """, guardScript(.nonAppBoundSubframes),
                "var w = window.open('about:blank'); [w === null, opened.closed]") == "[true,true]")
    }

    @Test func anAppBoundFrameKeepsItsMessageHandlers() {
        #expect(
            run(
                frame("https://img.shop.example", ancestors: ["https://shop.example"]), browser,
                guardScript(.nonAppBoundSubframes),
                "typeof window.webkit.messageHandlers.app.postMessage") == "\"function\"")
        #expect(
            run(
                frame("https://pay.example", ancestors: ["https://shop.example"]), browser, guardScript(.none),
                "typeof window.webkit.messageHandlers.app.postMessage") == "\"function\"")
        #expect(
            run(
                frame("https://shop.example", ancestors: []), browser, guardScript(.everyFrame),
                "window.webkit.messageHandlers === undefined") == "true")
    }

    @Test func anAllFramesUserScriptRunsOnlyWhereItMay() {
        let script = FrameGuard.wrap("globalThis.ran = true;", AppBoundLists(domains: ["shop.example"], schemes: []))
        #expect(
            run(
                frame("https://img.shop.example", ancestors: ["https://shop.example"]), script,
                "globalThis.ran === true") == "true")
        #expect(
            run(frame("https://pay.example", ancestors: ["https://shop.example"]), script, "globalThis.ran === true")
                == "false")
    }

    @Test func serviceWorkersDisabledMeansNoAPI() {
        #expect(
            run(
                frame("https://shop.example", ancestors: []), browser, guardScript(.none),
                "[navigator.serviceWorker === undefined, window.open().navigator.serviceWorker === undefined]")
                == "[true,true]")
    }

    @Test func everyRegistrationAsksThePolicyFirst() {
        // The engine's register records its calls; the handler answers as the UI process would.
        let setUp = """
            var location = { href: "https://shop.example/app/", origin: "https://shop.example", ancestorOrigins: [] }; window.top = window;
            var registered = [];
            class ServiceWorkerContainer { register(script, options) { registered.push([script, options.scope]); return Promise.resolve("registered"); } }
            window.ServiceWorkerContainer = ServiceWorkerContainer;
            var answer = "refused", asked = [];
            window.webkit = { messageHandlers: { \(ServiceWorkerGate.handler): { postMessage(m) { asked.push(m.phase + " " + m.scope); return Promise.resolve(answer); } } } };
            window.open = function () { return null; };
            """
        let attempt = """
            var outcome = [];
            new ServiceWorkerContainer().register("sw.js").then(() => outcome.push("ok"), (e) => outcome.push(e.name));
            """
        let gate = guardScript(.none, serviceWorkersDisabled: false)
        #expect(
            run(setUp, gate, attempt, "[asked, outcome, registered]")
                == #"[["ask https://shop.example/app/"],["SecurityError"],[]]"#)
        #expect(
            run(setUp, "answer = 'ok';", gate, attempt, "[asked, outcome, registered]")
                == #"[["ask https://shop.example/app/","registered https://shop.example/app/"],["ok"],[["https://shop.example/app/sw.js","https://shop.example/app/"]]]"#
        )
        // A page that redefines Promise.prototype.then cannot answer for the policy.
        #expect(
            run(setUp, gate, "Promise.prototype.then = function (ok) { ok('ok'); };", attempt, "registered.length")
                == "0")
    }
}
