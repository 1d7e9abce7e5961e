/// The delimiters of markup other than tags.
enum Literal {
    static let commentOpen = Array("<!--".utf8)
    static let commentClose = Array("-->".utf8)
    static let cdataOpen = Array("<![CDATA[".utf8)
    static let cdataClose = Array("]]>".utf8)
    static let doctypeOpen = Array("<!DOCTYPE".utf8)
    static let processingInstructionClose = Array("?>".utf8)
}

// Comments, CDATA sections, processing instructions and the XML declaration.
extension XMLScanner {
    /// Skips a DOCTYPE at `index` that names its DTD only by an external identifier (a property
    /// list's `<!DOCTYPE plist PUBLIC "…" "…">`). An internal subset, the only place an entity
    /// could be declared, is an error; the DTD itself is never read.
    mutating func skipDoctype() throws(XMLError) {
        let begin = index
        index += Literal.doctypeOpen.count
        while let next = current {
            switch next {
            case Byte.gt:
                index += 1
                return
            case Byte.quote, Byte.apostrophe:
                let literal = index
                index += 1
                while let inside = current, inside != next { try skipCharacter() }
                guard current != nil else { throw error("the DOCTYPE's quoted literal is not closed", at: literal) }
                index += 1
            case UInt8(ascii: "["):
                throw error("a DOCTYPE with an internal subset is not accepted (it could declare entities)", at: index)
            default:
                try skipCharacter()
            }
        }
        throw error("the DOCTYPE is not closed", at: begin)
    }

    /// Skips a comment at `index`. Its characters are checked, and `--` may only end it.
    mutating func skipComment() throws(XMLError) {
        let begin = index
        index += Literal.commentOpen.count
        while true {
            guard let next = current else { throw error("the comment is not closed", at: begin) }
            if next == UInt8(ascii: "-") && byte(at: index + 1) == UInt8(ascii: "-") {
                guard matches(Literal.commentClose, at: index) else {
                    throw error("'--' is not allowed inside a comment", at: index)
                }
                index += Literal.commentClose.count
                return
            }
            try skipCharacter()
        }
    }

    /// Reads a CDATA section at `index`, appending its characters to `text` with line ends as LF.
    mutating func readCDATA(into text: inout [UInt8]) throws(XMLError) {
        let begin = index
        index += Literal.cdataOpen.count
        while true {
            guard let byte = current else { throw error("the CDATA section is not closed", at: begin) }
            if byte == Byte.rightBracket && matches(Literal.cdataClose, at: index) {
                index += Literal.cdataClose.count
                return
            }
            if byte == Byte.cr {
                text.append(Byte.lf)
                index += 1
                if current == Byte.lf { index += 1 }
            } else {
                try appendCharacter(to: &text)
            }
        }
    }

    /// Skips a processing instruction at `index`, or reads the XML declaration when it is one at the
    /// start of the document.
    mutating func skipProcessingInstruction() throws(XMLError) {
        let begin = index
        index += 2
        guard let target = try readName() else {
            throw error("expected a processing instruction target after '<?'", at: index)
        }
        if target.utf8.count == 3, target.lowercased() == "xml" {
            guard target == "xml" else {
                throw error("the processing instruction target '\(target)' is reserved", at: begin + 2)
            }
            guard begin == start else {
                throw error("the XML declaration must be at the very start of the document", at: begin)
            }
            try readDeclaration(begin: begin)
            return
        }
        if matches(Literal.processingInstructionClose, at: index) {
            index += 2
            return
        }
        guard skipWhitespace() else {
            throw error("expected white space or '?>' after the processing instruction target", at: index)
        }
        while !matches(Literal.processingInstructionClose, at: index) {
            guard index < bytes.count else { throw error("the processing instruction is not closed", at: begin) }
            try skipCharacter()
        }
        index += 2
    }

    /// Reads the XML declaration after `<?xml`: `version`, then optionally `encoding` (which must be
    /// UTF-8) and `standalone`, in that order.
    private mutating func readDeclaration(begin: Int) throws(XMLError) {
        var stage = 0  // 0: version is next; 1: after version; 2: after encoding; 3: after standalone
        while true {
            let spaced = skipWhitespace()
            if matches(Literal.processingInstructionClose, at: index) {
                guard stage > 0 else { throw error("the XML declaration has no version", at: begin) }
                index += 2
                return
            }
            guard index < bytes.count else { throw error("the XML declaration is not closed", at: begin) }
            guard spaced else { throw error("expected white space or '?>' in the XML declaration", at: index) }
            let nameOffset = index
            let name = try readName() ?? ""
            let next: Int
            switch name {
            case "version" where stage == 0: next = 1
            case "encoding" where stage == 1: next = 2
            case "standalone" where stage == 1 || stage == 2: next = 3
            default:
                let expected = stage == 0 ? "version" : "encoding, standalone or '?>'"
                throw error("expected \(expected) in the XML declaration", at: nameOffset)
            }
            _ = skipWhitespace()
            guard current == Byte.equals else { throw error("expected '=' after '\(name)'", at: index) }
            index += 1
            _ = skipWhitespace()
            let valueOffset = index
            let value = try readDeclarationValue(begin: begin)
            let valid: Bool
            switch next {
            case 1: valid = isVersionNumber(value)
            case 2: valid = value.lowercased() == "utf-8"
            default: valid = value == "yes" || value == "no"
            }
            guard valid else {
                let rule = [
                    "", "must be 1.0 (or another 1.x)", "must be UTF-8 (only UTF-8 is read)", "must be yes or no",
                ][next]
                throw error("the \(name) '\(value)' of the XML declaration \(rule)", at: valueOffset)
            }
            stage = next
        }
    }

    /// A quoted value of the XML declaration; its characters are checked by its caller's comparison.
    private mutating func readDeclarationValue(begin: Int) throws(XMLError) -> String {
        guard let quote = current, quote == Byte.quote || quote == Byte.apostrophe else {
            throw error("expected a value in quotes", at: index)
        }
        index += 1
        let valueStart = index
        while current != quote {
            guard index < bytes.count else { throw error("the XML declaration is not closed", at: begin) }
            try skipCharacter()
        }
        index += 1
        return String(decoding: bytes[valueStart..<index - 1], as: UTF8.self)
    }
}

/// XML 1.0's `VersionNum`: `1.` and at least one digit.
private func isVersionNumber(_ value: String) -> Bool {
    let utf8 = Array(value.utf8)
    return utf8.count > 2 && utf8.starts(with: Array("1.".utf8))
        && utf8.dropFirst(2).allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
}
