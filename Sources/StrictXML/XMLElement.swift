extension XMLReader {
    /// An element: its name, its attributes in order, its child elements and its own character data,
    /// with the position of its start tag.
    ///
    /// Two elements are equal when all of these are, positions included.
    public struct Element: Sendable, Hashable {
        /// The name as written, with its namespace prefix if it has one (`widget`, `cdv:plugin`).
        public let name: String
        /// The attributes in the order of the start tag. Namespace declarations (`xmlns`,
        /// `xmlns:cdv`) are attributes like any other.
        public let attributes: [Attribute]
        /// The child elements, in document order.
        public let children: [Element]
        /// The character data directly inside this element, not inside its children: every text and
        /// CDATA section, in document order, joined. References are decoded, line ends are LF, and
        /// white space is kept as written (`<a> x </a>` has the text `" x "`).
        public let text: String
        /// The line of the start tag's `<`, counting from 1.
        public let line: Int
        /// The column of the start tag's `<`, counting from 1, in Unicode scalars.
        public let column: Int

        /// The value of the attribute named `name` (with its prefix, as written), or nil when the
        /// element has none. Names are compared code point by code point.
        public func attribute(_ name: String) -> String? {
            for attribute in attributes where attribute.name.utf8.elementsEqual(name.utf8) {
                return attribute.value
            }
            return nil
        }

        /// The child elements named `name` (with its prefix, as written), in document order. Only
        /// direct children are searched. Names are compared code point by code point.
        public func elements(named name: String) -> [Element] {
            children.filter { $0.name.utf8.elementsEqual(name.utf8) }
        }
    }

    /// An attribute of a start tag.
    public struct Attribute: Sendable, Hashable {
        /// The name as written, with its namespace prefix if it has one (`android:name`).
        public let name: String
        /// The value with references decoded. As XML 1.0 §3.3.3 asks when no DTD declares the
        /// attribute, each literal tab, line feed, carriage return or CR LF is one space; a
        /// character reference such as `&#10;` keeps its character.
        public let value: String
    }
}
