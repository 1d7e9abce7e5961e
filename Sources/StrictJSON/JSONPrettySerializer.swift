extension JSONValue {
    /// JSON text with each member and item on its own line, indented two spaces a level, members in
    /// their order: for people to read and for line-by-line comparison. Empty arrays and objects,
    /// and scalars, stay on one line.
    public func prettySerialized() -> String {
        var output = ""
        writePretty(to: &output, indent: "")
        return output
    }

    private func writePretty(to output: inout String, indent: String) {
        let inner = indent + "  "
        switch self {
        case .array(let values) where !values.isEmpty:
            output += "[\n"
            for (index, value) in values.enumerated() {
                output += inner
                value.writePretty(to: &output, indent: inner)
                output += index + 1 < values.count ? ",\n" : "\n"
            }
            output += indent + "]"
        case .object(let members) where !members.isEmpty:
            output += "{\n"
            for (index, member) in members.enumerated() {
                output += inner + JSONValue.string(member.key).serialized() + ": "
                member.value.writePretty(to: &output, indent: inner)
                output += index + 1 < members.count ? ",\n" : "\n"
            }
            output += indent + "}"
        default:
            output += serialized()
        }
    }
}
