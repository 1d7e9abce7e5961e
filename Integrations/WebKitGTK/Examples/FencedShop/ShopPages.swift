import LoopbackSites
import WebAddress

/// What the loopback sites serve: the shop at https://shop.example/, and a partner page at
/// https://tracker.example/ that the web view must never reach (its request would be in the log).
enum ShopPages {
    static let shopURL = "https://shop.example/"
    static let trackerURL = "https://tracker.example/"
    static let shopHost = "shop.example"
    static let trackerHost = "tracker.example"

    static func response(for url: String) -> SiteTable.Response {
        switch (try? WebURL(url))?.host?.description {
        case shopHost where url == shopURL: .html(shop)
        case trackerHost: .html(tracker)
        default: SiteTable.Response(status: 404, headers: [("Content-Type", "text/plain")], body: Array("none\n".utf8))
        }
    }

    /// The page only asks: "Add to cart" posts to the app's `cart` handler, and the cart shown is the
    /// one the app sends back. The refusal banner is filled by the app too, so all that the page shows
    /// of cart and refusal went through the app.
    static let shop = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>Loopback Goods</title>
        <style>
        :root { --ink: #1d2433; --muted: #5d6678; --line: #e2e5eb; --accent: #0b6e4f; --warn: #b3261e; }
        * { box-sizing: border-box; }
        [hidden] { display: none !important; }
        body { margin: 0; font: 15px/1.45 "DejaVu Sans", system-ui, sans-serif; color: var(--ink);
               background: #f5f6f8; }
        header { display: flex; align-items: center; justify-content: space-between; padding: 12px 32px;
                 background: #fff; border-bottom: 1px solid var(--line); }
        .brand { font-weight: 700; font-size: 19px; }
        .brand small { display: block; font-weight: 400; font-size: 12px; color: var(--muted); }
        .cart-pill { display: flex; align-items: center; gap: 10px; padding: 6px 8px 6px 16px; font-weight: 600;
                     border: 1px solid var(--line); border-radius: 999px; }
        .cart-pill .count { min-width: 30px; height: 30px; padding: 0 8px; border-radius: 15px;
                            background: var(--accent); color: #fff; display: inline-grid; place-items: center; }
        main { max-width: 1000px; margin: 0 auto; padding: 18px 32px; }
        #refusal { background: #fdeceb; border: 1px solid #f0b4ae; border-left: 6px solid var(--warn);
                   border-radius: 8px; padding: 10px 16px; margin-bottom: 16px; color: #4d1512; }
        #refusal h2 { margin: 0 0 4px; font-size: 15px; color: var(--warn); }
        #refusal .row { display: grid; grid-template-columns: 52px 1fr; gap: 8px; font-size: 13.5px; }
        #refusal .row b { color: var(--muted); font-weight: 600; }
        code { font-family: "DejaVu Sans Mono", monospace; font-size: 12.5px; background: rgba(0,0,0,.05);
               padding: 1px 5px; border-radius: 4px; }
        .card { background: #fff; border: 1px solid var(--line); border-radius: 12px; }
        .product { display: grid; grid-template-columns: 200px 1fr 290px; gap: 24px; padding: 20px; }
        .photo { aspect-ratio: 1; border-radius: 10px; display: grid; place-items: center;
                 background: linear-gradient(160deg, #e4f2ec, #c9e4d8); }
        h1 { margin: 2px 0 4px; font-size: 22px; }
        .price { font-size: 20px; font-weight: 700; color: var(--accent); margin: 6px 0 10px; }
        p { margin: 0 0 10px; color: var(--muted); }
        button { background: var(--accent); color: #fff; border: 0; border-radius: 8px; padding: 11px 22px;
                 font: inherit; font-weight: 600; cursor: pointer; }
        button:active { transform: translateY(1px); }
        #sent { margin-left: 10px; font-size: 13px; color: var(--muted); }
        aside { border-left: 1px solid var(--line); padding-left: 20px; }
        aside h3 { margin: 0 0 8px; font-size: 15px; }
        #lines { list-style: none; margin: 0 0 8px; padding: 0; }
        #lines li { display: flex; justify-content: space-between; gap: 12px; padding: 6px 0;
                    border-bottom: 1px dashed var(--line); }
        .total { display: flex; justify-content: space-between; font-weight: 700; margin-bottom: 8px; }
        .note { font-size: 12.5px; }
        .partner { margin-top: 16px; padding: 14px 20px; display: flex; justify-content: space-between;
                   align-items: center; }
        .partner a { color: #1a56c4; font-weight: 600; }
        </style></head>
        <body>
        <header>
          <div class="brand">Loopback Goods<small>https://shop.example/ &middot; an app-bound domain</small></div>
          <div class="cart-pill">Cart <span class="count" id="cart-count">0</span></div>
        </header>
        <main>
          <section id="refusal" role="alert" hidden>
            <h2>WebFence refused a navigation; this page stayed</h2>
            <div class="row"><b>URL</b><span><code id="refused-url"></code></span></div>
            <div class="row"><b>Error</b><span><code id="refused-error"></code></span></div>
            <div class="row"><b>Rule</b>
              <span><code id="refused-rule"></code> <span id="refused-summary"></span></span></div>
          </section>
          <section class="card product">
            <div class="photo">
              <svg width="130" height="130" viewBox="0 0 120 120" aria-hidden="true">
                <path d="M24 34h58v44a18 18 0 0 1-18 18H42a18 18 0 0 1-18-18z" fill="#fff" stroke="#0b6e4f"
                      stroke-width="4"/>
                <path d="M82 46h8a12 12 0 0 1 0 24h-8" fill="none" stroke="#0b6e4f" stroke-width="4"/>
                <path d="M24 46h58" stroke="#0b6e4f" stroke-width="3" opacity=".35"/>
              </svg>
            </div>
            <div>
              <h1>Enamel camp mug</h1>
              <div class="price">&euro;18.00</div>
              <p>Steel with a glass enamel coat, 350&nbsp;ml. Survives campfires and dishwashers.</p>
              <p class="note">&ldquo;Add to cart&rdquo; posts the item to the app&rsquo;s message handler
                <code>window.webkit.messageHandlers.cart</code>; the cart on the right is what the app sends back.</p>
              <button id="add-to-cart">Add to cart</button><span id="sent"></span>
            </div>
            <aside>
              <h3>Your cart</h3>
              <ul id="lines"><li><span>Empty</span></li></ul>
              <div class="total"><span>Total</span><span id="total">&euro;0.00</span></div>
              <p class="note" id="cart-source">Nothing from the app yet.</p>
            </aside>
          </section>
          <section class="card partner">
            <span>Partner offers from our friends at <b>tracker.example</b>, which is not an app-bound domain.</span>
            <a id="partner-link" href="https://tracker.example/">See partner offers &rarr;</a>
          </section>
        </main>
        <script>
        "use strict";
        const byId = (id) => document.getElementById(id);
        byId("add-to-cart").addEventListener("click", () => {
          const handler = window.webkit && window.webkit.messageHandlers && window.webkit.messageHandlers.cart;
          if (!handler) {
            byId("sent").textContent = "No cart handler in this frame: the app cannot hear it.";
            return;
          }
          handler.postMessage({ sku: "MUG-350", name: "Enamel camp mug", price: 18 });
          byId("sent").textContent = "Sent to the app\\u2026";
        });
        // Called by the app (evaluateJavaScript) once its handler has the message.
        window.shop = {
          setCart(cart) {
            byId("cart-count").textContent = String(cart.count);
            const lines = byId("lines");
            lines.replaceChildren(...cart.lines.map((line) => {
              const item = document.createElement("li");
              const name = document.createElement("span");
              name.textContent = line.name + " \\u00d7 " + line.quantity;
              const amount = document.createElement("span");
              amount.textContent = line.amount;
              item.append(name, amount);
              return item;
            }));
            byId("total").textContent = cart.total;
            byId("cart-source").textContent = "Set by the app after its cart handler received "
              + cart.messages + (cart.messages === 1 ? " message." : " messages.");
            byId("sent").textContent = "";
          },
          showRefusal(refusal) {
            byId("refused-url").textContent = refusal.url;
            byId("refused-error").textContent = refusal.error;
            byId("refused-rule").textContent = refusal.rule;
            byId("refused-summary").textContent = refusal.summary;
            byId("refusal").hidden = false;
          },
        };
        </script>
        </body></html>
        """

    /// Never shown: WebFence refuses the navigation before any request is sent.
    static let tracker = """
        <!doctype html><html><head><meta charset="utf-8"><title>tracker.example</title></head>
        <body style="font-family: sans-serif; background: #222; color: #fff; padding: 40px">
        <h1>tracker.example</h1><p>If you can read this, the web view left the app-bound domains.</p></body></html>
        """
}
