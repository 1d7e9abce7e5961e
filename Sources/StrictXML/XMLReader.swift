/// A strict XML 1.0 reader for small configuration files such as Cordova's `config.xml`, with nothing
/// but the Swift standard library.
///
/// It reads UTF-8 (with or without a byte order mark) and returns the root element as a tree of
/// values. It accepts the XML declaration, comments, processing instructions (skipped), CDATA
/// sections, the five predefined entities, character references, attributes in single or double
/// quotes, self-closing tags and namespaced names, and it applies XML 1.0's line-end and
/// attribute-value normalisation.
///
/// Anything that is not well-formed is an ``XMLError`` with a line and a column: mismatched or
/// unclosed tags, a second root, text outside the root, duplicate attributes, `<` in an attribute
/// value, undefined entities, invalid UTF-8, characters XML does not allow (literal or referenced),
/// unterminated constructs, an empty document.
///
/// Decisions:
/// - A DOCTYPE is an error. No DTD is read, so no entity is ever defined or expanded: no "billion
///   laughs", no external entities, no file or network access. Only `&lt;`, `&gt;`, `&amp;`,
///   `&apos;`, `&quot;` and character references exist.
/// - Namespaces are not resolved: a name keeps its prefix (`cdv:plugin`), `xmlns` declarations are
///   ordinary attributes, and names are compared code point by code point.
/// - Nesting is limited to ``maximumDepth``. The reader keeps open elements on an explicit stack (no
///   recursion) and reads each byte a bounded number of times, so time is linear in the input.
///   The caller caps the input's size.
public enum XMLReader {
    /// The deepest nesting of elements the reader accepts, the root being at depth 1; an element
    /// deeper than this is an error.
    public static let maximumDepth = 256

    /// Reads `bytes` as one XML document and returns its root element.
    ///
    /// - Throws: ``XMLError`` when the bytes are not a well-formed document in UTF-8, contain a
    ///   DOCTYPE, or nest elements deeper than ``maximumDepth``.
    public static func parse(_ bytes: some Collection<UInt8>) throws(XMLError) -> Element {
        try parse(bytes, doctype: .refuse)
    }

    /// What the reader does with a DOCTYPE before the root element.
    public enum Doctype: Sendable, Hashable {
        /// An error, whatever it holds (the default).
        case refuse
        /// Skipped when it names its DTD by an external identifier alone, as a property list's
        /// `<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "…">` does; the DTD is not read.
        /// One with an internal subset (`[…]`, where entities are declared) is still an error.
        case skipExternalIdentifier
    }

    /// Reads `bytes` as one XML document, treating a DOCTYPE as `doctype` says, and returns its
    /// root element.
    public static func parse(_ bytes: some Collection<UInt8>, doctype: Doctype) throws(XMLError) -> Element {
        var scanner = XMLScanner(bytes: Array(bytes), doctype: doctype)
        return try scanner.parseDocument()
    }
}
