/// The frame of every page: a title, the navigation between the pages, the page's own content, and
/// one small style sheet (`/style.css`, the only resource the Content-Security-Policy lets a page
/// load). No script: every page works with forms alone.
enum Layout {
    /// The pages, in the order the navigation lists them.
    static let pages: [(path: String, title: String)] = [
        ("/", "Universal links"),
        ("/app", "App"),
        ("/rules", "Rules and frameworks"),
        ("/scenario", "Scenario"),
        ("/watch", "Watch"),
    ]

    static func page(title: String, path: String, _ content: HTML) -> HTML {
        let links = pages.map { page -> HTML in
            page.path == path
                ? "<li><a href=\"\(page.path)\" aria-current=\"page\">\(page.title)</a></li>"
                : "<li><a href=\"\(page.path)\">\(page.title)</a></li>"
        }
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title) · WebFence</title>
            <link rel="stylesheet" href="/style.css">
            </head>
            <body>
            <header><p class="brand">WebFence</p><nav aria-label="Pages"><ul>\(links)</ul></nav></header>
            <main>
            <h1>\(title)</h1>
            \(content)
            </main>
            <footer><p>Every answer comes from the WebFence library the <code>webfence</code> command uses. JSON: <a href="/openapi.json">/openapi.json</a>.</p></footer>
            </body>
            </html>
            """
    }

    /// A select's options, `selected` marked.
    static func options(_ choices: [(value: String, label: String)], selected: String?) -> HTML {
        HTML(
            joining: choices.map { choice in
                choice.value == selected
                    ? "<option value=\"\(choice.value)\" selected>\(choice.label)</option>"
                    : "<option value=\"\(choice.value)\">\(choice.label)</option>"
            })
    }

    /// A verdict word, styled by its meaning (and said in words, not by colour alone).
    static func verdict(_ word: String, good: Bool?) -> HTML {
        let kind = good.map { $0 ? "good" : "bad" } ?? "neutral"
        return "<strong class=\"verdict \(kind)\">\(word)</strong>"
    }

    /// A severity, styled the same on every page: an error bad, a warning in between, a note good.
    static func severity(_ name: String) -> HTML {
        verdict(name, good: name == "error" ? false : name == "note" ? true : nil)
    }

    static let styleSheet = """
        :root { color-scheme: light dark; --good: #1a7f37; --bad: #cf222e; --neutral: #9a6700; --quiet: #595959; }
        @media (prefers-color-scheme: dark) { :root { --good: #56d364; --bad: #ff7b72; --neutral: #e3b341; --quiet: #b0b0b0; } }
        body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 64rem; padding: 0 1rem; }
        header { display: flex; flex-wrap: wrap; align-items: baseline; gap: 1.5rem; border-bottom: 1px solid #8884; }
        .brand { font-weight: 700; margin: .75rem 0; }
        nav ul { list-style: none; display: flex; gap: 1rem; margin: 0; padding: 0; }
        nav a[aria-current] { font-weight: 700; }
        label { display: block; font-weight: 600; margin-top: 1rem; }
        .hint { font-weight: 400; color: var(--quiet); font-size: .9em; }
        input[type=text], input[type=url], select, textarea { width: 100%; box-sizing: border-box; font: 14px/1.4 ui-monospace, monospace; padding: .4rem; }
        textarea { min-height: 8rem; }
        button { margin-top: 1rem; font: inherit; padding: .4rem 1.2rem; }
        table { border-collapse: collapse; width: 100%; margin-top: 1rem; }
        th, td { text-align: left; vertical-align: top; border-bottom: 1px solid #8884; padding: .35rem .5rem; }
        code, .mono { font-family: ui-monospace, monospace; overflow-wrap: anywhere; }
        .verdict.good { color: var(--good); } .verdict.bad { color: var(--bad); } .verdict.neutral { color: var(--neutral); }
        .error { border-left: 4px solid var(--bad); padding-left: .75rem; }
        pre { white-space: pre-wrap; overflow-wrap: anywhere; font: 13px/1.4 ui-monospace, monospace; }
        .diff del { color: var(--bad); text-decoration: none; } .diff ins { color: var(--good); text-decoration: none; }
        footer { margin: 3rem 0 1rem; font-size: .9em; color: var(--quiet); }
        """
}
