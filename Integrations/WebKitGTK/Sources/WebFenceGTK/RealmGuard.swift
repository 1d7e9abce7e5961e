/// The document-start script of every frame that puts App-Bound Domains' per-frame rules (§4)
/// where WebKitGTK has none (D58): in a restricted frame `window.webkit.messageHandlers` is gone,
/// and service workers are off or asked of `ServiceWorkerPolicy` first. It runs before any of the
/// page's own scripts in that realm, captures the built-ins it uses then (the page cannot redefine
/// them for it later), and makes what it changes non-configurable.
///
/// A realm where user scripts never run, the about:blank document of a window the page opens,
/// gets the same changes from the opener's `window.open` before the page holds the window; if
/// they cannot be made, the window is closed and `open` returns null (nothing fails open).
enum RealmGuard {
    /// The guard for frames under `restriction`: none keeps the handlers everywhere, every frame
    /// loses them everywhere, and under limits each frame decides from its origins (`FrameGuard`).
    static func script(_ lists: AppBoundLists, restriction: Restriction, serviceWorkersDisabled: Bool) -> String {
        let restricted =
            switch restriction {
            case .none: "false"
            case .everyFrame: "true"
            case .nonAppBoundSubframes: "!\(FrameGuard.mayReach(lists))"
            }
        return """
            (function () {
              "use strict";
              const apply = Reflect.apply, defineProperty = Object.defineProperty;
              const getPrototypeOf = Object.getPrototypeOf, describe = Object.getOwnPropertyDescriptor;
              const then = Promise.prototype.then, reject = Promise.reject;
              const URLType = URL, ExceptionType = DOMException;
              const restricted = \(restricted);
              // Replaces a getter with one answering undefined, for good; a getter already locked
              // must already answer undefined (this script's, in a window it patched before).
              const remove = (prototype, name, self) => {
                const found = describe(prototype, name);
                if (found && !found.configurable) {
                  if (found.get && apply(found.get, self, []) === undefined) return;
                  throw new TypeError("webfence: " + name + " is locked");
                }
                defineProperty(prototype, name, { get: function () { return undefined; }, configurable: false });
              };
              const hideHandlers = (w) => { const namespace = w.webkit; if (namespace) remove(getPrototypeOf(namespace), "messageHandlers", namespace); };
              const disableServiceWorkers = (w) => remove(w.Navigator.prototype, "serviceWorker", w.navigator);
              const gateServiceWorkers = (w) => {
                const container = w.ServiceWorkerContainer;
                if (!container) return;
                const found = describe(container.prototype, "register");
                if (found && !found.configurable && !found.writable) return;  // patched before
                const register = container.prototype.register;
                const handlers = w.webkit && w.webkit.messageHandlers;
                const ask = handlers && handlers.\(ServiceWorkerGate.handler);
                const post = ask && ask.postMessage;
                const refuse = (why) => apply(reject, Promise, [new ExceptionType(
                  "Service worker registration refused by App-Bound Domains (" + why + ")", "SecurityError")]);
                defineProperty(container.prototype, "register", {
                  configurable: false, writable: false,
                  value: function (script, options) {
                    // Each input read once: what is checked is what the engine gets.
                    let scriptURL, checked;
                    try {
                      scriptURL = new URLType(script, w.location.href).href;
                      const requested = options ? options.scope : undefined;
                      checked = { scope: new URLType(requested === undefined ? "./" : requested, scriptURL).href };
                      if (options) {
                        const type = options.type, cache = options.updateViaCache;
                        if (type !== undefined) checked.type = type;
                        if (cache !== undefined) checked.updateViaCache = cache;
                      }
                    } catch (e) { return refuse("unreadable script or scope"); }
                    if (!post) return refuse("no answer");
                    const container = this;
                    return apply(then, apply(post, ask, [{ scope: checked.scope, phase: "ask" }]), [function (answer) {
                      if (answer !== "ok") return refuse(answer);
                      return apply(then, apply(register, container, [scriptURL, checked]), [function (registration) {
                        apply(post, ask, [{ scope: checked.scope, phase: "registered" }]);
                        return registration;
                      }]);
                    }]);
                  },
                });
              };
              const patch = (w) => {
                if (\(serviceWorkersDisabled)) disableServiceWorkers(w); else gateServiceWorkers(w);
                if (restricted) hideHandlers(w);
              };
              patch(window);
              const open = window.open;
              defineProperty(window, "open", {
                configurable: false, writable: false,
                value: function () {
                  const opened = apply(open, this, arguments);
                  if (!opened) return opened;
                  try { patch(opened); } catch (e) {
                    try { opened.close(); } catch (ignored) {}
                    return null;
                  }
                  return opened;
                },
              });
            })();
            """
    }
}
