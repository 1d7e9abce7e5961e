import HTTPTypes

extension HTTPFields {
    /// The value of the fields named `name`, several joined as HTTPTypes' own subscript joins them
    /// (`", "`, RFC 9110 §5.3; `"; "` for `Cookie`), or nil when there is none. A request usually
    /// has one field of a name: its value is returned as it is, without the list and the join the
    /// subscript makes for every read, a cost each request paid three or four times.
    func value(of name: HTTPField.Name) -> String? {
        let separator = name == .cookie ? "; " : ", "
        var value: String? = nil
        for field in self where field.name == name {
            value = value.map { $0 + separator + field.value } ?? field.value
        }
        return value
    }
}
