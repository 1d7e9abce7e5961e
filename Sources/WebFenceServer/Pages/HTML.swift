/// HTML that is safe by construction: the literal parts of an `HTML` string literal are markup, and
/// they are `StaticString`s, text in the source and never a runtime string; every `String`
/// interpolated into it is escaped, so nothing a file, a form or a URL contains can become markup or
/// script. Another `HTML` value interpolates as it is.
///
/// ```swift
/// let name = "<script>alert(1)</script>"
/// let page: HTML = "<p>\(name)</p>"   // <p>&lt;script&gt;alert(1)&lt;/script&gt;</p>
/// ```
struct HTML: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
    private(set) var rendered: String

    /// Markup written in the source: a literal cannot come from a request (its type is
    /// `StaticString`), so no runtime text can be turned into markup.
    init(stringLiteral markup: StaticString) { rendered = markup.description }

    init(stringInterpolation: Interpolation) { rendered = stringInterpolation.rendered }

    var description: String { rendered }

    /// Several fragments, one after the other.
    init(joining fragments: some Sequence<HTML>) {
        rendered = fragments.map(\.rendered).joined()
    }

    struct Interpolation: StringInterpolationProtocol {
        var rendered = ""

        init(literalCapacity: Int, interpolationCount: Int) { rendered.reserveCapacity(literalCapacity * 2) }

        mutating func appendLiteral(_ markup: StaticString) { rendered += markup.description }

        /// Text: escaped for an element's content and for a quoted attribute value.
        mutating func appendInterpolation(_ text: String) { rendered += HTML.escape(text) }

        mutating func appendInterpolation(_ number: Int) { rendered += String(number) }

        mutating func appendInterpolation(_ fragment: HTML) { rendered += fragment.rendered }

        mutating func appendInterpolation(_ fragments: [HTML]) { rendered += fragments.map(\.rendered).joined() }
    }

    /// `&`, `<`, `>`, `"` and `'` as character references.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }
}
