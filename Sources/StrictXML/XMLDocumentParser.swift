/// An element whose start tag has been read and whose end tag has not.
struct OpenElement {
    let name: String
    let attributes: [XMLReader.Attribute]
    var children: [XMLReader.Element] = []
    var text: [UInt8] = []
    /// The offset of the start tag's `<`.
    let offset: Int
    let line: Int
    let column: Int

    /// The finished element.
    func close() -> XMLReader.Element {
        XMLReader.Element(
            name: name, attributes: attributes, children: children, text: String(decoding: text, as: UTF8.self),
            line: line, column: column)
    }
}

// The document and its elements: one loop over the input with the open elements on an explicit
// stack, so that nesting costs no recursion.
extension XMLScanner {
    /// Reads the whole input as one document and returns its root element.
    mutating func parseDocument() throws(XMLError) -> XMLReader.Element {
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            throw error("the document is UTF-16; only UTF-8 is read", at: 0)
        }
        guard index < bytes.count else { throw error("the document is empty", at: index) }
        var stack: [OpenElement] = []
        var root: XMLReader.Element?
        while index < bytes.count {
            if bytes[index] == Byte.lt {
                try readMarkup(&stack, &root)
            } else if stack.isEmpty {
                if isWhitespace(bytes[index]) {
                    index += 1
                    continue
                }
                _ = try scalar(at: index)  // a byte that is not UTF-8 is reported as such
                throw error(root == nil ? "text before the root element" : "text after the root element", at: index)
            } else {
                try readText(into: &stack[stack.count - 1].text)
            }
        }
        if let open = stack.last { throw error("the element <\(open.name)> is not closed", at: open.offset) }
        guard let root else { throw error("the document has no root element", at: index) }
        return root
    }

    /// Reads the markup at `index` (a `<`): a tag, a comment, a CDATA section or a processing
    /// instruction.
    private mutating func readMarkup(
        _ stack: inout [OpenElement], _ root: inout XMLReader.Element?
    ) throws(XMLError) {
        let begin = index
        switch byte(at: index + 1) {
        case Byte.question:
            try skipProcessingInstruction()
        case Byte.exclamation:
            if matches(Literal.commentOpen, at: index) {
                try skipComment()
            } else if matches(Literal.cdataOpen, at: index) {
                guard !stack.isEmpty else { throw error("a CDATA section outside the root element", at: begin) }
                try readCDATA(into: &stack[stack.count - 1].text)
            } else if matches(Literal.doctypeOpen, at: index) {
                // No DTD is read, so no entity can be declared, expanded or fetched.
                guard doctype == .skipExternalIdentifier, stack.isEmpty, root == nil else {
                    throw error("a DOCTYPE is not accepted (no DTD is read and no entity is expanded)", at: begin)
                }
                try skipDoctype()
            } else {
                throw error("expected '<!--' or '<![CDATA[' after '<!'", at: begin)
            }
        case Byte.slash:
            let name = try readEndTag()
            guard let open = stack.popLast() else {
                throw error("the end tag </\(name)> has no start tag", at: begin)
            }
            guard open.name.utf8.elementsEqual(name.utf8) else {
                throw error(
                    "the end tag </\(name)> does not match the start tag <\(open.name)> at line \(open.line), "
                        + "column \(open.column)", at: begin)
            }
            attach(open.close(), to: &stack, root: &root)
        default:
            if stack.isEmpty, let root {
                throw error("a second root element (the root is <\(root.name)>)", at: begin)
            }
            guard stack.count < XMLReader.maximumDepth else {
                throw error("elements are nested more than \(XMLReader.maximumDepth) deep", at: begin)
            }
            let (open, isEmpty) = try readStartTag()
            if isEmpty {
                attach(open.close(), to: &stack, root: &root)
            } else {
                stack.append(open)
            }
        }
    }

    private func attach(_ element: XMLReader.Element, to stack: inout [OpenElement], root: inout XMLReader.Element?) {
        if stack.isEmpty {
            root = element
        } else {
            stack[stack.count - 1].children.append(element)
        }
    }

    /// Reads a start tag or an empty-element tag at `index`; `isEmpty` is true for `<a/>`.
    private mutating func readStartTag() throws(XMLError) -> (element: OpenElement, isEmpty: Bool) {
        let begin = index
        let (line, column) = location(of: begin)
        index += 1
        guard let name = try readName() else { throw error("expected an element name after '<'", at: index) }
        var attributes: [XMLReader.Attribute] = []
        var seen: Set<ArraySlice<UInt8>> = []  // names as bytes: compared code point by code point
        while true {
            let spaced = skipWhitespace()
            guard let byte = current else { throw error("the start tag <\(name)> is not closed", at: begin) }
            if byte == Byte.gt || byte == Byte.slash {
                if byte == Byte.slash {
                    index += 1
                    guard current == Byte.gt else {
                        throw error("expected '>' after '/' in the start tag <\(name)>", at: index)
                    }
                }
                index += 1
                let element = OpenElement(
                    name: name, attributes: attributes, offset: begin, line: line, column: column)
                return (element, byte == Byte.slash)
            }
            guard spaced else { throw error("expected white space, '>' or '/>' in the start tag <\(name)>", at: index) }
            let nameOffset = index
            guard let attributeName = try readName() else {
                throw error("expected an attribute name, '>' or '/>' in the start tag <\(name)>", at: index)
            }
            guard seen.insert(bytes[nameOffset..<index]).inserted else {
                throw error("the attribute '\(attributeName)' appears twice in <\(name)>", at: nameOffset)
            }
            _ = skipWhitespace()
            guard current == Byte.equals else {
                throw error("expected '=' after the attribute name '\(attributeName)'", at: index)
            }
            index += 1
            _ = skipWhitespace()
            let value = try readAttributeValue(named: attributeName)
            attributes.append(XMLReader.Attribute(name: attributeName, value: value))
        }
    }

    /// Reads a quoted attribute value at `index`, normalised as XML 1.0 §3.3.3 asks for CDATA.
    private mutating func readAttributeValue(named name: String) throws(XMLError) -> String {
        guard let quote = current, quote == Byte.quote || quote == Byte.apostrophe else {
            throw error("expected a value in quotes for the attribute '\(name)'", at: index)
        }
        let begin = index
        index += 1
        var value: [UInt8] = []
        while true {
            guard let byte = current else {
                throw error("the value of the attribute '\(name)' is not closed", at: begin)
            }
            switch byte {
            case quote:
                index += 1
                return String(decoding: value, as: UTF8.self)
            case Byte.lt:
                throw error("'<' is not allowed in an attribute value (write '&lt;')", at: index)
            case Byte.amp:
                try readReference(into: &value)
            case Byte.cr:
                value.append(Byte.space)
                index += 1
                if current == Byte.lf { index += 1 }
            case Byte.lf, Byte.tab:
                value.append(Byte.space)
                index += 1
            default:
                try appendCharacter(to: &value)
            }
        }
    }

    /// Reads an end tag at `index` and returns its name.
    private mutating func readEndTag() throws(XMLError) -> String {
        index += 2
        guard let name = try readName() else { throw error("expected an element name after '</'", at: index) }
        _ = skipWhitespace()
        guard current == Byte.gt else { throw error("expected '>' to end the end tag </\(name)>", at: index) }
        index += 1
        return name
    }

    /// Reads character data up to the next `<`, appending it to `text` with line ends as LF.
    private mutating func readText(into text: inout [UInt8]) throws(XMLError) {
        while let byte = current, byte != Byte.lt {
            switch byte {
            case Byte.amp:
                try readReference(into: &text)
            case Byte.cr:
                text.append(Byte.lf)
                index += 1
                if current == Byte.lf { index += 1 }
            case Byte.rightBracket where matches(Literal.cdataClose, at: index):
                throw error("']]>' is not allowed in text (write ']]&gt;')", at: index)
            default:
                try appendCharacter(to: &text)
            }
        }
    }
}
